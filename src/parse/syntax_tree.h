// parse: RAII ownership of tree-sitter parsers and trees for Python source, plus syntax errors.
#pragma once

#include <tree_sitter/api.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "parse/tree_arena.h"

extern "C" const TSLanguage* tree_sitter_python(void);

namespace t2p::parse {

// Text of a node, as a view into the source the tree was parsed from.
inline std::string_view node_text(TSNode node, std::string_view source) {
  uint32_t b = ts_node_start_byte(node), e = ts_node_end_byte(node);
  return source.substr(b, e - b);
}

// Whether `node` is not null and of grammar type `type` (`"call"`): for code off the hot path,
// which compares type names rather than NodeKinds symbols.
inline bool has_type(TSNode node, std::string_view type) { return !ts_node_is_null(node) && type == ts_node_type(node); }

// Whether two nodes, both not null, are the same node.
inline bool same_node(TSNode a, TSNode b) { return !ts_node_is_null(a) && !ts_node_is_null(b) && a.id == b.id; }

// The child of `node` in field `name` (`"function"`, `"arguments"`); null when it has none.
inline TSNode field(TSNode node, std::string_view name) {
  return ts_node_child_by_field_name(node, name.data(), static_cast<uint32_t>(name.size()));
}

// A parsed tree. Owns the TSTree; the source it was parsed from must outlive it. A tree made
// inside a TreeArena::Scope belongs to that scope: it must not outlive it, and it is not
// deleted node by node (the arena releases it with everything else of the scope).
class SyntaxTree {
 public:
  SyntaxTree() = default;
  explicit SyntaxTree(TSTree* tree) : tree_(tree), epoch_(current_tree_epoch()) {}
  SyntaxTree(SyntaxTree&& other) noexcept : tree_(other.tree_), epoch_(other.epoch_) { other.tree_ = nullptr; }
  SyntaxTree& operator=(SyntaxTree&& other) noexcept;
  SyntaxTree(const SyntaxTree&) = delete;
  SyntaxTree& operator=(const SyntaxTree&) = delete;
  ~SyntaxTree();

  bool valid() const { return tree_ != nullptr; }
  TSTree* raw() const { return tree_; }
  TSNode root() const { return ts_tree_root_node(tree_); }
  bool has_error() const { return ts_node_has_error(root()); }

 private:
  void release();

  TSTree* tree_ = nullptr;
  uint64_t epoch_ = 0;  // of the arena scope the tree was made in; 0: the heap
};

// A Python parser. Not thread-safe: use one per thread (construction is cheap). It owns the
// arena its callers open a scope on for each file (convert_source does):
//     parse::TreeArena::Scope memory(parser.arena());
// A parse inside a scope then allocates from the arena, and the tree-sitter parser itself is
// re-created in each scope (its pools would otherwise keep blocks of a finished scope) and
// deleted by the scope's end.
class PythonParser {
 public:
  PythonParser();
  PythonParser(const PythonParser&) = delete;
  PythonParser& operator=(const PythonParser&) = delete;
  ~PythonParser();

  // False when the linked grammar's ABI is not one the tree-sitter runtime can load.
  bool ok() const { return ok_; }
  // Parses `source`. Returns an invalid tree only if tree-sitter gave up (timeout, bad ABI).
  SyntaxTree parse(std::string_view source);

  TreeArena& arena() { return arena_; }

 private:
  void drop_parser();

  TreeArena arena_;  // declared first: destroyed after the parser that may live in it
  TSParser* parser_ = nullptr;
  uint64_t parser_epoch_ = 0;  // of the scope parser_ was made in; 0: the heap
  bool ok_ = false;
};

// The first ERROR or MISSING node of a tree, as a diagnostic with line and column, or nothing
// when the tree is clean. Walks only subtrees that contain an error; a clean tree is then
// checked for statements at inconsistent indentation (parse/indentation_check.h), which walks
// statements only.
std::optional<base::Diagnostic> first_syntax_error(const SyntaxTree& tree, std::string_view source);

// first_syntax_error without the indentation check: for a caller that has the check told by a
// walk of its own (a conversion: the file model's walk, semantic::FileModel::indentation_error).
std::optional<base::Diagnostic> first_error_node(const SyntaxTree& tree, std::string_view source);

}  // namespace t2p::parse
