// kg: read-only access to the compiled knowledge graph (RocksDB), with a thread-safe cache.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "kg/api_record.h"
#include "kg/converted_roots.h"
#include "kg/id_table.h"

namespace rocksdb {
class DB;
}

namespace t2p::kg {

// Argument evidence for a method name other objects have too (knowledge_graph/classifier/):
// a positional argument of one of these kinds, or one of these keywords, says "torch object".
struct ArgumentEvidence {
  std::vector<std::string> positional_kinds;  // ValueKind names: "device", "dtype"
  std::vector<std::string> keywords;
  // Positional argument kinds that show the object is not torch's (`s.split(",")`: a str).
  std::vector<std::string> positional_kinds_against;
  // This many positional arguments or more, none of a known kind other than int, say "torch
  // object" too: `x.view(B, T, C)` (numpy's view takes two at most). 0: no such evidence.
  int min_positional = 0;
  // PyTorch's method takes at least this many arguments: a call passing fewer (and no splat) is
  // another object's (`line.split()`: Tensor.split needs split_size). 0: no such evidence.
  int min_arguments = 0;
};

// Where objects of a non-torch owner class come from (knowledge_graph/classifier/owner_sources):
// the import roots whose APIs make them and the methods that return them (`t.numpy()`).
struct OwnerSources {
  std::vector<std::string> import_roots;
  std::vector<std::string> producer_methods;
};

class KnowledgeGraph {
 public:
  // Opens the database read-only. On failure returns null and sets *error.
  static std::unique_ptr<KnowledgeGraph> open(const std::filesystem::path& db_path,
                                              std::string* error);
  ~KnowledgeGraph();

  // The record for a PyTorch id, following `alias_of` edges; null when the id is unknown.
  // Records live as long as the graph. Safe to call from many threads.
  const ApiRecord* find(std::string_view torch_id) const;
  // find(owner + "." + member) without building the string (`torch.Tensor`, `view`).
  const ApiRecord* find_member(std::string_view owner, std::string_view member) const;
  // The canonical id of an alias, or the id itself (a view of `torch_id` then: keep the
  // argument alive while using the result).
  std::string_view canonical(std::string_view torch_id) const;
  // Owner classes having a method or attribute of this name (`view` -> ["torch.Tensor"]).
  const std::vector<std::string>& method_owners(std::string_view name) const;
  // Whether non-torch objects (builtins, numpy, pandas) commonly have a method of this name, so
  // that `obj.name(...)` on an object of unknown kind needs positive evidence to be converted.
  bool is_shared_method_name(std::string_view name) const;
  // The non-torch owners of a shared method name (empty when the name is not shared).
  const std::vector<std::string>& shared_method_owners(std::string_view name) const;
  // Where objects of a shared name's owner come from; null for owners present in any file
  // (builtins, io, user objects).
  const OwnerSources* owner_sources(std::string_view owner) const;
  // The argument evidence for `method` (empty lists when there is none).
  const ArgumentEvidence& argument_evidence(std::string_view method) const;
  // The Paddle node JSON text for a Paddle id, or empty.
  std::string paddle_node(std::string_view paddle_id) const;
  // The import roots whose code is converted: the families of the PyTorch-side records, less
  // those a curation declares unconverted (`os`), most records first (key `meta:roots`).
  const ConvertedRoots& converted_roots() const { return roots_; }
  // Why ids the graph has no record of cannot be converted, by family: the reason of the
  // longest `{"prefix":...}` entry of mappings/families.jsonl that starts `torch_id`
  // (`torch._C._add_docstr` -> the one of `torch._C.`); null when none does.
  const std::string* prefix_reason(std::string_view torch_id) const;
  // Paddle's module of the same role as the torch module (mappings/modules.jsonl:
  // `torch.nn.functional` -> `paddle.nn.functional`); null when none is listed.
  const std::string* paddle_module(std::string_view torch_module) const;
  // Raw value of a key (for `kg stats` and `kg query`).
  std::string raw(std::string_view key) const;
  // Calls `fn(key, value)` for every key with the prefix, in key order.
  template <typename Fn>
  void scan(std::string_view prefix, Fn fn) const;

 private:
  explicit KnowledgeGraph(rocksdb::DB* db);
  bool get(std::string_view key, std::string* value) const;
  // The JSON array of strings stored under `key` (empty when absent).
  std::vector<std::string> string_list(const std::string& key) const;
  // The record in slot `index` of ids_ (the record of canonical id `id`), loaded on first use.
  const ApiRecord* record_at(int32_t index, std::string_view id) const;
  void scan_impl(std::string_view prefix,
                 const std::function<void(std::string_view, std::string_view)>& fn) const;

  std::unique_ptr<rocksdb::DB> db_;
  ConvertedRoots roots_;
  std::vector<std::pair<std::string, std::string>> prefix_reasons_;  // prefix -> reason, sorted
  std::vector<std::pair<std::string, std::string>> modules_;         // torch module -> Paddle module
  mutable std::shared_mutex mutex_;
  // Caches of decoded values, filled on first use (null record: unknown id).
  template <typename Map, typename Load>
  const typename Map::mapped_type& memo(Map& cache, std::string_view key, Load load) const;
  // Keyed by std::string, looked up by std::string_view (no string built on a hit).
  struct KeyHash {
    using is_transparent = void;
    size_t operator()(std::string_view k) const { return std::hash<std::string_view>()(k); }
  };
  template <typename V>
  using Cache = std::unordered_map<std::string, V, KeyHash, std::equal_to<>>;
  mutable Cache<std::unique_ptr<ApiRecord>> records_;
  mutable Cache<std::vector<std::string>> methods_;
  // Read at open, never changed: every alias with its canonical id, and every record's id. An
  // unknown id (`torch.Tensor.fc1` for a user's attribute) costs a hash lookup, no database read,
  // and adds nothing to the caches, which therefore do not grow with the user's names.
  // Both in one table, so that find() and canonical() hash the id once and a record loaded
  // before is read without taking the lock.
  IdTable ids_;
  using NameSet = std::unordered_set<std::string, KeyHash, std::equal_to<>>;
  // The same for method names (`method:`), shared method names (`shared:`) and the names with
  // argument evidence (`evidence:`): a user's method name costs a hash lookup, no read.
  NameSet method_names_, shared_names_, evidence_names_;
  bool indexed_ = false;  // every index key was found
  mutable Cache<ArgumentEvidence> evidence_;
  mutable Cache<std::vector<std::string>> shared_owners_;
  mutable Cache<std::unique_ptr<OwnerSources>> owner_sources_;
};

template <typename Fn>
void KnowledgeGraph::scan(std::string_view prefix, Fn fn) const {
  scan_impl(prefix, [&](std::string_view k, std::string_view v) { fn(k, v); });
}

// Where the compiled graph is looked for when no path is given: $T2P_KG_DB, then `kg.db` next to
// the executable, then `../share/torch2paddle/kg.db` relative to it.
std::filesystem::path default_graph_path(const std::filesystem::path& executable);

}  // namespace t2p::kg
