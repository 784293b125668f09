// Arguments Paddle needs that the user did not pass: `reduction=`, Paddle-only ones, differing defaults.
#include <algorithm>

#include "parse/syntax_tree.h"
#include "rules/handlers/call_plan.h"

namespace t2p::rules {

using kg::ArgAction;

namespace {

// Whether the call passes parameter `name` with a value other than a literal zero (`0`,
// `(0, 0)`, `[0, 0, 0]`): a value that is not a literal may be anything.
bool passes_nonzero(const CallPlan& cp, const std::string& name) {
  for (const CallArg& a : cp.ca.args) {
    if (a.kwsplat || a.splat) return true;
    if (a.param < 0 || (*cp.torch_params)[a.param].name != name) continue;
    std::string_view v = parse::node_text(a.value, cp.site.source);
    for (char c : v) {
      if (c != '0' && c != ' ' && c != ',' && c != '(' && c != ')' && c != '[' && c != ']') return true;
    }
    return false;
  }
  return false;
}

}  // namespace

bool append_paddle_arguments(CallPlan& cp) {
  const kg::ApiRecord& record = cp.record;
  const std::vector<kg::Param>& torch_params = *cp.torch_params;
  const std::vector<bool>& given = cp.given;
  std::vector<std::string>& appended = cp.appended;
  // Arguments Paddle needs that the user did not pass.
  if (!cp.legacy_reduction.empty()) {
    appended.push_back("reduction=" + cp.legacy_reduction);
    cp.supplied.push_back("reduction");
  }
  // `default` and `value_map` entries with a `value`: what Paddle needs when the user omitted
  // the argument (the defaults differ).
  for (const auto& rule : record.args) {
    if (rule.omitted.empty() || rule.torch.empty()) continue;
    bool passed = false;
    for (size_t pi = 0; pi < torch_params.size(); ++pi) {
      if (torch_params[pi].name == rule.torch && given[pi]) passed = true;
    }
    if (!passed) {
      cp.result.reason = "without '" + rule.torch + "=', " + record.torch + " " + rule.omitted;
      return false;
    }
  }
  auto omitted_value = [](const kg::ArgRule& rule) {
    return (rule.action == ArgAction::kDefault || rule.action == ArgAction::kValueMap) && !rule.paddle.empty() &&
           !rule.value.empty();
  };
  for (const auto& rule : record.args) {
    if ((rule.action == ArgAction::kPaddleOnly || omitted_value(rule)) && !rule.paddle.empty() && !rule.value.empty()) {
      cp.supplied.push_back(rule.paddle);
    }
  }
  if (cp.bound) {
    // A required Paddle parameter nobody passes: the converted call would fail at run time.
    for (const auto& p : record.paddle_params) {
      if (p.kind != kg::ParamKind::kNormal || p.has_default) continue;
      // The docs' signatures sometimes omit defaults (`synchronize(device)` on both sides), so
      // a parameter PyTorch also has is trusted to be optional when PyTorch's is.
      // Only a Paddle parameter with no PyTorch counterpart at all is checked.
      bool paired = false;
      for (const auto& rule : record.args) paired |= rule.paddle == p.name && !rule.torch.empty();
      for (const auto& tp : torch_params) paired |= tp.name == p.name;
      if (paired) continue;
      if (std::find(cp.supplied.begin(), cp.supplied.end(), p.name) == cp.supplied.end()) {
        cp.result.reason = record.paddle + " needs '" + p.name + "', which this call does not give";
        return false;
      }
    }
  }
  for (const auto& rule : record.args) {
    if (rule.action == ArgAction::kPaddleOnly && !rule.paddle.empty() && !rule.value.empty()) {
      appended.push_back(rule.paddle + "=" + rule.value);
    }
    if (omitted_value(rule)) {
      bool passed = false;
      for (size_t pi = 0; pi < torch_params.size(); ++pi) {
        if (torch_params[pi].name == rule.torch && given[pi]) passed = true;
      }
      if (!passed && (rule.only_with.empty() || passes_nonzero(cp, rule.only_with))) {
        appended.push_back(rule.paddle + "=" + rule.value);
      }
    }
  }
  return true;
}

}  // namespace t2p::rules
