// driver: the code cells of a notebook as one Python module, the way "Run all" runs them: each
// cell with its IPython lines masked (same length, driver/ipython_lines.h), then a line end of its
// own, so that no edit can touch two cells. Offsets of the module map back to a cell and an offset
// in its text. Shared by the notebook file converter and the language server's notebooks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/edit.h"
#include "driver/ipython_lines.h"
#include "parse/syntax_tree.h"

namespace t2p::driver {

struct CellModule {
  std::string text;                // the joined, masked module
  std::vector<uint32_t> starts;    // where each cell starts in `text`
  std::vector<uint32_t> sizes;     // each cell's length (without the line end that follows it)
  std::vector<MaskedCell> masked;  // each cell masked

  // The cell holding module offset `offset` (the line end after a cell belongs to it).
  size_t cell_at(uint32_t offset) const;

  // Module edit `e` in the coordinates of its cell: `*cell` and the edit in that cell's text. A
  // cell's last line taken with its line end (an import line replaced or removed) takes the
  // separator when the cell has none: that line end is not the cell's, so neither is the text's.
  // "" or why the edit cannot go into the cell (it falls in an IPython line, before a cell
  // magic, or spans two cells).
  std::string to_cell(const base::Edit& e, size_t* cell, base::Edit* in_cell) const;
};

CellModule join_cells(const std::vector<std::string_view>& cells);

// Jupyter runs each cell alone: the first cell that does not parse on its own (index in
// `cells`) and its error, line and column in the cell; nothing when every cell parses.
std::optional<std::pair<size_t, base::Diagnostic>> first_cell_error(const CellModule& module,
                                                                   parse::PythonParser& parser);

}  // namespace t2p::driver
