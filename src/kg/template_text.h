// kg: the template language, parsed: a rule's text (`paddle.max({arg:input}, axis={arg:dim})`) as
// literal text and placeholders. The graph compiler checks every template through this parser
// (tools/graph/template_check.cpp) and the record decoder parses each case once, so the
// converter's expander (rules/template_expander.h) never reads braces on a call.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace t2p::kg {

// Every placeholder the language has. The expander implements each (a `switch` over this enum,
// rules/template_expander.cpp), the checker accepts exactly these spellings (kPlaceholderSpellings):
// a documented placeholder cannot be left unimplemented without a compiler warning.
enum class PlaceholderKind : uint8_t {
  kUnknown,   // anything else: `kg compile` rejects it; the expander writes it back as it was
  kReceiver,  // {receiver}
  kArgs,      // {args}: every argument as written
  kTarget,    // {target}: the assigned name, in a case's `after` only
  kArgIndex,  // {argN}
  kArg,       // {arg:name}, {arg:name|default}; a `*name` parameter writes its varargs as a list
  kKw,        // {kw:a=x,b}: the passed ones as keywords
  kOpt,       // {opt:name} / {opt:name=kw}: `, kw=<value>` when passed
  kDevice,    // {device:type} / {device:type,index}: a Paddle device string
  kItem,      // {item:name,N}: element N
  kPath,      // {path:name/sub/file}: a file under a directory
  kStr,       // {str:name}: the value as a Python string
  kTypeCheck, // {typecheck:obj,type}: Python checks of obj against a typing type (List[int], ...)
  kNotValue,  // {not_value}: an attribute template's assigned value, negated
  kValue,     // {value}: a mapping's value text (value_map, value_expr)
};

// The spelling of each placeholder up to its `:` (or whole, for those without one), and its kind.
struct PlaceholderSpelling {
  std::string_view key;
  PlaceholderKind kind;
  bool takes_spec;  // `{key:...}`
};
inline constexpr PlaceholderSpelling kPlaceholderSpellings[] = {
    {"receiver", PlaceholderKind::kReceiver, false}, {"args", PlaceholderKind::kArgs, false},
    {"target", PlaceholderKind::kTarget, false},     {"not_value", PlaceholderKind::kNotValue, false},
    {"value", PlaceholderKind::kValue, false},       {"arg", PlaceholderKind::kArg, true},
    {"kw", PlaceholderKind::kKw, true},              {"opt", PlaceholderKind::kOpt, true},
    {"device", PlaceholderKind::kDevice, true},      {"item", PlaceholderKind::kItem, true},
    {"path", PlaceholderKind::kPath, true},          {"str", PlaceholderKind::kStr, true},
    {"typecheck", PlaceholderKind::kTypeCheck, true},
};

struct Placeholder {
  PlaceholderKind kind = PlaceholderKind::kUnknown;
  std::string inner;     // the text between the braces, as written (`(arg:x|1)`)
  std::string key;       // without `(...)` and `|default` (`arg:x`)
  bool wrap = false;     // `{(...)}`: parenthesised unless atomic
  bool has_fallback = false;
  std::string fallback;  // `{arg:x|1}`: written when x was not passed
  std::string name;      // the parameter: arg, opt, str, item, path; kArgIndex: unused
  std::string keyword;   // opt: the Paddle keyword (the name when not renamed)
  size_t index = 0;      // kArgIndex: N; kItem: N
  std::string suffix;    // path: `sub/file`
  // kw: (parameter, Paddle keyword) pairs; device: the parts, each a parameter or a quoted literal
  // (`first` only).
  std::vector<std::pair<std::string, std::string>> parts;
  int depth = 0;  // brackets of the template's own text open before it (`(` `[`, not in placeholders)
};

// One piece of template text: literal text, then (unless it ends the text) one placeholder.
struct TemplatePiece {
  std::string literal;
  bool has_placeholder = false;
  Placeholder placeholder;
};

struct ParsedTemplate {
  std::vector<TemplatePiece> pieces;
  bool empty() const { return pieces.empty(); }
  // Calls `fn(placeholder)` for each placeholder, in order.
  template <typename Fn>
  void for_each_placeholder(Fn fn) const {
    for (const auto& p : pieces) {
      if (p.has_placeholder) fn(p.placeholder);
    }
  }
};

// Calls `visit(i, c, depth)` for each character of `text` outside string literals, `depth` being
// the number of brackets open once `c` is taken into account. Stops, returning false, as soon as
// `visit` returns false.
template <typename Visit>
bool for_each_code_char(std::string_view text, Visit visit) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    if (!visit(i, c, depth)) return false;
  }
  return true;
}

// The elements of template text that is one tuple, `(e0, e1, ...)`, split at its top-level commas
// (placeholders, brackets and strings kept whole); empty when the text is not one tuple.
std::vector<std::string> tuple_elements(std::string_view text);

// Reads one placeholder from the text between its braces.
Placeholder parse_placeholder(std::string_view inner);

// Splits template text at its placeholders: every `{` opens one, closed by the next `}` (an
// unclosed `{` and what follows is literal text, which `kg compile` rejects).
ParsedTemplate parse_template(std::string_view text);

}  // namespace t2p::kg
