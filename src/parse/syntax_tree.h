// parse: RAII ownership of tree-sitter parsers and trees for Python source, plus syntax errors.
#pragma once

#include <tree_sitter/api.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"

extern "C" const TSLanguage* tree_sitter_python(void);

namespace t2p::parse {

// Text of a node, as a view into the source the tree was parsed from.
inline std::string_view node_text(TSNode node, std::string_view source) {
  uint32_t b = ts_node_start_byte(node), e = ts_node_end_byte(node);
  return source.substr(b, e - b);
}

// A parsed tree. Owns the TSTree; the source it was parsed from must outlive it.
class SyntaxTree {
 public:
  SyntaxTree() = default;
  explicit SyntaxTree(TSTree* tree) : tree_(tree) {}
  SyntaxTree(SyntaxTree&& other) noexcept : tree_(other.tree_) { other.tree_ = nullptr; }
  SyntaxTree& operator=(SyntaxTree&& other) noexcept;
  SyntaxTree(const SyntaxTree&) = delete;
  SyntaxTree& operator=(const SyntaxTree&) = delete;
  ~SyntaxTree();

  bool valid() const { return tree_ != nullptr; }
  TSTree* raw() const { return tree_; }
  TSNode root() const { return ts_tree_root_node(tree_); }
  bool has_error() const { return ts_node_has_error(root()); }

 private:
  TSTree* tree_ = nullptr;
};

// A Python parser. Not thread-safe: use one per thread (construction is cheap).
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


 private:
  TSParser* parser_ = nullptr;
  bool ok_ = false;
};

// The first ERROR or MISSING node of a tree, as a diagnostic with line and column, or nothing
// when the tree is clean. Walks only subtrees that contain an error, so clean trees cost O(1).
std::optional<base::Diagnostic> first_syntax_error(const SyntaxTree& tree, std::string_view source);

}  // namespace t2p::parse
