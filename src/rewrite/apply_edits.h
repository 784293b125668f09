// rewrite: applying a file's planned edits, the step after finding them (rules::FileConversion).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"

namespace t2p::rewrite {

// `source` with `edits` applied. The edits are in apply order and do not overlap (as
// rules::FileConversion::edits or EditSet's set, or any subsequence of them), so one pass writes
// the result.
template <typename Edits>
std::string apply_edits(std::string_view source, const Edits& edits) {
  std::string out;
  out.reserve(source.size() + 64);
  uint32_t cursor = 0;
  for (const base::Edit& e : edits) {
    out.append(source.substr(cursor, e.begin - cursor));
    out.append(e.text);
    cursor = e.end;
  }
  out.append(source.substr(cursor));
  return out;
}

// The same for the edits at `indices` (ascending) of `edits`: one fix's edits alone, say.
std::string apply_edits(std::string_view source, const std::vector<base::Edit>& edits,
                        const std::vector<uint32_t>& indices);

}  // namespace t2p::rewrite
