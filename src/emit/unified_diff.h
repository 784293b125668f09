// emit: the unified diff (`diff -u`, `git apply`, `patch -p1` read it) of a file's converted form,
// made from the edits themselves: no text comparison, O(size of the file).
#pragma once

#include <string>
#include <string_view>
#include <cstdint>
#include <vector>

#include "base/edit.h"

namespace t2p::emit {

// One line of a hunk: kept (context), removed from `before`, or added; with its line numbers
// (1-based; 0 on the side it is not on).
struct DiffLine {
  enum Kind : uint8_t { kContext, kRemoved, kAdded } kind;
  uint32_t old_line = 0, new_line = 0;
  std::string_view text;  // with its '\n' (none on a last line without one); points into the
                          // inputs or into DiffHunk::added_text
};
struct DiffHunk {
  uint32_t old_start = 0, old_count = 0, new_start = 0, new_count = 0;  // as in `@@ -s,c +s,c @@`
  std::vector<DiffLine> lines;
  std::vector<std::string> added_text;  // owns the added lines' text
};

// The hunks from `before` to `before` with `edits` applied (apply order, no overlaps), with
// `context` unchanged lines around each change.
std::vector<DiffHunk> diff_hunks(std::string_view before, const std::vector<base::Edit>& edits, int context = 3);

// The diff from `before` to `before` with `edits` applied (apply order, no overlaps), headers
// `--- a/PATH` and `+++ b/PATH`, `context` lines around each change. Empty when nothing changes.
std::string unified_diff(std::string_view path, std::string_view before, const std::vector<base::Edit>& edits,
                         int context = 3);

}  // namespace t2p::emit
