from setuptools import setup
import paddle

# TODO(torch2paddle): setuptools.setup: Paddle's setup() builds exactly one extension: merge the sources into one CUDAExtension (torch named them "ops_a", "ops_b")
setup(
    name="ops",
    ext_modules=[
        paddle.utils.cpp_extension.CUDAExtension(["a.cpp", "a_kernel.cu"]),
        paddle.utils.cpp_extension.CUDAExtension(["b.cpp", "b_kernel.cu"]),
    ],
    cmdclass={"build_ext": paddle.utils.cpp_extension.BuildExtension},
)
