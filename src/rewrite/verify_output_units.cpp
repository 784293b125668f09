// rewrite: the unit of the input that holds an edit, for verify_output: a statement with its line, or a header.
#include <string>
#include <utility>

#include "rewrite/verify_output_impl.h"

namespace t2p::rewrite::detail {

// The unit for one edit, or false when it does not fit the scheme.
bool Planner::unit_for(const Edit& edit, Unit* out) const {
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

// 1: unit made; 0: the statement shares its first line with an enclosing header (`if a: b`),
// try the enclosing statement; -1: does not fit.
// statement_unit, remembered for the last statement asked: its edits come one after another,
// and the answer depends on the statement alone.
int Planner::statement_unit_of(int32_t idx, Unit* out) const {
  if (idx != last_statement_) {
    last_statement_ = idx;
    last_result_ = statement_unit(idx, &last_unit_);
  }
  if (last_result_ > 0) *out = last_unit_;
  return last_result_;
}

int Planner::statement_unit(int32_t idx, Unit* out) const {
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

bool Planner::header_unit(int32_t idx, Unit* out) const {
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

}  // namespace t2p::rewrite::detail
