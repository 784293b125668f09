#include "semantic/file_model.h"

#include "parse/node_kinds.h"

namespace t2p::semantic {

void FieldCache::add(const void* id, const Fields& fields) {
  if ((count_ + 1) * 2 > keys_.size()) {
    // Grow to keep the table at most half full.
    std::vector<const void*> old_keys(keys_.empty() ? 256 : keys_.size() * 2, nullptr);
    std::unique_ptr<Fields[]> old_values(new Fields[old_keys.size()]);
    old_keys.swap(keys_);
    old_values.swap(values_);
    count_ = 0;
    for (size_t i = 0; i < old_keys.size(); ++i) {
      if (old_keys[i]) add(old_keys[i], old_values[i]);
    }
  }
  size_t i = slot(id);
  while (keys_[i] != nullptr && keys_[i] != id) i = (i + 1) & (keys_.size() - 1);
  if (keys_[i] == nullptr) ++count_;
  keys_[i] = id;
  values_[i] = fields;
}

TSNode FileModel::object_of(TSNode attribute) const {
  const FieldCache::Fields* f = fields.find(attribute.id);
  if (f && !f->call) return f->first;
  return ts_node_child_by_field_id(attribute, parse::NodeFields::get().object);
}

TSNode FileModel::attribute_of(TSNode attribute) const {
  const FieldCache::Fields* f = fields.find(attribute.id);
  if (f && !f->call) return f->second;
  return ts_node_child_by_field_id(attribute, parse::NodeFields::get().attribute);
}

TSNode FileModel::function_of(TSNode call) const {
  const FieldCache::Fields* f = fields.find(call.id);
  if (f && f->call) return f->first;
  return ts_node_child_by_field_id(call, parse::NodeFields::get().function);
}

TSNode FileModel::arguments_of(TSNode call) const {
  const FieldCache::Fields* f = fields.find(call.id);
  if (f && f->call) return f->second;
  return ts_node_child_by_field_id(call, parse::NodeFields::get().arguments);
}

}  // namespace t2p::semantic
