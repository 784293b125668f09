#include "cxx/pd_op_builder.h"

#include <algorithm>
#include <map>

namespace t2p::cxx {
namespace {

// The type without qualifiers, references and spaces: "const torch::Tensor &" -> "torch::Tensor".
std::string bare_type(std::string t) {
  for (const char* q : {"const ", "volatile "}) {
    for (size_t p; (p = t.find(q)) != std::string::npos;) t.erase(p, std::string(q).size());
  }
  std::erase_if(t, [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '&'; });
  return t;
}

bool is_tensor(const std::string& bare, const std::vector<std::string>& tensor_types) {
  return std::find(tensor_types.begin(), tensor_types.end(), bare) != tensor_types.end();
}

// Paddle's custom-operator attribute types (the strings Attrs() takes) by the C++ type written.
const std::map<std::string, std::string>& attr_types() {
  static const std::map<std::string, std::string> types = {
      {"bool", "bool"},
      {"int", "int"},
      {"int32_t", "int"},
      {"float", "float"},
      {"int64_t", "int64_t"},
      {"std::int64_t", "int64_t"},
      {"long", "int64_t"},  // 64 bits on the Linux targets Paddle's extensions build for
      {"longlong", "int64_t"},
      {"std::string", "std::string"},
      {"std::vector<int>", "std::vector<int>"},
      {"std::vector<float>", "std::vector<float>"},
      {"std::vector<int64_t>", "std::vector<int64_t>"},
      {"std::vector<std::string>", "std::vector<std::string>"},
  };
  return types;
}

// How the adaptor declares a parameter of Paddle attribute type `attr`.
std::string attr_param_type(const std::string& attr) {
  if (attr.starts_with("std::")) return "const " + attr + "&";
  return attr;
}

}  // namespace

TypeRole classify_param(const std::string& type, const std::vector<std::string>& tensor_types) {
  std::string bare = bare_type(type);
  TypeRole r;
  if (is_tensor(bare, tensor_types)) {
    r.kind = TypeRole::kInput;
    return r;
  }
  if (auto it = attr_types().find(bare); it != attr_types().end()) {
    r.kind = TypeRole::kAttr;
    r.attr_type = it->second;
    return r;
  }
  if (bare == "double") {
    r.reason = "a double parameter: Paddle's custom-operator attributes have no double (float would lose precision)";
  } else if (bare.find("optional<") != std::string::npos) {
    r.reason = "an optional parameter (" + bare + "): declare it with paddle::Optional by hand";
  } else if (bare.find("vector<") != std::string::npos && bare.find("Tensor") != std::string::npos) {
    r.reason = "a list of tensors (" + bare + "): declare it with paddle::Vec by hand";
  } else {
    r.reason = "parameter type " + bare + " is no Paddle custom-operator input or attribute type";
  }
  return r;
}

int count_outputs(const std::string& return_type, const std::vector<std::string>& tensor_types,
                  std::string* reason) {
  std::string bare = bare_type(return_type);
  if (is_tensor(bare, tensor_types)) return 1;
  for (const char* tuple : {"std::tuple<", "tuple<"}) {
    if (!bare.starts_with(tuple) || bare.back() != '>') continue;
    std::string inner = bare.substr(std::string(tuple).size(), bare.size() - std::string(tuple).size() - 1);
    int n = 0;
    size_t start = 0;
    for (;;) {
      size_t comma = inner.find(',', start);
      if (!is_tensor(inner.substr(start, comma == std::string::npos ? std::string::npos : comma - start), tensor_types)) {
        *reason = "returns " + bare + ": only tensors can be a Paddle operator's outputs";
        return 0;
      }
      ++n;
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    return n;
  }
  if (bare.starts_with("std::vector<") && bare.find("Tensor") != std::string::npos) {
    *reason = "returns a list of tensors whose length the signature does not give: declare the outputs by hand (paddle::Vec)";
  } else if (bare == "void") {
    *reason = "returns nothing: a Paddle operator needs at least one output";
  } else {
    *reason = "returns " + bare + ": only tensors can be a Paddle operator's outputs";
  }
  return 0;
}

PdOpBlock build_pd_op(const OpBinding& b, const std::vector<std::string>& tensor_types) {
  PdOpBlock out;
  const OpSignature& sig = b.signature;
  std::vector<std::string> inputs, attrs, kernel_inputs, kernel_attrs, call_args;
  bool attr_before_input = false;
  for (const auto& p : sig.params) {
    if (p.name.empty()) {
      out.problems.push_back("a parameter of " + sig.name + " has no name");
      continue;
    }
    TypeRole role = classify_param(p.type, tensor_types);
    if (role.kind == TypeRole::kUnsupported) {
      out.problems.push_back(sig.name + "(" + p.name + "): " + role.reason);
      continue;
    }
    // The Python keyword names the operator's input or attribute (and the adaptor's parameter).
    const std::string& name = p.py_name.empty() ? p.name : p.py_name;
    if (role.kind == TypeRole::kInput) {
      if (!attrs.empty()) attr_before_input = true;
      inputs.push_back("\"" + name + "\"");
      kernel_inputs.push_back("const paddle::Tensor& " + name);
    } else {
      attrs.push_back("\"" + name + ": " + role.attr_type + "\"");
      kernel_attrs.push_back(attr_param_type(role.attr_type) + " " + name);
    }
    call_args.push_back(name);
  }
  std::string reason;
  int outputs = count_outputs(sig.return_type, tensor_types, &reason);
  if (outputs == 0) out.problems.push_back(sig.name + ": " + reason);
  if (inputs.empty()) out.problems.push_back(sig.name + " takes no tensor: a Paddle operator needs at least one input");
  if (!out.problems.empty()) return out;
  if (attr_before_input) {
    out.reviews.push_back("the Paddle operator " + b.py_name +
                          " takes its tensors first, then its attributes: reorder the arguments at the Python call sites");
  }
  out.reviews.push_back("the operator " + b.py_name +
                        " has no InferShape/InferDtype functions (not derivable from the C++ signature): "
                        "Paddle's default (the input's shape and dtype) holds only for one input and one output of that shape");

  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
    return s;
  };
  std::vector<std::string> kernel_params = kernel_inputs;
  kernel_params.insert(kernel_params.end(), kernel_attrs.begin(), kernel_attrs.end());
  const std::string kernel = sig.name + "_pd_kernel";
  std::string& t = out.text;
  t += "// PD_KERNEL wants tensors by const reference, then attributes, and returns the outputs as a\n";
  t += "// list: this adaptor calls " + sig.name + " as it is.\n";
  t += "std::vector<paddle::Tensor> " + kernel + "(" + join(kernel_params) + ") {\n";
  if (outputs == 1) {
    t += "  return {" + sig.name + "(" + join(call_args) + ")};\n";
  } else {
    t += "  auto outs = " + sig.name + "(" + join(call_args) + ");\n  return {";
    for (int i = 0; i < outputs; ++i) t += (i ? ", " : "") + std::string("std::get<") + std::to_string(i) + ">(outs)";
    t += "};\n";
  }
  t += "}\n\n";
  // Output names must differ from the inputs' (one name space per operator): `out` as an input
  // (a backward taking the forward's output) makes the output `out_`.
  std::vector<std::string> outs;
  for (int i = 0; i < outputs; ++i) {
    std::string name = outputs == 1 ? "out" : "out" + std::to_string(i);
    while (std::find(inputs.begin(), inputs.end(), "\"" + name + "\"") != inputs.end() ||
           std::any_of(attrs.begin(), attrs.end(), [&](const std::string& a) { return a.starts_with("\"" + name + ":"); })) {
      name += "_";
    }
    outs.push_back("\"" + name + "\"");
  }
  for (const auto& r : out.reviews) t += "// TODO(torch2paddle): review: " + r + "\n";
  t += "PD_BUILD_OP(" + b.py_name + ")\n";
  t += "    .Inputs({" + join(inputs) + "})\n";
  t += "    .Outputs({" + join(outs) + "})\n";
  if (!attrs.empty()) t += "    .Attrs({" + join(attrs) + "})\n";
  t += "    .SetKernelFn(PD_KERNEL(" + kernel + "));\n";
  return out;
}

}  // namespace t2p::cxx
