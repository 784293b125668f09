#include "rules/handlers/argument_plan.h"

namespace t2p::rules {
namespace {

// Whether Paddle's known signature takes a parameter of this name (true when the signature is
// unknown or takes **kwargs): an argument the graph has no entry for keeps its name only then.
bool paddle_accepts(const kg::ApiRecord& record, const std::string& name) {
  if (record.paddle_params.empty()) return true;
  for (const auto& p : record.paddle_params) {
    if (p.kind == kg::ParamKind::kVarKwargs || p.name == name) return true;
  }
  return false;
}

}  // namespace

bool plan_keep(const ArgumentContext& c, ArgPlan* ap, std::string* reason) {
  std::string paddle_name = c.paddle_name;
  if (!c.rule && !paddle_accepts(c.record, paddle_name)) paddle_name.clear();  // no entry, no such Paddle keyword
  if (paddle_name.empty()) {
    if (c.is_default) {
      ap->fate = Fate::kDrop;  // PyTorch's default: nothing is lost
      return true;
    }
    *reason = "argument '" + c.param.name + "' of " + c.record.torch + " has no Paddle counterpart";
    return false;
  }
  c.pass_as(ap, paddle_name);
  return true;
}

}  // namespace t2p::rules
