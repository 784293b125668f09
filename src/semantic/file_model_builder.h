// semantic: builds a FileModel with one iterative walk over the syntax tree.
#pragma once

#include <string_view>

#include "kg/converted_roots.h"
#include "parse/syntax_tree.h"
#include "semantic/file_model.h"

namespace t2p::semantic {

// One pass over `tree`; iterative, so very deep nesting cannot overflow the stack. Names
// imported from one of `roots` (the graph's converted families: torch, torchvision,
// transformers, ...) are marked `is_torch`: their references are converted and their imports
// removed when nothing refers to them any more.
FileModel build_file_model(const parse::SyntaxTree& tree, std::string_view source,
                           const kg::ConvertedRoots& roots);

}  // namespace t2p::semantic
