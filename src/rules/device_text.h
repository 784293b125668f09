// rules: PyTorch device strings in Paddle's spelling.
#pragma once

#include <string>
#include <string_view>

namespace t2p::rules {

// A plain string literal naming a CUDA device in Paddle's spelling, same quotes: `'cuda'` ->
// `'gpu'`, `"cuda:1"` -> `"gpu:1"` (Paddle's place parser knows `gpu`, not `cuda`). Empty for
// anything else: other devices (`'cpu'`), prefixed or escaped strings, non-literals.
inline std::string paddle_device_literal(std::string_view text) {
  if (text.size() < 6 || (text.front() != '\'' && text.front() != '"') || text.back() != text.front()) return {};
  std::string_view inner = text.substr(1, text.size() - 2);
  if (inner.find_first_of("\\'\"") != std::string_view::npos || inner.substr(0, 4) != "cuda") return {};
  std::string_view rest = inner.substr(4);
  if (!rest.empty()) {
    if (rest.front() != ':' || rest.size() < 2) return {};
    for (char c : rest.substr(1)) {
      if (c < '0' || c > '9') return {};
    }
  }
  return std::string(1, text.front()) + "gpu" + std::string(rest) + text.front();
}

}  // namespace t2p::rules
