#include "semantic/registered_attributes.h"

#include <string>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::semantic {
namespace {

// The text of a plain string literal (`"fb"`, `'fb'`), or empty.
std::string_view literal_text(TSNode node, std::string_view source) {
  const std::string_view t = parse::node_text(node, source);
  if (t.size() < 2 || (t.front() != '"' && t.front() != '\'') || t.back() != t.front()) return {};
  const std::string_view inner = t.substr(1, t.size() - 2);
  for (char c : inner) {
    if (c == '"' || c == '\'' || c == '\\' || c == '{') return {};
  }
  return inner;
}

}  // namespace

void add_registered_attributes(FileModel* model, std::string_view source) {
  if (source.find("register_") == std::string_view::npos) return;
  FileModel& m = *model;
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  for (const Reference& c : m.calls) {
    const Scope& method = m.scopes[c.scope];
    if (method.kind != ScopeKind::kFunction || method.class_index < 0) continue;
    TSNode fn = m.function_of(c.node);
    if (ts_node_symbol(fn) != k.attribute) continue;
    const std::string_view what = parse::node_text(m.attribute_of(fn), source);
    ClassInfo::Registered how;
    if (what == "register_buffer") {
      how = ClassInfo::Registered::kBuffer;
    } else if (what == "register_parameter") {
      how = ClassInfo::Registered::kParameter;
    } else {
      continue;
    }
    TSNode self = m.object_of(fn);
    if (ts_node_symbol(self) != k.identifier || parse::node_text(self, source) != "self") continue;
    // (name, value) by position or keyword: register_buffer(name, tensor), register_parameter(name, param).
    TSNode args = m.arguments_of(c.node);
    TSNode name{}, value{};
    uint32_t positional = 0;
    for (uint32_t i = 0; i < ts_node_named_child_count(args); ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (ts_node_symbol(a) == k.keyword_argument) {
        const std::string_view key = parse::node_text(ts_node_child_by_field_id(a, f.name), source);
        if (key == "name") name = ts_node_child_by_field_id(a, f.value);
        if (key == "tensor" || key == "param") value = ts_node_child_by_field_id(a, f.value);
      } else if (ts_node_symbol(a) != k.comment) {
        if (positional == 0) name = a;
        if (positional == 1) value = a;
        ++positional;
      }
    }
    if (ts_node_is_null(name) || ts_node_is_null(value)) continue;
    const std::string_view attribute = literal_text(name, source);
    if (attribute.empty()) continue;
    m.classes[method.class_index].self_attributes.push_back({std::string(attribute), value, c.scope, how});
  }
}

}  // namespace t2p::semantic
