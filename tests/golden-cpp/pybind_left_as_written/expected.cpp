#include "paddle/extension.h"

// eps is a double: Paddle's operator attributes have no double, so the module is left as written
paddle::Tensor norm(const paddle::Tensor& x, double eps);

// TODO(torch2paddle): PYBIND11_MODULE: norm(eps): a double parameter: Paddle's custom-operator attributes have no double (float would lose precision)
PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("norm", &norm, "normalise");
}
