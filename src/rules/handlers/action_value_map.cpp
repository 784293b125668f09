#include "rules/argument_value_forms.h"
#include "rules/handlers/argument_plan.h"

namespace t2p::rules {

bool plan_value_map(const ArgumentContext& c, ArgPlan* ap, std::string* reason) {
  const std::string_view value = c.value;
  const std::pair<std::string, std::string>* hit = nullptr;
  // Keys: the exact text, `*.SUFFIX` (any value ending so, e.g. `*.DEFAULT` for weight enums), or
  // `*` (anything else).
  for (const auto& kv : c.rule->values) {
    bool suffix = kv.first.size() > 1 && kv.first[0] == '*' && value.size() >= kv.first.size() - 1 &&
                  value.substr(value.size() - (kv.first.size() - 1)) == std::string_view(kv.first).substr(1);
    if (kv.first == value || suffix) {
      hit = &kv;
      break;
    }
    if (kv.first == "*") hit = &kv;
  }
  if (!hit) {
    // An expression value: chosen by its truth between the True and False entries
    // (rules/argument_value_forms.h).
    ValueForm form;
    std::string why;
    const std::string target = c.paddle_name.empty() ? c.param.name : c.paddle_name;
    if (truth_value_form(*c.rule, c.record, target, c.arg.value, c.rendered(), &form, &why)) {
      if (form.drop) {
        ap->fate = Fate::kDrop;
        return true;
      }
      ap->paddle_name = target;
      ap->new_value = std::move(form.text);
      ap->replace_value = true;
      c.pass_as(ap, target);
      return true;
    }
    *reason = !why.empty() ? why
                           : "argument '" + c.param.name + "=" + std::string(value) + "' of " + c.record.torch +
                                 " has no Paddle equivalent value";
    return false;
  }
  if (hit->second.empty()) {
    ap->fate = Fate::kDrop;
    return true;
  }
  ap->paddle_name = c.paddle_name.empty() ? c.param.name : c.paddle_name;
  if (hit->second.find("{value}") != std::string::npos) {
    // `"*": "not {value}"`: an expression of the user's value (parenthesised if compound).
    ap->new_value = substitute_value(hit->second, c.rendered());
    ap->replace_value = true;
  } else if (hit->second != "*") {
    ap->new_value = hit->second;
    ap->replace_value = ap->new_value != value;
  }
  c.pass_as(ap, ap->paddle_name);
  return true;
}

}  // namespace t2p::rules
