#include <vector>

#include "parse/node_kinds.h"
#include "rules/handlers/argument_plan.h"

namespace t2p::rules {

// `betas=(0.9, 0.999)` -> `beta1=0.9, beta2=0.999`; a non-literal `b` -> `b[0]`, `b[1]`.
bool plan_unpack(const ArgumentContext& c, ArgPlan* ap, std::string* reason) {
  const kg::Param& p = c.param;
  std::vector<std::string> names;
  for (size_t pos = 0; pos <= c.rule->paddle.size();) {
    size_t comma = c.rule->paddle.find(',', pos);
    names.push_back(c.rule->paddle.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  const auto& k = parse::NodeKinds::get();
  TSSymbol vs = ts_node_symbol(c.arg.value);
  bool literal = vs == k.tuple || vs == k.list;
  if (literal && ts_node_named_child_count(c.arg.value) != names.size()) {
    *reason = "argument '" + p.name + "' of " + c.record.torch + " needs " + std::to_string(names.size()) + " values";
    return false;
  }
  if (!literal && !evaluates_alike_twice(c.arg.value)) {
    // `b[0]`, `b[1]` would evaluate a call in b once per element.
    *reason = "argument '" + p.name + "' of " + c.record.torch +
              " must be a literal, a name or a value without calls: the Paddle form writes it " +
              std::to_string(names.size()) + " times";
    return false;
  }
  std::string whole_value = c.rendered();
  if (!literal && whole_value.find_first_of(" +-*/%<>=&|^") != std::string::npos) whole_value = "(" + whole_value + ")";
  for (size_t m = 0; m < names.size(); ++m) {
    std::string item;
    if (literal) {
      TSNode e = ts_node_named_child(c.arg.value, static_cast<uint32_t>(m));
      if (ts_node_symbol(e) == k.list_splat) {
        *reason = "argument '" + p.name + "' of " + c.record.torch + " cannot be unpacked";
        return false;
      }
      item = c.edits->render(ts_node_start_byte(e), ts_node_end_byte(e));
    } else {
      item = whole_value + "[" + std::to_string(m) + "]";
    }
    ap->whole += (m ? ", " : "") + names[m] + "=" + item;
  }
  return true;
}

}  // namespace t2p::rules
