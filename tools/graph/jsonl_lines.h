// tools/graph: reads the JSON Lines files of knowledge_graph/, mappings/ and rules/, each line kept
// with the place it came from, so every validation error can name file and line.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace t2p::kg {

struct JsonlLine {
  std::string where;  // "file:line", the file relative to the root
  nlohmann::json value;
};

// One JSON object per line of `file`; `//` comment lines and blank lines skipped; a malformed
// line becomes an error naming file and line. A missing file reads as empty.
std::vector<JsonlLine> read_jsonl_file(const std::filesystem::path& file, const std::filesystem::path& root,
                                       std::vector<std::string>* errors);

// The lines of every *.jsonl file below `dir`, files in sorted order; empty when there is no `dir`.
std::vector<JsonlLine> read_jsonl_dir(const std::filesystem::path& dir, const std::filesystem::path& root,
                                      std::vector<std::string>* errors);

}  // namespace t2p::kg
