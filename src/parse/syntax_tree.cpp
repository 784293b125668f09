#include "parse/syntax_tree.h"

#include "parse/indentation_check.h"

#include <string>
#include <vector>

namespace t2p::parse {
namespace {
// libtree-sitter 0.20.7 has no ts_node_is_error: an ERROR node is the symbol ts_builtin_sym_error.
bool is_error_node(TSNode node) { return ts_node_symbol(node) == static_cast<TSSymbol>(-1); }
}  // namespace

SyntaxTree& SyntaxTree::operator=(SyntaxTree&& other) noexcept {
  if (this != &other) {
    release();
    tree_ = other.tree_;
    epoch_ = other.epoch_;
    other.tree_ = nullptr;
  }
  return *this;
}

SyntaxTree::~SyntaxTree() { release(); }

void SyntaxTree::release() {
  // A tree of an arena scope is freed with the scope, all at once.
  if (tree_ && epoch_ == 0) ts_tree_delete(tree_);
  tree_ = nullptr;
}

PythonParser::PythonParser() {
  install_tree_sitter_allocator();
  parser_ = ts_parser_new();
  parser_epoch_ = current_tree_epoch();
  delete_parser_with_scope(parser_);
  // ts_parser_set_language returns false on an ABI mismatch between grammar and runtime.
  ok_ = parser_ && ts_parser_set_language(parser_, tree_sitter_python());
}

PythonParser::~PythonParser() { drop_parser(); }

void PythonParser::drop_parser() {
  // A parser made in an arena scope belongs to that scope, which deletes it when it ends (and
  // may have ended): here it is only forgotten.
  if (parser_ && parser_epoch_ == 0) ts_parser_delete(parser_);
  parser_ = nullptr;
}

SyntaxTree PythonParser::parse(std::string_view source) {
  if (!ok_) return SyntaxTree();
  if (uint64_t epoch = current_tree_epoch(); epoch != parser_epoch_) {
    drop_parser();
    parser_ = ts_parser_new();
    parser_epoch_ = epoch;
    delete_parser_with_scope(parser_);
  }
  ts_parser_reset(parser_);
  // The grammar's external scanner keeps its "inside an f-string" flag across a reset (its
  // deserialize clears it only when given a state), so a source ending inside an unterminated
  // f-string would spoil the next parse. Setting the language again creates a fresh scanner.
  if (!ts_parser_set_language(parser_, tree_sitter_python())) return SyntaxTree();
  return SyntaxTree(ts_parser_parse_string_encoding(parser_, nullptr, source.data(),
                                                    static_cast<uint32_t>(source.size()),
                                                    TSInputEncodingUTF8));
}

std::optional<base::Diagnostic> first_syntax_error(const SyntaxTree& tree,
                                                   std::string_view source) {
  // A clean tree may still hold what Python refuses: statements of one block at two indents.
  if (tree.valid() && !ts_node_has_error(tree.root())) return first_indentation_error(tree, source);
  return first_error_node(tree, source);
}

std::optional<base::Diagnostic> first_error_node(const SyntaxTree& tree, std::string_view source) {
  if (!tree.valid()) {
    return base::Diagnostic{base::Severity::kError, 0, 0, "parse-failed", "the parser gave up"};
  }
  TSNode node = tree.root();
  if (!ts_node_has_error(node)) return std::nullopt;
  // Descend into the first child that has an error until we reach the ERROR/MISSING node.
  for (;;) {
    if (is_error_node(node) || ts_node_is_missing(node)) break;
    bool descended = false;
    uint32_t n = ts_node_child_count(node);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode child = ts_node_child(node, i);
      if (ts_node_has_error(child) || ts_node_is_missing(child)) {
        node = child;
        descended = true;
        break;
      }
    }
    if (!descended) break;
  }
  TSPoint p = ts_node_start_point(node);
  std::string message;
  if (ts_node_is_missing(node)) {
    message = std::string("syntax error: missing '") + ts_node_type(node) + "'";
  } else {
    std::string_view text = node_text(node, source);
    size_t nl = text.find('\n');
    if (nl != std::string_view::npos) text = text.substr(0, nl);
    if (text.size() > 40) text = text.substr(0, 40);
    message = "syntax error near '" + std::string(text) + "'";
  }
  return base::Diagnostic{base::Severity::kError, p.row + 1, p.column + 1, "syntax-error",
                          message};
}

}  // namespace t2p::parse
