#include "parse/node_kinds.h"
#include "rules/handlers/argument_plan.h"
#include "rules/target_spellings.h"

namespace t2p::rules {

// Paddle's binary ops take tensors: a Python number becomes `paddle.to_tensor(n)`.
bool plan_tensor_operand(const ArgumentContext& c, ArgPlan* ap, std::string*) {
  c.pass_as(ap, c.paddle_name.empty() ? c.param.name : c.paddle_name);
  const auto& k = parse::NodeKinds::get();
  TSNode v = c.arg.value;
  if (ts_node_symbol(v) == k.unary_operator) v = ts_node_child_by_field_id(v, parse::NodeFields::get().argument);
  semantic::ExprKind kind = c.types.kind_of(c.arg.value, c.site.scope);
  bool number = ts_node_symbol(v) == k.integer || ts_node_symbol(v) == k.float_ || kind.is(kg::ValueKind::kInt) ||
                kind.is(kg::ValueKind::kFloat);
  if (number) {
    ap->new_value = fill(target().tensor_of, {{"{value}", c.rendered()}});
    ap->replace_value = true;
  }
  return true;
}

}  // namespace t2p::rules
