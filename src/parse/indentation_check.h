// parse: what tree-sitter's Python grammar lets through and Python refuses: statements of one
// block at different indentations.
//
// The grammar's scanner emits INDENT only where a block may start, so an unexpected indent after
// a simple statement (`assert c, "a"` then an indented `"b"` on the next line) parses as two
// clean statements, and a dedent to no outer level as well. Python raises IndentationError for
// both. Without this check such a file (ours, when a rewrite moves a continuation line out of
// its brackets, or the user's) would count as parsing.
#pragma once

#include <optional>
#include <string_view>

#include "base/diagnostic.h"
#include "parse/syntax_tree.h"

namespace t2p::parse {

// The first statement that starts a line at another column than the first statement of its
// block (the module counts as a block), or a clause (`elif`, `else`, `except`, `finally`) that
// starts a line at another column than its statement. Walks statements only, never expressions.
// A line whose indentation holds a form feed, or that continues a line ending with a backslash,
// is not checked (Python resets or joins those).
std::optional<base::Diagnostic> first_indentation_error(const SyntaxTree& tree, std::string_view source);

}  // namespace t2p::parse
