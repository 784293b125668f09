// kg: the import roots whose code is converted (the families of the graph's PyTorch-side
// records: `torch`, `torchvision`, `transformers`, ...) and a cheap byte scan for them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace t2p::kg {

class ConvertedRoots {
 public:
  ConvertedRoots() = default;
  // `roots`: top-level module names, most used first (the scan tries them in this order).
  explicit ConvertedRoots(std::vector<std::string> roots);

  // Whether `qualname`'s first component is a converted root (`torch.nn` -> true for `torch`;
  // `torchtext` -> false).
  bool contains_root_of(std::string_view qualname) const;
  // Whether the bytes mention any root at all (a substring scan, comments and strings included):
  // a file without one cannot import a converted family and is copied without parsing. One
  // memchr pass per distinct first byte; a root containing another (`torchvision`) is covered by
  // the shorter one.
  bool mentioned_in(std::string_view bytes) const;
  const std::vector<std::string>& roots() const { return roots_; }

 private:
  std::vector<std::string> roots_;
  struct Group {
    char first = 0;
    std::vector<std::string> patterns;  // whole patterns starting with `first`
  };
  std::vector<Group> groups_;
};

}  // namespace t2p::kg
