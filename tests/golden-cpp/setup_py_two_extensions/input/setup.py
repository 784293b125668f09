from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="ops",
    ext_modules=[
        CUDAExtension("ops_a", ["a.cpp", "a_kernel.cu"]),
        CUDAExtension("ops_b", ["b.cpp", "b_kernel.cu"]),
    ],
    cmdclass={"build_ext": BuildExtension},
)
