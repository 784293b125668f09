#include <vector>

#include "parse/node_kinds.h"
#include "rules/handlers/placeholders.h"

namespace t2p::rules {

// `{item:out,1}`: element 1 of the argument: written out of a list or tuple literal
// (`out=(values, indices)` -> `indices`), else subscripted (`outs[1]`).
bool expand_item(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  const CallArg* a = ctx.argument(p.name);
  if (!a) return ctx.missing(p.name);
  const auto& k = parse::NodeKinds::get();
  TSNode v = a->value;
  std::vector<TSNode> elements;
  if (ts_node_symbol(v) == k.tuple || ts_node_symbol(v) == k.list) {
    for (uint32_t e = 0; e < ts_node_named_child_count(v); ++e) {
      TSNode c = ts_node_named_child(v, e);
      if (ts_node_symbol(c) != k.comment) elements.push_back(c);
    }
  }
  if (!elements.empty()) {
    if (p.index >= elements.size()) {
      ctx.reason = "argument '" + p.name + "' of " + ctx.record.torch + " has too few elements";
      return false;
    }
    out += ctx.render(elements[p.index]);
  } else {
    std::string text = ctx.render(v);
    out += (is_atomic(text) ? text : "(" + text + ")") + "[" + std::to_string(p.index) + "]";
  }
  return true;
}

}  // namespace t2p::rules
