// rewrite: the outline of the input for verify_output: its statements and the parts of the compound ones edits touch.
#include <algorithm>

#include "rewrite/verify_output_impl.h"

namespace t2p::rewrite::detail {

Outline::Outline(TSNode root, std::string_view src, const std::vector<Edit>& edits,
                 const semantic::BlockStatements* blocks)
    : s_(parse::NodeKinds::get()), src_(src), edits_(edits), blocks_(blocks) {
  max_end_.reserve(edits.size());
  uint32_t m = 0;
  for (size_t i = 0; i < edits.size(); ++i) {
    if (i > 0 && edits[i].begin < edits[i - 1].begin) all_ = true;
    m = std::max(m, edits[i].end);
    max_end_.push_back(m);
  }
  container(root, -1);
}

// Whether an edit touches [start, end], or the blanks before `start` (where an edit at the
// start of the line is anchored to the statement).
bool Outline::touched(uint32_t start, uint32_t end) const {
  if (all_) return true;
  uint32_t lo = start;
  while (lo > 0 && (src_[lo - 1] == ' ' || src_[lo - 1] == '\t')) --lo;
  auto it = std::upper_bound(edits_.begin(), edits_.end(), end,
                             [](uint32_t v, const Edit& x) { return v < x.begin; });
  size_t k = static_cast<size_t>(it - edits_.begin());
  return k > 0 && max_end_[k - 1] >= lo;
}

void Outline::container(TSNode node, int32_t parent) {
  const TSNode* statements = nullptr;
  uint32_t count = 0;
  if (blocks_ && blocks_->find(node, &statements, &count)) {
    for (uint32_t i = 0; i < count; ++i) add(statements[i], parent, true);
    return;
  }
  uint32_t n = ts_node_named_child_count(node);
  TSTreeCursor c = ts_tree_cursor_new(node);
  if (n > 0 && ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&c);
      if (!ts_node_is_named(child) || ts_node_symbol(child) == s_.comment) continue;
      add(child, parent, true);
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

void Outline::add(TSNode node, int32_t parent, bool statement) {
  int32_t idx = static_cast<int32_t>(entries_.size());
  TSSymbol sy = ts_node_symbol(node);
  uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
  entries_.push_back({start, end, 0, parent, 0, sy, statement, node});
  if (compound(sy) && touched(start, end)) parts(node, idx);
  entries_[idx].subtree_end = static_cast<uint32_t>(entries_.size());
}

bool Outline::compound(TSSymbol sy) const {
  return sy == s_.decorated_definition || sy == s_.function_definition || sy == s_.class_definition ||
         sy == s_.if_statement || sy == s_.for_statement || sy == s_.while_statement ||
         sy == s_.with_statement || sy == s_.try_statement || sy == s_.elif_clause ||
         sy == s_.else_clause || sy == s_.except_clause || sy == s_.except_group_clause ||
         sy == s_.finally_clause;
}

void Outline::parts(TSNode node, int32_t idx) {
  TSTreeCursor c = ts_tree_cursor_new(node);
  if (last_part(&c, idx)) {
    ts_tree_cursor_delete(&c);
    return;
  }
  ts_tree_cursor_reset(&c, node);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do part(ts_tree_cursor_current_node(&c), idx);
    while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

void Outline::part(TSNode child, int32_t idx) {
  TSSymbol sy = ts_node_symbol(child);
  if (sy == s_.block) {
    if (entries_[idx].header_end == 0) entries_[idx].header_end = ts_node_start_byte(child);
    container(child, idx);
  } else if (sy == s_.function_definition || sy == s_.class_definition) {
    // The definition under decorators.
    if (entries_[idx].header_end == 0) entries_[idx].header_end = ts_node_start_byte(child);
    add(child, idx, false);
  } else if (sy == s_.elif_clause || sy == s_.else_clause || sy == s_.except_clause ||
             sy == s_.except_group_clause || sy == s_.finally_clause) {
    add(child, idx, false);
  }
}

// A definition's one part is its last child: the body of a `def` or `class` (the grammar gives
// it one block and no other part), the definition under decorators. Reached directly, without
// stepping over the header's children; false (nothing done) when the last child is anything
// else (a comment after the body): then every child is looked at.
bool Outline::last_part(TSTreeCursor* c, int32_t idx) {
  const Entry& en = entries_[idx];
  const bool decorated = en.symbol == s_.decorated_definition;
  if (!decorated && en.symbol != s_.function_definition && en.symbol != s_.class_definition) return false;
  if (en.end == 0 || ts_tree_cursor_goto_first_child_for_byte(c, en.end - 1) < 0) return false;
  TSNode child = ts_tree_cursor_current_node(c);
  TSSymbol sy = ts_node_symbol(child);
  bool fits = decorated ? (sy == s_.function_definition || sy == s_.class_definition) : sy == s_.block;
  if (!fits || ts_node_end_byte(child) != en.end) return false;
  part(child, idx);
  return true;
}

}  // namespace t2p::rewrite::detail
