#include "rules/handlers/argument_plan.h"

namespace t2p::rules {

std::string ArgumentContext::rendered() const {
  return edits->render(ts_node_start_byte(arg.value), ts_node_end_byte(arg.value));
}

void ArgumentContext::pass_as(ArgPlan* ap, std::string name) const {
  ap->paddle_name = std::move(name);
  if (!arg.keyword.empty()) ap->fate = ap->paddle_name == arg.keyword ? Fate::kKeep : Fate::kRename;
}

std::string substitute_value(std::string expr, std::string rendered) {
  if (rendered.find_first_of(" +-*/%<>=&|^") != std::string::npos) rendered = "(" + rendered + ")";
  for (size_t pos = expr.find("{value}"); pos != std::string::npos; pos = expr.find("{value}", pos + rendered.size())) {
    expr.replace(pos, 7, rendered);
  }
  return expr;
}

}  // namespace t2p::rules
