#include "rules/handlers/placeholders.h"

namespace t2p::rules {

bool expand_kw(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  // `{kw:a=low,b=high}`: `low=<a>, high=<b>` for those the user passed, comma-separated.
  bool first = true;
  for (const auto& [name, keyword] : p.parts) {
    if (const CallArg* a = ctx.argument(name)) {
      if (!first) out += ", ";
      out += keyword + "=" + ctx.render(a->value);
      first = false;
    }
  }
  return true;
}

bool expand_opt(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  // `{opt:weight_decay=weight_decay}`: `, weight_decay=<value>` when the user passed it.
  if (const CallArg* a = ctx.argument(p.name)) out += ", " + p.keyword + "=" + ctx.render(a->value);
  return true;
}

}  // namespace t2p::rules
