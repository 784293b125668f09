#include "semantic/module_aliases.h"

#include <vector>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::semantic {
namespace {

// Whether some function binds `id` with `global`: an assignment there rebinds the module's name.
bool rebound_by_global(const FileModel& m, int32_t id) {
  for (int32_t s = 1; s < static_cast<int32_t>(m.scopes.size()); ++s) {
    const Binding* b = m.bindings.find(s, id);
    if (b && b->global) return true;
  }
  return false;
}

// The qualified name of `chain` (a name and attributes) through the module-level torch import
// that binds its root, with that import's index; empty when the root is not such an import.
std::string module_of(const FileModel& m, std::string_view src, TSNode chain, int32_t* root_import) {
  const auto& k = parse::NodeKinds::get();
  std::vector<std::string_view> attrs;
  TSNode node = chain;
  while (ts_node_symbol(node) == k.attribute) {
    attrs.push_back(parse::node_text(m.attribute_of(node), src));
    node = m.object_of(node);
    if (ts_node_is_null(node)) return {};
  }
  if (ts_node_symbol(node) != k.identifier) return {};
  const int32_t id = m.bindings.id_of(parse::node_text(node, src));
  const Binding* b = id < 0 ? nullptr : m.bindings.find(0, id);
  if (!b || b->import_count == 0 || b->other_count != 0 || b->global) return {};
  const ImportedName& imp = m.imported_names[b->import_index];
  if (!imp.is_torch) return {};
  std::string name = imp.qualname;
  for (size_t i = attrs.size(); i-- > 0;) {
    name += '.';
    name += attrs[i];
  }
  *root_import = b->import_index;
  return name;
}

}  // namespace

void add_module_aliases(FileModel* model, std::string_view source,
                        const std::function<bool(const std::string&)>& known_module) {
  FileModel& m = *model;
  const auto& k = parse::NodeKinds::get();
  for (const Assignment& a : m.assignments) {
    if (a.scope != 0 || a.is_for || a.is_with || !ts_node_is_null(a.annotation) || ts_node_is_null(a.value)) continue;
    if (ts_node_symbol(a.target) != k.identifier) continue;
    const TSSymbol vs = ts_node_symbol(a.value);
    if (vs != k.attribute && vs != k.identifier) continue;
    // `F = nn.functional` as a statement of its own (not `F = G = ...`, not a walrus).
    TSNode assignment = ts_node_parent(a.value);
    TSNode statement = ts_node_is_null(assignment) ? TSNode{} : ts_node_parent(assignment);
    if (ts_node_is_null(statement) || ts_node_symbol(statement) != k.expression_statement ||
        ts_node_named_child_count(statement) != 1) {
      continue;
    }
    const std::string_view name = parse::node_text(a.target, source);
    const int32_t id = m.bindings.id_of(name);
    const Binding* b = id < 0 ? nullptr : m.bindings.find(0, id);
    if (!b || b->import_count != 0 || b->other_count != 1 || b->global || rebound_by_global(m, id)) continue;
    int32_t root_import = -1;
    std::string module = module_of(m, source, a.value, &root_import);
    if (module.empty() || !known_module(module)) continue;
    ImportedName alias;
    alias.local = std::string(name);
    alias.qualname = std::move(module);
    alias.item = a.value;
    alias.is_torch = true;
    const int32_t index = static_cast<int32_t>(m.imported_names.size());
    m.imported_names.push_back(std::move(alias));
    Binding& bound = m.bindings.get(0, id);
    bound.other_count = 0;
    bound.import_count = 1;
    bound.import_index = index;
    m.module_aliases.push_back({index, root_import, a.target, a.value, statement});
  }
}

}  // namespace t2p::semantic
