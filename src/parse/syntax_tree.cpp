#include "parse/syntax_tree.h"

#include <string>
#include <vector>

namespace t2p::parse {
namespace {
// libtree-sitter 0.20.7 has no ts_node_is_error: an ERROR node is the symbol ts_builtin_sym_error.
bool is_error_node(TSNode node) { return ts_node_symbol(node) == static_cast<TSSymbol>(-1); }
}  // namespace

SyntaxTree& SyntaxTree::operator=(SyntaxTree&& other) noexcept {
  if (this != &other) {
    if (tree_) ts_tree_delete(tree_);
    tree_ = other.tree_;
    other.tree_ = nullptr;
  }
  return *this;
}

SyntaxTree::~SyntaxTree() {
  if (tree_) ts_tree_delete(tree_);
}

PythonParser::PythonParser() : parser_(ts_parser_new()) {
  // ts_parser_set_language returns false on an ABI mismatch between grammar and runtime.
  ok_ = parser_ && ts_parser_set_language(parser_, tree_sitter_python());
}

PythonParser::~PythonParser() {
  if (parser_) ts_parser_delete(parser_);
}

SyntaxTree PythonParser::parse(std::string_view source) {
  if (!ok_) return SyntaxTree();
  ts_parser_reset(parser_);
  return SyntaxTree(ts_parser_parse_string_encoding(parser_, nullptr, source.data(),
                                                    static_cast<uint32_t>(source.size()),
                                                    TSInputEncodingUTF8));
}

SyntaxTree PythonParser::reparse(const SyntaxTree& old_tree, std::string_view old_source,
                                 const base::LineIndex& old_lines, const std::vector<base::Edit>& edits,
                                 std::string_view new_source) {
  if (!ok_ || !old_tree.valid()) return parse(new_source);
  TSTree* tree = ts_tree_copy(old_tree.raw());
  auto point_of = [&](uint32_t offset) {
    base::Position p = old_lines.position(offset);
    return TSPoint{p.line - 1, p.column - 1};
  };
  // From the last edit to the first: each edit's original coordinates are still valid for the
  // text before it.
  for (auto it = edits.rbegin(); it != edits.rend(); ++it) {
    TSInputEdit e;
    e.start_byte = it->begin;
    e.old_end_byte = it->end;
    e.new_end_byte = it->begin + static_cast<uint32_t>(it->text.size());
    e.start_point = point_of(it->begin);
    e.old_end_point = point_of(it->end);
    TSPoint end = e.start_point;
    for (char c : it->text) {
      if (c == '\n') {
        ++end.row;
        end.column = 0;
      } else {
        ++end.column;
      }
    }
    e.new_end_point = end;
    ts_tree_edit(tree, &e);
  }
  ts_parser_reset(parser_);
  TSTree* result = ts_parser_parse_string_encoding(parser_, tree, new_source.data(),
                                                   static_cast<uint32_t>(new_source.size()), TSInputEncodingUTF8);
  ts_tree_delete(tree);
  return SyntaxTree(result);
}

std::optional<base::Diagnostic> first_syntax_error(const SyntaxTree& tree,
                                                   std::string_view source) {
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
