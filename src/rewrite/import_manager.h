// rewrite: rewrites a file's imports once its references are converted: drops torch imports
// nothing refers to any more, keeps the rest, and adds `import paddle` once.
#pragma once

#include <string_view>

#include "rewrite/edit_set.h"
#include "semantic/file_model.h"

namespace t2p::rewrite {

// Plans the import edits (`newline`: the file's line ending). `needs_paddle`: the conversion wrote a `paddle.` reference.
// An imported torch name is removed when every reference through it was converted
// (ImportedName::uses == converted); a statement mixing torch and other names keeps the others.
// The first removed module-level torch import becomes `import paddle` (else `import paddle` is
// inserted above the first torch import), unless the file already imports paddle.
void plan_import_edits(const semantic::FileModel& model, std::string_view source,
                       bool needs_paddle, std::string_view newline, EditSet* edits);

}  // namespace t2p::rewrite
