#include "positions.h"

#include <algorithm>

namespace t2p::lsp {

namespace {

// Length in bytes of the UTF-8 sequence at `s[i]`, and its UTF-16 length; 1 and 1 when invalid.
void decode(std::string_view s, size_t i, uint32_t* bytes, uint32_t* units) {
  const auto c = static_cast<unsigned char>(s[i]);
  uint32_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) {
    *bytes = 1;
    *units = 1;
    return;
  }
  for (uint32_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) {
      *bytes = 1;
      *units = 1;
      return;
    }
  }
  *bytes = n;
  *units = n == 4 ? 2 : 1;
}

}  // namespace

PositionMap::PositionMap(std::string_view text) : text_(text) {
  starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      starts_.push_back(static_cast<uint32_t>(i + 1));
    } else if (text[i] == '\r') {
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
      starts_.push_back(static_cast<uint32_t>(i + 1));
    }
  }
}

uint32_t PositionMap::offset(Position p) const {
  if (p.line >= starts_.size()) return static_cast<uint32_t>(text_.size());
  size_t i = starts_[p.line];
  size_t end = p.line + 1 < starts_.size() ? starts_[p.line + 1] : text_.size();
  while (end > i && (text_[end - 1] == '\n' || text_[end - 1] == '\r')) --end;
  uint32_t units = 0;
  while (i < end && units < p.character) {
    uint32_t b, u;
    decode(text_, i, &b, &u);
    if (units + u > p.character) break;
    units += u;
    i += b;
  }
  return static_cast<uint32_t>(i);
}

Position PositionMap::position(uint32_t offset) const {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  const auto line = static_cast<uint32_t>(it - starts_.begin() - 1);
  uint32_t units = 0;
  for (size_t i = starts_[line]; i < offset;) {
    uint32_t b, u;
    decode(text_, i, &b, &u);
    if (i + b > offset) break;  // offset inside a sequence: the character's start
    units += u;
    i += b;
  }
  return {line, units};
}

void replace_range(std::string* text, uint32_t begin, uint32_t end, std::string_view replacement) {
  begin = std::min<uint32_t>(begin, static_cast<uint32_t>(text->size()));
  end = std::clamp<uint32_t>(end, begin, static_cast<uint32_t>(text->size()));
  text->replace(begin, end - begin, replacement);
}

}  // namespace t2p::lsp
