// driver: a Jupyter notebook's JSON text read for conversion: where each cell's `source` strings
// sit in the file's bytes, their decoded text, and how to write new text in the file's own
// string style. The file is edited by bytes, never re-serialised (docs/notebooks.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"

namespace t2p::driver {

struct NotebookCell {
  uint32_t number = 0;     // 1-based position among all the notebook's cells
  std::string type;        // "code", "markdown", "raw"
  bool list = false;       // `source` is a list of strings (else a single string)
  std::string text;        // the decoded source: the strings joined
  // For each byte of `text` and one past its end: the offset in the file of the JSON text that
  // writes it (the start of its escape). A byte that begins a list element maps to just after
  // that element's opening quote; `text.size()` maps to the closing quote of the last string.
  // Empty when `source` is an empty list (nothing to edit there).
  std::vector<uint32_t> raw_at;
  // What separates two list elements in the file (`,\n    ` as nbformat writes), for new lines.
  std::string separator;
};

struct NotebookLayout {
  std::vector<NotebookCell> cells;
  bool ascii = false;      // the file writes non-ASCII as \u escapes (Python's ensure_ascii)
  bool python = true;      // the kernel's language is Python (or not stated)
};

// Reads `text` as an nbformat 4 notebook. Nothing, with `*error` set to a reason for a person,
// when it is not valid JSON, not nbformat 4, or a cell has a shape nbformat does not allow.
std::optional<NotebookLayout> read_notebook_layout(std::string_view text, std::string* error);

// `text` written as the inside of a JSON string in the file's style: `"`, `\` and control
// characters escaped as Python's json module does, non-ASCII as \u escapes when `ascii`.
std::string json_string_body(std::string_view text, bool ascii);

// The file bytes that write `text` in place of a cell's decoded bytes [begin, end): the escaped
// text, and for a list-shaped source a new element after each line end (`\n",<separator>"`),
// except after a last line end that ends the cell. Offsets are in the cell's `text`.
std::string notebook_replacement(const NotebookCell& cell, uint32_t begin, uint32_t end, std::string_view text,
                                 bool ascii);

// The edit of the file's bytes that puts `text` in place of the cell's decoded bytes [begin, end)
// (`cell.raw_at` must not be empty). Removing whole last lines of a list-shaped source removes
// their elements (rather than leaving an empty last string), as nbformat would write the result,
// when that reaches no further back than `floor` (the end of the edit before it in the file).
base::Edit notebook_edit(const NotebookCell& cell, uint32_t begin, uint32_t end, std::string_view text, bool ascii,
                         uint32_t floor);

}  // namespace t2p::driver
