// rewrite: rewrites a file's imports once its references are converted: drops torch imports
// nothing refers to any more, keeps the rest, and adds `import paddle` (and any other module the
// converted code names) once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rewrite/edit_set.h"
#include "semantic/file_model.h"

namespace t2p::rewrite {

// Plans the import edits (`newline`: the file's line ending). `needed`: the modules the
// converted code names (`paddle`, `paddlenlp`, `os`), sorted, each imported once.
// An imported name of a converted family (ImportedName::is_torch) is removed when every
// reference through it was converted (ImportedName::uses == converted); a statement mixing such
// names and others keeps the others. The needed modules the file does not import at module level
// (`import os`) take the place of the first removed module-level converted import, one
// `import M` line each (else they are inserted above the first module-level converted import;
// with none, above the first module-level import, after any `from __future__` import).
void plan_import_edits(const semantic::FileModel& model, std::string_view source,
                       const std::vector<std::string>& needed, std::string_view newline, EditSet* edits);

}  // namespace t2p::rewrite
