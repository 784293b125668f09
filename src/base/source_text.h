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

}  // namespace t2p::base
