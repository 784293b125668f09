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

}  // namespace t2p::semantic
