// semantic: builds a FileModel with one iterative walk over the syntax tree.
#pragma once

#include <string_view>

#include "parse/syntax_tree.h"
#include "semantic/file_model.h"

namespace t2p::semantic {

// Which import roots count as "torch" (their references are converted and their imports
// removed when nothing refers to them any more).
bool is_converted_root(std::string_view qualname);

// One pass over `tree`; iterative, so very deep nesting cannot overflow the stack.
FileModel build_file_model(const parse::SyntaxTree& tree, std::string_view source);

}  // namespace t2p::semantic
