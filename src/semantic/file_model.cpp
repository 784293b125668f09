#include "semantic/file_model.h"

#include "parse/node_kinds.h"

namespace t2p::semantic {

void FieldCache::reserve(size_t n) {
  size_t size = 256;
  while (size < n * 2) size *= 2;
  if (size > keys_.size()) grow(size);
}

void FieldCache::grow(size_t size) {
  std::vector<const void*> old_keys(size, nullptr);
  std::unique_ptr<Fields[]> old_values(new Fields[size]);
  old_keys.swap(keys_);
  old_values.swap(values_);
  count_ = 0;
  for (size_t i = 0; i < old_keys.size(); ++i) {
    if (old_keys[i]) add(old_keys[i], old_values[i]);
  }
}

void FieldCache::add(const void* id, const Fields& fields) {
  // At most half full.
  if ((count_ + 1) * 2 > keys_.size()) grow(keys_.empty() ? 256 : keys_.size() * 2);
  size_t i = slot(id);
  while (keys_[i] != nullptr && keys_[i] != id) i = (i + 1) & (keys_.size() - 1);
  if (keys_[i] == nullptr) ++count_;
  keys_[i] = id;
  values_[i] = fields;
}

namespace {

// The field `first` or `second` of a node recorded as `owner`, else tree-sitter's lookup.
template <bool kFirst>
TSNode field_of(const FieldCache& cache, TSNode node, FieldCache::Owner owner, TSFieldId field) {
  const FieldCache::Fields* f = cache.find(node.id);
  if (f && f->owner == owner) return kFirst ? f->first : f->second;
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
  const FieldCache::Fields* f = fields.find(list.id);
  if (!f || f->owner != FieldCache::Owner::kArgumentList) return false;
  *items = argument_items.data() + f->items_begin;
  *count = f->items_count;
  *trailing_comma = f->trailing_comma;
  return true;
}

}  // namespace t2p::semantic
