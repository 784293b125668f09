// driver: converts a Jupyter notebook (`.ipynb`, nbformat 4) with the same engine as a Python
// file. The code cells, IPython lines masked, are joined into one module in cell order (what a
// cell imports or defines is known to the cells after it, as Jupyter runs them), converted once,
// and each edit is written back into the JSON string of the cell it falls in. Only the bytes of
// the changed source strings differ in the output (docs/notebooks.md).
#pragma once

#include <string_view>

#include "driver/source_converter.h"

namespace t2p::driver {

// Converts the notebook text `text`. Findings carry their cell (ApiUse::cell) and their line and
// column in it; offsets and edits are on the file's bytes, so fixes and diffs apply to the file.
// A file that is not valid JSON or not nbformat 4, or whose code does not parse, is kFailed with
// the reason and returned unchanged; `!pip install torch` lines are pointed at Paddle as
// requirements files are (rule `deps:notebook`).
SourceResult convert_notebook(std::string_view text, const kg::KnowledgeGraph& graph,
                              const rules::ConvertOptions& options, parse::PythonParser& parser);

}  // namespace t2p::driver
