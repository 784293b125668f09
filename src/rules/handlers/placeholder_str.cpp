#include "parse/node_kinds.h"
#include "rules/handlers/placeholders.h"

namespace t2p::rules {

// `{str:n}`: the argument as a Python string, for a value that goes into `os.environ`: a string
// literal as written, a number literal quoted (`2` -> `'2'`), else `str(n)`.
bool expand_str(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  const CallArg* a = ctx.argument(p.name);
  if (!a) return ctx.missing(p.name);
  const auto& k = parse::NodeKinds::get();
  TSSymbol vs = ts_node_symbol(a->value);
  std::string v = ctx.render(a->value);
  if (vs == k.string) {
    out += v;
  } else if (vs == k.integer || vs == k.float_) {
    out += "'" + v + "'";
  } else {
    out += "str(" + v + ")";
  }
  return true;
}

}  // namespace t2p::rules
