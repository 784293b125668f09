// tools/graph, reference importer: turns Paddle's API reference (docs/api/paddle/*.rst) into
// knowledge_graph/paddle/ JSON Lines: every public API with its signature and parameter types.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace t2p::kg {

struct ReferenceImportReport {
  int files_read = 0;    // .rst files read
  int apis = 0;          // functions, classes and decorators (`.. py:function::` ...)
  int methods = 0;       // methods of classes, paddle.Tensor's included
  int members = 0;       // members documented without parameters (attributes, properties)
  int params = 0;        // parameters written
  int typed_params = 0;  // parameters with a documented type
  int tensor_only = 0;   // parameters documented as taking a Tensor only
  std::vector<std::string> problems;  // "path: reason" for anything it could not understand
};

// Reads every `*.rst` below `reference_root` (the folder `docs/api/paddle/`, `Tensor_cn.rst` at
// its top) and writes `out_dir/<module>.jsonl` (`paddle.jsonl`, `paddle.nn.functional.jsonl`,
// `paddle.Tensor.jsonl`, ...), one line per API, sorted by id:
//   {"id":"paddle.divide","kind":"function","params":["x","y","name=None"],
//    "types":{"x":"Tensor","y":"Tensor","name":"str"},"source":"divide_cn.rst:6"}
// A Tensor method whose section refers to a function's page takes the parameter types of that
// function (`"types_from":"paddle.divide"`). Only names, signatures, type names and source
// positions are written, never the reference's prose. Deterministic: rerunning on the same
// reference writes identical files; `*.jsonl` files of modules that no longer occur are removed.
ReferenceImportReport import_api_reference(const std::filesystem::path& reference_root,
                                           const std::filesystem::path& out_dir);

// The documented type as written between the parentheses of a parameter line, normalised:
// ASCII punctuation, no "optional" marker, alternatives joined by `|` without spaces.
//   "float|Tensor，可选" -> "float|Tensor";  "Variable | list[Variable]" -> "Variable|list[Variable]"
//   "可选" -> ""
std::string normalize_param_type(std::string_view documented);

// Whether a normalised type takes only tensors: every alternative names a tensor (`Tensor`,
// `Variable`, `DenseTensor`, `SparseTensor`, `0-D Tensor`...); no number, list, str, ndarray.
//   "Tensor" -> true;  "float|Tensor" -> false;  "list|tuple|Tensor" -> false;  "" -> false
bool is_tensor_only_type(std::string_view type);

}  // namespace t2p::kg
