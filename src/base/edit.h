// base: a text edit on the original bytes of a file, as plain data.
#pragma once

#include <cstdint>
#include <string>

namespace t2p::base {

// Where an insertion sits relative to other edits at the same offset. Opening insertions
// (`paddle.assign(` before a call) go outside-in; closing ones (`, y)` after it) inside-out.
enum class EditSide : uint8_t { kOpen, kReplace, kClose };

// Who asked for an edit: a number of the converter's (one per reference it handles, the key of
// that use's fix, rules::Fix), or one of these file-level kinds, applied with every set of fixes.
inline constexpr uint32_t kFileEdit = UINT32_MAX;      // import lines, comments kept from replaced code
inline constexpr uint32_t kNoteEdit = UINT32_MAX - 1;  // `# TODO(torch2paddle)` lines above statements

// Replace bytes [begin, end) of the original text with `text`. begin == end is an insertion.
// `depth` is the syntactic depth of the construct that asked for the edit; it orders
// insertions that share an offset so nested rewrites compose.
struct Edit {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string text;
  EditSide side = EditSide::kReplace;
  uint32_t depth = 0;
  uint32_t owner = kFileEdit;  // set by rewrite::EditSet from its current owner
};

}  // namespace t2p::base
