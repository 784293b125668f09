# The module is imported as `import lltm_cpp`: Paddle's setup() must carry that name.
from setuptools import setup
from torch.utils import cpp_extension

setup(
    name="lltm",  # the distribution
    version="0.1",
    ext_modules=[cpp_extension.CppExtension(name="lltm_cpp", sources=["lltm.cpp"])],
    cmdclass={"build_ext": cpp_extension.BuildExtension},
)
