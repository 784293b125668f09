// rules: comment lines the converter adds: TODOs above statements, comments of replaced code kept on own lines.
#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "rules/file_converter_impl.h"

namespace t2p::rules::detail {

// The run of comment-only lines that ends right before the line starting at `ls`.
std::vector<std::string_view> Converter::comment_lines_above(uint32_t ls) const {
  std::vector<std::string_view> lines;
  uint32_t end = ls;
  while (end > 0) {
    uint32_t start = end - 1;  // end - 1 is the '\n' closing the previous line
    while (start > 0 && src_[start - 1] != '\n') --start;
    std::string_view line = src_.substr(start, end - 1 - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] != '#') break;
    lines.push_back(line);
    end = start;
  }
  return lines;
}

// A comment inside text an edit replaces (`torch  # c` in a dotted name split over lines, a
// comment between the arguments of a call that a template rewrites) would be lost: it goes on
// a line of its own above its statement, with the line's indentation, as a TODO does. Every
// comment of the input stays in the output.
// Where a comment line for the statement starting at `start` goes: the start of its line,
// past a BOM. When that line starts inside an earlier statement (`s = """...` continued,
// then `; y = f()`; or inside its brackets), the start of that statement's line instead: a
// line inserted there would land inside the string or the call.
uint32_t Converter::comment_line_for(uint32_t start) const {
  TSNode root = model_.scopes[0].node;
  for (;;) {
    uint32_t ls = start;
    while (ls > 0 && src_[ls - 1] != '\n') --ls;
    if (ls == 0) return src_.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // the BOM stays first
    uint32_t q = ls;
    // A form feed is whitespace before a statement too (Python resets the indentation there).
    while (q < start && (src_[q] == ' ' || src_[q] == '\t' || src_[q] == '\f')) ++q;
    if (q >= start) return ls;
    // Something precedes the statement on its line: the statement holding that first byte.
    uint32_t b = ts_node_start_byte(statement_holding(ts_node_descendant_for_byte_range(root, q, q)));
    if (b >= start) return ls;
    start = b;
  }
}

// The statement (a child of the module or of a block) that holds `n`. Walks up with
// ts_node_parent, which searches from the root: for the rare comment placements only.
TSNode Converter::statement_holding(TSNode n) const {
  for (TSNode up = ts_node_parent(n); !ts_node_is_null(up); up = ts_node_parent(n)) {
    TSSymbol sy = ts_node_symbol(up);
    if (sy == k_.module || sy == k_.block) break;
    n = up;
  }
  return n;
}

std::string Converter::line_indent(uint32_t ls) const {
  size_t b = ls;
  while (b < src_.size() && src_[b] == '\f') ++b;  // form feeds before the indentation count for nothing
  size_t e = b;
  while (e < src_.size() && (src_[e] == ' ' || src_[e] == '\t')) ++e;
  return std::string(src_.substr(b, e - b));
}

void Converter::keep_replaced_comments() {
  std::map<uint32_t, std::string> by_line;  // line start of the statement -> comment lines
  TSNode root = model_.scopes.empty() ? TSNode{} : model_.scopes[0].node;
  if (ts_node_is_null(root)) return;
  for (const auto& e : edits_.ordered()) {  // no copy of the edits
    if (e.begin >= e.end) continue;
    std::string_view removed = src_.substr(e.begin, e.end - e.begin);
    for (size_t p = removed.find('#'); p != std::string_view::npos; p = removed.find('#', p + 1)) {
      uint32_t at = e.begin + static_cast<uint32_t>(p);
      TSNode c = ts_node_descendant_for_byte_range(root, at, at + 1);
      if (ts_node_symbol(c) != k_.comment || ts_node_start_byte(c) != at) continue;  // in a string
      std::string_view text = node_text(c, src_);
      p = ts_node_end_byte(c) - e.begin - 1;
      if (e.text.find(text) != std::string::npos) continue;  // the edit keeps it
      uint32_t ls = comment_line_for(ts_node_start_byte(statement_holding(c)));
      // The grammar's comment token runs to the '\n': on a CRLF line it holds the '\r'.
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      by_line[ls] += line_indent(ls) + std::string(text) + nl_;
    }
  }
  for (const auto& [ls, text] : by_line) edits_.add({ls, ls, text, base::EditSide::kOpen, 1u << 30});
}

// Returns of a PyLayer's backward holding None for inputs of forward: left as written, with a
// TODO above them, for review (semantic::backward_none_returns says why).
void Converter::record_backward_returns() {
  for (const auto& b : types_.backward_returns()) {
    todo_at_.emplace_back(ts_node_start_byte(b.statement), uses_.size());
    ApiUse& u = uses_.emplace_back();
    u.offset = ts_node_start_byte(b.value);
    u.end = ts_node_end_byte(b.value);
    u.torch_api = "torch.autograd.Function.backward";
    u.paddle_api = "paddle.autograd.PyLayer.backward";
    u.status = UseStatus::kNeedsReview;
    u.rule = "autograd";
    u.reason = b.reason;
    use_owner_.push_back(next_owner_++);
    use_import_.push_back(-1);
  }
}

void Converter::add_todo_comments() {
  // One comment per unsupported API per statement, above the statement, with its indentation.
  // Each comment is kept with its API: the key that makes a second conversion add nothing.
  std::map<uint32_t, std::vector<std::pair<std::string, std::string>>> by_statement;
  for (const auto& [stmt_start, use_index] : todo_at_) {
    if (uses_[use_index].rule == "retracted") continue;
    auto& v = by_statement[stmt_start];
    const ApiUse& use = uses_[use_index];
    std::pair<std::string, std::string> c{(use.applied ? "review: " : "") + use.torch_api, todo_comment(use)};
    if (std::find(v.begin(), v.end(), c) == v.end()) v.push_back(std::move(c));
  }
  for (auto& [b, comments] : by_statement) {
    // The comment goes above the line, with the line's indentation (also when the statement
    // shares its line: `x = 1; y = torch.foo()`, `if a: y = torch.foo()`).
    uint32_t ls = comment_line_for(b);
    std::string indent = line_indent(ls);
    // Idempotence: a comment for the same API already in the block of comment lines right
    // above is kept once, even when its wording quoted an argument that has since been
    // converted (`approximate=torch.tensor(1)` -> `approximate=paddle.to_tensor(1)`).
    std::vector<std::string_view> above = comment_lines_above(ls);
    auto already_above = [&](const std::string& api) {
      const std::string key = indent + "# TODO(torch2paddle): " + api;
      for (std::string_view a : above) {
        if (a.size() > key.size() && a.substr(0, key.size()) == key && (a[key.size()] == ':' || a[key.size()] == ' ')) {
          return true;
        }
      }
      return false;
    };
    std::string text;
    for (const auto& [api, c] : comments) {
      if (already_above(api)) continue;
      text += indent + c + nl_;
    }
    if (!text.empty()) edits_.add({ls, ls, text, base::EditSide::kOpen, 1u << 30});
  }
}

}  // namespace t2p::rules::detail
