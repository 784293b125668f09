// rules: an integer tensor given to an API that PyTorch computes in floats (`torch.arange(1, n +
// 1).sqrt()`, `torch.exp(idx)`): PyTorch promotes it to the default float dtype, while Paddle's
// kernel takes floats only and raises. The input is cast first (mappings/integer_dtypes.jsonl
// marks such APIs `int_to_float`; the type inference knows which tensors are integer ones).
#pragma once

#include "kg/api_record.h"
#include "rewrite/edit_set.h"
#include "rules/call_rewriter.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

// Adds the cast of the call's input (the receiver of a method, else the first positional argument
// or `input=`) when `record` is `int_to_float` and the input is an integer tensor. False when
// the cast cannot be added (an overlapping edit); true otherwise, cast or not.
bool cast_integer_input(const CallSite& site, const kg::ApiRecord& record, const semantic::TypeInference& types,
                        rewrite::EditSet* edits);

}  // namespace t2p::rules
