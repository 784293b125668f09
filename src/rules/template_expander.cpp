#include "rules/template_expander.h"

#include "rules/handlers/placeholders.h"

namespace t2p::rules {
namespace {

// Whether `text` holds a line break outside its brackets and strings: written where no bracket
// of the template is open, it would end the statement there.
bool breaks_line_outside_brackets(std::string_view text) {
  return !kg::for_each_code_char(text, [](size_t, char c, int depth) { return depth > 0 || (c != '\n' && c != '\r'); });
}

bool expand_placeholder(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  switch (p.kind) {
    case kg::PlaceholderKind::kReceiver: return expand_receiver(p, ctx, out);
    case kg::PlaceholderKind::kArgs: return expand_args(p, ctx, out);
    case kg::PlaceholderKind::kTarget: return expand_target(p, ctx, out);
    case kg::PlaceholderKind::kArg: return expand_arg(p, ctx, out);
    case kg::PlaceholderKind::kArgIndex: return expand_arg_index(p, ctx, out);
    case kg::PlaceholderKind::kKw: return expand_kw(p, ctx, out);
    case kg::PlaceholderKind::kOpt: return expand_opt(p, ctx, out);
    case kg::PlaceholderKind::kDevice: return expand_device(p, ctx, out);
    case kg::PlaceholderKind::kItem: return expand_item(p, ctx, out);
    case kg::PlaceholderKind::kPath: return expand_path(p, ctx, out);
    case kg::PlaceholderKind::kStr: return expand_str(p, ctx, out);
    case kg::PlaceholderKind::kTypeCheck: return expand_typecheck(p, ctx, out);
    case kg::PlaceholderKind::kNotValue:  // attribute templates and value texts: not a call's
    case kg::PlaceholderKind::kValue:
    case kg::PlaceholderKind::kUnknown:
      // `kg compile` rejects these in a call template; written back as they were.
      out += "{" + p.key + "}";
      return true;
  }
  return true;
}

}  // namespace

bool expand_template(const kg::ParsedTemplate& t, TemplateContext& ctx, std::string& out) {
  for (const auto& piece : t.pieces) {
    out += piece.literal;
    if (!piece.has_placeholder) continue;
    const kg::Placeholder& p = piece.placeholder;
    const size_t mark = out.size();
    if (!expand_placeholder(p, ctx, out)) return false;
    if (p.wrap && !is_atomic(std::string_view(out).substr(mark))) {
      // `{(arg:x)}`: a compound value in parentheses.
      out.insert(mark, "("), out += ")";
    } else if (!p.wrap && p.depth == 0 && breaks_line_outside_brackets(std::string_view(out).substr(mark))) {
      // `torch._assert(c, "a "\n "b")` -> `assert c, ("a "\n "b")`: out of the call's
      // parentheses, the argument's second line would be a statement of its own.
      out.insert(mark, "("), out += ")";
    }
  }
  return true;
}

}  // namespace t2p::rules
