#include <vector>

#include "rules/handlers/placeholders.h"

namespace t2p::rules {
namespace {

// `{arg:size}` on `*size`: `x.new_zeros(2, 3)` -> `[2, 3]`; one list or tuple stays as is.
bool expand_varargs(const kg::Placeholder& p, int vp, TemplateContext& ctx, std::string& out) {
  std::vector<const CallArg*> members;
  for (const auto& a : ctx.ca.args) {
    if (a.param == vp && (a.keyword.empty() || a.keyword == p.name)) members.push_back(&a);
  }
  if (members.size() == 1 && !members[0]->splat &&
      (!members[0]->keyword.empty() || !is_single_dimension(members[0]->value, ctx.site, ctx.types))) {
    out += ctx.render(members[0]->value);
  } else if (members.size() == 1 && members[0]->splat) {
    out += ctx.render(ts_node_named_child(members[0]->value, 0));  // `*shape`: the shape itself
  } else if (!members.empty()) {
    out += "[";
    for (size_t m = 0; m < members.size(); ++m) out += (m ? ", " : "") + ctx.render(members[m]->value);
    out += "]";
  } else if (p.has_fallback) {
    out += p.fallback;
  } else {
    return ctx.missing(p.name);
  }
  return true;
}

}  // namespace

bool expand_arg(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  if (int vp = varargs_param(ctx.params, p.name); vp >= 0 && ctx.bound) return expand_varargs(p, vp, ctx, out);
  if (const CallArg* a = ctx.argument(p.name)) return ctx.write_once_or_alike(a->value, out);
  if (!p.has_fallback) return ctx.missing(p.name);
  out += p.fallback;
  return true;
}

}  // namespace t2p::rules
