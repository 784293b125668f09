#include "paddle/extension.h"
#include <vector>

// Methods convert on receivers known to be tensors: parameters and locals of tensor type.
int64_t describe(const paddle::Tensor& x, std::vector<int64_t> v) {
  auto shape = x.shape();
  int64_t rows = x.shape()[0];
  // TODO(torch2paddle): Tensor::size: Paddle's Tensor::size() is the element count; only a non-negative literal dimension converts to shape()[i] (a negative or computed one needs a check)
  int64_t last = x.size(-1);  // Paddle's size() is the element count: reported
  int64_t n = x.numel() + x.shape().size();
  // TODO(torch2paddle): Tensor::contiguous: Paddle's custom operators receive dense tensors: drop the call if nothing else needs it
  const float* p = x.contiguous().data<float>();
  bool gpu = x.is_gpu();
  auto place = x.place();
  // TODO(torch2paddle): Tensor::options: Paddle has no TensorOptions: use the tensor's dtype() and place()
  auto opts = x.options();
  int64_t count = v.size();  // a vector's size(): not a tensor, untouched
  return rows + last + n + count + (gpu ? 1 : 0) + (p != nullptr);
}

float first(const std::vector<paddle::Tensor>& xs) {
  // an element of a vector: not known to be a tensor; data_ptr names tensors by itself
  // TODO(torch2paddle): review: Tensor::data_ptr: the receiver is not known to be a tensor: convert by hand if it is one
  return *xs[0].data_ptr<float>();
}
