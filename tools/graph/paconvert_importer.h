// tools/graph, PaConvert importer: turns PaConvert's JSON mapping tables into knowledge_graph/paconvert/
// JSON Lines (a second source of facts, each line with its provenance), and lists where they
// disagree with the facts imported from PaddlePaddle's mapping docs.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace t2p::kg {

struct PaconvertImportReport {
  std::string source;          // provenance written on every line ("paconvert-v3.1.0")
  int entries = 0;             // api_mapping.json entries read
  int attributes = 0;          // attribute_mapping.json entries read
  int plain = 0;               // entries a plain argument map expresses (GenericMatcher-like)
  int needs_template = 0;      // entries whose Matcher is PaConvert's own code
  int not_converted = 0;       // entries PaConvert lists without a conversion
  int in_reference = 0;        // plain entries whose Paddle API the API reference documents
  int aliases = 0;             // alias lines written
  int wildcards = 0;           // prefix rules written
  int only_paconvert = 0;      // entries the docs neither map, alias nor list as missing
  std::map<std::string, int> disagreements;  // kind -> count
  std::vector<std::string> problems;         // "file: reason"
};

// Reads api_mapping.json, api_alias_mapping.json, api_wildcard_mapping.json and
// attribute_mapping.json from `paconvert_dir` and writes under `out_dir` (normally
// knowledge_graph/paconvert/):
//   edges.jsonl          one line per API (`torch`, `source`, `table`, `matcher`, `kind`, `paddle`,
//                        `params` (PaConvert's `args_list`, optional ones as `name=...`: their
//                        default is not in the tables), `args` in our action vocabulary, `plain`
//                        (an argument map says it all) or `needs` (`template`: PaConvert's own
//                        code does the rewrite; `nothing`: PaConvert has no conversion), and, when
//                        `paddle_reference` is given, `in_reference` + `paddle_params` taken from
//                        the Paddle API reference's signature)
//   aliases.jsonl        `{"alias","canonical","source"}`
//   wildcards.jsonl      `{"prefix","matcher","needs","source"}`
//   disagreements.jsonl  every API where these facts and the docs' (read from `kg_dir`/edges)
//                        disagree: `torch`, `kind`, `arg` (for argument kinds), `docs`, `paconvert`
// Only names, signatures, renames and short reason codes are written, never code. Deterministic:
// lines sorted by key, keys in a fixed order. Never throws; I/O failures become problems.
PaconvertImportReport import_paconvert(const std::filesystem::path& paconvert_dir, const std::filesystem::path& kg_dir,
                                       const std::filesystem::path& paddle_reference,
                                       const std::filesystem::path& out_dir);

// The Paddle API reference (`.. py:function:: paddle.x(params)`, `.. py:class::`, and the method
// headings `name(params)` of a class page such as Tensor_cn.rst), read recursively: Paddle id ->
// parameter tokens (without `name=None`). An API documented without parentheses maps to an empty
// list. Exposed for tests.
std::map<std::string, std::vector<std::string>> read_paddle_reference(const std::filesystem::path& dir);

}  // namespace t2p::kg
