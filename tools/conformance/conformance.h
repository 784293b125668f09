// tools/conformance: conformance check for development: converts the PyTorch side of every conversion
// example in PaddlePaddle's mapping docs and compares the result with the docs' Paddle side.
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "graph/doc_markdown.h"
#include "kg/knowledge_graph.h"
#include "conformance/review_lists.h"
#include "conformance/snippet_compare.h"
#include "parse/syntax_tree.h"
#include "rules/api_use.h"

namespace t2p::driver {

enum class ExampleOutcome : uint8_t {
  kPass,          // converted code means the same as the Paddle side (see semantic_tokens)
  kDiffers,       // converted, but the meaning differs from the Paddle side
  kNotConverted,  // a PyTorch use was left as written (unsupported, needs review, `torch` still
                  // referenced, or nothing changed at all)
  kParseError,    // the doc's PyTorch or Paddle code does not parse
  kEngineError,   // convert_source failed on code that parses (internal error)
};
const char* to_string(ExampleOutcome o);

// The lines to prepend to a doc's PyTorch snippet so that it is a PyTorch file: `import torch`
// unless `torch` is bound by an import, `import torch.nn as nn` / `import torch.nn.functional as F`
// when the snippet uses `nn.` / `F.` without binding them, and `import X` for the other families
// (`torchvision`, `transformers`, `fairscale`, `flash_attn`) and for the root module of the doc's
// API (`setuptools` for `setuptools.setup`) when used unbound. Empty when nothing is missing.
//   ("m = nn.Linear(2, 3)\n", "torch.nn.Linear") -> "import torch\nimport torch.nn as nn\n"
std::string torch_preamble(std::string_view torch_code, std::string_view api_id = {});

struct ExampleResult {
  std::string doc;       // path relative to the docs root, '/'-separated
  uint32_t pair = 0;     // 0-based index of the example among its doc's pairs
  std::string category;  // the doc title's category code (`torch_more_args`), or "unknown"
  std::string torch_id;  // the doc title's API
  std::string heading;   // the example's heading
  uint32_t line = 0;     // doc line of the PyTorch marker
  std::string torch_code, expected, got;  // got: converted code (preamble included)
  ExampleOutcome outcome = ExampleOutcome::kPass;
  std::string parse_side;                 // kParseError: "torch" or "paddle"
  std::string expected_line, got_line;    // first differing lines (empty at end of input)
  std::vector<std::string> left;          // kNotConverted: "api: reason" of the uses left
  std::string error;                      // kEngineError / kParseError: the diagnostic
  // Listed in the known docs errors (the docs' pair itself is wrong): reported apart and left out
  // of the pass rate's denominator. A listed pair that passes is not excluded (stale entry).
  bool docs_error = false;
  std::string docs_error_reason;
  // Listed in the reviewed equivalents: differs from the docs' text, reviewed as computing the same
  // (only while `got` is exactly the reviewed code). Counted apart from pass and differs.
  bool reviewed_equivalent = false;
  std::string equivalent_reason;
};

// Converts one example of the doc of `api_id` and compares it; `doc`, `category` and `torch_id`
// are left empty.
ExampleResult check_example(const kg::DocExample& example, std::string_view api_id, const kg::KnowledgeGraph& graph,
                            const rules::ConvertOptions& options, parse::PythonParser& parser);

struct ConformanceReport {
  std::vector<ExampleResult> results;  // sorted by doc, then line
  uint32_t docs_read = 0;
  uint32_t docs_with_examples = 0;
  std::vector<std::string> problems;   // unreadable files
  std::string known_errors_file;       // the known docs errors file applied, or empty
  std::vector<std::string> stale_known_errors;  // entries naming no pair, or a pair that passes
  std::string equivalents_file;                 // the reviewed equivalents file applied, or empty
  std::vector<std::string> stale_equivalents;   // entries that no longer apply, and why
};

// Every example of one doc's text (`doc` names it in the results).
std::vector<ExampleResult> check_doc(std::string_view text, const std::string& doc,
                                     const kg::KnowledgeGraph& graph,
                                     const rules::ConvertOptions& options, parse::PythonParser& parser);

// Every `.md` file under `docs_root` (recursively), in path order.
ConformanceReport run_conformance(const std::filesystem::path& docs_root, const kg::KnowledgeGraph& graph,
                                  const rules::ConvertOptions& options);

// Totals, pass rates (all pairs, and without the known docs errors; pass alone and with the
// reviewed equivalents) overall and per category, then the failures grouped by outcome, the first
// `show` of each group.
void print_conformance(std::ostream& out, const ConformanceReport& report, size_t show);

// All results as JSON (summary, per category, and one object per example).
std::string conformance_json(const ConformanceReport& report);

// Where the known docs errors are looked for when no `--known-errors` is given, relative to the
// current directory (the repository root).
inline constexpr const char* kDefaultKnownErrorsPath = "tests/conformance/known_doc_errors.jsonl";
inline constexpr const char* kDefaultEquivalentsPath = "tests/conformance/reviewed_equivalents.jsonl";

// `torch2paddle kg conformance DIR [--show N] [--json PATH] [--known-errors PATH]
// [--equivalents PATH]`: runs, applies the known docs errors (`known_errors_path`, or
// kDefaultKnownErrorsPath when empty and that file exists; "none" applies nothing) and the
// reviewed equivalents (likewise with kDefaultEquivalentsPath), prints to `out`, writes the JSON
// when `json_path` is not empty. Returns the exit code: 0, or 1 when nothing was read, a review
// list is unreadable or malformed, or the JSON could not be written (a low pass rate is not an
// error: this is a development report).
int conformance_command(const std::filesystem::path& docs_root, const kg::KnowledgeGraph& graph,
                        size_t show, const std::string& json_path, std::ostream& out,
                        const std::string& known_errors_path = {}, const std::string& equivalents_path = {});

}  // namespace t2p::driver
