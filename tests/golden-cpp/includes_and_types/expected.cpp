// Headers and type names: torch's become Paddle's; comments and layout stay.
#include "paddle/extension.h"
#include "paddle/extension.h"
// TODO(torch2paddle): c10/cuda/CUDAGuard.h: Paddle has no device guard in its extension API: a custom operator's kernel runs on its inputs' place; remove the include with the guard
#include <c10/cuda/CUDAGuard.h>
// TODO(torch2paddle): torch/csrc/autograd/custom_function.h: no Paddle header is known for it (knowledge_graph/cpp/includes.jsonl)
#include <torch/csrc/autograd/custom_function.h>
#include <vector>  // not torch

std::vector<paddle::Tensor> split_heads(const paddle::Tensor& x,   // input
                                       int heads);

paddle::Tensor to_half(const paddle::Tensor& x) {
  auto dtype = paddle::DataType::FLOAT16;
  PD_CHECK(x.dtype() == paddle::DataType::FLOAT32, "expects float32");
  return x;
}
