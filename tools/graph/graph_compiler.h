// tools/graph: loads knowledge_graph/, mappings/ and rules/, validates every entry, merges them into one
// record per PyTorch API, and writes the result into a RocksDB database.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace t2p::kg {

struct GraphStats {
  std::map<std::string, int> nodes_per_family;      // "torch" -> 2100
  std::map<std::string, int> mapped_per_family;     // torch APIs with a working conversion
  std::map<std::string, int> mapped_per_category;   // "renamed" -> 288
  int aliases = 0;
  int not_implemented = 0;
  int curations = 0;
  int rules = 0;
  int records = 0;
  int surface = 0;  // Paddle APIs in the surface (reference + additions)
};

// The merged graph in memory: one compiled record per PyTorch id (aliases resolved), plus the
// method-name index for the classifier. `errors` holds "file:line: reason" for bad entries.
struct CompiledGraph {
  std::map<std::string, nlohmann::json> records;        // torch id -> record
  std::map<std::string, std::string> aliases;           // alias -> canonical
  // The import roots whose code is converted: families of the records, most records first,
  // less those a `{"family":...,"convert":false}` curation excludes.
  std::vector<std::string> roots;
  // Reasons for a whole family of ids the graph has no record of (`{"prefix":"torch._C.",
  // "reason":...}` in mappings/families.jsonl): prefix -> reason, under `meta:prefix_reasons`.
  std::map<std::string, std::string> prefix_reasons;
  // Torch modules and Paddle's module of the same role (`{"module":"torch.nn.functional",
  // "paddle":"paddle.nn.functional"}` in mappings/modules.jsonl), under `meta:modules`.
  std::map<std::string, std::string> modules;
  std::map<std::string, nlohmann::json> paddle_nodes;   // paddle id -> node
  // Paddle's real API surface (knowledge_graph/paddle/ + mappings/paddle_surface.jsonl): id ->
  // node with its documented signature, types, source and derived `tensor_only` parameters.
  std::map<std::string, nlohmann::json> surface;
  std::map<std::string, std::vector<std::string>> methods;  // method name -> owner classes
  std::map<std::string, std::vector<std::string>> shared_methods;  // name -> non-torch owners
  std::map<std::string, nlohmann::json> argument_evidence;         // method -> evidence entry
  std::map<std::string, nlohmann::json> owner_sources;             // owner class -> where it comes from
  // knowledge_graph/test_inputs/: input specs of the generated per-API tests (--emit-tests),
  // in file order; written as one array under `meta:test_inputs`.
  std::vector<nlohmann::json> test_inputs;
  std::vector<std::string> errors;
  GraphStats stats;
};

// Reads and validates the three folders under `root`. Never throws on bad data: see `errors`.
CompiledGraph load_graph_sources(const std::filesystem::path& root);

// Writes `graph` into a fresh RocksDB database at `db_path` (replacing an existing one).
// Returns an empty string on success, else the error.
std::string write_graph_db(const CompiledGraph& graph, const std::filesystem::path& db_path);

}  // namespace t2p::kg
