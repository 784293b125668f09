// base: a file's bytes plus the index that turns byte offsets into line/column positions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace t2p::base {

// 1-based line, 1-based column counted in bytes (what editors call "byte column").
struct Position {
  uint32_t line = 1;
  uint32_t column = 1;
};

// Maps byte offsets to positions. Built once per file in O(n); lookups are O(log lines).
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  Position position(uint32_t offset) const;
  // Offset of the first byte of the 1-based line `line` (clamped to the text size).
  uint32_t line_start(uint32_t line) const;
  uint32_t line_count() const { return static_cast<uint32_t>(starts_.size()); }

 private:
  std::vector<uint32_t> starts_;
  uint32_t size_;
};

// Columns in UTF-16 code units, as LSP and SARIF count by default: one per code point below
// U+10000, two above (valid UTF-8 assumed). Each query asks for the 1-based column of byte
// `offset` on the line starting at `line_start` (<= offset) and gets it in `*column`. All are
// answered in one sweep over the lines they are on, so a long line with many queries costs its
// length once, not once per query. The queries are reordered.
struct Utf16Query {
  uint32_t line_start = 0;
  uint32_t offset = 0;
  uint32_t* column = nullptr;
};
void utf16_columns(std::string_view text, std::vector<Utf16Query>* queries);

// The line a statement starting at byte `begin` sits on, for adding a statement next to it:
// its indentation, and whether the statement starts its logical line. It does not after `;`,
// after a one-line body's `:` (`if c: x = ...`) or on a line continued by `\`; a new line there
// would leave the body or be indented wrongly, so an added statement joins with `; ` instead.
struct StatementLine {
  std::string_view indent;
  bool starts_logical_line = true;
};
StatementLine statement_line(std::string_view src, uint32_t begin);

// The file's line ending, from its first line: "\r\n" or "\n".
std::string_view line_ending(std::string_view src);

}  // namespace t2p::base
