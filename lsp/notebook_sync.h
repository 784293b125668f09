// lsp: the notebook documents of LSP 3.17 (`notebookDocument/didOpen`, `didChange`, `didClose`):
// a notebook's cells in order, and the text of each Python cell, kept as the client edits them.
// The server converts a notebook as `convert` does a `.ipynb` file: its code cells joined in
// order (driver/cell_module.h), so a cell knows the imports of the cells above it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace t2p::lsp {

struct NotebookCellRef {
  std::string uri;  // the cell's text document
  bool code = false;
};

struct NotebookState {
  std::vector<NotebookCellRef> cells;        // every cell, in notebook order
  std::map<std::string, std::string> texts;  // the text of each synchronised cell, by URI

  // The Python cells in order: the code cells whose text the client synchronises.
  std::vector<const NotebookCellRef*> code_cells() const;
};

// Applies an LSP `contentChanges` array (whole texts, or ranges in UTF-16 positions) to `text`.
void apply_content_changes(std::string* text, const nlohmann::json& changes);

// The notebook of `notebookDocument/didOpen` params. Throws on params without the required fields.
NotebookState open_notebook(const nlohmann::json& params);

// Applies `notebookDocument/didChange` params: cells inserted, removed or changed in kind, cell
// documents opened and closed, cell texts edited (full or by range). Returns the URIs of the
// cell documents that went away, whose diagnostics the client should drop.
std::vector<std::string> change_notebook(NotebookState* notebook, const nlohmann::json& params);

}  // namespace t2p::lsp
