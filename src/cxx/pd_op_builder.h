// cxx: a pybind11 module's operator functions as Paddle custom operators: the PD_BUILD_OP block
// of each function `m.def` exposes, with inputs, outputs and attributes from its C++ signature.
#pragma once

#include <string>
#include <vector>

namespace t2p::cxx {

// A function's signature as written in the source (torch spellings; whitespace as written).
struct OpParam {
  std::string type;  // "const torch::Tensor&", "float", "std::vector<int64_t>"
  std::string name;
  std::string py_name;  // the Python keyword (py::arg) when it differs from `name`; "" otherwise
};
struct OpSignature {
  std::string name;         // the C++ function
  std::string return_type;  // "torch::Tensor", "std::tuple<torch::Tensor, torch::Tensor>"
  std::vector<OpParam> params;
};

// One `m.def("py_name", &function, ...)`.
struct OpBinding {
  std::string py_name;
  OpSignature signature;
};

// What a parameter or return type is to Paddle.
struct TypeRole {
  enum Kind { kInput, kAttr, kUnsupported } kind = kUnsupported;
  std::string attr_type;  // kAttr: Paddle's attribute type string ("float", "std::vector<int>")
  std::string reason;     // kUnsupported: why
};
// `tensor_types` are the torch spellings of the tensor type (torch::Tensor, at::Tensor).
TypeRole classify_param(const std::string& type, const std::vector<std::string>& tensor_types);
// The number of tensors the function returns (1 for a tensor, N for std::tuple of N tensors),
// or 0 with `reason` set when Paddle cannot declare its outputs.
int count_outputs(const std::string& return_type, const std::vector<std::string>& tensor_types,
                  std::string* reason);

struct PdOpBlock {
  std::string text;                   // the adaptor kernel and the PD_BUILD_OP block
  std::vector<std::string> problems;  // non-empty: not convertible; the reasons
  std::vector<std::string> reviews;   // converted, but the user must check these
};

// The Paddle registration of one binding:
//
//   std::vector<paddle::Tensor> fused_act_forward_pd_kernel(const paddle::Tensor& x, float alpha) {
//     return {fused_act_forward(x, alpha)};
//   }
//
//   PD_BUILD_OP(forward)
//       .Inputs({"x"})
//       .Outputs({"out"})
//       .Attrs({"alpha: float"})
//       .SetKernelFn(PD_KERNEL(fused_act_forward_pd_kernel));
//
// The adaptor is why the user's function stays as written: PD_KERNEL wants tensors by const
// reference first, attributes after, and a std::vector of outputs. The operator is named after
// the Python name, so `module.forward(...)` call sites keep their name.
PdOpBlock build_pd_op(const OpBinding& binding, const std::vector<std::string>& tensor_types);

}  // namespace t2p::cxx
