// rules: PyTorch callables named as values (see value_references.h).
#include "rules/value_references.h"

#include <algorithm>
#include <vector>

#include "parse/syntax_tree.h"

namespace t2p::rules {
namespace {

bool is(TSNode n, std::string_view type) { return !ts_node_is_null(n) && type == ts_node_type(n); }

bool same_node(TSNode a, TSNode b) { return !ts_node_is_null(a) && !ts_node_is_null(b) && a.id == b.id; }

// Calls that look at a callable without calling it: a value use there passes nothing on.
bool inspects_only(std::string_view callee) {
  static constexpr std::string_view kInspecting[] = {"isinstance", "issubclass", "type",    "id",      "repr",
                                                     "str",        "hasattr",    "getattr", "setattr", "callable",
                                                     "print",      "vars",       "dir",     "super"};
  return std::find(std::begin(kInspecting), std::end(kInspecting), callee) != std::end(kInspecting);
}

}  // namespace

bool passed_as_value(TSNode node, std::string_view source) {
  TSNode n = node;
  TSNode p = ts_node_parent(n);
  // Inside a literal collection: the collection is what is passed on.
  while (is(p, "list") || is(p, "tuple") || is(p, "expression_list") || is(p, "parenthesized_expression") ||
         is(p, "dictionary") || (is(p, "pair") && same_node(ts_node_child_by_field_name(p, "value", 5), n))) {
    n = p;
    p = ts_node_parent(p);
  }
  if (ts_node_is_null(p)) return false;
  if (is(p, "keyword_argument") || is(p, "default_parameter") || is(p, "typed_default_parameter")) {
    return same_node(ts_node_child_by_field_name(p, "value", 5), n);
  }
  if (is(p, "assignment")) return same_node(ts_node_child_by_field_name(p, "right", 5), n);
  if (is(p, "return_statement")) return true;
  if (is(p, "argument_list")) {
    TSNode call = ts_node_parent(p);
    if (!is(call, "call")) return false;  // a class's bases
    std::string_view callee = parse::node_text(ts_node_child_by_field_name(call, "function", 8), source);
    return !inspects_only(callee);
  }
  return false;
}

std::string value_reference_review(const kg::ApiRecord& rec) {
  using kg::ArgAction;
  if (rec.kind != "class" && rec.kind != "function") return "";
  std::vector<std::string> diffs;
  if (!rec.cases.empty()) diffs.push_back("a call of it is rewritten, not renamed");
  std::vector<std::string_view> paddle_positional;
  for (const kg::Param& p : rec.paddle_params) {
    if (p.kind == kg::ParamKind::kNormal && !p.keyword_only) paddle_positional.push_back(p.name);
  }
  auto has_paddle = [&](std::string_view name) {
    return std::any_of(rec.paddle_params.begin(), rec.paddle_params.end(), [&](const kg::Param& p) { return p.name == name; });
  };
  bool order_noted = false;
  size_t position = 0;
  for (const kg::Param& p : rec.torch_params) {
    if (p.kind != kg::ParamKind::kNormal || p.name == "self") continue;
    const kg::ArgRule* rule = nullptr;
    for (const kg::ArgRule& a : rec.args) {
      if (a.torch == p.name) rule = &a;
    }
    std::string to = p.name;
    if (!rule) {
      if (!has_paddle(p.name)) {
        diffs.push_back(p.name + " does not exist");
        to.clear();
      }
    } else {
      switch (rule->action) {
        case ArgAction::kSame: break;
        case ArgAction::kRename:
          to = rule->paddle;
          // A required parameter is passed by position (`fn(x)`), which the order check covers.
          if (p.has_default || p.keyword_only) diffs.push_back(p.name + " is " + rule->paddle);
          break;
        case ArgAction::kDrop:
          diffs.push_back(p.name + " does not exist");
          to.clear();
          break;
        case ArgAction::kValueExpr: {
          to = rule->paddle.empty() ? p.name : rule->paddle;
          std::string expr = rule->expr;
          for (size_t at = expr.find("{value}"); at != std::string::npos; at = expr.find("{value}", at + p.name.size())) {
            expr.replace(at, 7, p.name);
          }
          diffs.push_back(p.name + " is " + (to == p.name ? "" : to + "=") + expr);
          break;
        }
        case ArgAction::kDefault:
          to = rule->paddle.empty() ? p.name : rule->paddle;
          if (to != p.name) diffs.push_back(p.name + " is " + to);
          diffs.push_back("PyTorch's default of " + p.name + " is " + to + "=" + rule->value + " in Paddle");
          break;
        default:
          to = rule->paddle;
          diffs.push_back(p.name + (rule->paddle.empty() || rule->paddle == p.name ? "" : " (" + rule->paddle + ")") +
                          " takes other values");
          break;
      }
    }
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
  std::string note = "passed as a value, it becomes " + rec.paddle + ": a call made through it must pass Paddle's arguments (";
  for (size_t i = 0; i < diffs.size(); ++i) note += (i ? "; " : "") + diffs[i];
  return note + ")";
}

}  // namespace t2p::rules
