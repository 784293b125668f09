#include "rules/fix_groups.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace t2p::rules {

// Owners are dense (the converter numbers them from 0), so plain vectors index them: no map node
// per edit.
void group_fixes(const std::vector<uint32_t>& owners, const std::vector<rewrite::EditSet::Merge>& merges,
                 FileConversion* out) {
  constexpr uint32_t kNone = UINT32_MAX;
  auto special = [](uint32_t o) { return o == base::kFileEdit || o == base::kNoteEdit; };
  size_t n = 0;
  auto count = [&](uint32_t o) {
    if (!special(o)) n = std::max<size_t>(n, size_t(o) + 1);
  };
  for (const auto& m : merges) count(m.from), count(m.into);
  for (const auto& e : out->edits) count(e.owner);
  for (uint32_t o : owners) count(o);
  std::vector<uint32_t> into(n, kNone);
  for (const auto& m : merges) {
    if (!special(m.from)) into[m.from] = m.into;
  }
  auto final_owner = [&](uint32_t o) {
    for (int hops = 0; hops < 64; ++hops) {  // merges point outwards, so this ends; the bound guards
      if (o >= n || into[o] == kNone) break;
      o = into[o];
    }
    return o;
  };
  std::vector<int32_t> fix_of(n, -1);  // owner -> index in out->fixes
  for (uint32_t i = 0; i < out->edits.size(); ++i) {
    const uint32_t o = out->edits[i].owner;
    if (special(o)) continue;
    if (fix_of[o] < 0) {
      fix_of[o] = static_cast<int32_t>(out->fixes.size());
      out->fixes.emplace_back();
    }
    out->fixes[fix_of[o]].edits.push_back(i);
  }
  for (size_t u = 0; u < out->uses.size(); ++u) {
    ApiUse& use = out->uses[u];
    if (use.status == UseStatus::kUnsupported || (use.status == UseStatus::kNeedsReview && !use.applied)) continue;
    const uint32_t o = final_owner(owners[u]);
    if (o >= n || fix_of[o] < 0) continue;  // converted to the same text (nothing to edit)
    use.fix = fix_of[o];
    // A fix shared by several uses is as sure as the least sure of them.
    Fix& f = out->fixes[fix_of[o]];
    if (use.applicability == Applicability::kReview) f.applicability = Applicability::kReview;
  }
}

}  // namespace t2p::rules
