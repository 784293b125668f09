// A layout-changing API: its tensor arguments go in permuted to Paddle's layout, its result comes back permuted.
#include <algorithm>

#include "rules/handlers/call_plan.h"
#include "rules/target_spellings.h"

namespace t2p::rules {

void permute_layout_argument(const CallPlan& cp, const CallArg& a, const kg::Param& p, std::string_view value,
                             ArgPlan* ap) {
  const kg::ApiRecord& record = cp.record;
  if (!record.layout_perm.empty() && ap->fate != Fate::kDrop && value != "None" &&
      std::find(record.layout_params.begin(), record.layout_params.end(), p.name) != record.layout_params.end()) {
    // A layout-changing API: the tensor goes in with its axes permuted (`q.transpose([0, 2, 1, 3])`).
    ap->new_value = substitute_value(fill(target().permuted, {{"{perm}", record.layout_perm}}),
                                     ap->replace_value ? ap->new_value
                                                       : cp.edits->render(ts_node_start_byte(a.value), ts_node_end_byte(a.value)));
    ap->replace_value = true;
  }
}

bool permute_layout_result(CallPlan& cp, CallEdits& e) {
  const kg::ApiRecord& record = cp.record;
  if (!record.layout_perm.empty()) {
    // ... and the result comes back in Paddle's layout: permute it back.
    if (cp.is_method || cp.results.out || !cp.results.out_unpack.empty()) {
      cp.result.reason = record.torch + " changes the layout of its tensors: this form needs a rewrite by hand";
      return false;
    }
    auto [before, after] = TargetSpellings::around(fill(target().permuted, {{"{perm}", record.layout_result_perm}}), "{value}");
    if (!before.empty()) e.batch.push_back({e.call_begin, e.call_begin, std::move(before), base::EditSide::kOpen, e.span});
    e.batch.push_back({e.call_end, e.call_end, std::move(after), base::EditSide::kClose, e.span});
  }
  return true;
}

}  // namespace t2p::rules
