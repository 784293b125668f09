#include "rules/handlers/argument_plan.h"

namespace t2p::rules {

// `layout=`, `memory_format=`, `non_blocking=`, `device=`: they do not change results in Paddle
// (a tensor is made on the current device), whatever the value.
bool plan_drop(const ArgumentContext&, ArgPlan* ap, std::string*) {
  ap->fate = Fate::kDrop;
  return true;
}

}  // namespace t2p::rules
