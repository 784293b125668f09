// rewrite: the argument-list edits verify_output checks in place (`[`...`]` around arguments, `name=`, deletions).
#include <string_view>
#include <vector>

#include "rewrite/edit_text.h"
#include "rewrite/verify_output_impl.h"

namespace t2p::rewrite::detail {

bool ExpressionChecker::argument_edit(const Edit& e, const Path& p, ArgEdit* out) const {
  if (ts_node_is_null(p.args)) return false;
  *out = ArgEdit{&e, p.args, p.call, ArgKind::kDelete, false};
  if (e.begin < e.end) return e.text.empty() && ts_node_is_null(p.arg);
  std::string_view t = e.text;
  if (e.side == EditSide::kClose) {
    out->kind = ArgKind::kClose;
    return t == "]";
  }
  if (e.side != EditSide::kOpen) return false;
  bool bracket = !t.empty() && t.back() == '[';
  if (bracket) t.remove_suffix(1);
  if (!t.empty()) {
    if (t.back() != '=') return false;
    t.remove_suffix(1);
    bool dot = false;
    if (!dotted_name(t, &dot) || dot) return false;
  }
  out->keyword = !t.empty();
  out->kind = bracket ? ArgKind::kOpen : ArgKind::kKeyword;
  return bracket || out->keyword;
}

bool ExpressionChecker::list_edits_fit(const ArgEdit* first, const ArgEdit* last) const {
  TSNode list = first->list;
  struct Item {
    uint32_t start, end;
    TSSymbol symbol;
  };
  std::vector<Item> items;
  TSTreeCursor c = ts_tree_cursor_new(list);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode ch = ts_tree_cursor_current_node(&c);
      if (!ts_node_is_named(ch) || ts_node_symbol(ch) == s_.comment) continue;
      items.push_back({ts_node_start_byte(ch), ts_node_end_byte(ch), ts_node_symbol(ch)});
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  auto starting = [&](uint32_t at) -> int {
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].start == at) return static_cast<int>(i);
    }
    return -1;
  };
  auto ending = [&](uint32_t at) -> int {
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].end == at) return static_cast<int>(i);
    }
    return -1;
  };
  auto positional = [&](int i) {
    return items[i].symbol != s_.keyword_argument && items[i].symbol != s_.dictionary_splat;
  };
  auto plain = [&](int i) {
    return positional(i) && items[i].symbol != s_.list_splat && items[i].symbol != s_.parenthesized_list_splat;
  };
  const ArgEdit* open = nullptr;
  const ArgEdit* close = nullptr;
  for (const ArgEdit* a = first; a != last; ++a) {
    if (a->kind == ArgKind::kOpen) {
      if (open) return false;
      open = a;
    } else if (a->kind == ArgKind::kClose) {
      if (close) return false;
      close = a;
    }
  }
  if ((open == nullptr) != (close == nullptr)) return false;
  int wrap_first = -1, wrap_last = -1;
  if (open) {
    wrap_first = starting(open->edit->begin);
    wrap_last = ending(close->edit->begin);
    if (wrap_first < 0 || wrap_last < wrap_first) return false;
    for (int i = wrap_first; i <= wrap_last; ++i) {
      if (!positional(i)) return false;
    }
  }
  // Deleted ranges: no other edit of the list may touch them, but for a prefix of the item
  // after (`[a.start, c.start)`) or a suffix of the item before (`[a.end, c.end)`).
  struct Deleted {
    uint32_t begin, end;
    bool before_item;  // ends at the start of a kept item
    bool interior;     // everything between the parentheses
  };
  std::vector<Deleted> deleted;
  uint32_t inner_begin = ts_node_start_byte(list) + 1, inner_end = ts_node_end_byte(list) - 1;
  for (const ArgEdit* a = first; a != last; ++a) {
    if (a->kind != ArgKind::kDelete) continue;
    uint32_t b = a->edit->begin, e = a->edit->end;
    int i = starting(b), k = starting(e);
    if (i >= 0 && k > i) {
      deleted.push_back({b, e, true, false});
      continue;
    }
    i = ending(b);
    k = ending(e);
    if (i >= 0 && k > i) {
      deleted.push_back({b, e, false, false});
      continue;
    }
    if (b == inner_begin && e == inner_end) {
      deleted.push_back({b, e, false, true});
      continue;
    }
    return false;
  }
  for (const ArgEdit* a = first; a != last; ++a) {
    uint32_t b = a->edit->begin, e = a->edit->end;
    for (const auto& d : deleted) {
      if (a->kind == ArgKind::kDelete && d.begin == b && d.end == e) continue;
      if (b != e || b < d.begin || b > d.end) {
        if (b <= d.end && d.begin <= e) return false;
        continue;
      }
      bool prefix_after = d.before_item && b == d.end && a->edit->side == EditSide::kOpen;
      bool suffix_before = !d.before_item && !d.interior && b == d.begin && a->edit->side == EditSide::kClose;
      if (!prefix_after && !suffix_before) return false;
    }
    if (a->kind == ArgKind::kKeyword) {
      int i = starting(b);
      if (i < 0 || !plain(i)) return false;
      if (open && i >= wrap_first && i <= wrap_last) return false;  // inside the new list
    }
  }
  return true;
}

}  // namespace t2p::rewrite::detail
