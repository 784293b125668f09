#include <algorithm>

#include "rules/device_text.h"
#include "rules/handlers/argument_plan.h"
#include "rules/target_spellings.h"

namespace t2p::rules {

// A device kept as an argument (`x.to("cuda:1")`, `x.to(f"cuda:{rank}")`): a CUDA string literal
// in Paddle's spelling; other values as they are (a converted `torch.device` already is a Paddle
// string; a str variable is left to the user: see docs).
bool plan_device_string(const ArgumentContext& c, ArgPlan* ap, std::string*) {
  c.pass_as(ap, c.paddle_name.empty() ? c.param.name : c.paddle_name);
  const std::string_view value = c.value;
  if (std::string text = paddle_device_literal(value); !text.empty()) {
    ap->new_value = std::move(text);
    ap->replace_value = true;
  } else if (!value.empty() && std::all_of(value.begin(), value.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    // `x.to(0)`: an integer is a CUDA index, which Paddle takes as a device string.
    ap->new_value = "'" + target().cuda_device_type + ":" + std::string(value) + "'";
    ap->replace_value = true;
  } else if (c.types.kind_of(c.arg.value, c.site.scope).is(kg::ValueKind::kInt)) {
    ap->new_value = "'" + target().cuda_device_type + ":' + str(" + c.rendered() + ")";
    ap->replace_value = true;
  }
  return true;
}

}  // namespace t2p::rules
