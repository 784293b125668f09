#include <torch/extension.h>
#include <vector>

// Methods convert on receivers known to be tensors: parameters and locals of tensor type.
int64_t describe(const torch::Tensor& x, std::vector<int64_t> v) {
  auto shape = x.sizes();
  int64_t rows = x.size(0);
  int64_t last = x.size(-1);  // Paddle's size() is the element count: reported
  int64_t n = x.numel() + x.dim();
  const float* p = x.contiguous().data_ptr<float>();
  bool gpu = x.is_cuda();
  auto place = x.device();
  auto opts = x.options();
  int64_t count = v.size();  // a vector's size(): not a tensor, untouched
  return rows + last + n + count + (gpu ? 1 : 0) + (p != nullptr);
}

float first(const std::vector<torch::Tensor>& xs) {
  // an element of a vector: not known to be a tensor; data_ptr names tensors by itself
  return *xs[0].data_ptr<float>();
}
