#include "rules/handlers/placeholders.h"

namespace t2p::rules {

bool expand_arg_index(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  if (p.index >= ctx.ca.args.size() || !ctx.ca.args[p.index].keyword.empty()) {
    ctx.reason = "rule " + ctx.record.torch + " needs positional argument " + p.key.substr(3);
    return false;
  }
  return ctx.write_once_or_alike(ctx.ca.args[p.index].value, out);
}

}  // namespace t2p::rules
