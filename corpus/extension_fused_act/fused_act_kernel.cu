// CUDA kernels of the fused bias + leaky-ReLU activation: out = leaky_relu(x + b) * scale.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

#include <cuda.h>
#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 256;

template <typename scalar_t>
__global__ void fused_act_forward_kernel(const scalar_t* __restrict__ input,
                                         const scalar_t* __restrict__ bias, scalar_t* __restrict__ out,
                                         int64_t numel, int64_t channels, int64_t inner,
                                         float negative_slope, float scale) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i >= numel) return;
  const int64_t c = (i / inner) % channels;
  const scalar_t v = input[i] + bias[c];
  out[i] = (v > scalar_t(0) ? v : v * scalar_t(negative_slope)) * scalar_t(scale);
}

template <typename scalar_t>
__global__ void fused_act_backward_kernel(const scalar_t* __restrict__ grad_out,
                                          const scalar_t* __restrict__ out, scalar_t* __restrict__ grad_in,
                                          int64_t numel, float negative_slope, float scale) {
  const int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i >= numel) return;
  // the sign of out is the sign of the pre-activation: scale > 0
  const scalar_t slope = out[i] > scalar_t(0) ? scalar_t(1) : scalar_t(negative_slope);
  grad_in[i] = grad_out[i] * slope * scalar_t(scale);
}

}  // namespace

torch::Tensor fused_act_forward_cuda(const torch::Tensor& input, const torch::Tensor& bias,
                                     float negative_slope, float scale) {
  auto out = torch::empty_like(input);
  const int64_t numel = input.numel();
  const int64_t channels = input.size(1);
  const int64_t inner = numel / (input.size(0) * channels);
  const int blocks = static_cast<int>((numel + kThreads - 1) / kThreads);
  auto stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "fused_act_forward", ([&] {
    fused_act_forward_kernel<scalar_t><<<blocks, kThreads, 0, stream>>>(
        input.data_ptr<scalar_t>(), bias.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(),
        numel, channels, inner, negative_slope, scale);
  }));
  return out;
}

torch::Tensor fused_act_backward_cuda(const torch::Tensor& grad_out, const torch::Tensor& out,
                                      float negative_slope, float scale) {
  auto grad_in = torch::zeros(grad_out.sizes(), grad_out.options());
  const int64_t numel = grad_out.numel();
  const int blocks = static_cast<int>((numel + kThreads - 1) / kThreads);
  AT_DISPATCH_FLOATING_TYPES(grad_out.scalar_type(), "fused_act_backward", ([&] {
    fused_act_backward_kernel<scalar_t><<<blocks, kThreads, 0, at::cuda::getCurrentCUDAStream()>>>(
        grad_out.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), grad_in.data_ptr<scalar_t>(),
        numel, negative_slope, scale);
  }));
  return grad_in;
}
