// A CUDA source: kernels, launches and the stream.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

template <typename scalar_t>
__global__ void __launch_bounds__(256) add_one_kernel(const scalar_t* __restrict__ in, scalar_t* __restrict__ out, int64_t n) {
  __shared__ float cache[256];
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + scalar_t(1);
}

__device__ __forceinline__ float twice(float v) { return 2.f * v; }

torch::Tensor add_one(const torch::Tensor& x) {
  const at::cuda::OptionalCUDAGuard device_guard(x.device());
  auto out = torch::empty_like(x);
  const int64_t n = x.numel();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "add_one", [&] {
    add_one_kernel<scalar_t><<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), n);
  });
  return out;
}

void sync_all() {
  // no tensor here to take the stream from: reported
  cudaStreamSynchronize(at::cuda::getCurrentCUDAStream());
}
