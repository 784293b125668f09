// Headers and type names: torch's become Paddle's; comments and layout stay.
#include <torch/extension.h>
#include "ATen/ATen.h"
#include <c10/cuda/CUDAGuard.h>
#include <torch/csrc/autograd/custom_function.h>
#include <vector>  // not torch

std::vector<torch::Tensor> split_heads(const at::Tensor& x,   // input
                                       int heads);

torch::Tensor to_half(const torch::Tensor& x) {
  auto dtype = torch::kFloat16;
  TORCH_CHECK(x.scalar_type() == at::kFloat, "expects float32");
  return x;
}
