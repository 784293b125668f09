// base: a problem found in user input or in the tool's own work, tied to a file position.
#pragma once

#include <cstdint>
#include <string>

namespace t2p::base {

enum class Severity : uint8_t { kInfo, kWarning, kError };

struct Diagnostic {
  Severity severity = Severity::kError;
  uint32_t line = 0;    // 1-based; 0 when the problem concerns the whole file
  uint32_t column = 0;  // 1-based byte column
  std::string code;     // stable machine-readable id, e.g. "syntax-error", "read-error"
  std::string message;  // one line for a person
  uint32_t cell = 0;    // in a notebook: the 1-based cell that `line` and `column` are in; 0 otherwise
};

}  // namespace t2p::base
