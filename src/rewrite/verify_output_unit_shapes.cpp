// rewrite: the check of the parsed document of units for verify_output: each unit keeps its span and shape.
#include "rewrite/verify_output_impl.h"

namespace t2p::rewrite::detail {
namespace {

bool call_like(TSSymbol sy) {
  const parse::NodeKinds& s = parse::NodeKinds::get();
  return sy == s.call || sy == s.attribute || sy == s.subscript || sy == s.parenthesized_expression ||
         sy == s.list || sy == s.tuple || sy == s.set || sy == s.dictionary || sy == s.list_comprehension ||
         sy == s.set_comprehension || sy == s.dictionary_comprehension || sy == s.generator_expression;
}

}  // namespace

// Checks the parsed document of units: each unit's top-level statements stay inside its span
// with the expected shape. Returns the indices of the units that fail (all of them when the
// document could not be split into spans).
std::vector<size_t> failed_units(const parse::SyntaxTree& doc, const std::vector<const Unit*>& units,
                                 const std::vector<uint32_t>& offsets, const std::vector<uint32_t>& dummies) {
  std::vector<size_t> failed;
  auto all = [&] {
    failed.clear();
    for (size_t i = 0; i < units.size(); ++i) failed.push_back(i);
    return failed;
  };
  if (!doc.valid()) return all();
  const parse::NodeKinds& s = parse::NodeKinds::get();
  TSNode root = doc.root();
  if (ts_node_symbol(root) != s.module) return all();  // the whole document is one ERROR
  std::vector<std::vector<TSNode>> children(units.size());
  std::vector<bool> bad(units.size(), false);
  bool any_bad = false;
  TSTreeCursor c = ts_tree_cursor_new(root);
  size_t u = 0;
  bool ok = true;
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&c);
      bool error = ts_node_has_error(child) || ts_node_is_missing(child);
      if (!ts_node_is_named(child) && !error) continue;
      uint32_t b = ts_node_start_byte(child), e = ts_node_end_byte(child);
      while (u < units.size() && b >= offsets[u + 1]) ++u;
      if (u == units.size() || e > offsets[u + 1]) {
        ok = false;  // a statement spans two units
        break;
      }
      if (error) {
        // Also an anonymous one: a MISSING newline between two statements of one line.
        bad[u] = true;
        any_bad = true;
      }
      if (ts_node_is_named(child) && ts_node_symbol(child) != s.comment) children[u].push_back(child);
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  // An error the walk over the root's children did not place fails everything.
  if (!ok || (ts_node_has_error(root) && !any_bad)) return all();
  auto single = [&](TSNode container, TSSymbol expect) {
    TSNode found{};
    uint32_t count = 0, n = ts_node_named_child_count(container);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode ch = ts_node_named_child(container, i);
      if (ts_node_symbol(ch) == s.comment) continue;
      ++count;
      found = ch;
    }
    return count == 1 && ts_node_symbol(found) == expect;
  };
  for (size_t i = 0; i < units.size(); ++i) {
    const Unit& un = *units[i];
    const auto& ch = children[i];
    bool good = !bad[i];
    if (good && un.expression) {
      // `X\n`: one expression statement holding one call-like expression, both exactly X.
      uint32_t end = offsets[i + 1] - 1;
      good = ch.size() == 1 && ts_node_symbol(ch[0]) == s.expression_statement &&
             ts_node_start_byte(ch[0]) == offsets[i] && ts_node_end_byte(ch[0]) == end &&
             ts_node_child_count(ch[0]) == 1;
      if (good) {
        TSNode x = ts_node_child(ch[0], 0);
        good = call_like(ts_node_symbol(x)) && ts_node_end_byte(x) == end;
      }
    } else if (good && un.wrapped) {
      // One `if 1:` with its block and nothing else: a dedented `elif`/`else` in the region
      // would otherwise become a clause of the wrapper.
      good = ch.size() == 1 && ts_node_symbol(ch[0]) == s.if_statement;
      if (good) {
        uint32_t parts = 0, n = ts_node_named_child_count(ch[0]);
        for (uint32_t k = 0; k < n; ++k) parts += ts_node_symbol(ts_node_named_child(ch[0], k)) != s.comment;
        good = parts == 2;  // the condition and the block
      }
      if (good && un.expect != 0) {
        TSNode body = ts_node_child_by_field_id(ch[0], parse::NodeFields::get().consequence);
        good = !ts_node_is_null(body) && single(body, un.expect);
      }
    } else if (good && un.expect != 0) {
      good = ch.size() == 1 && ts_node_symbol(ch[0]) == un.expect;
    }
    if (good && dummies[i] != UINT32_MAX) {
      // The dummy body must be the body: a block (or, under decorators, the definition)
      // starting right there.
      uint32_t p = dummies[i];
      bool decorated = un.expect == s.decorated_definition;
      bool found = false;
      for (TSNode n = ts_node_descendant_for_byte_range(root, p, p);
           !ts_node_is_null(n) && ts_node_start_byte(n) == p; n = ts_node_parent(n)) {
        TSSymbol sy = ts_node_symbol(n);
        if (!decorated && sy == s.block) found = true;
        if (decorated && sy == s.function_definition &&
            ts_node_symbol(ts_node_parent(n)) == s.decorated_definition) {
          found = true;
        }
        if (found) break;
      }
      good = found;
    }
    if (!good) failed.push_back(i);
  }
  return failed;
}

}  // namespace t2p::rewrite::detail
