#include "rewrite/verify_output.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "parse/indentation_check.h"
#include "parse/node_kinds.h"
#include "rewrite/edit_text.h"
#include "rewrite/simple_expression.h"

namespace t2p::rewrite {
namespace {

using base::Edit;
using base::EditSide;


// A statement of the input (a named child of the module or of a block), or a part of one with
// a header of its own: a clause (`elif`, `except`, ...) or the definition under decorators.
struct Entry {
  uint32_t start, end;
  uint32_t header_end;  // start of the first block child (the definition, for decorators); 0: none
  int32_t parent;       // enclosing entry, -1 at module level
  uint32_t subtree_end; // index after this entry's descendants
  TSSymbol symbol;
  bool statement;       // a child of the module or of a block (not a part)
  TSNode node;
};

// The compound statements that no edit touches are not expanded (no entries for their parts and
// inner statements, header_end 0): no unit is ever asked for inside them, and the planner's
// searches through the entries step over them as over any other statement.
class Outline {
 public:
  Outline(TSNode root, std::string_view src, const std::vector<Edit>& edits)
      : s_(parse::NodeKinds::get()), src_(src), edits_(edits) {
    max_end_.reserve(edits.size());
    uint32_t m = 0;
    for (size_t i = 0; i < edits.size(); ++i) {
      if (i > 0 && edits[i].begin < edits[i - 1].begin) all_ = true;
      m = std::max(m, edits[i].end);
      max_end_.push_back(m);
    }
    container(root, -1);
  }
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  // Whether an edit touches [start, end], or the blanks before `start` (where an edit at the
  // start of the line is anchored to the statement).
  bool touched(uint32_t start, uint32_t end) const {
    if (all_) return true;
    uint32_t lo = start;
    while (lo > 0 && (src_[lo - 1] == ' ' || src_[lo - 1] == '\t')) --lo;
    auto it = std::upper_bound(edits_.begin(), edits_.end(), end,
                               [](uint32_t v, const Edit& x) { return v < x.begin; });
    size_t k = static_cast<size_t>(it - edits_.begin());
    return k > 0 && max_end_[k - 1] >= lo;
  }

  void container(TSNode node, int32_t parent) {
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

  void add(TSNode node, int32_t parent, bool statement) {
    int32_t idx = static_cast<int32_t>(entries_.size());
    TSSymbol sy = ts_node_symbol(node);
    uint32_t start = ts_node_start_byte(node), end = ts_node_end_byte(node);
    entries_.push_back({start, end, 0, parent, 0, sy, statement, node});
    if (compound(sy) && touched(start, end)) parts(node, idx);
    entries_[idx].subtree_end = static_cast<uint32_t>(entries_.size());
  }

  bool compound(TSSymbol sy) const {
    return sy == s_.decorated_definition || sy == s_.function_definition || sy == s_.class_definition ||
           sy == s_.if_statement || sy == s_.for_statement || sy == s_.while_statement ||
           sy == s_.with_statement || sy == s_.try_statement || sy == s_.elif_clause ||
           sy == s_.else_clause || sy == s_.except_clause || sy == s_.except_group_clause ||
           sy == s_.finally_clause;
  }

  void parts(TSNode node, int32_t idx) {
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

  void part(TSNode child, int32_t idx) {
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
  bool last_part(TSTreeCursor* c, int32_t idx) {
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

  const parse::NodeKinds& s_;
  std::string_view src_;
  const std::vector<Edit>& edits_;  // in EditSet order: by begin
  std::vector<uint32_t> max_end_;   // per edit: the largest end up to it
  bool all_ = false;                // edits out of order: expand everything
  std::vector<Entry> entries_;
};

// A region of the input, rendered with its edits and wrapped into a small module of its own.
struct Unit {
  uint32_t begin = 0, end = 0;  // [begin, end) of the input: whole lines
  std::string pre{};            // text before the rendered region
  std::string post{};           // text after it
  bool wrapped = false;         // inside `if 1:` (an indented region)
  TSSymbol expect = 0;          // 0: any statements; else exactly one statement of this kind
  int32_t entry = -1;   // the statement (statement units), or the entry whose header it is
  bool expression = false;  // one expression on a line of its own (see ExpressionChecker)
  // Expression units: insertions at their very start or end belong to them only when listed
  // here; the others (`[` before an argument) were checked with the argument list around.
  std::vector<const Edit*> own_ends{};
  // Header units: the dummy body (`pass`, or `def _(): pass` under decorators) starts this many
  // bytes into `post`, and must come out as the body: else the edited header took it in.
  bool header = false;
  uint32_t dummy = 0;
  // An expression unit that is an attribute or subscript, not a call: accepted only when the
  // scan proves it (see SimpleExpression); else its statement is parsed instead.
  bool scan_only = false;
};

bool blank(char c) { return c == ' ' || c == '\t'; }

class Planner {
 public:
  Planner(std::string_view src, const std::vector<Entry>& entries)
      : src_(src), e_(entries), s_(parse::NodeKinds::get()) {}

  // The unit for one edit, or false when it does not fit the scheme.
  bool unit_for(const Edit& edit, Unit* out) const {
    uint32_t p = edit.begin, ae = edit.end;
    if (p == 0 || src_[p - 1] == '\n') {
      // Whole lines inserted or removed: anchor at the first code of the line.
      while (p < src_.size() && blank(src_[p])) ++p;
      if (p >= src_.size() || src_[p] == '\n' || src_[p] == '\r' || src_[p] == '#') return false;
    }
    while (ae > p && (blank(src_[ae - 1]) || src_[ae - 1] == '\n' || src_[ae - 1] == '\r')) --ae;
    if (ae < p) ae = p;
    auto it = std::upper_bound(e_.begin(), e_.end(), p, [](uint32_t v, const Entry& x) { return v < x.start; });
    if (it == e_.begin()) return false;
    int32_t idx = static_cast<int32_t>(it - e_.begin()) - 1;
    while (idx >= 0 && e_[idx].end < ae) idx = e_[idx].parent;
    if (idx < 0) return false;
    const Entry& inner = e_[idx];
    if (inner.header_end != 0 && ae < inner.header_end && header_unit(idx, out)) return true;
    // The nearest statement, widened while it shares its first line with an enclosing header.
    while (idx >= 0) {
      while (idx >= 0 && !e_[idx].statement) idx = e_[idx].parent;
      if (idx < 0) return false;
      int r = statement_unit_of(idx, out);
      if (r > 0) return true;
      if (r < 0) return false;
      idx = e_[idx].parent;
    }
    return false;
  }

 private:
  // Start of the line holding `o`. The scans back are bounded (kFar) so that many statements on
  // one huge line cost linear time: such units do not fit (see far()).
  static constexpr uint32_t kFar = 1u << 16;
  uint32_t line_start(uint32_t o) const {
    uint32_t limit = o > kFar ? o - kFar : 0;
    while (o > limit && src_[o - 1] != '\n') --o;
    return o;
  }
  bool far(uint32_t ls) const { return ls > 0 && src_[ls - 1] != '\n'; }
  // After the newline ending the line of `o` (or the end of the input); kNone when that is
  // further than kFar.
  static constexpr uint32_t kNone = UINT32_MAX;
  uint32_t line_end(uint32_t o) const {
    if (o >= src_.size()) return static_cast<uint32_t>(src_.size());
    size_t limit = std::min(src_.size(), static_cast<size_t>(o) + kFar);
    const void* nl = std::memchr(src_.data() + o, '\n', limit - o);
    if (nl) return static_cast<uint32_t>(static_cast<const char*>(nl) - src_.data() + 1);
    return limit == src_.size() ? static_cast<uint32_t>(limit) : kNone;
  }
  uint32_t first_code(uint32_t ls) const {
    while (ls < src_.size() && blank(src_[ls])) ++ls;
    return ls;
  }
  // Whether the line before the one starting at `ls` ends with a line continuation.
  bool continued(uint32_t ls) const {
    if (ls < 2) return false;
    uint32_t k = ls - 2;  // ls - 1 is the '\n'
    if (src_[k] == '\r') {
      if (k == 0) return false;
      --k;
    }
    return src_[k] == '\\';
  }

  // 1: unit made; 0: the statement shares its first line with an enclosing header (`if a: b`),
  // try the enclosing statement; -1: does not fit.
  // statement_unit, remembered for the last statement asked: its edits come one after another,
  // and the answer depends on the statement alone.
  int statement_unit_of(int32_t idx, Unit* out) const {
    if (idx != last_statement_) {
      last_statement_ = idx;
      last_result_ = statement_unit(idx, &last_unit_);
    }
    if (last_result_ > 0) *out = last_unit_;
    return last_result_;
  }

  int statement_unit(int32_t idx, Unit* out) const {
    const Entry& st = e_[idx];
    uint32_t rb = line_start(st.start);
    if (far(rb)) return -1;
    uint32_t q = first_code(rb);
    if (q != st.start) {
      // Siblings before it on the line (`a = 1; b = f()`)?
      bool sibling = false;
      for (int32_t j = idx - 1, n = 0; j >= 0 && e_[j].end >= q; --j) {
        if (++n > 64) return -1;
        if (e_[j].start == q) {
          sibling = e_[j].parent == st.parent && e_[j].statement;
          break;
        }
      }
      if (!sibling) return 0;
    }
    if (continued(rb)) return -1;
    uint32_t re = line_end(st.end);
    if (re == kNone) return -1;
    for (uint32_t j = st.subtree_end, n = 0; j < e_.size() && e_[j].start < re; j = e_[j].subtree_end) {
      if (++n > 64) return -1;
      if (e_[j].parent != st.parent) return 0;
      uint32_t le = line_end(e_[j].end);
      if (le == kNone) return -1;
      re = std::max(re, le);
    }
    std::string_view indent = src_.substr(rb, q - rb);
    if (st.parent < 0 ? !indent.empty() : indent.empty()) return 0;
    *out = Unit{.begin = rb, .end = re, .wrapped = !indent.empty(), .expect = 0, .entry = idx};
    return 1;
  }

  bool header_unit(int32_t idx, Unit* out) const {
    const Entry& en = e_[idx];
    uint32_t rb = line_start(en.start);
    if (far(rb) || first_code(rb) != en.start || continued(rb)) return false;
    uint32_t hb = en.header_end;
    uint32_t hl = line_start(hb);
    if (far(hl) || hl <= rb || first_code(hl) != hb) return false;
    std::string indent(src_.substr(rb, en.start - rb));
    std::string body(src_.substr(hl, hb - hl));
    // Module level iff the enclosing statement is.
    int32_t top = idx;
    while (!e_[top].statement) top = e_[top].parent;
    if (e_[top].parent < 0 ? !indent.empty() : indent.empty()) return false;
    Unit u{.begin = rb, .end = hl, .post = body + "pass\n", .wrapped = !indent.empty(), .expect = en.symbol,
           .entry = idx};
    u.header = true;
    u.dummy = static_cast<uint32_t>(body.size());
    TSSymbol sy = en.symbol;
    if (sy == s_.elif_clause) {
      u.pre = indent + "if 1:\n" + body + "pass\n";
      u.expect = s_.if_statement;
    } else if (sy == s_.except_clause || sy == s_.except_group_clause) {
      u.pre = indent + "try:\n" + body + "pass\n";
      u.expect = s_.try_statement;
    } else if (sy == s_.decorated_definition) {
      u.post = body + "def _(): pass\n";
    } else if (!(sy == s_.function_definition || sy == s_.class_definition || sy == s_.if_statement ||
                 sy == s_.for_statement || sy == s_.while_statement || sy == s_.with_statement)) {
      return false;
    }
    *out = std::move(u);
    return true;
  }

  std::string_view src_;
  const std::vector<Entry>& e_;
  const parse::NodeKinds& s_;
  mutable int32_t last_statement_ = -1;  // statement_unit_of()'s memo
  mutable int last_result_ = 0;
  mutable Unit last_unit_;
};

// Same placement rule as EditSet: an insertion at a region's start belongs to it unless it
// closes the construct before; at its end, unless it opens the one after.
bool inside(const Edit& e, uint32_t begin, uint32_t end) {
  if (e.begin < begin || e.end > end) return false;
  bool insertion = e.begin == e.end;
  if (insertion && e.begin == begin && e.side == EditSide::kClose) return false;
  if (insertion && e.begin == end && e.side == EditSide::kOpen) return false;
  return true;
}

// Checks the edits of one statement (or header) without re-parsing it, when every edit is
//   - a name replaced by a name (`torch.zeros` -> `paddle.zeros`, the keyword `dim` -> `axis`):
//     a lexical check, with the name's place in the tree saying whether a dotted name fits;
//   - comment or import lines inserted above the statement with its indentation (a TODO,
//     `import paddle`); an import statement replaced by import statements; whole lines removed
//     at module level; `\n<indent>f(x)` inserted after an expression statement, f(x) proven
//     by the scan (SimpleExpression);
//   - inside a call that is not inside a string: the call, with its edits, becomes an
//     expression unit, parsed on a line of its own (or proven by the scan), which must give one
//     call-like primary expression (a call, subscript, attribute, bracketed display): those fit
//     anywhere the call did. Outside calls, the innermost attribute or subscript where any
//     expression fits (an argument, an operand, an assigned value) is such a unit, when the
//     scan proves it (else the statement is parsed).
class ExpressionChecker {
 public:
  // `name_nodes`: see verify_output(); indexed here by start (each start read once).
  ExpressionChecker(std::string_view src, const std::vector<TSNode>* name_nodes)
      : src_(src), s_(parse::NodeKinds::get()) {
    if (!name_nodes) return;
    named_at_.reserve(name_nodes->size());
    for (TSNode n : *name_nodes) named_at_.push_back({ts_node_start_byte(n), n});
    std::sort(named_at_.begin(), named_at_.end(), [](const Named& a, const Named& b) { return a.start < b.start; });
  }

  size_t named() const { return named_; }

  // Fills `calls` (expression units) and returns true when every edit of [first, last) fits.
  // For a header unit, the edits must lie in the header (before the first block, or before the
  // definition under decorators): they are checked in place exactly as a statement's, and the
  // header is not parsed with a dummy body.
  bool split(const Entry& st, const Unit& unit, const Edit* first, const Edit* last, std::vector<Unit>* calls) {
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

 private:
  struct Path {
    TSNode exact{};         // deepest node spanning exactly the edit
    TSNode exact_parent{};
    TSNode call{};          // innermost call containing the edit
    TSNode primary{};       // innermost attribute or subscript containing it, where any primary fits
    bool in_string = false; // an ancestor is a string (the edit is in an f-string's field)
    TSNode args{};          // innermost argument list containing the edit
    TSNode arg{};           // its child on the way down (null: the edit spans several)
  };

  // An edit of an argument list that keeps it a valid list on its own:
  //   kOpen `[` (or `name=[`) at the start of a positional argument with kClose `]` at the end
  //   of the same or a later one: the arguments in between become one list;
  //   kOpen `name=` at the start of a plain positional argument: it becomes a keyword argument;
  //   the deletion of whole arguments with their separators ([a.start, c.start), [a.end, c.end)
  //   for arguments a before c, or everything between the parentheses).
  enum class ArgKind : uint8_t { kOpen, kKeyword, kClose, kDelete };
  struct ArgEdit {
    const Edit* edit;
    TSNode list, call;
    ArgKind kind;
    bool keyword;  // kOpen: `name=[`
  };

  bool argument_edit(const Edit& e, const Path& p, ArgEdit* out) const {
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

  bool list_edits_fit(const ArgEdit* first, const ArgEdit* last) const {
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

  bool descend(TSNode top, uint32_t b, uint32_t e, Path* path) const {
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
  bool statement_after(const Edit& e, const Entry& st, std::string_view indent) const {
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
  bool expression_position(TSSymbol ps, bool first) const {
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
  static constexpr uint32_t kQuick = 4096;
  bool quick_name_replacement(TSNode top, const Edit& e) const {
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
  TSNode named_node(TSNode top, const Edit& e) const {
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

  bool name_replacement(const Path& p, std::string_view text) const {
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

  std::string_view src_;
  const parse::NodeKinds& s_;
  struct Named {
    uint32_t start;
    TSNode node;
  };
  std::vector<Named> named_at_;  // the name nodes handed over, by start
  std::vector<const Edit*> rest_;  // split()'s edits left to expression units
  std::vector<ArgEdit> arg_edits_; // split()'s argument-list edits
  mutable size_t named_ = 0;
  mutable int64_t budget_ = 0;
};

bool call_like(TSSymbol sy) {
  const parse::NodeKinds& s = parse::NodeKinds::get();
  return sy == s.call || sy == s.attribute || sy == s.subscript || sy == s.parenthesized_expression ||
         sy == s.list || sy == s.tuple || sy == s.set || sy == s.dictionary || sy == s.list_comprehension ||
         sy == s.set_comprehension || sy == s.dictionary_comprehension || sy == s.generator_expression;
}

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

// The document of units: each rendered with the edits inside it, wrapped, one after another.
struct Document {
  std::string text;
  std::vector<uint32_t> offsets;
  std::vector<const Unit*> units;
  std::vector<uint32_t> dummies;  // per unit: where its dummy body starts, or UINT32_MAX
  bool continuation = false;  // a unit ends with a line continuation
  bool reindented = false;    // a unit's first line of code lost its indentation

  void add(const Unit& u, std::string_view src, const Edit* first, const Edit* last) {
    offsets.push_back(static_cast<uint32_t>(text.size()));
    units.push_back(&u);
    if (u.wrapped) text += "if 1:\n";
    text += u.pre;
    size_t region = text.size();
    uint32_t cursor = u.begin;
    for (const Edit* e = first; e != last; ++e) {
      if (!inside(*e, u.begin, u.end)) continue;
      if (u.expression && e->begin == e->end && (e->begin == u.begin || e->begin == u.end) &&
          std::find(u.own_ends.begin(), u.own_ends.end(), e) == u.own_ends.end()) {
        continue;
      }
      text.append(src.substr(cursor, e->begin - cursor));
      text.append(e->text);
      cursor = e->end;
    }
    text.append(src.substr(cursor, u.end - cursor));
    continuation |= ends_with_continuation(std::string_view(text).substr(region));
    if (!u.expression) reindented |= !keeps_indentation(std::string_view(text).substr(region), src, u.begin);
    if (text.size() == region || text.back() != '\n') text += '\n';
    dummies.push_back(u.header ? static_cast<uint32_t>(text.size()) + u.dummy : UINT32_MAX);
    text += u.post;
  }
  void finish() { offsets.push_back(static_cast<uint32_t>(text.size())); }

  struct Mark {
    size_t text, units;
    bool continuation, reindented;
  };
  Mark mark() const { return {text.size(), units.size(), continuation, reindented}; }
  void rollback(const Mark& m) {
    text.resize(m.text);
    offsets.resize(m.units);
    units.resize(m.units);
    dummies.resize(m.units);
    continuation = m.continuation;
    reindented = m.reindented;
  }

  // Takes the last unit, an expression unit, out again when a scan proves what its parse would:
  // a call-like expression the scan knows (SimpleExpression) that neither runs into the bytes
  // around its call nor holds a reserved word (the checks local_check makes after the parse).
  bool take_back_simple(std::string_view src) {
    uint32_t b = offsets.back();
    std::string_view x = std::string_view(text).substr(b);
    if (x.empty() || x.back() != '\n') return false;
    x.remove_suffix(1);
    const Unit& u = *units.back();
    if (!simple_call_like(x) || merges(src, u.begin, u.end, x) || has_reserved_word(x)) return false;
    text.resize(b);
    offsets.pop_back();
    units.pop_back();
    dummies.pop_back();
    return true;
  }
};

std::optional<base::Diagnostic> full(std::string_view output, parse::PythonParser& parser,
                                     VerifyStats* stats, const char* why) {
  if (stats) {
    stats->full_parse = true;
    stats->fallback = why;
  }
  static const bool trace = std::getenv("T2P_VERIFY_TRACE") != nullptr;
  if (trace) std::fprintf(stderr, "verify_output: full re-parse: %s\n", why);
  parse::SyntaxTree check = parser.parse(output);
  return parse::first_syntax_error(check, output);
}

// The local check: true when the output parses, false when unsure (`why` says why).
bool local_check(const parse::SyntaxTree& tree, std::string_view source, const std::vector<base::Edit>& edits,
                 const std::vector<TSNode>* name_nodes, parse::PythonParser& parser, VerifyStats* stats,
                 const char** why) {
  Outline outline(tree.root(), source, edits);
  Planner planner(source, outline.entries());

  // One unit per edit, then the outermost of nested units; units that cross fall back.
  std::vector<Unit> units;
  units.reserve(edits.size());
  // Consecutive edits mostly fall in the same unit: it is kept once (the copies would be
  // dropped below as nested in the first). The planner's unit for an entry and kind is always
  // the same, so equal entry, kind and span mean equal units.
  Unit u;
  for (const auto& e : edits) {
    if (!planner.unit_for(e, &u)) return *why = "an edit outside the local scheme", false;
    if (!inside(e, u.begin, u.end)) return *why = "an edit crosses its unit", false;
    if (!units.empty()) {
      const Unit& last = units.back();
      if (last.entry == u.entry && last.header == u.header && last.begin == u.begin && last.end == u.end) continue;
    }
    units.push_back(std::move(u));
  }
  auto before = [](const Unit& a, const Unit& b) { return a.begin != b.begin ? a.begin < b.begin : a.end > b.end; };
  // Edits come sorted, so their units mostly do too: no sort (which moves every unit) then.
  if (!std::is_sorted(units.begin(), units.end(), before)) std::stable_sort(units.begin(), units.end(), before);
  std::vector<Unit> kept;
  kept.reserve(units.size());
  for (auto& u : units) {
    if (!kept.empty() && u.begin < kept.back().end) {
      if (u.end <= kept.back().end) continue;  // nested in the previous unit
      return *why = "units overlap", false;
    }
    kept.push_back(std::move(u));
  }

  // The edits of each unit: a contiguous run, as units are disjoint and edits sorted.
  std::vector<std::pair<size_t, size_t>> runs(kept.size());
  size_t k = 0;
  for (size_t i = 0; i < kept.size(); ++i) {
    size_t b = k;
    while (k < edits.size() && inside(edits[k], kept[i].begin, kept[i].end)) ++k;
    runs[i] = {b, k};
  }
  if (k != edits.size()) return *why = "an edit between units", false;

  // Statements whose edits all fit the expression scheme are checked by their calls only.
  ExpressionChecker expressions(source, name_nodes);
  std::vector<std::vector<Unit>> calls(kept.size());
  Document doc;
  size_t scanned = 0;  // expression units proven by the scan, not parsed
  const Edit* base = edits.data();
  for (size_t i = 0; i < kept.size(); ++i) {
    const Unit& u = kept[i];
    const Edit* first = base + runs[i].first;
    const Edit* last = base + runs[i].second;
    if (u.entry >= 0 && expressions.split(outline.entries()[u.entry], u, first, last, &calls[i])) {
      Document::Mark mark = doc.mark();
      size_t scanned_before = scanned;
      bool fits = true;
      for (const auto& c : calls[i]) {
        doc.add(c, source, first, last);
        if (doc.take_back_simple(source)) {
          ++scanned;
        } else if (c.scan_only) {
          fits = false;
          break;
        }
      }
      if (fits) continue;
      doc.rollback(mark);
      scanned = scanned_before;
    }
    calls[i].clear();
    doc.add(u, source, first, last);
  }
  doc.finish();
  if (stats) {
    stats->units = doc.units.size() + scanned;
    stats->named = expressions.named();
    stats->scanned = scanned;
    stats->local_bytes = doc.text.size();
  }
  if (doc.continuation) return *why = "a unit ends with a line continuation", false;
  if (doc.reindented) return *why = "a unit's first line of code changed its indentation", false;
  if (doc.units.empty()) return true;  // all checked lexically or by the scan: nothing to parse
  std::vector<size_t> failed;
  {
    parse::SyntaxTree checked = parser.parse(doc.text);
    // Any syntax error in the document: the whole output decides. (Placing an error in one unit
    // is not reliable: error recovery may hang it anywhere.)
    if (!checked.valid() || checked.has_error()) return *why = "a unit does not parse on its own", false;
    if (parse::first_indentation_error(checked, doc.text)) return *why = "a unit's statements are not aligned", false;
    failed = failed_units(checked, doc.units, doc.offsets, doc.dummies);
    // An expression unit must not run into the bytes around its call in the output.
    for (size_t i = 0; i < doc.units.size(); ++i) {
      const Unit& u = *doc.units[i];
      if (!u.expression || std::find(failed.begin(), failed.end(), i) != failed.end()) continue;
      std::string_view x(doc.text.data() + doc.offsets[i], doc.offsets[i + 1] - doc.offsets[i] - 1);
      if (merges(source, u.begin, u.end, x) || has_reserved_word(x)) failed.push_back(i);
    }
  }
  if (failed.empty()) return true;

  // Expression units that failed: check their whole statements instead.
  Document again;
  std::vector<bool> redo(kept.size(), false);
  for (size_t f : failed) {
    const Unit* u = doc.units[f];
    if (!u->expression) return *why = "a unit does not parse on its own", false;
    for (size_t i = 0; i < kept.size(); ++i) {
      if (!calls[i].empty() && u >= calls[i].data() && u < calls[i].data() + calls[i].size()) redo[i] = true;
    }
  }
  for (size_t i = 0; i < kept.size(); ++i) {
    if (redo[i]) again.add(kept[i], source, base + runs[i].first, base + runs[i].second);
  }
  again.finish();
  if (stats) {
    stats->units += again.units.size();
    stats->local_bytes += again.text.size();
  }
  if (again.continuation) return *why = "a unit ends with a line continuation", false;
  if (again.reindented) return *why = "a unit's first line of code changed its indentation", false;
  parse::SyntaxTree checked = parser.parse(again.text);
  if (!failed_units(checked, again.units, again.offsets, again.dummies).empty()) return *why = "a unit does not parse on its own", false;
  return true;
}

}  // namespace

VerifyMode verify_mode_from_env() {
  static const VerifyMode mode = [] {
    const char* v = std::getenv("T2P_VERIFY");
    if (v && std::strcmp(v, "full") == 0) return VerifyMode::kFull;
    if (v && std::strcmp(v, "both") == 0) return VerifyMode::kBoth;
    return VerifyMode::kLocal;
  }();
  return mode;
}

std::optional<base::Diagnostic> verify_output(const parse::SyntaxTree& tree, std::string_view source,
                                              const std::vector<base::Edit>& edits,
                                              std::string_view output, parse::PythonParser& parser,
                                              VerifyMode mode, VerifyStats* stats,
                                              const std::vector<TSNode>* name_nodes) {
  if (mode == VerifyMode::kFull) return full(output, parser, stats, "full mode");
  if (!tree.valid() || tree.has_error()) return full(output, parser, stats, "input tree has errors");
  if (edits.empty()) return full(output, parser, stats, "no edits");
  const char* why = "";
  bool ok = local_check(tree, source, edits, name_nodes, parser, stats, &why);
  if (mode == VerifyMode::kBoth) {
    auto err = full(output, parser, stats, "both mode");
    if (ok && err) {
      std::fprintf(stderr, "verify_output: the local check passed an output that does not parse (%s)\n",
                   err->message.c_str());
      std::abort();
    }
    return err;
  }
  if (!ok) return full(output, parser, stats, why);
  return std::nullopt;
}

}  // namespace t2p::rewrite
