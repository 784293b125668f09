// driver: converts one source text end to end: cheap checks, parse, convert, verify.
// This is the engine's "convert one source string" entry point (CLI, LSP, Python, fuzzer).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/edit.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"
#include "emit/run_report.h"
#include "rules/api_use.h"

namespace t2p::driver {

using emit::FileStatus;

struct SourceResult {
  FileStatus status = FileStatus::kUnchanged;
  std::string output;                    // what to write (== input unless converted)
  std::vector<rules::ApiUse> uses;       // with line and column filled in
  std::optional<base::Diagnostic> error; // for kFailed
  uint32_t lines = 0;
  bool parsed = false;                   // false when skipped by the byte scan
  std::string min_paddle;                // kConverted: the Paddle version the output needs (emit::min_paddle_of)
  // kConverted: every edit applied to make `output`, in apply order, and the fixes (indices into
  // `edits`) that ApiUse::fix names. Empty otherwise: a failed file offers no fix.
  std::vector<base::Edit> edits;
  std::vector<rules::Fix> fixes;
};

// Fills each use's line, column, end and UTF-16 columns from its byte offsets in `source`.
void place_uses(std::string_view source, std::vector<rules::ApiUse>* uses);

// Converts `source`. Bytes that mention none of the graph's converted roots
// (KnowledgeGraph::converted_roots: `torch`, `transformers`, ...) are returned unparsed. Never throws for bad input: invalid UTF-8, NUL bytes (binary), syntax
// errors and outputs that would not parse all give kFailed with a diagnostic, and the input is
// returned unchanged in `output`.
SourceResult convert_source(std::string_view source, const kg::KnowledgeGraph& graph,
                            const rules::ConvertOptions& options, parse::PythonParser& parser);

}  // namespace t2p::driver
