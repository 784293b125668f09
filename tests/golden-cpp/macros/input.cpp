#include <torch/extension.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.is_cuda(), #x " must be a CUDA tensor")
#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")
#define CHECK_INPUT(x) \
  CHECK_CUDA(x);       \
  CHECK_CONTIGUOUS(x)

template <typename scalar_t>
void scale_cpu(const scalar_t* in, scalar_t* out, int64_t n, float s) {
  for (int64_t i = 0; i < n; ++i) out[i] = in[i] * static_cast<scalar_t>(s);
}

torch::Tensor scale(const torch::Tensor& x, float s) {
  CHECK_INPUT(x);
  TORCH_CHECK(s > 0, "scale must be positive, got ", s);
  auto out = torch::empty_like(x);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale", ([&] {
    scale_cpu<scalar_t>(x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), x.numel(), s);
  }));
  AT_DISPATCH_ALL_TYPES(x.scalar_type(), "scale_all", ([&] { scale_cpu<scalar_t>(nullptr, nullptr, 0, s); }));
  AT_CUDA_CHECK(cudaGetLastError());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}
