// rules: Python numbers passed where Paddle takes only a Tensor (Paddle's API reference, compiled
// into ApiRecord::paddle_tensor_only) become `paddle.to_tensor(n, dtype=<tensor>.dtype)`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"

namespace t2p::rules {

// Whether `value` is a number literal going to a Tensor-only Paddle parameter of `record`: the
// check before wrap_tensor_operands, without allocating.
bool is_tensor_operand(const kg::ApiRecord& record, TSNode value, std::string_view paddle_param);

// `paddle_names[i]`: the Paddle parameter argument i of `ca` goes to (empty when it is dropped or
// its value is rewritten already). Sets `(*values)[i]` to the text that replaces the value of
// each number literal (`0.5`, `-1`, `2e3`) going to a Tensor-only parameter: the number wrapped
// with the dtype of a tensor of the same call that can be written twice (the receiver, else an
// argument for another Tensor-only parameter that is a name or an attribute chain), so the
// number takes the tensor's dtype as PyTorch's scalar operands do:
//   `a.div(0.5)` -> `a.divide(paddle.to_tensor(0.5, dtype=a.dtype))`
// Returns false (and `reason`) when no such tensor exists (`f(x).div(2)`): the call is reported
// rather than written with a dtype that may differ from the tensor's. Does nothing (returns
// true) for a record without Tensor-only parameters.
bool wrap_tensor_operands(const CallSite& site, const kg::ApiRecord& record, const CallArguments& ca,
                          const std::vector<std::string_view>& paddle_names, rewrite::EditSet* edits,
                          std::vector<std::string>* values, std::string* reason);

}  // namespace t2p::rules
