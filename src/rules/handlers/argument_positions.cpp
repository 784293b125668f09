// Positional arguments stay positional where Paddle has the same parameter at that position, else become keywords.
#include "rules/handlers/call_plan.h"

namespace t2p::rules {

bool place_positionals(CallPlan& cp) {
  const kg::ApiRecord& record = cp.record;
  const CallArguments& ca = cp.ca;
  std::vector<ArgPlan>& plan = cp.plan;
  const std::vector<kg::Param>& torch_params = *cp.torch_params;
  // Positional arguments stay positional while Paddle has the same parameter at that position;
  // from the first that differs on, they become keywords.
  size_t out_pos = cp.offset;
  bool demote = false;
  if (cp.offset == 1) cp.supplied.push_back(record.self_param);
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const CallArg& a = ca.args[i];
    if (static_cast<int>(i) == cp.stars.splat) cp.splat_position = out_pos, cp.splat_demoted = demote;  // star arguments
    if (plan[i].fate == Fate::kDrop || a.param < 0) continue;
    if (!plan[i].whole.empty()) {
      // Several keywords in place of one argument: later positionals must become keywords.
      if (a.keyword.empty()) demote = true;
      continue;
    }
    if (!a.keyword.empty()) {
      cp.supplied.push_back(plan[i].paddle_name.empty() ? a.keyword : std::string_view(plan[i].paddle_name));
      continue;
    }
    if (a.splat) continue;
    if (!plan[i].paddle_name.empty()) cp.supplied.push_back(plan[i].paddle_name);
    const kg::Param& p = torch_params[a.param];
    bool group_member = p.kind == kg::ParamKind::kVarArgs && i > 0 && ca.args[i - 1].param == a.param;
    if (group_member) continue;
    const std::vector<std::string_view>& paddle_positional = cp.paddle_positional;
    if (!demote && (paddle_positional.empty() || plan[i].paddle_name.empty() ||
                    (out_pos < paddle_positional.size() && paddle_positional[out_pos] == plan[i].paddle_name) ||
                    (out_pos >= paddle_positional.size() && cp.paddle_varargs &&
                     p.kind == kg::ParamKind::kVarArgs))) {
      ++out_pos;
      continue;
    }
    if (plan[i].paddle_name.empty() || plan[i].paddle_name[0] == '*') {
      cp.result.reason = "positional argument of " + record.torch + " has no Paddle keyword";
      return false;
    }
    demote = true;
    plan[i].fate = Fate::kToKeyword;
  }
  if (demote) {
    // A varargs group cannot become a keyword unless it is a list.
    for (size_t i = 0; i < ca.args.size(); ++i) {
      if (plan[i].fate == Fate::kToKeyword && ca.args[i].param >= 0 &&
          torch_params[ca.args[i].param].kind == kg::ParamKind::kVarArgs && ca.args[i].splat) {
        cp.result.reason = "a `*` argument of " + record.torch + " cannot be mapped";
        return false;
      }
    }
  }
  return true;
}

}  // namespace t2p::rules
