# The module is imported as `import lltm_cpp`: Paddle's setup() must carry that name.
from setuptools import setup
import paddle

paddle.utils.cpp_extension.setup(
    name="lltm_cpp",  # the distribution
    version="0.1",
    ext_modules=[paddle.utils.cpp_extension.CppExtension(sources=["lltm.cpp"])],
    cmdclass={"build_ext": paddle.utils.cpp_extension.BuildExtension},
)
