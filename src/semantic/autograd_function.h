// semantic: the shape of a custom autograd function (a class deriving from
// torch.autograd.Function): which of its methods take the ctx object first, and the styles
// paddle.autograd.PyLayer cannot take.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "semantic/file_model.h"

namespace t2p::semantic {

// The qualified name every custom autograd function derives from (aliases resolved).
inline constexpr std::string_view kAutogradFunction = "torch.autograd.Function";

// The methods (function_definition nodes) of autograd function class `c` whose first parameter
// is the ctx object: the static `forward`, `backward`, `setup_context`, `jvp` and `vjp`, less
// `forward` when the class defines `setup_context` (PyTorch 2's style: forward takes the inputs
// only). A method without `@staticmethod` is left out: PyTorch refuses such a class.
std::vector<TSNode> ctx_methods(const ClassInfo& c, std::string_view src);

// Why paddle.autograd.PyLayer cannot stand for torch.autograd.Function in class `c`, or empty:
// `setup_context` (forward without ctx, which PyLayer always passes), or `vjp` without
// `backward` (PyLayer calls backward only).
std::string pylayer_problem(const ClassInfo& c, std::string_view src);

// A `return` of backward in a class that becomes a PyLayer, whose values hold `None` for inputs
// of forward. torch's backward returns one value per input of forward, None for those that are
// not Tensors; Paddle's PyLayer.backward returns one per Tensor input only and raises when given
// more. A None also stands for a Tensor input that needs no gradient, which Paddle takes as it is,
// so which Nones must go is only known at run time: the return is reported, never rewritten.
struct BackwardReturn {
  TSNode statement{};  // the return_statement
  TSNode value{};      // its values
  std::string reason;  // names the inputs of forward the Nones stand for
};

// The returns of `c`'s static backward with one value per input of forward and a None among
// them (forward without *args/**kwargs). Nested functions' returns are not backward's.
std::vector<BackwardReturn> backward_none_returns(const ClassInfo& c, std::string_view src);

}  // namespace t2p::semantic
