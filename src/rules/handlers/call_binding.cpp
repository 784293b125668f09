// Binds a call's arguments for the argument map: the signature (star arguments included), Paddle's positions.
#include "rules/handlers/call_plan.h"

namespace t2p::rules {

bool bind_to_signature(CallPlan& cp, const std::vector<kg::Param>* signature) {
  const kg::ApiRecord& record = cp.record;
  RewriteOutcome& result = cp.result;
  CallArguments& ca = cp.ca;
  if (cp.is_method && record.form == kg::Form::kCall && record.self_param.empty()) {
    result.reason = record.torch + " maps to " + record.paddle + ", which does not take the tensor first";
    return false;
  }
  // --- star arguments (rules/star_arguments.h): `f(*args)`, `f(a, **kw)` ---
  cp.starred = !signature && !record.torch_params.empty() && has_star_arguments(ca);
  if (cp.starred) {
    signature = bind_star_arguments(record, &ca, cp.types.model(), cp.site.source, cp.site.scope, &cp.stars,
                                    &result.reason);
    if (!signature) return false;
  }
  // --- end star arguments ---
  cp.bound = signature != nullptr;
  cp.torch_params = cp.bound ? signature : &record.torch_params;
  if (!cp.bound) {
    bool passthrough = cp.torch_params->empty() &&
                       (record.category == "same" || record.category == "no_args" ||
                        record.category.empty());
    if (!passthrough) {
      result.reason = "the arguments do not match the signature of " + record.torch;
      return false;
    }
    // The docs map it without arguments ("no_args"); PyTorch's may still take some (`train(mode)`),
    // and passing them on to a Paddle API that takes none fails at run time.
    if (record.category == "no_args" && !ca.args.empty() && record.paddle_params.empty()) {
      result.reason = record.torch + " is mapped without arguments, and " + record.paddle + " takes none: this call passes " +
                      std::to_string(ca.args.size());
      return false;
    }
    for (auto& a : ca.args) a.param = -1;
  }

  // Paddle's positional parameter names, in order, and whether `*args` follows them.
  cp.paddle_positional.reserve(record.paddle_params.size());
  for (const auto& p : record.paddle_params) {
    if (p.kind == kg::ParamKind::kVarArgs) cp.paddle_varargs = true;
    if (p.kind != kg::ParamKind::kNormal || p.keyword_only) break;
    cp.paddle_positional.push_back(p.name);
  }
  cp.offset = cp.is_method && record.form == kg::Form::kCall ? 1 : 0;
  cp.plan.resize(ca.args.size());
  cp.given.assign(cp.torch_params->size(), false);
  for (const auto& key : cp.stars.visible_keys) cp.given[key.second] = true;  // star arguments
  return true;
}

}  // namespace t2p::rules
