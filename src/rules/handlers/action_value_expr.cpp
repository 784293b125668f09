#include "rules/handlers/argument_plan.h"

namespace t2p::rules {

// `"expr": "1 - {value}"`: the value written into an expression (parenthesised if compound).
bool plan_value_expr(const ArgumentContext& c, ArgPlan* ap, std::string*) {
  ap->new_value = substitute_value(c.rule->expr, c.rendered());
  ap->replace_value = true;
  c.pass_as(ap, c.paddle_name.empty() ? c.param.name : c.paddle_name);
  return true;
}

}  // namespace t2p::rules
