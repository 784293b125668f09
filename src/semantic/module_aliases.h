// semantic: module-level names bound once to a torch module (`F = nn.functional`), read as
// imports of that module.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "semantic/file_model.h"

namespace t2p::semantic {

// Makes every module-level `NAME = <chain>` an import alias (FileModel::module_aliases) when
// the chain names, through a torch import, a module `known_module` accepts, and nothing else in
// the file binds NAME: no other binding at module level, no `global NAME` in a function, no
// annotation, no chained or unpacking assignment. Its binding then counts as an import, so
// name resolution, type inference and the rules see `F.softmax` as `torch.nn.functional.softmax`.
void add_module_aliases(FileModel* model, std::string_view source,
                        const std::function<bool(const std::string&)>& known_module);

}  // namespace t2p::semantic
