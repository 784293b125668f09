#include "paddle/extension.h"

#define CHECK_CUDA(x) PD_CHECK(x.is_gpu(), #x " must be a CUDA tensor")
// TODO(torch2paddle): Tensor::is_contiguous: Paddle's custom operators receive dense tensors: the check has no counterpart; remove it
#define CHECK_CONTIGUOUS(x) PD_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) \
  CHECK_CUDA(x);       \
  CHECK_CONTIGUOUS(x)

template <typename scalar_t>
void scale_cpu(const scalar_t* in, scalar_t* out, int64_t n, float s) {
  for (int64_t i = 0; i < n; ++i) out[i] = in[i] * static_cast<scalar_t>(s);
}

paddle::Tensor scale(const paddle::Tensor& x, float s) {
  CHECK_INPUT(x);
  PD_CHECK(s > 0, "scale must be positive, got ", s);
  auto out = paddle::empty_like(x);
  PD_DISPATCH_FLOATING_TYPES(x.dtype(), "scale", ([&] {
    scale_cpu<data_t>(x.data<data_t>(), out.data<data_t>(), x.numel(), s);
  }));
  // TODO(torch2paddle): AT_DISPATCH_ALL_TYPES: Paddle has no dispatch over all types at once: choose PD_DISPATCH_FLOATING_AND_INTEGRAL_TYPES or another PD_DISPATCH_* macro
  AT_DISPATCH_ALL_TYPES(x.dtype(), "scale_all", ([&] { scale_cpu<scalar_t>(nullptr, nullptr, 0, s); }));
  PD_CHECK((cudaGetLastError()) == cudaSuccess, "CUDA error");
  PD_CHECK(cudaGetLastError() == cudaSuccess, "CUDA kernel launch failed");
  return out;
}
