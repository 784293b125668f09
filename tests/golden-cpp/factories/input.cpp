#include <torch/extension.h>

torch::Tensor make(const torch::Tensor& x, int64_t n) {
  auto a = torch::zeros({n, x.size(1)}, x.options());
  auto b = torch::empty_like(x);
  torch::Tensor c = at::empty({n}, b.options());
  auto d = torch::zeros_like(c);
  // forms without a tensor's options: Paddle needs a dtype and a place
  auto e = torch::zeros({n});
  auto f = torch::ones({2, 2}, torch::dtype(torch::kFloat32).device(x.device()));
  return a + b + c + d + e + f;
}
