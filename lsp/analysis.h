// lsp: a document's conversion as the server keeps it (the text converted, the engine's result,
// and for a notebook where each code cell sits in the joined text), and its rendering as LSP JSON:
// diagnostics, ranges, workspace edits.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "driver/cell_module.h"
#include "driver/source_converter.h"
#include "positions.h"

namespace t2p::lsp {

// A notebook's code cell in its analysis: where its text sits in the joined module.
struct CellView {
  std::string uri;
  std::string text;  // the cell as written (the module holds it masked)
  uint32_t base = 0;
  PositionMap map;   // over `text`; built once the cells no longer move
};

// A document's text converted: the result is about exactly this text. For a notebook, `text` is
// its code cells joined (driver/cell_module.h) and `cells` says which range is which cell.
struct Analysis {
  std::string text;
  int64_t version = 0;
  driver::SourceResult result;
  PositionMap map;  // over `text`
  driver::CellModule module;    // a notebook's cells
  std::vector<CellView> cells;  // empty for a text document
  std::shared_ptr<const kg::ConvertedRoots> roots;  // Document::roots when it was made
};

// Where a request's document sits in an analysis: the whole text, or one cell of a notebook.
struct View {
  std::string_view text;  // the document's own text
  const PositionMap* map = nullptr;
  uint32_t base = 0;      // its offset in the analysis' text
  bool holds(uint32_t offset) const { return offset >= base && offset - base <= text.size(); }
};

inline View whole(const Analysis& a) { return {a.text, &a.map, 0}; }

View cell_view(const CellView& c);

nlohmann::json range_json(const PositionMap& map, uint32_t begin, uint32_t end);

// The byte range of a finding in the view's text (to the end of its line when it has no extent).
std::pair<uint32_t, uint32_t> use_range(const View& v, const rules::ApiUse& u);

// A finding as an LSP diagnostic, its range in the view's text.
nlohmann::json diagnostic_of(const Analysis& a, const View& v, const rules::ApiUse& u);

// The diagnostics to publish: one list for a text document; for a notebook, a list per code cell
// (a file error, which carries its cell, goes to that cell), by the cells' URIs.
std::vector<std::pair<std::string, nlohmann::json>> diagnostics_of(const Analysis& a, const std::string& uri);

// The edits of the analysis' text as a WorkspaceEdit's `changes`: for a notebook, each edit in its
// cell. Null when an edit cannot go into a cell (it would touch an IPython line).
nlohmann::json workspace_changes(const Analysis& a, const std::string& uri, const std::vector<base::Edit>& edits);

}  // namespace t2p::lsp
