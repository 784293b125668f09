#include "rules/fix_groups.h"

#include <unordered_map>

namespace t2p::rules {

void group_fixes(const std::vector<uint32_t>& owners, const std::vector<rewrite::EditSet::Merge>& merges,
                 FileConversion* out) {
  std::unordered_map<uint32_t, uint32_t> into;
  for (const auto& m : merges) into[m.from] = m.into;
  auto final_owner = [&](uint32_t o) {
    for (int hops = 0; hops < 64; ++hops) {  // merges point outwards, so this ends; the bound guards
      auto it = into.find(o);
      if (it == into.end()) break;
      o = it->second;
    }
    return o;
  };
  std::unordered_map<uint32_t, int32_t> fix_of;  // owner -> index in out->fixes
  for (uint32_t i = 0; i < out->edits.size(); ++i) {
    const uint32_t o = out->edits[i].owner;
    if (o == base::kFileEdit || o == base::kNoteEdit) continue;
    auto [it, fresh] = fix_of.emplace(o, static_cast<int32_t>(out->fixes.size()));
    if (fresh) out->fixes.emplace_back();
    out->fixes[it->second].edits.push_back(i);
  }
  for (size_t u = 0; u < out->uses.size(); ++u) {
    ApiUse& use = out->uses[u];
    if (use.status == UseStatus::kUnsupported || (use.status == UseStatus::kNeedsReview && !use.applied)) continue;
    auto it = fix_of.find(final_owner(owners[u]));
    if (it == fix_of.end()) continue;  // converted to the same text (nothing to edit)
    use.fix = it->second;
    // A fix shared by several uses is as sure as the least sure of them.
    Fix& f = out->fixes[it->second];
    if (use.applicability == Applicability::kReview) f.applicability = Applicability::kReview;
  }
}

}  // namespace t2p::rules
