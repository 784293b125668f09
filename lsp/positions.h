// lsp: LSP positions (0-based line, UTF-16 code units) <-> byte offsets into a UTF-8 text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace t2p::lsp {

struct Position {
  uint32_t line = 0;
  uint32_t character = 0;  // UTF-16 code units
};

// A text with its line starts. Lines end at "\n", "\r\n" or "\r" (as LSP counts them). Bytes that
// are not valid UTF-8 count one UTF-16 unit each.
class PositionMap {
 public:
  PositionMap() = default;
  explicit PositionMap(std::string_view text);
  // The byte offset of `p`; a character past the line's end clamps to the end (before its line
  // break), a line past the last to the end of the text; a position inside a surrogate pair to the
  // character's start.
  uint32_t offset(Position p) const;
  Position position(uint32_t offset) const;

 private:
  std::string_view text_;
  std::vector<uint32_t> starts_;
};

// The text with the bytes [begin, end) replaced by `text`.
void replace_range(std::string* text, uint32_t begin, uint32_t end, std::string_view replacement);

}  // namespace t2p::lsp
