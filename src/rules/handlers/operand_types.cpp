// Operands of the type Paddle's reference documents: a Python number made a Tensor, a path or file made a str.
#include <algorithm>

#include "rules/handlers/call_plan.h"
#include "rules/str_operands.h"
#include "rules/tensor_operands.h"

namespace t2p::rules {

bool make_tensor_operands(CallPlan& cp) {
  const kg::ApiRecord& record = cp.record;
  const CallArguments& ca = cp.ca;
  std::vector<ArgPlan>& plan = cp.plan;
  // A Python number where Paddle takes only a Tensor (its reference, or the action says so).
  std::vector<bool> operands(ca.args.size(), false);
  std::vector<std::string_view> names(ca.args.size());
  bool any = false;
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const ArgPlan& ap = plan[i];
    if (ca.args[i].param < 0 || ap.fate == Fate::kDrop || ap.replace_value || !ap.whole.empty()) continue;
    names[i] = ap.paddle_name;
    operands[i] = ap.tensor_operand ||
                  (!ap.paddle_name.empty() && std::find(record.paddle_tensor_only.begin(), record.paddle_tensor_only.end(),
                                                        ap.paddle_name) != record.paddle_tensor_only.end());
    any = any || operands[i];
  }
  if (any) {
    std::vector<std::string> wrapped;
    if (!wrap_tensor_operands(cp.site, record, ca, operands, names, cp.types, cp.edits, &wrapped, &cp.result.reason)) {
      return false;
    }
    for (size_t i = 0; i < ca.args.size(); ++i) {
      if (wrapped[i].empty()) continue;
      plan[i].new_value = std::move(wrapped[i]);
      plan[i].replace_value = true;
    }
  }
  return true;
}

bool make_str_operands(CallPlan& cp) {
  const CallArguments& ca = cp.ca;
  std::vector<ArgPlan>& plan = cp.plan;
  if (!cp.record.paddle_str_only.empty()) {
    // A pathlib path or an open file where Paddle's reference documents a string.
    std::vector<std::string_view> names(ca.args.size());
    for (size_t i = 0; i < ca.args.size(); ++i) {
      const ArgPlan& ap = plan[i];
      if (ca.args[i].param >= 0 && ap.fate != Fate::kDrop && !ap.replace_value && ap.whole.empty()) names[i] = ap.paddle_name;
    }
    std::vector<std::string> written;
    if (!write_str_operands(cp.site, cp.record, ca, names, cp.types, cp.edits, &written, &cp.result.reason)) return false;
    for (size_t i = 0; i < ca.args.size(); ++i) {
      if (written[i].empty()) continue;
      plan[i].new_value = std::move(written[i]);
      plan[i].replace_value = true;
    }
  }
  return true;
}

}  // namespace t2p::rules
