// rules: the converter's edits grouped into fixes, one per use (or shared by the uses an outer
// rewrite took in), each use pointing at its fix (ApiUse::fix).
#pragma once

#include <cstdint>
#include <vector>

#include "rewrite/edit_set.h"
#include "rules/file_converter.h"

namespace t2p::rules {

// The fixes: the edits of each owner, in apply order, given to the uses of that owner. An owner
// whose edits an outer rewrite folded into its own text (EditSet::merges) shares the outer
// owner's fix. File-level edits (imports, kept comments, TODO lines) belong to no fix.
void group_fixes(const std::vector<uint32_t>& owners, const std::vector<rewrite::EditSet::Merge>& merges,
                 FileConversion* out);

}  // namespace t2p::rules
