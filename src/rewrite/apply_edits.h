// rewrite: applying a file's planned edits, the step after finding them (rules::FileConversion).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"

namespace t2p::rewrite {

// `source` with `edits` applied. The edits are in apply order and do not overlap (as
// rules::FileConversion::edits, or any subsequence of them), so one pass writes the result.
std::string apply_edits(std::string_view source, const std::vector<base::Edit>& edits);

// The same for the edits at `indices` (ascending) of `edits`: one fix's edits alone, say.
std::string apply_edits(std::string_view source, const std::vector<base::Edit>& edits,
                        const std::vector<uint32_t>& indices);

}  // namespace t2p::rewrite
