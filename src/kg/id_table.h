// kg: the ids the knowledge graph knows (record ids and aliases), read once when it opens. One
// lookup hashes the id once and answers both "what is its canonical id" and "which record slot
// holds its record"; each record slot caches the decoded record for readers that take no lock.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace t2p::kg {

struct ApiRecord;

class IdTable {
 public:
  struct Entry {
    std::string id;
    std::string target;   // an alias's canonical id (empty when not an alias)
    bool alias = false;
    int32_t own = -1;     // the record slot of `id` when it is a record id
    int32_t record = -1;  // the record slot of the canonical id, -1 when that is no record id
    uint64_t hash = 0;
    std::string_view canonical() const { return alias ? std::string_view(target) : std::string_view(id); }
  };
  // A decoded record, stored once (`loaded` then true) and read without a lock.
  struct RecordSlot {
    std::atomic<const ApiRecord*> record{nullptr};
    std::atomic<bool> loaded{false};
  };

  IdTable() = default;
  IdTable(const IdTable&) = delete;
  IdTable& operator=(const IdTable&) = delete;

  // Adds a record id (a repeated one is ignored). All record ids come before the aliases.
  void add_record_id(std::string_view id);
  // Adds an alias of `canonical`; the first alias of a name wins, as in a map's emplace.
  void add_alias(std::string_view alias, std::string_view canonical);
  // Ends the building: gives the aliases their record slots and makes the record slots.
  void finish();

  // The entry of `id`, or null when the graph knows no such id.
  const Entry* find(std::string_view id) const { return find(id, hash(id)); }
  size_t record_count() const { return records_; }
  RecordSlot& slot(int32_t index) const { return slots_[index]; }

 private:
  static uint64_t hash(std::string_view s) { return std::hash<std::string_view>()(s); }
  const Entry* find(std::string_view id, uint64_t h) const;
  Entry* insert(std::string_view id);
  void rehash(size_t size);
  size_t start(uint64_t h) const { return static_cast<size_t>(h) & (index_.size() - 1); }

  std::vector<Entry> entries_;
  std::vector<uint32_t> index_;  // entry index + 1, 0 for a free slot; a power of two, at most half full
  size_t records_ = 0;
  std::unique_ptr<RecordSlot[]> slots_;
};

inline const IdTable::Entry* IdTable::find(std::string_view id, uint64_t h) const {
  if (index_.empty()) return nullptr;
  for (size_t i = start(h);; i = (i + 1) & (index_.size() - 1)) {
    uint32_t e = index_[i];
    if (e == 0) return nullptr;
    const Entry& entry = entries_[e - 1];
    if (entry.hash == h && entry.id == id) return &entry;
  }
}

}  // namespace t2p::kg
