#include "kg/api_record.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <utility>

namespace t2p::kg {
namespace {

constexpr std::array<std::pair<std::string_view, ValueKind>, 27> kValueKinds{{
    {"unknown", ValueKind::kUnknown},   {"Tensor", ValueKind::kTensor},
    {"Parameter", ValueKind::kParameter}, {"Module", ValueKind::kModule},
    {"Optimizer", ValueKind::kOptimizer}, {"LRScheduler", ValueKind::kLRScheduler},
    {"DataLoader", ValueKind::kDataLoader}, {"Dataset", ValueKind::kDataset},
    {"dtype", ValueKind::kDtype},       {"device", ValueKind::kDevice},
    {"Size", ValueKind::kSize},         {"bool", ValueKind::kBool},
    {"int", ValueKind::kInt},           {"float", ValueKind::kFloat},
    {"str", ValueKind::kStr},           {"list", ValueKind::kList},
    {"tuple", ValueKind::kTuple},       {"dict", ValueKind::kDict},
    {"set", ValueKind::kSet},           {"None", ValueKind::kNone},
    {"ndarray", ValueKind::kNdarray},   {"DataFrame", ValueKind::kDataFrame},
    {"module", ValueKind::kTorchModule}, {"other", ValueKind::kOther},
    {"FunctionCtx", ValueKind::kFunctionCtx}, {"Path", ValueKind::kPath},
    {"file", ValueKind::kFile},
}};

constexpr std::array<std::pair<std::string_view, ArgAction>, 20> kActions{{
    {"same", ArgAction::kSame},
    {"rename", ArgAction::kRename},
    {"drop", ArgAction::kDrop},
    {"default", ArgAction::kDefault},
    {"varargs_to_list", ArgAction::kVarargsToList},
    {"out", ArgAction::kOut},
    {"dtype", ArgAction::kDtype},
    {"device", ArgAction::kDevice},
    {"requires_grad", ArgAction::kRequiresGrad},
    {"pin_memory", ArgAction::kPinMemory},
    {"paddle_only", ArgAction::kPaddleOnly},
    {"rewrite", ArgAction::kRewrite},
    {"unsupported", ArgAction::kUnsupported},
    {"value_map", ArgAction::kValueMap},
    {"value_expr", ArgAction::kValueExpr},
    {"legacy_reduction", ArgAction::kLegacyReduction},
    {"tensor_operand", ArgAction::kTensorOperand},
    {"unpack", ArgAction::kUnpack},
    {"device_string", ArgAction::kDeviceString},
    {"inplace", ArgAction::kInplace},
}};

std::string str_or(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

ValueKind value_kind_from_string(std::string_view s) {
  for (const auto& [name, kind] : kValueKinds) {
    if (name == s) return kind;
  }
  return ValueKind::kUnknown;
}

std::string_view to_string(ValueKind k) {
  for (const auto& [name, kind] : kValueKinds) {
    if (kind == k) return name;
  }
  return "unknown";
}

bool arg_action_from_string(std::string_view s, ArgAction* out) {
  for (const auto& [name, action] : kActions) {
    if (name == s) {
      *out = action;
      return true;
    }
  }
  return false;
}

std::vector<Param> parse_signature(const nlohmann::json& tokens) {
  std::vector<Param> params;
  if (!tokens.is_array()) return params;
  bool keyword_only = false;
  for (const auto& t : tokens) {
    if (!t.is_string()) continue;
    std::string tok = t.get<std::string>();
    if (tok == "*") {
      keyword_only = true;
      continue;
    }
    if (tok == "/") {
      for (auto& p : params) p.positional_only = true;
      continue;
    }
    Param p;
    if (tok.rfind("**", 0) == 0) {
      p.kind = ParamKind::kVarKwargs;
      p.name = tok.substr(2);
    } else if (tok.rfind("*", 0) == 0) {
      p.kind = ParamKind::kVarArgs;
      p.name = tok.substr(1);
      keyword_only = true;  // everything after *args is keyword-only
    } else {
      size_t eq = tok.find('=');
      p.name = tok.substr(0, eq);
      if (eq != std::string::npos) {
        p.has_default = true;
        p.default_value = tok.substr(eq + 1);
      }
      p.keyword_only = keyword_only;
    }
    // Annotations are not part of our tokens, but be lenient with `x: int`.
    if (auto colon = p.name.find(':'); colon != std::string::npos) p.name.resize(colon);
    while (!p.name.empty() && p.name.back() == ' ') p.name.pop_back();
    params.push_back(std::move(p));
  }
  return params;
}

namespace {

// The dotted component of `text` at `*pos` (1-6 digits), which it moves past the component and
// its dot; false when the text there is no such component.
bool next_version_component(std::string_view text, size_t* pos, int* value) {
  size_t dot = text.find('.', *pos);
  std::string_view part = text.substr(*pos, dot == std::string_view::npos ? std::string_view::npos : dot - *pos);
  if (part.empty() || part.size() > 6) return false;
  *value = 0;
  for (char c : part) {
    if (c < '0' || c > '9') return false;
    *value = *value * 10 + (c - '0');
  }
  *pos = dot == std::string_view::npos ? text.size() + 1 : dot + 1;  // past the end: no more
  return true;
}

bool is_version(std::string_view text) {
  int v = 0;
  for (size_t pos = 0; pos <= text.size();) {
    if (!next_version_component(text, &pos, &v)) return false;
  }
  return true;
}

}  // namespace

std::optional<std::vector<int>> parse_version(std::string_view text) {
  std::vector<int> parts;
  int v = 0;
  for (size_t pos = 0; pos <= text.size();) {
    if (!next_version_component(text, &pos, &v)) return std::nullopt;
    parts.push_back(v);
  }
  return parts;
}

// Called once per converted use (the report's minimum Paddle version): compares in place,
// without building the component lists; most calls compare a version with itself.
int compare_versions(std::string_view a, std::string_view b) {
  if (a == b) return 0;
  const bool va = is_version(a), vb = is_version(b);
  if (!va || !vb) return va ? 1 : vb ? -1 : 0;
  for (size_t pa = 0, pb = 0; pa <= a.size() || pb <= b.size();) {
    int x = 0, y = 0;  // a version out of components counts as followed by zeros
    if (pa <= a.size()) next_version_component(a, &pa, &x);
    if (pb <= b.size()) next_version_component(b, &pb, &y);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

const ArgRule* ApiRecord::arg_for_torch(std::string_view name) const {
  for (const auto& a : args) {
    if (a.torch == name) return &a;
  }
  return nullptr;
}

ApiRecord decode_record(const nlohmann::json& j) {
  ApiRecord r;
  std::string status = str_or(j, "status");
  r.status = status == "mapped"            ? ApiStatus::kMapped
             : status == "not_implemented" ? ApiStatus::kNotImplemented
                                           : ApiStatus::kKnown;
  r.torch = str_or(j, "torch");
  r.kind = str_or(j, "kind");
  r.returns = value_kind_from_string(str_or(j, "returns"));
  if (auto it = j.find("returns_with"); it != j.end() && it->is_object()) {
    for (auto p = it->begin(); p != it->end(); ++p) {
      if (p.value().is_string()) r.returns_with.emplace_back(p.key(), value_kind_from_string(p.value().get<std::string>()));
    }
  }
  const std::string integer = str_or(j, "integer_result");
  r.integer_result = integer == "always"          ? ApiRecord::IntegerResult::kAlways
                     : integer == "int_arguments" ? ApiRecord::IntegerResult::kIntArguments
                                                  : ApiRecord::IntegerResult::kNo;
  if (auto it = j.find("int_to_float"); it != j.end() && it->is_boolean()) r.int_to_float = it->get<bool>();
  r.paddle = str_or(j, "paddle");
  r.category = str_or(j, "category");
  std::string form = str_or(j, "form");
  r.form = form == "method" ? Form::kMethod
           : form == "attribute" ? Form::kAttribute
           : form == "drop"      ? Form::kDrop
                                 : Form::kCall;
  r.self_param = str_or(j, "self");
  r.reason = str_or(j, "reason");
  r.rule = str_or(j, "rule");
  r.as_decorator = str_or(j, "as_decorator");
  r.as_reference = str_or(j, "as_reference");
  r.as_annotation = str_or(j, "as_annotation");
  if (auto it = j.find("delete_as"); it != j.end() && it->is_array()) {
    for (const auto& w : *it) {
      if (w == "decorator") r.delete_as_decorator = true;
      if (w == "statement") r.delete_as_statement = true;
    }
  }
  if (auto it = j.find("argmap_fallback"); it != j.end() && it->is_boolean()) r.argmap_fallback = it->get<bool>();
  r.paddle_kind = str_or(j, "paddle_kind");
  r.min_paddle = str_or(j, "min_paddle");
  if (auto it = j.find("torch_params"); it != j.end()) r.torch_params = parse_signature(*it);
  if (auto it = j.find("torch_overloads"); it != j.end() && it->is_array()) {
    for (const auto& o : *it) r.torch_overloads.push_back(parse_signature(o));
  }
  if (auto it = j.find("paddle_params"); it != j.end()) r.paddle_params = parse_signature(*it);
  if (auto it = j.find("args"); it != j.end() && it->is_array()) {
    for (const auto& a : *it) {
      ArgRule rule;
      rule.torch = str_or(a, "torch");
      rule.paddle = str_or(a, "paddle");
      arg_action_from_string(str_or(a, "action"), &rule.action);
      rule.value = str_or(a, "value");
      rule.reason = str_or(a, "reason");
      rule.expr = str_or(a, "expr");
      rule.omitted = str_or(a, "omitted");
      rule.only_with = str_or(a, "only_with");
      if (auto g = a.find("group_keys"); g != a.end() && g->is_array()) {
        for (const auto& key : *g) {
          if (key.is_string()) rule.group_keys.push_back(key.get<std::string>());
        }
      }
      if (auto v = a.find("values"); v != a.end() && v->is_object()) {
        for (auto it2 = v->begin(); it2 != v->end(); ++it2) {
          if (it2.value().is_string()) rule.values.emplace_back(it2.key(), it2.value().get<std::string>());
        }
      }
      r.args.push_back(std::move(rule));
    }
  }
  if (auto it = j.find("result_fields"); it != j.end() && it->is_array()) {
    for (const auto& f : *it) {
      if (f.is_string()) r.result_fields.push_back(f.get<std::string>());
    }
  }
  if (auto it = j.find("paddle_tensor_only"); it != j.end() && it->is_array()) {
    for (const auto& f : *it) {
      if (f.is_string()) r.paddle_tensor_only.push_back(f.get<std::string>());
    }
  }
  if (auto it = j.find("paddle_str_only"); it != j.end() && it->is_object()) {
    for (auto p = it->begin(); p != it->end(); ++p) {
      if (p.value().is_string()) r.paddle_str_only.emplace_back(p.key(), p.value().get<std::string>());
    }
  }
  if (auto it = j.find("layout"); it != j.end() && it->is_object()) {
    // Validated by the graph compiler: `perm` is a permutation of 0..n-1.
    std::vector<int> perm = it->value("perm", std::vector<int>{});
    std::vector<int> inverse(perm.size(), 0);
    for (size_t i = 0; i < perm.size(); ++i) {
      if (perm[i] >= 0 && static_cast<size_t>(perm[i]) < perm.size()) inverse[perm[i]] = static_cast<int>(i);
    }
    auto text = [](const std::vector<int>& v) {
      std::string t = "[";
      for (size_t i = 0; i < v.size(); ++i) t += (i ? ", " : "") + std::to_string(v[i]);
      return t + "]";
    };
    r.layout_params = it->value("params", std::vector<std::string>{});
    if (!perm.empty()) {
      r.layout_perm = text(perm);
      r.layout_result_perm = text(inverse);
    }
  }
  if (auto it = j.find("cases"); it != j.end() && it->is_array()) {
    for (const auto& c : *it) {
      TemplateCase tc;
      const auto& when = c.value("when", nlohmann::json::object());
      tc.nargs = when.value("nargs", -1);
      tc.positional = when.value("positional", -1);
      tc.has = when.value("has", std::vector<std::string>{});
      tc.lacks = when.value("lacks", std::vector<std::string>{});
      tc.ints = when.value("int", std::vector<std::string>{});
      tc.numbers = when.value("number", std::vector<std::string>{});
      tc.tensors = when.value("tensor", std::vector<std::string>{});
      tc.sequences = when.value("sequence", std::vector<std::string>{});
      tc.dtypes = when.value("dtype", std::vector<std::string>{});
      tc.data = when.value("data", std::vector<std::string>{});
      tc.shapes = when.value("shape", std::vector<std::string>{});
      tc.ordered_dicts = when.value("ordered_dict", std::vector<std::string>{});
      tc.layer_weights = when.value("layer_weight", std::vector<std::string>{});
      tc.passed_in = when.value("passed_in", std::vector<std::string>{});
      tc.subscripts = when.value("subscript", std::vector<std::string>{});
      tc.bools = when.value("bool", std::vector<std::string>{});
      tc.calls = when.value("call", std::vector<std::string>{});
      tc.distinct_axes = when.value("distinct_axes", std::vector<std::string>{});
      tc.names = when.value("name", std::vector<std::string>{});
      tc.statement = when.value("statement", false);
      tc.next = when.value("next", false);
      tc.seeded = when.value("seeded", false);
      tc.place_compared = when.value("place_compared", false);
      tc.named_target = when.value("named_target", false);
      tc.consumed = when.value("consumed", false);
      tc.reads_receiver = when.value("reads_receiver", false);
      tc.reason = str_or(c, "reason");
      if (auto v = when.find("values"); v != when.end() && v->is_object()) {
        for (auto it2 = v->begin(); it2 != v->end(); ++it2) {
          if (it2.value().is_string()) tc.values.emplace_back(it2.key(), it2.value().get<std::string>());
        }
      }
      tc.template_text = str_or(c, "template");
      tc.after = str_or(c, "after");
      if (auto im = c.find("imports"); im != c.end() && im->is_array()) {
        for (const auto& m : *im) {
          if (m.is_string()) tc.imports.push_back(m.get<std::string>());
        }
      }
      tc.parsed = parse_template(tc.template_text);
      tc.parsed_after = parse_template(tc.after);
      for (const auto& e : tuple_elements(tc.template_text)) tc.parsed_elements.push_back(parse_template(e));
      r.cases.push_back(std::move(tc));
    }
  }
  return r;
}

}  // namespace t2p::kg
