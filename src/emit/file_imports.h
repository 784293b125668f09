// emit: the import statements of a file, by the name each binds, so that a per-API test can copy
// the one statement a call's name needs (`import torch.nn as nn` for `nn.Linear`).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "parse/syntax_tree.h"

namespace t2p::emit::forms {

// What a name of the file is bound to by an import: the statement that binds it alone, and the
// root of the module it comes from.
struct ImportedAs {
  std::string statement;  // `import torch.nn as nn`, `from torch.nn import functional as F`
  std::string root;       // `torch`; empty for a relative import (the project's own code)
};

using FileImports = std::map<std::string, ImportedAs, std::less<>>;

// Every name an import statement of the file binds (the last one wins, as at run time mostly).
FileImports imports_of(TSNode root, std::string_view src);

// Modules a generated test may import besides the converted roots (torch, torchvision, ...):
// the standard library and numpy, which both halves have.
bool is_plain_module(std::string_view root);

}  // namespace t2p::emit::forms
