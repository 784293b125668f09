#include "semantic/name_resolver.h"

#include <algorithm>
#include <vector>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::semantic {

namespace {

uint64_t mark_of(std::string_view name) {
  unsigned first = name.empty() ? 0 : static_cast<unsigned char>(name[0]);
  return uint64_t{1} << ((name.size() + first) % 64);
}

}  // namespace

NameResolver::NameResolver(const FileModel& model, std::string_view source) : m_(model), src_(source) {
  for (const ImportedName& imp : m_.imported_names) import_marks_ |= mark_of(imp.local);
}

bool NameResolver::maybe_imported(std::string_view name) const {
  if ((import_marks_ & mark_of(name)) == 0) return false;
  for (const ImportedName& imp : m_.imported_names) {
    if (imp.local == name) return true;
  }
  return false;
}

ResolvedName NameResolver::resolve(int32_t scope, std::string_view name) const {
  const int32_t id = m_.bindings.id_of(name);
  if (id < 0) return {};  // no scope binds it
  bool first = true;
  for (int32_t s = scope; s >= 0;) {
    const Scope& sc = m_.scopes[s];
    // A class body's names are invisible from functions nested in it.
    if (!first && sc.kind == ScopeKind::kClass) {
      s = sc.parent;
      continue;
    }
    first = false;
    if (const Binding* found = m_.bindings.find(s, id)) {
      const Binding& b = *found;
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

const std::string* NameResolver::qualified_name_of(TSNode expr, int32_t scope, int32_t* import_index) const {
  if (expr.id == nullptr) return nullptr;
  if (qualified_tree_ == nullptr) qualified_tree_ = expr.tree;
  // Node ids are unique only in one tree: answers are kept for the file's tree only.
  const bool keep = expr.tree == qualified_tree_;
  const int32_t* known = keep ? qualified_.find(expr.id, scope) : nullptr;
  int32_t found = known ? *known : -1;
  if (!known) {
    std::string name;
    int32_t index = -1;
    if (compute_qualified_name(expr, scope, &name, &index)) {
      qualified_names_.push_back({std::move(name), index});
      found = static_cast<int32_t>(qualified_names_.size() - 1);
    }
    if (keep) qualified_.put(expr.id, scope, found);
  }
  if (found < 0) return nullptr;
  const QualifiedName& q = qualified_names_[found];
  if (import_index) *import_index = q.import_index;
  return &q.name;
}

bool NameResolver::compute_qualified_name(TSNode expr, int32_t scope, std::string* out,
                                          int32_t* import_index) const {
  const auto& k = parse::NodeKinds::get();
  // Find the root identifier first (most chains are not rooted in an import: `self.fc`,
  // `x.view`), then build the dotted name from the inside out.
  TSNode node = expr;
  TSNode attrs[16];
  std::vector<TSNode> more;  // chains longer than 16
  size_t n = 0;
  for (;;) {
    TSSymbol s = ts_node_symbol(node);
    if (s == k.identifier) break;
    if (s != k.attribute) return false;
    TSNode attr = m_.attribute_of(node);
    if (n < 16) attrs[n] = attr;
    else more.push_back(attr);
    ++n;
    node = m_.object_of(node);
    if (ts_node_is_null(node)) return false;
  }
  std::string_view root = parse::node_text(node, src_);
  if (!maybe_imported(root)) return false;
  ResolvedName r = resolve(scope, root);
  if (r.source != NameSource::kImport) return false;
  const ImportedName& imp = m_.imported_names[r.import_index];
  out->assign(imp.qualname);
  for (size_t i = n; i-- > 0;) {
    out->push_back('.');
    out->append(parse::node_text(i < 16 ? attrs[i] : more[i - 16], src_));
  }
  if (import_index) *import_index = r.import_index;
  return true;
}

}  // namespace t2p::semantic
