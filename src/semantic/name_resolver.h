// semantic: what a name or a dotted attribute chain refers to, through scopes and imports.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "semantic/file_model.h"
#include "semantic/node_memo.h"

namespace t2p::semantic {

enum class NameSource : uint8_t {
  kUnbound,    // no scope binds it: a builtin or a global defined elsewhere
  kImport,     // bound only by import(s) in the deciding scope
  kLocal,      // bound by assignment, parameter, def, class, ...
  kAmbiguous,  // bound by an import and by something else in the same scope
};

struct ResolvedName {
  NameSource source = NameSource::kUnbound;
  int32_t import_index = -1;  // kImport: index into FileModel::imported_names
  int32_t scope = -1;         // the scope that binds it
};

class NameResolver {
 public:
  NameResolver(const FileModel& model, std::string_view source);

  // Python's LEGB lookup (class bodies are not seen from nested functions; `global` jumps to
  // the module). Example: in `def f(F): F.relu(x)`, `F` resolves to kLocal, not the import.
  ResolvedName resolve(int32_t scope, std::string_view name) const;

  // For an expression made only of a name and attributes, the fully qualified name through the
  // import that binds its root: with `from torch.nn import functional as F`, `F.relu` gives
  // "torch.nn.functional.relu". False when the root is not an import or the chain has calls,
  // subscripts, etc.
  // The same without a copy: the qualified name of `expr`, or null. Computed once per node and
  // scope (the type inference and the rules ask again and again); the string lives as long as
  // the resolver.
  const std::string* qualified_name_of(TSNode expr, int32_t scope, int32_t* import_index) const;

  const FileModel& model() const { return m_; }
  std::string_view source() const { return src_; }

 private:
  // Whether some import binds `name` (only then can it resolve to kImport): most chains are
  // rooted in a name no import binds (`self.fc`, `x.view`), and this answers without a lookup
  // in every scope. `import_marks_` has bit (size + first byte) % 64 set for every such name.
  bool maybe_imported(std::string_view name) const;
  bool compute_qualified_name(TSNode expr, int32_t scope, std::string* out, int32_t* import_index) const;

  // qualified_name_of's answers by node and scope: an index into qualified_names_, -1 when the
  // node has no qualified name; the names found live in a deque (the strings handed out do not
  // move).
  struct QualifiedName {
    std::string name;
    int32_t import_index;
  };
  mutable NodeMemo<int32_t> qualified_;
  mutable std::deque<QualifiedName> qualified_names_;
  mutable const TSTree* qualified_tree_ = nullptr;  // the tree of the nodes in the table

  const FileModel& m_;
  std::string_view src_;
  uint64_t import_marks_ = 0;
};

}  // namespace t2p::semantic
