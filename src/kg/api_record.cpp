#include "kg/api_record.h"

#include <array>
#include <nlohmann/json.hpp>
#include <utility>

namespace t2p::kg {
namespace {

constexpr std::array<std::pair<std::string_view, ValueKind>, 24> kValueKinds{{
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
}};

constexpr std::array<std::pair<std::string_view, ArgAction>, 19> kActions{{
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
  if (auto it = j.find("argmap_fallback"); it != j.end() && it->is_boolean()) r.argmap_fallback = it->get<bool>();
  r.paddle_kind = str_or(j, "paddle_kind");
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
  if (auto it = j.find("cases"); it != j.end() && it->is_array()) {
    for (const auto& c : *it) {
      TemplateCase tc;
      const auto& when = c.value("when", nlohmann::json::object());
      tc.nargs = when.value("nargs", -1);
      tc.positional = when.value("positional", -1);
      tc.has = when.value("has", std::vector<std::string>{});
      tc.lacks = when.value("lacks", std::vector<std::string>{});
      tc.ints = when.value("int", std::vector<std::string>{});
      tc.tensors = when.value("tensor", std::vector<std::string>{});
      tc.sequences = when.value("sequence", std::vector<std::string>{});
      tc.dtypes = when.value("dtype", std::vector<std::string>{});
      tc.names = when.value("name", std::vector<std::string>{});
      tc.statement = when.value("statement", false);
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
      r.cases.push_back(std::move(tc));
    }
  }
  return r;
}

}  // namespace t2p::kg
