#include "semantic/name_resolver.h"

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::semantic {

ResolvedName NameResolver::resolve(int32_t scope, std::string_view name) const {
  std::string key(name);
  bool first = true;
  for (int32_t s = scope; s >= 0;) {
    const Scope& sc = m_.scopes[s];
    // A class body's names are invisible from functions nested in it.
    if (!first && sc.kind == ScopeKind::kClass) {
      s = sc.parent;
      continue;
    }
    first = false;
    auto it = sc.names.find(key);
    if (it != sc.names.end()) {
      const Binding& b = it->second;
      if (b.global && s != 0) {
        s = 0;
        continue;
      }
      if (b.import_count > 0 && b.other_count == 0) return {NameSource::kImport, b.import_index, s};
      if (b.import_count > 0) return {NameSource::kAmbiguous, b.import_index, s};
      if (b.other_count > 0) return {NameSource::kLocal, -1, s};
    }
    s = sc.parent;
  }
  return {};
}

bool NameResolver::qualified_name(TSNode expr, int32_t scope, std::string* out,
                                  int32_t* import_index) const {
  const auto& k = parse::NodeKinds::get();
  // Collect attribute names from the outside in, then resolve the root identifier.
  TSNode node = expr;
  std::string suffix;
  for (;;) {
    TSSymbol s = ts_node_symbol(node);
    if (s == k.identifier) break;
    if (s != k.attribute) return false;
    TSNode attr = ts_node_child_by_field_id(node, parse::NodeFields::get().attribute);
    std::string_view name = parse::node_text(attr, src_);
    suffix.insert(0, name);
    suffix.insert(0, ".");
    node = ts_node_child_by_field_id(node, parse::NodeFields::get().object);
    if (ts_node_is_null(node)) return false;
  }
  ResolvedName r = resolve(scope, parse::node_text(node, src_));
  if (r.source != NameSource::kImport) return false;
  const ImportedName& imp = m_.imported_names[r.import_index];
  *out = imp.qualname + suffix;
  if (import_index) *import_index = r.import_index;
  return true;
}

}  // namespace t2p::semantic
