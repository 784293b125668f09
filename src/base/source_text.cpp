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

}  // namespace t2p::base
