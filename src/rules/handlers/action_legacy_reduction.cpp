#include "rules/handlers/argument_plan.h"

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

}  // namespace t2p::rules
