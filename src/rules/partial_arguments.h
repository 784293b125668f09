// rules: `functools.partial(nn.BatchNorm2d, eps=1e-3, momentum=0.01)` binds arguments of a torch
// callable that the partial's caller never sees again. Once the callable is Paddle's, those
// arguments must be Paddle's: `partial(paddle.nn.BatchNorm2D, epsilon=1e-3, momentum=1 - 0.01)`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "base/edit.h"
#include "kg/api_record.h"

namespace t2p::rules {

struct PartialPlan {
  bool ok = false;
  std::vector<base::Edit> edits;  // on the partial's arguments (none when they are Paddle's as written)
  std::string reason;             // when !ok: the first argument the argument map cannot take
};

// The partial call whose first argument is `callable` (`partial` or `functools.partial`); null
// when `callable` is not one's first argument.
TSNode partial_around(TSNode callable, std::string_view source);

// The edits that make the arguments `partial` binds after its callable those of `record`'s
// Paddle API: keywords renamed, values written into the map's expression, dropped ones removed.
// Only literal or plain-name values are rewritten (a value with code of its own is converted on
// its own); positional ones must land on the same Paddle parameter.
PartialPlan plan_partial_arguments(TSNode partial, std::string_view source, const kg::ApiRecord& record);

}  // namespace t2p::rules
