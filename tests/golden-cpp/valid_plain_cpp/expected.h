// valid: plain C++ with names torch's extension API also uses; nothing here is PyTorch.
#pragma once
#include <string>
#include <vector>

namespace attention {  // "at" is a prefix only
struct Tensor {
  std::vector<long> sizes() const { return shape; }
  long size(int d) const { return shape[d]; }
  std::vector<long> shape;
};
inline long rows(const Tensor& t) { return t.size(0) + static_cast<long>(t.sizes().size()); }
inline std::string torch_light() { return "torch::Tensor in a string"; }
}  // namespace attention
