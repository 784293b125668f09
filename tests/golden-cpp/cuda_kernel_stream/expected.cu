// A CUDA source: kernels, launches and the stream.
#include "paddle/extension.h"
#include "paddle/extension.h"
// TODO(torch2paddle): c10/cuda/CUDAGuard.h: Paddle has no device guard in its extension API: a custom operator's kernel runs on its inputs' place; remove the include with the guard
#include <c10/cuda/CUDAGuard.h>

template <typename scalar_t>
__global__ void __launch_bounds__(256) add_one_kernel(const scalar_t* __restrict__ in, scalar_t* __restrict__ out, int64_t n) {
  __shared__ float cache[256];
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + scalar_t(1);
}

__device__ __forceinline__ float twice(float v) { return 2.f * v; }

paddle::Tensor add_one(const paddle::Tensor& x) {
  // TODO(torch2paddle): at::cuda::OptionalCUDAGuard: Paddle has no device guard in its extension API: a custom operator's kernel runs on its inputs' place; remove the guard
  const at::cuda::OptionalCUDAGuard device_guard(x.place());
  auto out = paddle::empty_like(x);
  const int64_t n = x.numel();
  PD_DISPATCH_FLOATING_TYPES(x.dtype(), "add_one", [&] {
    add_one_kernel<data_t><<<(n + 255) / 256, 256, 0, x.stream()>>>(
        x.data<data_t>(), out.data<data_t>(), n);
  });
  return out;
}

void sync_all() {
  // no tensor here to take the stream from: reported
  // TODO(torch2paddle): at::cuda::getCurrentCUDAStream: Paddle's stream is the one of a tensor (Tensor::stream()): the enclosing function has no tensor parameter to take it from
  cudaStreamSynchronize(at::cuda::getCurrentCUDAStream());
}
