#include "parse/indentation_check.h"

#include <cstdint>
#include <string>

#include "parse/node_kinds.h"

namespace t2p::parse {
namespace {

constexpr uint32_t kNone = UINT32_MAX;

struct Walk {
  std::string_view source;
  const NodeKinds& k = NodeKinds::get();
  TSSymbol case_clause = 0;
  std::optional<base::Diagnostic> error;

  // Whether `node` is the first thing on its line, after blanks and tabs only, on a line that
  // does not continue the previous one with a backslash and holds no form feed in its indent.
  bool starts_checked_line(TSNode node) const {
    uint32_t at = ts_node_start_byte(node);
    uint32_t i = at;
    while (i > 0 && (source[i - 1] == ' ' || source[i - 1] == '\t')) --i;
    if (i == 0) return true;
    if (source[i - 1] != '\n' && source[i - 1] != '\r') return false;  // after `;` or a form feed
    uint32_t end = i - 1;  // the previous line's end, before its line break
    if (source[end] == '\n' && end > 0 && source[end - 1] == '\r') --end;
    return end == 0 || source[end - 1] != '\\';
  }

  bool compound(TSSymbol s) const {
    return s == k.function_definition || s == k.class_definition || s == k.decorated_definition ||
           s == k.if_statement || s == k.for_statement || s == k.while_statement || s == k.try_statement ||
           s == k.with_statement || s == k.match_statement || s == k.elif_clause || s == k.else_clause ||
           s == k.except_clause || s == k.except_group_clause || s == k.finally_clause || s == case_clause;
  }
  bool clause(TSSymbol s) const {
    return s == k.elif_clause || s == k.else_clause || s == k.except_clause || s == k.except_group_clause ||
           s == k.finally_clause;
  }

  void fail(TSNode node, const char* what) {
    TSPoint p = ts_node_start_point(node);
    error = base::Diagnostic{base::Severity::kError, p.row + 1, p.column + 1, "syntax-error", what};
  }

  // The statements of a module or block: one column for all that start a line.
  void statements(TSNode container) {
    uint32_t column = kNone;
    bool after_block = false;  // the previous statement ends with a block of its own
    uint32_t n = ts_node_named_child_count(container);
    for (uint32_t i = 0; i < n && !error; ++i) {
      TSNode c = ts_node_named_child(container, i);
      TSSymbol s = ts_node_symbol(c);
      if (s == k.comment) continue;
      if (starts_checked_line(c)) {
        uint32_t col = ts_node_start_point(c).column;
        if (column == kNone) column = col;
        else if (col != column) {
          // Deeper than its block after a nested block: a dedent that stopped between levels.
          fail(c, col > column && !after_block ? "unexpected indent" : "unindent does not match any outer indentation level");
          return;
        }
      }
      after_block = compound(s);
      if (after_block) inside(c);
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
    uint32_t column = ts_node_start_point(stmt).column;
    for (uint32_t i = 0; i < n && !error; ++i) {
      TSNode c = ts_node_named_child(stmt, i);
      TSSymbol s = ts_node_symbol(c);
      if (s == k.block) {
        statements(c);
      } else if (clause(s)) {
        if (starts_checked_line(c) && ts_node_start_point(c).column != column && starts_checked_line(stmt)) {
          fail(c, "unindent does not match any outer indentation level");
          return;
        }
        inside(c);
      } else if (compound(s)) {
        inside(c);  // the definition of a decorated_definition
      }
    }
  }
};

}  // namespace

std::optional<base::Diagnostic> first_indentation_error(const SyntaxTree& tree, std::string_view source) {
  if (!tree.valid()) return std::nullopt;
  static const TSSymbol case_clause = ts_language_symbol_for_name(
      tree_sitter_python(), "case_clause", static_cast<uint32_t>(std::string_view("case_clause").size()), true);
  Walk w{source, NodeKinds::get(), 0, std::nullopt};
  w.case_clause = case_clause;
  w.statements(tree.root());
  return w.error;
}

}  // namespace t2p::parse
