#include "kg/knowledge_graph.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>

#include <cstdlib>
#include <functional>
#include <nlohmann/json.hpp>

namespace t2p::kg {
namespace {

template <typename Fn>
void for_each_line(std::string_view text, Fn fn) {
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty()) fn(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
}

}  // namespace

KnowledgeGraph::KnowledgeGraph(rocksdb::DB* db) : db_(db) {
  std::string value;
  // One line per id or name (`meta:record_ids`, `meta:*_names`), `alias<TAB>id` per alias
  // (`meta:aliases`).
  indexed_ = true;
  auto read_names = [&](const char* key, NameSet* set) {
    if (!get(key, &value)) {
      indexed_ = false;
      return;
    }
    for_each_line(value, [&](std::string_view name) { set->emplace(name); });
  };
  if (get("meta:record_ids", &value)) {
    for_each_line(value, [&](std::string_view id) { ids_.add_record_id(id); });
  } else {
    indexed_ = false;
  }
  read_names("meta:method_names", &method_names_);
  read_names("meta:shared_names", &shared_names_);
  read_names("meta:evidence_names", &evidence_names_);
  if (get("meta:aliases", &value)) {
    for_each_line(value, [&](std::string_view line) {
      size_t tab = line.find('\t');
      if (tab != std::string_view::npos) ids_.add_alias(line.substr(0, tab), line.substr(tab + 1));
    });
  } else {
    indexed_ = false;
  }
  ids_.finish();
  if (get("meta:roots", &value)) {
    auto j = nlohmann::json::parse(value, nullptr, false);
    if (j.is_array()) roots_ = ConvertedRoots(j.get<std::vector<std::string>>());
  }
  if (get("meta:modules", &value)) {
    auto j = nlohmann::json::parse(value, nullptr, false);
    if (j.is_object()) {
      for (const auto& [module, paddle] : j.items()) {
        if (paddle.is_string()) modules_.emplace_back(module, paddle.get<std::string>());
      }
    }
  }
  if (get("meta:prefix_reasons", &value)) {
    auto j = nlohmann::json::parse(value, nullptr, false);
    if (j.is_object()) {
      for (const auto& [prefix, reason] : j.items()) {
        if (reason.is_string()) prefix_reasons_.emplace_back(prefix, reason.get<std::string>());
      }
    }
  }
}

const std::string* KnowledgeGraph::paddle_module(std::string_view torch_module) const {
  for (const auto& [module, paddle] : modules_) {
    if (module == torch_module) return &paddle;
  }
  return nullptr;
}

const std::string* KnowledgeGraph::prefix_reason(std::string_view torch_id) const {
  const std::string* best = nullptr;
  size_t best_size = 0;
  for (const auto& [prefix, reason] : prefix_reasons_) {
    if (prefix.size() > best_size && torch_id.substr(0, prefix.size()) == prefix) {
      best = &reason;
      best_size = prefix.size();
    }
  }
  return best;
}
KnowledgeGraph::~KnowledgeGraph() = default;

std::unique_ptr<KnowledgeGraph> KnowledgeGraph::open(const std::filesystem::path& db_path,
                                                     std::string* error) {
  if (!std::filesystem::exists(db_path / "CURRENT")) {
    *error = "knowledge graph not found at " + db_path.string() + " (build it with `make`)";
    return nullptr;
  }
  rocksdb::Options options;
  options.create_if_missing = false;
  options.max_open_files = 16;
  options.info_log_level = rocksdb::InfoLogLevel::HEADER_LEVEL;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status s = rocksdb::DB::OpenForReadOnly(options, db_path.string(), &raw);
  if (!s.ok()) {
    *error = "cannot open knowledge graph " + db_path.string() + ": " + s.ToString();
    return nullptr;
  }
  std::unique_ptr<KnowledgeGraph> graph(new KnowledgeGraph(raw));
  if (graph->converted_roots().roots().empty() || !graph->indexed_ || graph->ids_.record_count() == 0) {
    // Without them nothing would be converted, and every file would pass as "unchanged".
    *error = "knowledge graph " + db_path.string() +
             " has no converted roots or no record index (built by an older torch2paddle): rebuild it with `make`";
    return nullptr;
  }
  return graph;
}

bool KnowledgeGraph::get(std::string_view key, std::string* value) const {
  return db_->Get(rocksdb::ReadOptions(), rocksdb::Slice(key.data(), key.size()), value).ok();
}

// Looks `key` up in `cache`; on a miss loads the value outside the lock and stores it. Entries
// are never replaced and the maps are node-based, so returned references stay valid.
template <typename Map, typename Load>
const typename Map::mapped_type& KnowledgeGraph::memo(Map& cache, std::string_view key, Load load) const {
  {
    std::shared_lock lock(mutex_);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  std::string k(key);
  auto value = load(k);
  std::unique_lock lock(mutex_);
  return cache.try_emplace(std::move(k), std::move(value)).first->second;
}

std::string_view KnowledgeGraph::canonical(std::string_view torch_id) const {
  const IdTable::Entry* e = ids_.find(torch_id);
  return e && e->alias ? std::string_view(e->target) : torch_id;
}

const ApiRecord* KnowledgeGraph::find(std::string_view torch_id) const {
  const IdTable::Entry* e = ids_.find(torch_id);
  if (!e || e->record < 0) return nullptr;
  return record_at(e->record, e->canonical());
}

const ApiRecord* KnowledgeGraph::find_member(std::string_view owner, std::string_view member) const {
  // Ids are short: the dotted name is put together on the stack.
  char buffer[256];
  size_t n = owner.size() + 1 + member.size();
  if (n > sizeof(buffer)) return find(std::string(owner) + "." + std::string(member));
  owner.copy(buffer, owner.size());
  buffer[owner.size()] = '.';
  member.copy(buffer + owner.size() + 1, member.size());
  return find(std::string_view(buffer, n));
}

const ApiRecord* KnowledgeGraph::record_at(int32_t index, std::string_view id) const {
  IdTable::RecordSlot& slot = ids_.slot(index);
  if (slot.loaded.load(std::memory_order_acquire)) return slot.record.load(std::memory_order_relaxed);
  // First use (maybe by several threads at once): memo keeps one record per id.
  const ApiRecord* record = memo(records_, id, [&](const std::string& key) {
    std::unique_ptr<ApiRecord> record;
    std::string value;
    if (get("api:" + key, &value)) {
      auto j = nlohmann::json::parse(value, nullptr, false);
      if (j.is_object()) record = std::make_unique<ApiRecord>(decode_record(j));
    }
    return record;
  }).get();
  slot.record.store(record, std::memory_order_relaxed);
  slot.loaded.store(true, std::memory_order_release);
  return record;
}

std::vector<std::string> KnowledgeGraph::string_list(const std::string& key) const {
  std::vector<std::string> list;
  std::string value;
  if (get(key, &value)) {
    auto j = nlohmann::json::parse(value, nullptr, false);
    if (j.is_array()) list = j.get<std::vector<std::string>>();
  }
  return list;
}

const std::vector<std::string>& KnowledgeGraph::method_owners(std::string_view name) const {
  static const std::vector<std::string> kNone;
  if (!method_names_.contains(name)) return kNone;
  return memo(methods_, name, [&](const std::string& key) { return string_list("method:" + key); });
}

bool KnowledgeGraph::is_shared_method_name(std::string_view name) const { return shared_names_.contains(name); }

const std::vector<std::string>& KnowledgeGraph::shared_method_owners(std::string_view name) const {
  static const std::vector<std::string> kNone;
  if (!shared_names_.contains(name)) return kNone;
  return memo(shared_owners_, name, [&](const std::string& key) { return string_list("shared:" + key); });
}

const OwnerSources* KnowledgeGraph::owner_sources(std::string_view owner) const {
  return memo(owner_sources_, owner, [&](const std::string& key) {
    std::unique_ptr<OwnerSources> sources;
    std::string value;
    if (get("owner:" + key, &value)) {
      auto j = nlohmann::json::parse(value, nullptr, false);
      if (j.is_object()) {
        sources = std::make_unique<OwnerSources>();
        sources->import_roots = j.value("import_roots", std::vector<std::string>{});
        sources->producer_methods = j.value("producer_methods", std::vector<std::string>{});
      }
    }
    return sources;
  }).get();
}

const ArgumentEvidence& KnowledgeGraph::argument_evidence(std::string_view method) const {
  static const ArgumentEvidence kNone;
  if (!evidence_names_.contains(method)) return kNone;
  return memo(evidence_, method, [&](const std::string& key) {
    ArgumentEvidence evidence;
    std::string value;
    if (get("evidence:" + key, &value)) {
      auto j = nlohmann::json::parse(value, nullptr, false);
      if (j.is_object()) {
        evidence.positional_kinds = j.value("positional_kinds", std::vector<std::string>{});
        evidence.keywords = j.value("keywords", std::vector<std::string>{});
        evidence.positional_kinds_against = j.value("positional_kinds_against", std::vector<std::string>{});
        evidence.min_positional = j.value("min_positional", 0);
        evidence.min_arguments = j.value("min_arguments", 0);
      }
    }
    return evidence;
  });
}

std::string KnowledgeGraph::paddle_node(std::string_view paddle_id) const {
  std::string value;
  get("paddle:" + std::string(paddle_id), &value);
  return value;
}

std::string KnowledgeGraph::raw(std::string_view key) const {
  std::string value;
  get(key, &value);
  return value;
}

void KnowledgeGraph::scan_impl(
    std::string_view prefix, const std::function<void(std::string_view, std::string_view)>& fn) const {
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator(rocksdb::ReadOptions()));
  rocksdb::Slice p(prefix.data(), prefix.size());
  for (it->Seek(p); it->Valid() && it->key().starts_with(p); it->Next()) {
    fn(std::string_view(it->key().data(), it->key().size()),
       std::string_view(it->value().data(), it->value().size()));
  }
}

std::filesystem::path default_graph_path(const std::filesystem::path& executable) {
  if (const char* env = std::getenv("T2P_KG_DB"); env && *env) return env;
  std::error_code ec;
  auto dir = std::filesystem::canonical(executable, ec).parent_path();
  if (ec) dir = executable.parent_path();
  if (std::filesystem::exists(dir / "kg.db" / "CURRENT")) return dir / "kg.db";
  return dir.parent_path() / "share" / "torch2paddle" / "kg.db";
}

}  // namespace t2p::kg
