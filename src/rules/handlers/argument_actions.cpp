// Plans each bound argument of a call with its action's handler (action_*.cpp).
#include <algorithm>

#include "parse/syntax_tree.h"
#include "rules/handlers/call_plan.h"

namespace t2p::rules {

using kg::ArgAction;
using parse::node_text;

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A rule's torch name may be written `*size` for the varargs parameter `size`.
const kg::ArgRule* rule_for(const kg::ApiRecord& r, const kg::Param& p) {
  if (const kg::ArgRule* a = r.arg_for_torch(p.name)) return a;
  std::string_view stars = p.kind == kg::ParamKind::kVarArgs ? "*" : p.kind == kg::ParamKind::kVarKwargs ? "**" : "";
  if (stars.empty()) return nullptr;
  // The first rule named `*size` (as arg_for_torch would find it), without building the name.
  for (const auto& a : r.args) {
    std::string_view t = a.torch;
    if (t.size() == stars.size() + p.name.size() && t.substr(0, stars.size()) == stars && t.substr(stars.size()) == p.name) {
      return &a;
    }
  }
  return nullptr;
}

bool plan_arguments(CallPlan& cp) {
  const kg::ApiRecord& record = cp.record;
  RewriteOutcome& result = cp.result;
  const CallArguments& ca = cp.ca;
  std::vector<ArgPlan>& plan = cp.plan;
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const CallArg& a = ca.args[i];
    if (a.param < 0) continue;  // passthrough
    const kg::Param& p = (*cp.torch_params)[a.param];
    cp.given[a.param] = true;
    const kg::ArgRule* rule = rule_for(record, p);
    if (p.kind == kg::ParamKind::kVarKwargs) {
      // `**kwargs` collects keywords Paddle passes on the same way: keep them as written,
      // unless a rule names that very keyword.
      rule = record.arg_for_torch(a.keyword);
      if (!rule) continue;
    }
    ArgAction action = rule ? rule->action : ArgAction::kSame;
    std::string paddle_name = rule ? rule->paddle : p.name;
    if (!paddle_name.empty() && paddle_name[0] == '*') {
      // Paddle takes these as `*args`/`**kwargs` too: positions and keywords carry over.
      if (p.kind == kg::ParamKind::kNormal && !a.keyword.empty()) {
        result.reason = "argument '" + p.name + "' of " + record.torch + " maps to Paddle's " + paddle_name;
        return false;
      }
      paddle_name.clear();
      plan[i].fate = Fate::kKeep;
      continue;
    }
    std::string_view value = trim_blanks(node_text(a.value, cp.site.source));
    bool is_default = p.has_default && value == trim_blanks(p.default_value);
    ArgPlan& ap = plan[i];
    // One handler per argument action (rules/handlers/argument_plan.h).
    const ArgumentContext actx{cp.site, record, cp.types, cp.edits, a, p, rule, paddle_name, value, is_default};
    if (rule && !rule->group_keys.empty() && !check_parameter_groups(actx, &result.reason)) return false;
    bool planned = true;
    switch (action) {
      case ArgAction::kUnsupported: planned = plan_unsupported(actx, &ap, &result.reason); break;
      case ArgAction::kDrop:
      case ArgAction::kDevice: planned = plan_drop(actx, &ap, &result.reason); break;
      case ArgAction::kRewrite: planned = plan_rewrite(actx, &ap, &result.reason); break;
      case ArgAction::kValueMap: planned = plan_value_map(actx, &ap, &result.reason); break;
      case ArgAction::kLegacyReduction: planned = plan_legacy_reduction(actx, &ap, &cp.legacy, &result.reason); break;
      case ArgAction::kTensorOperand: planned = plan_tensor_operand(actx, &ap, &result.reason); break;
      case ArgAction::kDeviceString: planned = plan_device_string(actx, &ap, &result.reason); break;
      case ArgAction::kValueExpr: planned = plan_value_expr(actx, &ap, &result.reason); break;
      case ArgAction::kUnpack: planned = plan_unpack(actx, &ap, &result.reason); break;
      case ArgAction::kOut:
      case ArgAction::kInplace:
      case ArgAction::kRequiresGrad:
      case ArgAction::kPinMemory: planned = plan_result_argument(actx, &ap, &cp.results, &result.reason); break;
      default: planned = plan_keep(actx, &ap, &result.reason); break;
    }
    if (!planned) return false;
    permute_layout_argument(cp, a, p, value, &ap);
    if (a.splat && ap.fate != Fate::kDrop && action != ArgAction::kVarargsToList &&
        p.kind != kg::ParamKind::kVarArgs) {
      result.reason = "a `*` argument of " + record.torch + " cannot be mapped";
      return false;
    }
  }
  return true;
}

}  // namespace t2p::rules
