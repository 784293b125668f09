#include "parse/indentation_check.h"

#include <cstdint>
#include <string>

namespace t2p::parse {
namespace {

TSSymbol case_clause_symbol() {
  static const TSSymbol symbol = ts_language_symbol_for_name(
      tree_sitter_python(), "case_clause", static_cast<uint32_t>(std::string_view("case_clause").size()), true);
  return symbol;
}

// first_indentation_error's walk: the module, its blocks and compound statements, nothing else.
struct Walk {
  IndentationCheck& check;
  const NodeKinds& k = NodeKinds::get();

  // The statements of a module or block: one column for all that start a line.
  void statements(TSNode container) {
    IndentationCheck::Block block;
    uint32_t n = ts_node_named_child_count(container);
    for (uint32_t i = 0; i < n && !check.error(); ++i) {
      TSNode c = ts_node_named_child(container, i);
      TSSymbol s = ts_node_symbol(c);
      if (s == k.comment) continue;
      check.statement(c, s, &block);
      if (block.after_block && !check.error()) inside(c);
    }
  }

  // A definition has one part to look into, its last named child: the body of a `def` or
  // `class`, the definition under decorators; its other children (name, parameters, bases,
  // decorators) hold no statement. Looked at directly: ts_node_named_child(node, i) steps over
  // the children before i, so reading every child cost the square of their number. False
  // (nothing done) when the last named child is anything else (a comment after the body): the
  // caller then looks at every child.
  bool only_last_part(TSNode stmt, uint32_t named) {
    const TSSymbol s = ts_node_symbol(stmt);
    const bool decorated = s == k.decorated_definition;
    if (!decorated && s != k.function_definition && s != k.class_definition) return false;
    const TSNode last = ts_node_named_child(stmt, named - 1);
    const TSSymbol ls = ts_node_symbol(last);
    if (decorated ? (ls != k.function_definition && ls != k.class_definition) : ls != k.block) return false;
    if (decorated) inside(last);
    else statements(last);
    return true;
  }

  // A compound statement or clause: its blocks, its nested clauses (at its own column).
  void inside(TSNode stmt) {
    uint32_t n = ts_node_named_child_count(stmt);
    if (n > 0 && only_last_part(stmt, n)) return;
    for (uint32_t i = 0; i < n && !check.error(); ++i) {
      TSNode c = ts_node_named_child(stmt, i);
      TSSymbol s = ts_node_symbol(c);
      if (s == k.block) {
        statements(c);
      } else if (check.is_clause(s)) {
        check.clause(c, stmt);
        if (!check.error()) inside(c);
      } else if (check.is_compound(s)) {
        inside(c);  // the definition of a decorated_definition
      }
    }
  }
};

}  // namespace

IndentationCheck::IndentationCheck(std::string_view source)
    : source_(source), k_(NodeKinds::get()), case_clause_(case_clause_symbol()) {}

// Whether `node` is the first thing on its line, after blanks and tabs only, on a line that
// does not continue the previous one with a backslash and holds no form feed in its indent.
bool IndentationCheck::starts_checked_line(TSNode node) const {
  uint32_t at = ts_node_start_byte(node);
  uint32_t i = at;
  while (i > 0 && (source_[i - 1] == ' ' || source_[i - 1] == '\t')) --i;
  if (i == 0) return true;
  if (source_[i - 1] != '\n' && source_[i - 1] != '\r') return false;  // after `;` or a form feed
  uint32_t end = i - 1;  // the previous line's end, before its line break
  if (source_[end] == '\n' && end > 0 && source_[end - 1] == '\r') --end;
  return end == 0 || source_[end - 1] != '\\';
}

void IndentationCheck::fail(TSNode node, const char* what) {
  TSPoint p = ts_node_start_point(node);
  error_ = base::Diagnostic{base::Severity::kError, p.row + 1, p.column + 1, "syntax-error", what};
}

void IndentationCheck::statement(TSNode node, TSSymbol s, Block* block) {
  if (error_) return;
  if (starts_checked_line(node)) {
    uint32_t col = ts_node_start_point(node).column;
    if (block->column == UINT32_MAX) {
      block->column = col;
    } else if (col != block->column) {
      // Deeper than its block after a nested block: a dedent that stopped between levels.
      fail(node, col > block->column && !block->after_block ? "unexpected indent"
                                                             : "unindent does not match any outer indentation level");
      return;
    }
  }
  block->after_block = is_compound(s);
}

void IndentationCheck::clause(TSNode node, TSNode stmt) {
  if (error_) return;
  if (starts_checked_line(node) && ts_node_start_point(node).column != ts_node_start_point(stmt).column &&
      starts_checked_line(stmt)) {
    fail(node, "unindent does not match any outer indentation level");
  }
}

std::optional<base::Diagnostic> first_indentation_error(const SyntaxTree& tree, std::string_view source) {
  if (!tree.valid()) return std::nullopt;
  IndentationCheck check(source);
  Walk{check}.statements(tree.root());
  return check.error();
}

}  // namespace t2p::parse
