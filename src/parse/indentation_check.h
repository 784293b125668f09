// parse: what tree-sitter's Python grammar lets through and Python refuses: statements of one
// block at different indentations.
//
// The grammar's scanner emits INDENT only where a block may start, so an unexpected indent after
// a simple statement (`assert c, "a"` then an indented `"b"` on the next line) parses as two
// clean statements, and a dedent to no outer level as well. Python raises IndentationError for
// both. Without this check such a file (ours, when a rewrite moves a continuation line out of
// its brackets, or the user's) would count as parsing.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "base/diagnostic.h"
#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::parse {

// The first statement that starts a line at another column than the first statement of its
// block (the module counts as a block), or a clause (`elif`, `else`, `except`, `finally`) that
// starts a line at another column than its statement. Walks statements only, never expressions.
// A line whose indentation holds a form feed, or that continues a line ending with a backslash,
// is not checked (Python resets or joins those).
std::optional<base::Diagnostic> first_indentation_error(const SyntaxTree& tree, std::string_view source);

// The same check, told the statements and clauses by a walk: first_indentation_error's own, or
// a walk that enters every node of a clean tree in pre-order anyway (the file model's,
// semantic/file_model_builder.cpp), so that a conversion needs no walk for it. Told in
// pre-order, it finds the error first_indentation_error finds.
class IndentationCheck {
 public:
  // What the check keeps of a module or block while its statements are told.
  struct Block {
    uint32_t column = UINT32_MAX;  // of its statements, from the first that starts a line
    bool after_block = false;      // the last statement told ends with a block of its own
  };

  explicit IndentationCheck(std::string_view source);

  // A named child of the module or block `block`, not a comment, of symbol `s`. Afterwards
  // `block->after_block` tells whether it is a compound statement (whose parts come next).
  void statement(TSNode node, TSSymbol s, Block* block);
  // A clause (is_clause) of the compound statement `stmt`.
  void clause(TSNode node, TSNode stmt);

  bool is_compound(TSSymbol s) const {
    return s == k_.function_definition || s == k_.class_definition || s == k_.decorated_definition ||
           s == k_.if_statement || s == k_.for_statement || s == k_.while_statement || s == k_.try_statement ||
           s == k_.with_statement || s == k_.match_statement || is_clause(s) || s == case_clause_;
  }
  // `elif`, `else`, `except`, `except*` and `finally`: at their statement's column.
  bool is_clause(TSSymbol s) const {
    return s == k_.elif_clause || s == k_.else_clause || s == k_.except_clause || s == k_.except_group_clause ||
           s == k_.finally_clause;
  }

  // The first error told; nothing is checked after it.
  const std::optional<base::Diagnostic>& error() const { return error_; }

 private:
  bool starts_checked_line(TSNode node) const;
  void fail(TSNode node, const char* what);

  std::string_view source_;
  const NodeKinds& k_;
  TSSymbol case_clause_;
  std::optional<base::Diagnostic> error_;
};

}  // namespace t2p::parse
