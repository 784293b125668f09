#include "rules/handlers/call_plan.h"

namespace t2p::rules {

bool plan_legacy_reduction(const ArgumentContext& c, ArgPlan* ap, LegacyReduction* legacy, std::string* reason) {
  // `size_average=` / `reduce=`: folded into one `reduction=` (LegacyReduction::reduction).
  ap->fate = Fate::kDrop;
  if (c.value == "None") return true;
  if (c.value != "True" && c.value != "False") {
    *reason = "argument '" + c.param.name + "=" + std::string(c.value) + "' needs a rewrite by hand";
    return false;
  }
  (c.param.name == "reduce" ? legacy->reduce : legacy->size_average) = std::string(c.value);
  return true;
}

std::string LegacyReduction::reduction() const {
  if (reduce.empty() && size_average.empty()) return {};
  // PyTorch's deprecated pair decides over `reduction=`, as PyTorch itself does.
  return reduce == "False" ? "'none'" : size_average == "False" ? "'sum'" : "'mean'";
}

void fold_legacy_reduction(CallPlan& cp) {
  cp.legacy_reduction = cp.legacy.reduction();
  if (!cp.legacy_reduction.empty()) {
    // The pair decides over an explicit `reduction=`, as PyTorch itself does.
    for (size_t i = 0; i < cp.ca.args.size(); ++i) {
      if (cp.ca.args[i].param >= 0 && (*cp.torch_params)[cp.ca.args[i].param].name == "reduction") cp.plan[i].fate = Fate::kDrop;
    }
  }
}

}  // namespace t2p::rules
