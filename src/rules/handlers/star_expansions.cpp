// Star arguments after placing: refused, exact, or converted with a review note; `**kw` written out as keywords.
#include "rules/handlers/call_plan.h"

namespace t2p::rules {

bool expand_star_arguments(CallPlan& cp) {
  // Star arguments: refused, exact, or converted with a review note (rules/star_arguments.h).
  std::vector<KeywordExpansion> expansions;
  if (cp.starred && !check_star_arguments(cp.record, *cp.torch_params, cp.ca, cp.stars, cp.splat_position,
                                          cp.splat_demoted, cp.site.source, &expansions, &cp.result.review,
                                          &cp.result.reason)) {
    return false;
  }
  for (const auto& expansion : expansions) {
    std::string text;
    for (const auto& item : expansion.items) {
      text += (text.empty() ? "" : ", ") + item.keyword + "=" +
              (ts_node_is_null(item.value) ? item.value_text
                                           : cp.edits->render(ts_node_start_byte(item.value), ts_node_end_byte(item.value)));
    }
    if (text.empty()) cp.plan[expansion.arg].fate = Fate::kDrop;
    else cp.plan[expansion.arg].whole = std::move(text);
  }
  return true;
}

}  // namespace t2p::rules
