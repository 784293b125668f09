// rules: the arguments that shape a call's result rather than its Paddle arguments, `out=`,
// `requires_grad=` and `pin_memory=`: read once for both rewrite paths (the argument map and a
// template's unconsumed arguments), and the Paddle code each asks for.
#pragma once

#include <string>
#include <string_view>

#include "kg/api_record.h"
#include "rewrite/edit_set.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

struct ResultArguments {
  const CallArg* out = nullptr;  // `out=y`: the result goes into y (`paddle.assign(<call>, y)`)
  std::string out_unpack;        // several results: `out0, out1` (assigned the call's results)
  std::string out_assigns;       // and `paddle.assign(out0, y[0]), ...`, added after the statement
  bool requires_grad = false;    // `requires_grad=True`: `x.stop_gradient = False` after `x = <call>`
  bool pin_memory = false;       // `pin_memory=True`: `.pin_memory()` on the result
  // `inplace=True` (`F.relu(x, inplace=True)`): PyTorch writes the result into the input, which
  // resolve_inplace makes the `out` when the input is a name (`paddle.assign(<call>, x)`).
  bool inplace = false;

  bool any() const { return out || !out_unpack.empty() || requires_grad || pin_memory || inplace; }
};

// Reads argument `a` (value text `value`) whose action is out, requires_grad or pin_memory into
// `results`; false (and `reason`) when its value cannot be converted (`requires_grad=flag`,
// `out=(a, b)` of an API with one result). `None` / `False`, the defaults, change nothing.
bool read_result_argument(kg::ArgAction action, const kg::ArgRule& rule, const CallArg& a, std::string_view value,
                          const CallSite& site, const kg::ApiRecord& record, rewrite::EditSet* edits,
                          ResultArguments* results, std::string* reason);

// `inplace=True` read by read_result_argument: the result goes into the call's input (its first
// PyTorch parameter) when that is a name or an attribute chain (`paddle.assign(<call>, x)`), as
// PyTorch writes it there; an input the call computes (`F.relu(self.bn(x), inplace=True)`) is a
// temporary nobody else sees, so nothing is written. False (and `reason`) for a subscript, whose
// PyTorch view writes into the tensor it slices.
bool resolve_inplace(const CallArguments& ca, const CallSite& site, const kg::ApiRecord& record,
                     ResultArguments* results, std::string* reason);

}  // namespace t2p::rules
