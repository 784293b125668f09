// rules: Python numbers passed where Paddle takes only a Tensor (Paddle's API reference, compiled
// into ApiRecord::paddle_tensor_only, or the `tensor_operand` argument action) become
// `paddle.to_tensor(n, dtype=<tensor>.dtype)`: the one place a number becomes a tensor operand.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

// Whether `value` is a Python number: a number literal (signed) or a value known as an int or a
// float (`n: int`).
bool is_python_number(TSNode value, const CallSite& site, const semantic::TypeInference& types);

// `operands[i]`: argument i of `ca` goes to a Paddle parameter that takes only a Tensor (Paddle's
// reference says so, ApiRecord::paddle_tensor_only, or the argument's action is
// `tensor_operand`), with its value as written. `paddle_names[i]`: that parameter, for the reason.
// Sets `(*values)[i]` to the text that replaces each such value that is a Python number. An int
// is wrapped with the dtype of a tensor of the same call that can be written twice (the
// receiver, else another operand that is a name or an attribute chain and not a number), so it
// takes the tensor's dtype as PyTorch's int scalars do:
//   `a.mul(2)` -> `a.multiply(paddle.to_tensor(2, dtype=a.dtype))`
// A float is a tensor of Paddle's default float dtype, whatever the tensor's dtype: on an integer
// tensor PyTorch computes in floats, which the tensor's dtype would not:
//   `a.div(0.5)` -> `a.divide(paddle.to_tensor(0.5))`
// except for an in-place method on a plain name, whose result keeps the receiver's dtype (a
// float16 buffer stays one): `buf.mul_(0.9)` -> `buf.multiply_(paddle.to_tensor(0.9, dtype=buf.dtype))`
// Returns false (and `reason`) when an int has no such tensor (`f(x).div(2)`): the call is
// reported rather than written with a dtype that may differ from the tensor's.
bool wrap_tensor_operands(const CallSite& site, const kg::ApiRecord& record, const CallArguments& ca,
                          const std::vector<bool>& operands, const std::vector<std::string_view>& paddle_names,
                          const semantic::TypeInference& types, rewrite::EditSet* edits,
                          std::vector<std::string>* values, std::string* reason);

}  // namespace t2p::rules
