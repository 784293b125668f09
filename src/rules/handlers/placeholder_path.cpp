#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/handlers/placeholders.h"

namespace t2p::rules {

// `{path:root/MNIST/raw/x.gz}`: the file under the directory `root`; a plain string literal is
// joined as written ('./data' -> './data/MNIST/raw/x.gz'), any other value becomes
// `str(root) + '/MNIST/raw/x.gz'`.
bool expand_path(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  const CallArg* a = ctx.argument(p.name);
  if (!a) return ctx.missing(p.name);
  const std::string& suffix = p.suffix;
  std::string v(parse::node_text(a->value, ctx.site.source));
  bool literal = ts_node_symbol(a->value) == parse::NodeKinds::get().string && v.size() >= 2 &&
                 (v.front() == '\'' || v.front() == '"') && v.back() == v.front() &&
                 v.find('\\') == std::string::npos && v.find(v.front(), 1) == v.size() - 1;
  if (literal) {
    std::string dir = v.substr(1, v.size() - 2);
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    out += v.front() + (dir.empty() ? suffix : dir == "/" ? dir + suffix : dir + "/" + suffix) + v.front();
  } else {
    out += "str(" + ctx.render(a->value) + ") + '/" + suffix + "'";
  }
  return true;
}

}  // namespace t2p::rules
