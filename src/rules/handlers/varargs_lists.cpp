// Varargs groups that Paddle takes as one list: `torch.zeros(2, 3)` -> `paddle.zeros([2, 3])`.
#include "rules/handlers/call_plan.h"

namespace t2p::rules {

void group_varargs_into_lists(CallPlan& cp) {
  const CallArguments& ca = cp.ca;
  std::vector<ArgPlan>& plan = cp.plan;
  // Varargs groups: `torch.zeros(2, 3)` -> one list argument.
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const CallArg& a = ca.args[i];
    if (a.param < 0 || !a.keyword.empty()) continue;
    const kg::Param& p = (*cp.torch_params)[a.param];
    if (p.kind != kg::ParamKind::kVarArgs) continue;
    const kg::ArgRule* rule = rule_for(cp.record, p);
    if (!rule || rule->action != kg::ArgAction::kVarargsToList) continue;
    size_t j = i;
    while (j + 1 < ca.args.size() && ca.args[j + 1].param == a.param && ca.args[j + 1].keyword.empty()) ++j;
    if (i == j && a.splat) {
      // `torch.zeros(*shape)`: Paddle takes the iterable itself: drop the star.
      TSNode inner = ts_node_named_child(a.node, 0);
      cp.splat_stars.emplace_back(ts_node_start_byte(a.node), ts_node_start_byte(inner));
      continue;
    }
    if (i == j && is_dimension_or_shape(a.value, cp.site, cp.types)) {
      // `x.expand(new_size)`: a list or tuple stays one, an int becomes one.
      const std::string v = cp.edits->render(ts_node_start_byte(a.value), ts_node_end_byte(a.value));
      plan[i].replace_value = true;
      plan[i].new_value = v + " if isinstance(" + v + ", (list, tuple)) else [" + v + "]";
      continue;
    }
    bool single_shape = i == j && !is_single_dimension(a.value, cp.site, cp.types);
    if (!single_shape) {
      plan[i].list_open = true;
      plan[j].list_close = true;
    }
    for (size_t m = i + 1; m <= j; ++m) plan[m].fate = Fate::kKeep, plan[m].paddle_name.clear();
    i = j;
  }
}

void drop_splat_stars(const CallPlan& cp, CallEdits& e) {
  for (const auto& [b, end] : cp.splat_stars) e.batch.push_back({b, end, ""});
}

}  // namespace t2p::rules
