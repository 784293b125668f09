# JIT-built extensions: load() maps to Paddle's (extra_cflags is extra_cxx_cflags there); the
# module's operators keep the Python names the C++ side registers (docs/cpp-extensions.md).
import paddle
from torch.utils.cpp_extension import load_inline

fused = paddle.utils.cpp_extension.load(
    name="fused_act_cuda",
    sources=["fused_act.cpp", "fused_act_kernel.cu"],
    extra_cxx_cflags=["-O3"],  # host compiler
    extra_cuda_cflags=["--use_fast_math"],
    verbose=True,
)


def act(x, bias):
    return fused.forward(x, bias, 0.2, 2 ** 0.5)


SOURCE = "torch::Tensor twice(torch::Tensor x) { return x * 2; }"
# TODO(torch2paddle): torch.utils.cpp_extension.load_inline has no Paddle equivalent yet
inline = load_inline(name="inline_ext", cpp_sources=[SOURCE], functions=["twice"])
