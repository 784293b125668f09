#include "graph/jsonl_lines.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace t2p::kg {
namespace fs = std::filesystem;

std::vector<JsonlLine> read_jsonl_file(const fs::path& file, const fs::path& root, std::vector<std::string>* errors) {
  std::vector<JsonlLine> out;
  std::ifstream in(file);
  if (!in) return out;
  const std::string rel = fs::relative(file, root).string();
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text.compare(first, 2, "//") == 0) continue;
    try {
      nlohmann::json j = nlohmann::json::parse(text);
      if (!j.is_object()) throw std::runtime_error("not a JSON object");
      out.push_back({rel + ":" + std::to_string(n), std::move(j)});
    } catch (const std::exception& ex) {
      errors->push_back(rel + ":" + std::to_string(n) + ": " + ex.what());
    }
  }
  return out;
}

std::vector<JsonlLine> read_jsonl_dir(const fs::path& dir, const fs::path& root, std::vector<std::string>* errors) {
  std::vector<JsonlLine> out;
  if (!fs::is_directory(dir)) return out;
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == ".jsonl") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::vector<JsonlLine> lines = read_jsonl_file(f, root, errors);
    out.insert(out.end(), std::make_move_iterator(lines.begin()), std::make_move_iterator(lines.end()));
  }
  return out;
}

}  // namespace t2p::kg
