#include "base/source_text.h"

#include <algorithm>
#include <cstring>

namespace t2p::base {

LineIndex::LineIndex(std::string_view text) : size_(static_cast<uint32_t>(text.size())) {
  starts_.reserve(text.size() / 32 + 1);
  starts_.push_back(0);
  if (text.empty()) return;  // (memchr must not see a null pointer)
  const char* begin = text.data();
  const char* end = begin + text.size();
  for (const char* p = begin; (p = static_cast<const char*>(std::memchr(p, '\n', end - p))) != nullptr;) {
    ++p;
    starts_.push_back(static_cast<uint32_t>(p - begin));
  }
}

Position LineIndex::position(uint32_t offset) const {
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - starts_.begin());
  return Position{line, offset - starts_[line - 1] + 1};
}

uint32_t LineIndex::line_start(uint32_t line) const {
  if (line == 0) return 0;
  if (line > starts_.size()) return size_;
  return starts_[line - 1];
}

StatementLine statement_line(std::string_view src, uint32_t begin) {
  uint32_t ls = begin;
  while (ls > 0 && src[ls - 1] != '\n') --ls;
  StatementLine out;
  out.indent = src.substr(ls, begin - ls);
  uint32_t prev = ls;
  if (prev > 0 && src[prev - 1] == '\n') --prev;
  if (prev > 0 && src[prev - 1] == '\r') --prev;
  const bool continued = prev > 0 && prev < ls && src[prev - 1] == '\\';
  out.starts_logical_line = !continued && out.indent.find_first_not_of(" \t\f") == std::string_view::npos;
  return out;
}

std::string_view line_ending(std::string_view src) {
  size_t lf = src.find('\n');
  return lf != std::string_view::npos && lf > 0 && src[lf - 1] == '\r' ? "\r\n" : "\n";
}

void utf16_columns(std::string_view text, std::vector<Utf16Query>* queries) {
  std::sort(queries->begin(), queries->end(), [](const Utf16Query& a, const Utf16Query& b) { return a.offset < b.offset; });
  uint32_t line = UINT32_MAX, at = 0, units = 0;
  for (const Utf16Query& q : *queries) {
    if (q.line_start != line) {  // queries of one line are consecutive: offsets are sorted
      line = q.line_start;
      at = q.line_start;
      units = 0;
    }
    for (; at < q.offset && at < text.size(); ++at) {
      const auto c = static_cast<unsigned char>(text[at]);
      if ((c & 0xC0) == 0x80) continue;  // a continuation byte: counted with its lead byte
      units += c >= 0xF0 ? 2 : 1;       // four-byte sequences are surrogate pairs in UTF-16
    }
    *q.column = units + 1;
  }
}

}  // namespace t2p::base
