#include "paddle/extension.h"

#include <tuple>

paddle::Tensor bias_act(const paddle::Tensor& x, const paddle::Tensor& b, float alpha, int64_t dim);
std::tuple<paddle::Tensor, paddle::Tensor> moments(paddle::Tensor x, bool unbiased);

paddle::Tensor bias_act_backward(const paddle::Tensor& grad, const paddle::Tensor& y, float alpha) {
  return grad * y * alpha;
}

// the Python names are the operator names
// TODO(torch2paddle): review: py::arg defaults of bias_act have no Paddle form: every call must pass every argument
// PD_KERNEL wants tensors by const reference, then attributes, and returns the outputs as a
// list: this adaptor calls bias_act as it is.
std::vector<paddle::Tensor> bias_act_pd_kernel(const paddle::Tensor& input, const paddle::Tensor& bias, float alpha, int64_t dim) {
  return {bias_act(input, bias, alpha, dim)};
}

// TODO(torch2paddle): review: the operator bias_act has no InferShape/InferDtype functions (not derivable from the C++ signature): Paddle's default (the input's shape and dtype) holds only for one input and one output of that shape
PD_BUILD_OP(bias_act)
    .Inputs({"input", "bias"})
    .Outputs({"out"})
    .Attrs({"alpha: float", "dim: int64_t"})
    .SetKernelFn(PD_KERNEL(bias_act_pd_kernel));

// PD_KERNEL wants tensors by const reference, then attributes, and returns the outputs as a
// list: this adaptor calls bias_act_backward as it is.
std::vector<paddle::Tensor> bias_act_backward_pd_kernel(const paddle::Tensor& grad, const paddle::Tensor& y, float alpha) {
  return {bias_act_backward(grad, y, alpha)};
}

// TODO(torch2paddle): review: the operator bias_act_backward has no InferShape/InferDtype functions (not derivable from the C++ signature): Paddle's default (the input's shape and dtype) holds only for one input and one output of that shape
PD_BUILD_OP(bias_act_backward)
    .Inputs({"grad", "y"})
    .Outputs({"out"})
    .Attrs({"alpha: float"})
    .SetKernelFn(PD_KERNEL(bias_act_backward_pd_kernel));

// PD_KERNEL wants tensors by const reference, then attributes, and returns the outputs as a
// list: this adaptor calls moments as it is.
std::vector<paddle::Tensor> moments_pd_kernel(const paddle::Tensor& x, bool unbiased) {
  auto outs = moments(x, unbiased);
  return {std::get<0>(outs), std::get<1>(outs)};
}

// TODO(torch2paddle): review: the operator moments has no InferShape/InferDtype functions (not derivable from the C++ signature): Paddle's default (the input's shape and dtype) holds only for one input and one output of that shape
PD_BUILD_OP(moments)
    .Inputs({"x"})
    .Outputs({"out0", "out1"})
    .Attrs({"unbiased: bool"})
    .SetKernelFn(PD_KERNEL(moments_pd_kernel));
