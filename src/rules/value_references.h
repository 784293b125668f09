// rules: a PyTorch callable named as a value instead of called (`norm_layer=nn.BatchNorm2d`,
// `partial(nn.LayerNorm, eps=1e-6)`, `window_fn: Callable = torch.hann_window`). The name becomes
// the Paddle one, but the code that calls it later still passes PyTorch's arguments
// (`norm_layer(ch, eps=1e-3)`, `activation_layer(inplace=True)`, `window_fn(win_length)`), which
// the converter cannot see from the name. When the Paddle signature takes arguments differently,
// the use is converted with a review note saying how.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "kg/api_record.h"

namespace t2p::rules {

// Whether `node` (a name or attribute chain) is passed on as a value: a keyword argument, a
// parameter default, the right side of an assignment, a returned value, an argument of a call
// other than a type check (`isinstance(m, nn.Conv2d)` is no value use), possibly inside a
// list, tuple or dict literal. Base classes, annotations, decorators and comparisons are not.
// `parent`: node's parent when the caller knows it (the file model records it; null: asked of
// tree-sitter, whose ts_node_parent searches from the root in 0.20).
bool passed_as_value(TSNode node, std::string_view source, TSNode parent = TSNode{});

// How calling `record`'s Paddle API with PyTorch's arguments goes wrong, as a review note
// (`... eps is epsilon; momentum is 1 - momentum; inplace does not exist ...`); empty when its
// parameters are PyTorch's, by name and position.
// `how` begins the note: "passed to partial with its arguments converted" says the partial's own
// arguments are Paddle's already.
std::string value_reference_review(const kg::ApiRecord& record, std::string_view how = "passed as a value");

// A call of a class of the file that derives from `record`'s class and defines no __init__
// (`class LayerNorm(nn.LayerNorm)`, then `LayerNorm(d, elementwise_affine=True)`): once its base
// is the Paddle class, the call passes PyTorch's arguments to Paddle's constructor. Returns what
// goes wrong for the arguments the call passes (its `keywords` and `positional` count), or "".
std::string inherited_call_problem(const kg::ApiRecord& record, const std::vector<std::string_view>& keywords,
                                   size_t positional);
// What goes wrong when a call passes PyTorch's arguments (its `keywords` and `positional` count)
// to the constructor of `record`'s Paddle class, joined by "; ", or "" (also for a non-class).
std::string constructor_argument_problems(const kg::ApiRecord& record, const std::vector<std::string_view>& keywords,
                                          size_t positional);

struct ValueFlow;

// The review note of a callable named as a value, once `flow` (rules/value_flow.h) says where
// it goes: "" when every call through it is in sight and passes arguments Paddle's API takes as
// PyTorch's does; the first call that does not, named by its line; value_reference_review's
// note when the value escapes.
std::string calls_through_review(const kg::ApiRecord& record, const ValueFlow& flow, std::string_view source,
                                 std::string_view how = "passed as a value");

}  // namespace t2p::rules
