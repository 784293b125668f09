// Python bindings of the fused bias + leaky-ReLU activation (kernels in fused_act_kernel.cu).
#include <torch/extension.h>

#include <vector>

#define CHECK_CUDA(x) TORCH_CHECK(x.is_cuda(), #x " must be a CUDA tensor")
#define CHECK_INPUT(x) CHECK_CUDA(x)

// Implemented in fused_act_kernel.cu.
torch::Tensor fused_act_forward_cuda(const torch::Tensor& input, const torch::Tensor& bias,
                                     float negative_slope, float scale);
torch::Tensor fused_act_backward_cuda(const torch::Tensor& grad_out, const torch::Tensor& out,
                                      float negative_slope, float scale);

torch::Tensor fused_act_forward(const torch::Tensor& input, const torch::Tensor& bias,
                                float negative_slope, float scale) {
  CHECK_INPUT(input);
  CHECK_INPUT(bias);
  TORCH_CHECK(bias.dim() == 1, "bias must be 1-D, got ", bias.dim(), " dimensions");
  TORCH_CHECK(input.size(1) == bias.size(0), "bias size must match the channels");
  return fused_act_forward_cuda(input, bias, negative_slope, scale);
}

torch::Tensor fused_act_backward(const torch::Tensor& grad_out, const torch::Tensor& out,
                                 float negative_slope, float scale) {
  CHECK_INPUT(grad_out);
  CHECK_INPUT(out);
  return fused_act_backward_cuda(grad_out, out, negative_slope, scale);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  // forward and backward are called by FusedLeakyReLUFunction (fused_act.py)
  m.def("forward", &fused_act_forward, "fused bias + leaky ReLU (CUDA)");
  m.def("backward", &fused_act_backward, "gradient of the fused activation (CUDA)");
}
