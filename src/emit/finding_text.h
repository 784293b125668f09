// emit: how a finding reads to a person and to tools: its level and its compiler-style line.
#pragma once

#include <string>
#include <string_view>

#include "base/diagnostic.h"
#include "rules/api_use.h"

namespace t2p::emit {

// The level of a finding, as compilers and SARIF name them:
//   kNote     a PyTorch use the tool converts (a safe fix),
//   kWarning  a use to review: converted with a review note, or a method left on an object of
//             unknown kind,
//   kError    a PyTorch use the tool cannot convert.
// Ordered: `check --fail-on LEVEL` fails on findings at LEVEL or above.
enum class Level : uint8_t { kNote, kWarning, kError };
Level level_of(const rules::ApiUse& use);
const char* level_name(Level level);  // "note", "warning", "error"
// "note", "warning", "error" (or "convertible", "review", "unsupported"); false when unknown.
bool parse_level(std::string_view text, Level* level);

// `path:line:col: level: message [rule-id]`, as compilers print, without a newline; in a notebook
// `path:cell N:line:col: ...`, the line and column in cell N.
std::string compiler_line(std::string_view path, const rules::ApiUse& use);
// A file that could not be converted: `path:line:col: error: message [code]`, or `path: error: ...`
// when the problem concerns the whole file (no line).
std::string compiler_line(std::string_view path, const base::Diagnostic& error);

}  // namespace t2p::emit
