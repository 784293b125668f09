#include "kg/id_table.h"

namespace t2p::kg {

IdTable::Entry* IdTable::insert(std::string_view id) {
  uint64_t h = hash(id);
  if (const Entry* found = find(id, h)) {
    return const_cast<Entry*>(found);
  }
  if ((entries_.size() + 1) * 2 > index_.size()) rehash(index_.empty() ? 1024 : index_.size() * 2);
  Entry entry;
  entry.id = std::string(id);
  entry.hash = h;
  entries_.push_back(std::move(entry));
  size_t i = start(h);
  while (index_[i] != 0) i = (i + 1) & (index_.size() - 1);
  index_[i] = static_cast<uint32_t>(entries_.size());
  return &entries_.back();
}

void IdTable::rehash(size_t size) {
  index_.assign(size, 0);
  for (size_t e = 0; e < entries_.size(); ++e) {
    size_t i = start(entries_[e].hash);
    while (index_[i] != 0) i = (i + 1) & (index_.size() - 1);
    index_[i] = static_cast<uint32_t>(e + 1);
  }
}

void IdTable::add_record_id(std::string_view id) {
  Entry* e = insert(id);
  if (e->own < 0) e->own = static_cast<int32_t>(records_++);
}

void IdTable::add_alias(std::string_view alias, std::string_view canonical) {
  Entry* e = insert(alias);
  if (e->alias) return;
  e->alias = true;
  e->target = std::string(canonical);
}

void IdTable::finish() {
  for (Entry& e : entries_) {
    if (!e.alias) {
      e.record = e.own;
    } else {
      const Entry* target = find(e.target);
      e.record = target ? target->own : -1;
    }
  }
  slots_ = std::make_unique<RecordSlot[]>(records_);
}

}  // namespace t2p::kg
