// rewrite: the in-place check of a statement's edits for verify_output: names, inserted lines, expression units.
#include <algorithm>
#include <utility>

#include "rewrite/edit_text.h"
#include "rewrite/simple_expression.h"
#include "rewrite/verify_output_impl.h"

namespace t2p::rewrite::detail {

// `name_nodes`: see verify_output(); indexed here by start (each start read once).
ExpressionChecker::ExpressionChecker(std::string_view src, const std::vector<TSNode>* name_nodes)
    : src_(src), s_(parse::NodeKinds::get()) {
  if (!name_nodes) return;
  named_at_.reserve(name_nodes->size());
  for (TSNode n : *name_nodes) named_at_.push_back({ts_node_start_byte(n), n});
  std::sort(named_at_.begin(), named_at_.end(), [](const Named& a, const Named& b) { return a.start < b.start; });
}

// Fills `calls` (expression units) and returns true when every edit of [first, last) fits.
// For a header unit, the edits must lie in the header (before the first block, or before the
// definition under decorators): they are checked in place exactly as a statement's, and the
// header is not parsed with a dummy body.
bool ExpressionChecker::split(const Entry& st, const Unit& unit, const Edit* first, const Edit* last,
                              std::vector<Unit>* calls) {
  calls->clear();
  uint32_t st_end = unit.header ? st.header_end : st.end;
  // Descents walk sibling lists: bound them by the statement's size so that one huge statement
  // with many edits (a 1 MB line) costs a linear amount before falling back to its parse.
  budget_ = static_cast<int64_t>(st_end - st.start) + 4096;
  std::string_view indent = src_.substr(unit.begin, st.start - unit.begin);
  if (indent.find_first_not_of(" \t") != std::string_view::npos) return false;  // siblings on the line
  // The checker's own vectors, kept from statement to statement (no allocation per call).
  std::vector<const Edit*>& rest = rest_;
  std::vector<ArgEdit>& arg_edits = arg_edits_;
  rest.clear();
  arg_edits.clear();
  for (const Edit* e = first; e != last; ++e) {
    // Comment or import lines above a statement, with its indentation (not above a clause, or
    // a definition under its decorators: those are no statements); the first text at the
    // line's start (nothing of the unit's comes before them there).
    if (e->begin == e->end && e->begin == unit.begin && e->side == EditSide::kOpen && st.statement &&
        (e == first || (e - 1)->end != e->begin) && inserted_lines(e->text, indent, true)) {
      continue;
    }
    if (!unit.header && e->begin == st.start && e->end == st.end &&
        (st.symbol == s_.import_statement || st.symbol == s_.import_from_statement) &&
        import_statements(e->text, indent)) {
      continue;  // an import statement replaced by imports
    }
    // A statement inserted after this one: the last text at that offset (what follows it in the
    // output is what followed the statement).
    if (!unit.header && (e + 1 == last || (e + 1)->begin != e->end) && statement_after(*e, st, indent)) continue;
    if (!unit.header && st.parent < 0 && e->begin == unit.begin && e->end == unit.end && e->text.empty() &&
        !ends_with_continuation(src_.substr(unit.begin, unit.end - unit.begin))) {
      continue;  // whole lines removed at module level (the module may become empty)
    }
    if (e->begin < st.start || e->end > st_end) return false;
    if (holds_any_of(e->text, '\n', '\\', '#')) return false;  // lines, continuations, comments
    bool lexical = !merges(src_, e->begin, e->end, e->text);
    if (lexical && e->begin < e->end && st_end - st.start <= kQuick && quick_name_replacement(st.node, *e)) continue;
    Path path;
    if (!descend(st.node, e->begin, e->end, &path)) return false;
    if (lexical && e->begin < e->end && name_replacement(path, e->text)) continue;
    // The unit: the innermost call, or else the innermost attribute or subscript in a place
    // that takes any expression (`f(x).values` -> `f(x)[0]`; not an assignment target).
    bool in_call = !ts_node_is_null(path.call);
    if (path.in_string || (!in_call && ts_node_is_null(path.primary))) return false;
    if (ArgEdit a; in_call && lexical && argument_edit(*e, path, &a)) {
      arg_edits.push_back(a);
      continue;
    }
    TSNode x = in_call ? path.call : path.primary;
    calls->push_back(Unit{.begin = ts_node_start_byte(x), .end = ts_node_end_byte(x), .wrapped = false, .expect = 0, .expression = true});
    calls->back().scan_only = !in_call;
    rest.push_back(e);
  }
  // Argument-list edits are checked per list; a list whose edits do not fit is parsed.
  std::stable_sort(arg_edits.begin(), arg_edits.end(), [](const ArgEdit& a, const ArgEdit& b) {
    return ts_node_start_byte(a.list) < ts_node_start_byte(b.list);
  });
  for (size_t i = 0; i < arg_edits.size();) {
    size_t j = i;
    while (j < arg_edits.size() && ts_node_eq(arg_edits[j].list, arg_edits[i].list)) ++j;
    if (!list_edits_fit(arg_edits.data() + i, arg_edits.data() + j)) {
      for (size_t q = i; q < j; ++q) {
        TSNode call = arg_edits[q].call;
        calls->push_back(Unit{.begin = ts_node_start_byte(call), .end = ts_node_end_byte(call), .wrapped = false, .expect = 0, .expression = true});
        rest.push_back(arg_edits[q].edit);
      }
    }
    i = j;
  }
  std::sort(calls->begin(), calls->end(), [](const Unit& a, const Unit& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
  });
  std::vector<Unit> outer;
  for (auto& c : *calls) {
    if (!outer.empty() && c.begin < outer.back().end) {
      if (c.end <= outer.back().end) continue;
      return false;
    }
    outer.push_back(std::move(c));
  }
  // No edit may straddle a unit's bounds; every remaining edit lies inside one unit.
  for (const auto& c : outer) {
    for (const Edit* e = first; e != last; ++e) {
      if ((e->begin < c.begin && e->end > c.begin) || (e->begin < c.end && e->end > c.end)) return false;
    }
  }
  for (const Edit* e : rest) {
    bool found = false;
    for (auto& c : outer) {
      if (!inside(*e, c.begin, c.end)) continue;
      found = true;
      if (e->begin == e->end && (e->begin == c.begin || e->begin == c.end)) c.own_ends.push_back(e);
    }
    if (!found) return false;
  }
  *calls = std::move(outer);
  return true;
}

bool ExpressionChecker::descend(TSNode top, uint32_t b, uint32_t e, Path* path) const {
  TSTreeCursor c = ts_tree_cursor_new(top);
  TSNode parent{};
  bool ok = true;
  for (int depth = 0;; ++depth) {
    if (depth > 200) {
      ok = false;
      break;
    }
    TSNode n = ts_tree_cursor_current_node(&c);
    TSSymbol sy = ts_node_symbol(n);
    if (b < e && ts_node_start_byte(n) == b && ts_node_end_byte(n) == e) {
      path->exact = n;
      path->exact_parent = parent;
    }
    if (sy == s_.call) path->call = n;
    if ((sy == s_.attribute || sy == s_.subscript) && !ts_node_is_null(parent) &&
        expression_position(ts_node_symbol(parent), ts_node_start_byte(parent) == ts_node_start_byte(n))) {
      path->primary = n;
    }
    if (!ts_node_is_null(parent) && ts_node_eq(parent, path->args)) path->arg = n;
    if (sy == s_.argument_list) {
      path->args = n;
      path->arg = TSNode{};
    }
    if (sy == s_.string || sy == s_.interpolation) path->in_string = true;
    // The children that end before e, or at b < e, cannot hold [b, e]: skipped without
    // visiting them (the first child ending after b, or at b for an insertion; the budget pays
    // for those skipped).
    if (b == 0) {
      if (!ts_tree_cursor_goto_first_child(&c)) break;
    } else {
      int64_t skipped = ts_tree_cursor_goto_first_child_for_byte(&c, b < e ? b : b - 1);
      if (skipped < 0) break;
      budget_ -= skipped;
    }
    bool found = false;
    do {
      if (--budget_ < 0) {
        ok = false;
        break;
      }
      TSNode ch = ts_tree_cursor_current_node(&c);
      if (ts_node_start_byte(ch) <= b && e <= ts_node_end_byte(ch)) {
        found = true;
        break;
      }
    } while (ts_tree_cursor_goto_next_sibling(&c));
    if (!found || !ok) break;
    parent = n;
  }
  ts_tree_cursor_delete(&c);
  return ok;
}

// `\n<indent>f(x)` inserted right after an expression statement that starts its line: a new
// statement of the same block, one call-like expression that the scan proves. (What followed
// the statement on its line, `; y = 1` or a comment, follows the new one.)
bool ExpressionChecker::statement_after(const Edit& e, const Entry& st, std::string_view indent) const {
  if (e.begin != e.end || e.begin != st.end || st.symbol != s_.expression_statement) return false;
  std::string_view t = e.text;
  if (t.substr(0, 2) == "\r\n") {
    t.remove_prefix(2);
  } else if (!t.empty() && t[0] == '\n') {
    t.remove_prefix(1);
  } else {
    return false;
  }
  if (t.substr(0, indent.size()) != indent) return false;
  t.remove_prefix(indent.size());
  for (size_t k = st.end; k < src_.size() && src_[k] != '\n'; ++k) {
    if (src_[k] == '\\') return false;  // a line continuation after the statement
  }
  return simple_call_like(t) && !has_reserved_word(t) && !merges(src_, e.begin, e.end, e.text);
}

// Whether a child of a `parent` node (`first`: its first child) stands where any expression
// may: an argument, an operand, a value; not a target or a name of the grammar.
bool ExpressionChecker::expression_position(TSSymbol ps, bool first) const {
  if (ps == s_.attribute || ps == s_.keyword_argument) return first == (ps == s_.attribute);
  return ps == s_.call || ps == s_.argument_list || ps == s_.subscript || ps == s_.binary_operator ||
         ps == s_.comparison_operator || ps == s_.boolean_operator || ps == s_.not_operator ||
         ps == s_.unary_operator || ps == s_.return_statement || ps == s_.conditional_expression ||
         (ps == s_.assignment && !first) || (ps == s_.augmented_assignment && !first);
}

// The cases of name_replacement that need no parent, found by one call that goes down to the
// smallest node holding the edit (cheaper than descend's cursor): an attribute replaced by a
// dotted name, an identifier by a name. Only in statements of at most kQuick bytes: the call
// has no budget.
bool ExpressionChecker::quick_name_replacement(TSNode top, const Edit& e) const {
  bool has_dot = false;
  if (!dotted_name(e.text, &has_dot)) return false;
  TSNode n = named_node(top, e);
  if (ts_node_is_null(n)) n = ts_node_descendant_for_byte_range(top, e.begin, e.end);
  if (ts_node_start_byte(n) != e.begin || ts_node_end_byte(n) != e.end) return false;
  TSSymbol sy = ts_node_symbol(n);
  return sy == s_.attribute || (sy == s_.identifier && !has_dot);
}

// The node the rules handed over for `e`, when it is an attribute or identifier of this tree
// spanning exactly [e.begin, e.end) inside `top`: then it is also what the search from `top`
// returns (the smallest node holding the range), as no other node spans exactly that range
// below it (an identifier is a leaf; an attribute's children are all shorter). Null otherwise.
TSNode ExpressionChecker::named_node(TSNode top, const Edit& e) const {
  auto it = std::lower_bound(named_at_.begin(), named_at_.end(), e.begin,
                             [](const Named& n, uint32_t at) { return n.start < at; });
  for (; it != named_at_.end() && it->start == e.begin; ++it) {
    TSNode n = it->node;
    if (n.tree != top.tree || ts_node_end_byte(n) != e.end) continue;
    TSSymbol sy = ts_node_symbol(n);
    if (sy != s_.attribute && sy != s_.identifier) continue;
    if (e.begin < ts_node_start_byte(top) || e.end > ts_node_end_byte(top)) continue;
    ++named_;
    return n;
  }
  return TSNode{};
}

bool ExpressionChecker::name_replacement(const Path& p, std::string_view text) const {
  if (ts_node_is_null(p.exact)) return false;
  TSSymbol sy = ts_node_symbol(p.exact);
  if (sy != s_.identifier && sy != s_.attribute) return false;
  bool has_dot = false;
  if (!dotted_name(text, &has_dot)) return false;
  if (!has_dot || sy == s_.attribute) return true;  // same token, or an attribute for an attribute
  // An identifier becomes an attribute: only where any primary expression may stand.
  if (ts_node_is_null(p.exact_parent)) return false;
  TSSymbol ps = ts_node_symbol(p.exact_parent);
  bool first = ts_node_start_byte(p.exact_parent) == ts_node_start_byte(p.exact);
  if (ps == s_.attribute || ps == s_.keyword_argument) return first == (ps == s_.attribute);
  return ps == s_.call || ps == s_.argument_list || ps == s_.subscript || ps == s_.binary_operator ||
         ps == s_.comparison_operator || ps == s_.boolean_operator || ps == s_.not_operator ||
         ps == s_.unary_operator || ps == s_.expression_statement || ps == s_.return_statement ||
         ps == s_.list || ps == s_.tuple || ps == s_.set || ps == s_.pair ||
         ps == s_.parenthesized_expression || ps == s_.conditional_expression || ps == s_.type ||
         ps == s_.decorator || (ps == s_.assignment && !first) || (ps == s_.augmented_assignment && !first);
}

}  // namespace t2p::rewrite::detail
