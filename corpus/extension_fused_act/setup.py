# Builds the fused activation extension: python setup.py install
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="fused_act",
    ext_modules=[
        CUDAExtension(
            "fused_act_cuda",
            ["fused_act.cpp", "fused_act_kernel.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
    install_requires=["torch>=2.0"],
)
