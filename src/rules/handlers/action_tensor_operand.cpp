#include "parse/node_kinds.h"
#include "rules/handlers/argument_plan.h"
#include "rules/target_spellings.h"

namespace t2p::rules {

// Paddle's binary ops take tensors: the argument is passed as it is, marked as an operand; a
// Python number there is wrapped with the tensor's dtype (tensor_operands.cpp).
bool plan_tensor_operand(const ArgumentContext& c, ArgPlan* ap, std::string*) {
  c.pass_as(ap, c.paddle_name.empty() ? c.param.name : c.paddle_name);
  ap->tensor_operand = true;
  return true;
}

}  // namespace t2p::rules
