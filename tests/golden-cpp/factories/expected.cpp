#include "paddle/extension.h"

paddle::Tensor make(const paddle::Tensor& x, int64_t n) {
  auto a = paddle::zeros({n, x.shape()[1]}, x.dtype(), x.place());
  auto b = paddle::empty_like(x);
  paddle::Tensor c = paddle::empty({n}, b.dtype(), b.place());
  auto d = paddle::zeros_like(c);
  // forms without a tensor's options: Paddle needs a dtype and a place
  // TODO(torch2paddle): torch::zeros: only torch::zeros(shape, t.options()) converts: Paddle takes a dtype and a place, not TensorOptions
  auto e = torch::zeros({n});
  // TODO(torch2paddle): torch::dtype: no Paddle counterpart is known (knowledge_graph/cpp/)
  // TODO(torch2paddle): torch::ones: only torch::ones(shape, t.options()) converts: Paddle takes a dtype and a place, not TensorOptions
  auto f = torch::ones({2, 2}, torch::dtype(paddle::DataType::FLOAT32).device(x.place()));
  return a + b + c + d + e + f;
}
