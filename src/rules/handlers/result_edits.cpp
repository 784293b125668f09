// What the result-shaping arguments add around the argument map's call: `out=`, unpacking, pinning, a statement after.
#include "rules/argument_value_forms.h"
#include "rules/handlers/call_plan.h"
#include "rules/target_spellings.h"

namespace t2p::rules {

using base::EditSide;

void write_result_wrappers(const CallPlan& cp, CallEdits& e) {
  const ResultArguments& results = cp.results;
  const uint32_t call_begin = e.call_begin;
  const uint32_t call_end = e.call_end;
  if (results.out) {
    auto [before, after] = TargetSpellings::around(target().write_into, "{result}");
    e.batch.push_back({call_begin, call_begin, std::move(before), EditSide::kOpen, e.span});
    e.batch.push_back({call_end, call_end, fill(after, {{"{out}", e.out_text}}), EditSide::kClose, e.span});
  }
  if (!results.out_unpack.empty()) e.batch.push_back({call_begin, call_begin, results.out_unpack + " = ", EditSide::kOpen, e.span});
  if (results.pin_memory) {
    auto [before, after] = TargetSpellings::around(target().pinned, "{result}");
    if (!before.empty()) e.batch.push_back({call_begin, call_begin, std::move(before), EditSide::kOpen, e.span});
    e.batch.push_back({call_end, call_end, std::move(after), EditSide::kClose, e.span});
  }
}

bool add_result_statement(CallPlan& cp) {
  const ResultArguments& results = cp.results;
  RewriteOutcome& result = cp.result;
  result.after_statement = results.out_assigns;
  if (results.requires_grad && !results.out_assigns.empty()) {
    // Both would add a statement after the call; no API has both arguments today.
    result.reason = "requires_grad= together with out= of several results needs a rewrite by hand";
    return false;
  }
  if (results.requires_grad && !is_parameter_data(cp.site, cp.types)) {  // rules/argument_value_forms.h
    result.after_statement = stop_gradient_statement(cp.site, cp.types, &result.reason);
    if (result.after_statement.empty()) return false;
  }
  return true;
}

}  // namespace t2p::rules
