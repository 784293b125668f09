// driver: conformance check for development: converts the PyTorch side of every conversion
// example in PaddlePaddle's mapping docs and compares the result with the docs' Paddle side.
#pragma once

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "kg/doc_markdown.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"
#include "rules/api_use.h"

namespace t2p::driver {

enum class ExampleOutcome : uint8_t {
  kPass,          // converted code equals the Paddle side, modulo formatting
  kDiffers,       // converted, but the tokens differ from the Paddle side
  kNotConverted,  // a PyTorch use was left as written (unsupported, needs review, `torch` still
                  // referenced, or nothing changed at all)
  kParseError,    // the doc's PyTorch or Paddle code does not parse
  kEngineError,   // convert_source failed on code that parses (internal error)
};
const char* to_string(ExampleOutcome o);

// One comparable token: its text and the 1-based line it starts on.
struct ConformanceToken {
  std::string text;
  uint32_t line = 0;
};

// The tokens of a Python snippet, for a comparison modulo formatting: tree-sitter leaves in order,
// without comments and without `import` / `from ... import` statements; a string is one token
// with its quotes normalised to `"` (`'a'` == `"a"`, `r'x'` == `r"x"`); a comma right before a
// closing bracket is dropped (except in a one-element tuple); blocks give `<indent>` / `<dedent>`
// tokens so that nesting still counts. False when the snippet does not parse.
//   "y = f(a, 'b',)  # c\n" -> y = f ( a , "b" )
bool comparable_tokens(std::string_view source, parse::PythonParser& parser,
                       std::vector<ConformanceToken>* tokens);

// The lines to prepend to a doc's PyTorch snippet so that it is a PyTorch file: `import torch`
// unless `torch` is bound by an import, `import torch.nn as nn` / `import torch.nn.functional as F`
// when the snippet uses `nn.` / `F.` without binding them, and `import X` for the other families
// (`torchvision`, `transformers`, `fairscale`, `flash_attn`) and for the root module of the doc's
// API (`setuptools` for `setuptools.setup`) when used unbound. Empty when nothing is missing.
//   ("m = nn.Linear(2, 3)\n", "torch.nn.Linear") -> "import torch\nimport torch.nn as nn\n"
std::string torch_preamble(std::string_view torch_code, std::string_view api_id = {});

struct ExampleResult {
  std::string doc;       // path relative to the docs root, '/'-separated
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
};

// Every example of one doc's text (`doc` names it in the results).
std::vector<ExampleResult> check_doc(std::string_view text, const std::string& doc,
                                     const kg::KnowledgeGraph& graph,
                                     const rules::ConvertOptions& options, parse::PythonParser& parser);

// Every `.md` file under `docs_root` (recursively), in path order.
ConformanceReport run_conformance(const std::filesystem::path& docs_root, const kg::KnowledgeGraph& graph,
                                  const rules::ConvertOptions& options);

// Totals, pass rate overall and per category, then the first `show` failures.
void print_conformance(std::ostream& out, const ConformanceReport& report, size_t show);

// All results as JSON (summary, per category, and one object per example).
std::string conformance_json(const ConformanceReport& report);

// `torch2paddle kg conformance DIR [--show N] [--json PATH]`: runs, prints to `out`, writes the
// JSON when `json_path` is not empty. Returns the exit code: 0, or 1 when nothing was read or the
// JSON could not be written (a low pass rate is not an error: this is a development report).
int conformance_command(const std::filesystem::path& docs_root, const kg::KnowledgeGraph& graph,
                        size_t show, const std::string& json_path, std::ostream& out);

}  // namespace t2p::driver
