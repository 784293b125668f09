#include "rules/handlers/argument_plan.h"

namespace t2p::rules {

bool plan_unsupported(const ArgumentContext& c, ArgPlan* ap, std::string* reason) {
  if (c.is_default) {
    ap->fate = Fate::kDrop;
    return true;
  }
  *reason = "argument '" + (c.param.kind == kg::ParamKind::kVarKwargs ? std::string(c.arg.keyword) : c.param.name) +
            "' of " + c.record.torch + " cannot be converted" +
            (c.rule && !c.rule->reason.empty() ? " (" + c.rule->reason + ")" : "");
  return false;
}

// Same role, different meaning (non_blocking -> blocking): only the default is safe.
bool plan_rewrite(const ArgumentContext& c, ArgPlan* ap, std::string* reason) {
  if (c.is_default) {
    ap->fate = Fate::kDrop;
    return true;
  }
  *reason = "argument '" + c.param.name + "' of " + c.record.torch + " needs a rewrite by hand";
  return false;
}

}  // namespace t2p::rules
