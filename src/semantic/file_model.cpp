#include "semantic/file_model.h"

#include "parse/node_kinds.h"

namespace t2p::semantic {

Binding& Bindings::get(int32_t scope, int32_t id) {
  const uint64_t k = key(scope, id);
  if ((count_ + 1) * 2 > slots_.size()) {
    std::vector<Slot> old(slots_.empty() ? 64 : slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old) {
      if (s.key == kFree) continue;
      size_t i = start(s.key);
      while (slots_[i].key != kFree) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = s;
    }
  }
  size_t i = start(k);
  while (slots_[i].key != k && slots_[i].key != kFree) i = (i + 1) & (slots_.size() - 1);
  if (slots_[i].key == kFree) {
    slots_[i].key = k;
    ++count_;
  }
  return slots_[i].binding;
}

void FieldCache::reserve(size_t n) {
  entries_.reserve(n);
  size_t size = 256;
  while (size < n * 2) size *= 2;
  if (size > slots_.size()) rehash(size);
}

void FieldCache::rehash(size_t size) {
  slots_.assign(size, 0);
  for (size_t e = 0; e < entries_.size(); ++e) {
    size_t i = slot(entries_[e].key);
    while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
    slots_[i] = static_cast<uint32_t>(e + 1);
  }
}

void FieldCache::add(TSNode node, const Fields& fields) {
  const void* id = node.id;
  // At most half full.
  if ((entries_.size() + 1) * 2 > slots_.size()) rehash(slots_.empty() ? 256 : slots_.size() * 2);
  if (entries_.empty()) tree_ = node.tree;
  Entry entry{id, pack(fields.first), pack(fields.second), fields.items_begin, fields.items_count,
              fields.owner, fields.trailing_comma};
  size_t i = slot(id);
  while (slots_[i] != 0) {
    Entry& e = entries_[slots_[i] - 1];
    if (e.key == id) {
      e = entry;
      return;
    }
    i = (i + 1) & (slots_.size() - 1);
  }
  entries_.push_back(entry);
  slots_[i] = static_cast<uint32_t>(entries_.size());
}

namespace {

// The field `first` or `second` of a node recorded as `owner`, else tree-sitter's lookup.
template <bool kFirst>
TSNode field_of(const FieldCache& cache, TSNode node, FieldCache::Owner owner, TSFieldId field) {
  FieldCache::Fields f;
  if (cache.find(node, &f) && f.owner == owner) return kFirst ? f.first : f.second;
  return ts_node_child_by_field_id(node, field);
}

}  // namespace

TSNode FileModel::object_of(TSNode attribute) const {
  return field_of<true>(fields, attribute, FieldCache::Owner::kAttribute, parse::NodeFields::get().object);
}

TSNode FileModel::attribute_of(TSNode attribute) const {
  return field_of<false>(fields, attribute, FieldCache::Owner::kAttribute, parse::NodeFields::get().attribute);
}

TSNode FileModel::function_of(TSNode call) const {
  return field_of<true>(fields, call, FieldCache::Owner::kCall, parse::NodeFields::get().function);
}

TSNode FileModel::arguments_of(TSNode call) const {
  return field_of<false>(fields, call, FieldCache::Owner::kCall, parse::NodeFields::get().arguments);
}

TSNode FileModel::keyword_name_of(TSNode keyword_argument) const {
  return field_of<true>(fields, keyword_argument, FieldCache::Owner::kKeywordArgument, parse::NodeFields::get().name);
}

TSNode FileModel::keyword_value_of(TSNode keyword_argument) const {
  return field_of<false>(fields, keyword_argument, FieldCache::Owner::kKeywordArgument, parse::NodeFields::get().value);
}

bool FileModel::argument_list_items(TSNode list, const TSNode** items, uint32_t* count,
                                    bool* trailing_comma) const {
  FieldCache::Fields f;
  if (!fields.find(list, &f) || f.owner != FieldCache::Owner::kArgumentList) return false;
  *items = argument_items.data() + f.items_begin;
  *count = f.items_count;
  *trailing_comma = f.trailing_comma;
  return true;
}

}  // namespace t2p::semantic
