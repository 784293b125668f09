// deps: the package and version table of mappings/dependencies.json, which says how a
// dependency on PyTorch is pointed at Paddle (docs/dependencies.md). Data, not code: the C++
// only reads it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace t2p::deps {

// One PyPI package of the torch family.
struct PackageRule {
  std::string name;             // normalized (lower case, `-` for runs of `-_.`)
  std::string replacement;      // empty: no counterpart package, the line is kept and reported
  std::string gpu_replacement;  // when the file asks for CUDA wheels; empty: `replacement`
  std::string reason;           // why it is kept (no replacement)
};

// A torch release range [torch_from, torch_until) and the Paddle requirement it becomes.
struct VersionRow {
  std::string torch_from;
  std::string torch_until;  // empty: no upper end
  std::string paddle_min;   // `torch>=2.1` -> `paddlepaddle>=<paddle_min>`
  std::string paddle_pin;   // `torch==2.1.0` -> `paddlepaddle==<paddle_pin>`
};

// A wheel index of PyTorch's (`<torch_index>/<tag>`) and Paddle's index for the same wheels.
struct IndexRow {
  std::string torch_tag;   // "cu118", "cpu"
  std::string paddle_url;
  bool gpu = false;
  std::string note;        // said in the finding (a different CUDA version)
};

class DependencyTable {
 public:
  // Reads the JSON text of mappings/dependencies.json; nothing and `*error` when it is malformed.
  static std::optional<DependencyTable> parse(std::string_view json, std::string* error);

  // The rule of a PyPI package (`name` as written: it is normalized here), or null.
  const PackageRule* package(std::string_view name) const;
  // The reason a conda package of the family is kept, or null when it is not one.
  const std::string* conda_package(std::string_view name) const;
  // The row of a torch release ("2.1.0", "2.1.0+cu118", "2.1"), or null (not a release number,
  // or outside every row).
  const VersionRow* version_row(std::string_view torch_version) const;
  // The row of an index URL under PyTorch's wheel index (`https://download.pytorch.org/whl/cu118/`),
  // or null. `is_torch_index` tells whether the URL is under that index at all.
  const IndexRow* index_row(std::string_view url) const;
  bool is_torch_index(std::string_view url) const;
  // The row of a CUDA tag ("cu118") or null.
  const IndexRow* tag_row(std::string_view tag) const;

 private:
  std::vector<PackageRule> packages_;
  std::vector<std::pair<std::string, std::string>> conda_;  // name, reason
  std::vector<VersionRow> versions_;
  std::string torch_index_;
  std::vector<IndexRow> indexes_;
};

// The table compiled into the engine (mappings/dependencies.json, read once). Null with `*error`
// only if the built-in data is malformed, which a unit test rules out.
const DependencyTable* builtin_table(std::string* error);

// `Torch_Vision` -> `torch-vision` (PEP 503 normalization).
std::string normalize_name(std::string_view name);

// -1, 0, 1: the release segments of two versions compared ("2.1" == "2.1.0"; anything after the
// digits and dots, `rc1`, `+cu118`, is ignored). Nothing when either has no leading release number.
std::optional<int> compare_releases(std::string_view a, std::string_view b);

}  // namespace t2p::deps
