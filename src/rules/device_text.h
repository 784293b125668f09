// rules: PyTorch device strings in Paddle's spelling.
#pragma once

#include <string>
#include <string_view>

#include "rules/target_spellings.h"

namespace t2p::rules {

// A string literal naming a CUDA device, in Paddle's spelling with the same prefix and quotes:
// `'cuda'` -> `'gpu'`, `"cuda:1"` -> `"gpu:1"`, `f"cuda:{rank}"` -> `f"gpu:{rank}"` (Paddle's
// place parser knows `gpu`, not `cuda`). Empty for anything else: other devices (`'cpu'`),
// bytes, triple-quoted or escaped strings, an f-string not starting with the device type,
// non-literals.
inline std::string paddle_device_literal(std::string_view text) {
  size_t q = 0;
  bool format = false;
  for (; q < text.size() && q < 2; ++q) {
    char c = text[q];
    if (c == 'f' || c == 'F') format = true;
    else if (c != 'r' && c != 'R') break;
  }
  if (q >= text.size() || (text[q] != '\'' && text[q] != '"')) return {};
  const char quote = text[q];
  if (text.size() < q + 6 || text.back() != quote || text[q + 1] == quote) return {};
  std::string_view inner = text.substr(q + 1, text.size() - q - 2);
  if (inner.find_first_of("\\'\"") != std::string_view::npos || inner.substr(0, 4) != "cuda") return {};
  std::string_view rest = inner.substr(4);
  if (!rest.empty()) {
    if (rest.front() != ':' || rest.size() < 2) return {};
    // A plain literal: an index. An f-string: an index or a replacement field (`{rank}`).
    for (char c : rest.substr(1)) {
      if (!format && (c < '0' || c > '9')) return {};
    }
  }
  return std::string(text.substr(0, q + 1)) + target().cuda_device_type + std::string(rest) + quote;
}

}  // namespace t2p::rules
