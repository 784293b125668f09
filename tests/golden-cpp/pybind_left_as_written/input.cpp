#include <torch/extension.h>

// eps is a double: Paddle's operator attributes have no double, so the module is left as written
torch::Tensor norm(const torch::Tensor& x, double eps);

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("norm", &norm, "normalise");
}
