// Operands of the type Paddle's reference documents: a Python number made a Tensor, a path or file made a str.
#include <algorithm>

#include "rules/handlers/call_plan.h"
#include "rules/str_operands.h"
#include "rules/tensor_operands.h"

namespace t2p::rules {
namespace {

// Whether argument i goes to Paddle with its value as written (bound, kept, not rewritten yet):
// where an operand check applies.
bool as_written(const CallPlan& cp, size_t i) {
  const ArgPlan& ap = cp.plan[i];
  return cp.ca.args[i].param >= 0 && ap.fate != Fate::kDrop && !ap.replace_value && ap.whole.empty();
}

// The Paddle parameter each such argument goes to (empty for the others).
std::vector<std::string_view> names_as_written(const CallPlan& cp) {
  std::vector<std::string_view> names(cp.ca.args.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (as_written(cp, i)) names[i] = cp.plan[i].paddle_name;
  }
  return names;
}

// Puts the non-empty `values` in place of the arguments' values.
void replace_values(CallPlan& cp, std::vector<std::string>& values) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i].empty()) continue;
    cp.plan[i].new_value = std::move(values[i]);
    cp.plan[i].replace_value = true;
  }
}

}  // namespace

bool make_tensor_operands(CallPlan& cp) {
  const kg::ApiRecord& record = cp.record;
  // A Python number where Paddle takes only a Tensor (its reference, or the action says so).
  bool marked = false;
  for (const ArgPlan& ap : cp.plan) marked = marked || ap.tensor_operand;
  if (!marked && record.paddle_tensor_only.empty()) return true;  // most calls: nothing to look at
  const std::vector<std::string_view> names = names_as_written(cp);
  std::vector<bool> operands(names.size(), false);
  bool any = false;
  for (size_t i = 0; i < names.size(); ++i) {
    if (!as_written(cp, i)) continue;
    operands[i] = cp.plan[i].tensor_operand ||
                  (!names[i].empty() && std::find(record.paddle_tensor_only.begin(), record.paddle_tensor_only.end(),
                                                  names[i]) != record.paddle_tensor_only.end());
    any = any || operands[i];
  }
  if (!any) return true;
  std::vector<std::string> wrapped;
  if (!wrap_tensor_operands(cp.site, record, cp.ca, operands, names, cp.types, cp.edits, &wrapped, &cp.result.reason)) {
    return false;
  }
  replace_values(cp, wrapped);
  return true;
}

bool make_str_operands(CallPlan& cp) {
  if (cp.record.paddle_str_only.empty()) return true;
  // A pathlib path or an open file where Paddle's reference documents a string.
  std::vector<std::string> written;
  if (!write_str_operands(cp.site, cp.record, cp.ca, names_as_written(cp), cp.types, cp.edits, &written,
                          &cp.result.reason)) {
    return false;
  }
  replace_values(cp, written);
  return true;
}

}  // namespace t2p::rules
