// rules: PyTorch callables named as values (see value_references.h).
#include "rules/value_references.h"

#include <algorithm>
#include <vector>

#include "parse/syntax_tree.h"
#include "rules/value_flow.h"

namespace t2p::rules {
namespace {

bool is(TSNode n, std::string_view type) { return parse::has_type(n, type); }
using parse::same_node;

// Calls that look at a callable without calling it: a value use there passes nothing on.
bool inspects_only(std::string_view callee) {
  static constexpr std::string_view kInspecting[] = {"isinstance", "issubclass", "type",    "id",      "repr",
                                                     "str",        "hasattr",    "getattr", "setattr", "callable",
                                                     "print",      "vars",       "dir",     "super"};
  return std::find(std::begin(kInspecting), std::end(kInspecting), callee) != std::end(kInspecting);
}

}  // namespace

bool passed_as_value(TSNode node, std::string_view source, TSNode parent) {
  TSNode n = node;
  TSNode p = ts_node_is_null(parent) ? ts_node_parent(n) : parent;
  // Inside a literal collection: the collection is what is passed on; one branch of `a if c else
  // b` is the value too.
  while (is(p, "list") || is(p, "tuple") || is(p, "expression_list") || is(p, "parenthesized_expression") ||
         is(p, "dictionary") || (is(p, "pair") && same_node(parse::field(p, "value"), n)) ||
         (is(p, "conditional_expression") && !same_node(ts_node_named_child(p, 1), n))) {
    n = p;
    p = ts_node_parent(p);
  }
  if (ts_node_is_null(p)) return false;
  if (is(p, "keyword_argument") || is(p, "default_parameter") || is(p, "typed_default_parameter")) {
    return same_node(parse::field(p, "value"), n);
  }
  if (is(p, "assignment")) return same_node(parse::field(p, "right"), n);
  if (is(p, "return_statement")) return true;
  if (is(p, "argument_list")) {
    TSNode call = ts_node_parent(p);
    if (!is(call, "call")) return false;  // a class's bases
    std::string_view callee = parse::node_text(parse::field(call, "function"), source);
    return !inspects_only(callee);
  }
  return false;
}

namespace {

// How passing PyTorch parameter `p` to `rec`'s Paddle API goes wrong ("" when it does not);
// `*to` is the Paddle parameter it goes to ("" when it has none). Passed `by_position`, its
// keyword does not matter (where the position lands is the caller's check).
std::string difference_of(const kg::ApiRecord& rec, const kg::Param& p, bool by_position, std::string* to) {
  using kg::ArgAction;
  const kg::ArgRule* rule = nullptr;
  for (const kg::ArgRule& a : rec.args) {
    if (a.torch == p.name) rule = &a;
  }
  *to = p.name;
  if (!rule) {
    bool has = std::any_of(rec.paddle_params.begin(), rec.paddle_params.end(), [&](const kg::Param& q) { return q.name == p.name; });
    if (has) return "";
    to->clear();
    return p.name + " does not exist";
  }
  switch (rule->action) {
    case ArgAction::kSame: return "";
    case ArgAction::kRename:
      *to = rule->paddle;
      if (by_position) return "";
      return p.name + " is " + rule->paddle;
    case ArgAction::kDrop:
      to->clear();
      return p.name + " does not exist";
    case ArgAction::kValueExpr: {
      *to = rule->paddle.empty() ? p.name : rule->paddle;
      std::string expr = rule->expr;
      for (size_t at = expr.find("{value}"); at != std::string::npos; at = expr.find("{value}", at + p.name.size())) {
        expr.replace(at, 7, p.name);
      }
      return p.name + " is " + (*to == p.name ? "" : *to + "=") + expr;
    }
    case ArgAction::kDefault: {
      *to = rule->paddle.empty() ? p.name : rule->paddle;
      std::string d = "PyTorch's default of " + p.name + " is " + *to + "=" + rule->value + " in Paddle";
      return *to != p.name ? p.name + " is " + *to + "; " + d : d;
    }
    default:
      *to = rule->paddle;
      return p.name + (rule->paddle.empty() || rule->paddle == p.name ? "" : " (" + rule->paddle + ")") + " takes other values";
  }
}

std::vector<std::string_view> paddle_positional_names(const kg::ApiRecord& rec) {
  std::vector<std::string_view> names;
  for (const kg::Param& p : rec.paddle_params) {
    if (p.kind == kg::ParamKind::kNormal && !p.keyword_only) names.push_back(p.name);
  }
  return names;
}

}  // namespace

std::string value_reference_review(const kg::ApiRecord& rec, std::string_view how) {
  using kg::ArgAction;
  if (rec.kind != "class" && rec.kind != "function") return "";
  std::vector<std::string> diffs;
  if (!rec.cases.empty()) diffs.push_back("a call of it is rewritten, not renamed");
  const std::vector<std::string_view> paddle_positional = paddle_positional_names(rec);
  bool order_noted = false;
  size_t position = 0;
  for (const kg::Param& p : rec.torch_params) {
    if (p.kind != kg::ParamKind::kNormal || p.name == "self") continue;
    std::string to;
    // A required parameter is taken to be passed by position (`fn(x)`).
    std::string d = difference_of(rec, p, !p.has_default && !p.keyword_only, &to);
    if (!d.empty()) diffs.push_back(std::move(d));
    // Passed by position, it must land on the same parameter (a dropped one is said above).
    if (!p.keyword_only && !order_noted && !to.empty() &&
        (position >= paddle_positional.size() || paddle_positional[position] != to)) {
      diffs.push_back("a positional " + p.name + " goes to another parameter");
      order_noted = true;
    }
    if (!p.keyword_only) ++position;
  }
  for (const kg::ArgRule& a : rec.args) {
    if (a.action == ArgAction::kPaddleOnly && !a.value.empty()) diffs.push_back("Paddle needs " + a.paddle + "=" + a.value);
  }
  if (diffs.empty()) return "";
  std::string note = std::string(how) + ", it becomes " + rec.paddle + ": a call made through it must pass Paddle's arguments (";
  for (size_t i = 0; i < diffs.size(); ++i) note += (i ? "; " : "") + diffs[i];
  return note + ")";
}

namespace {

// How the arguments a call passes (its `keywords`, `positional` count) go wrong when the call
// reaches `rec`'s Paddle API instead of PyTorch's.
std::vector<std::string> argument_differences(const kg::ApiRecord& rec, const std::vector<std::string_view>& keywords,
                                              size_t positional) {
  std::vector<std::string> diffs;
  const std::vector<std::string_view> paddle_positional = paddle_positional_names(rec);
  size_t position = 0;
  for (const kg::Param& p : rec.torch_params) {
    if (p.kind != kg::ParamKind::kNormal || p.name == "self") continue;
    const bool by_position = !p.keyword_only && position < positional;
    const bool by_keyword = std::find(keywords.begin(), keywords.end(), p.name) != keywords.end();
    if (!p.keyword_only) ++position;
    if (!by_position && !by_keyword) {
      // Left to its default: Paddle's own default applies, which may be another value.
      const kg::ArgRule* rule = rec.arg_for_torch(p.name);
      if (rule && rule->action == kg::ArgAction::kDefault) {
        diffs.push_back("PyTorch's default of " + p.name + " is " + (rule->paddle.empty() ? p.name : rule->paddle) + "=" +
                        rule->value + " in Paddle");
      }
      continue;
    }
    std::string to;
    std::string d = difference_of(rec, p, by_position, &to);
    if (!d.empty()) diffs.push_back(std::move(d));
    if (by_position && !to.empty() && (position - 1 >= paddle_positional.size() || paddle_positional[position - 1] != to)) {
      diffs.push_back("a positional " + p.name + " goes to another parameter");
    }
  }
  const bool varargs = std::any_of(rec.torch_params.begin(), rec.torch_params.end(),
                                  [](const kg::Param& p) { return p.kind == kg::ParamKind::kVarArgs; });
  if (!rec.torch_params.empty() && !varargs && positional > position) {
    diffs.push_back("more positional arguments than PyTorch takes");
  }
  return diffs;
}

// A call's text on one line, shortened: it goes into a one-line note.
std::string one_line(std::string_view text) {
  std::string line;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (blank && (line.empty() || line.back() == ' ' || line.back() == '(')) continue;
    line += blank ? ' ' : c;
  }
  if (line.size() > 60) line = line.substr(0, 57) + "...";
  return line;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string text;
  for (size_t i = 0; i < parts.size(); ++i) text += (i ? "; " : "") + parts[i];
  return text;
}

}  // namespace

std::string constructor_argument_problems(const kg::ApiRecord& rec, const std::vector<std::string_view>& keywords,
                                          size_t positional) {
  if (rec.kind != "class") return "";
  return joined(argument_differences(rec, keywords, positional));
}

std::string inherited_call_problem(const kg::ApiRecord& rec, const std::vector<std::string_view>& keywords, size_t positional) {
  std::string diffs = constructor_argument_problems(rec, keywords, positional);
  if (diffs.empty()) return "";
  return "the class derives from " + rec.torch + " without an __init__ of its own, so it is built by " + rec.paddle +
         ", which takes these arguments otherwise (" + diffs + ")";
}

std::string calls_through_review(const kg::ApiRecord& rec, const ValueFlow& flow, std::string_view source,
                                 std::string_view how) {
  if (flow.escapes) return value_reference_review(rec, how);
  for (const CallThrough& c : flow.calls) {
    const std::string line = std::to_string(ts_node_start_point(c.call).row + 1);
    const std::string at = std::string(how) + ", it becomes " + rec.paddle + ", and the call through it on line " + line +
                           " of the input (`" + one_line(parse::node_text(c.call, source)) + "`) ";
    if (c.star) return at + "passes * or ** arguments, which Paddle may take otherwise";
    std::vector<std::string> diffs;
    if (!rec.cases.empty()) diffs.push_back("a call of it is rewritten, not renamed");
    for (const kg::ArgRule& a : rec.args) {
      if (a.action == kg::ArgAction::kPaddleOnly && !a.value.empty()) diffs.push_back("Paddle needs " + a.paddle + "=" + a.value);
    }
    for (std::string& d : argument_differences(rec, c.keywords, c.positional)) diffs.push_back(std::move(d));
    if (!diffs.empty()) return at + "passes PyTorch's arguments (" + joined(diffs) + ")";
  }
  return "";
}

}  // namespace t2p::rules
