// cxx: converts one C, C++ or CUDA extension source from PyTorch's extension API to Paddle's:
// includes, names, factories, tensor methods and macros from the facts (cpp_facts.h), a
// PYBIND11_MODULE to PD_BUILD_OP blocks (pd_op_builder.h), everything else byte for byte.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/edit.h"
#include "cxx/cpp_facts.h"
#include "cxx/cpp_parser.h"
#include "emit/run_report.h"
#include "rules/api_use.h"

namespace t2p::cxx {

struct CppResult {
  emit::FileStatus status = emit::FileStatus::kUnchanged;
  std::string output;                     // == input unless converted
  std::vector<rules::ApiUse> uses;        // byte offsets only (the driver places them)
  std::optional<base::Diagnostic> error;  // kFailed: why the input was kept
  uint32_t lines = 0;
  std::vector<base::Edit> edits;          // kConverted: apply order
  std::vector<rules::Fix> fixes;
};

// True for the file names the C++ converter takes: .cpp .cc .cxx .cu .h .hpp .cuh.
bool is_cpp_source(std::string_view path);

// Converts `source`. Text that mentions none of `torch/`, `torch::`, `at::`, `c10::`, `ATen/`,
// `TORCH_CHECK`, `AT_DISPATCH`, `PYBIND11_MODULE` ... (mentions_torch) is returned unparsed. A source the grammar cannot parse (after the CUDA
// masking) is kept and reported; so is an output that would not parse (the self-check). What has
// no Paddle form stays as written with a `// TODO(torch2paddle): ...` line above it.
CppResult convert_cpp_source(std::string_view source, const CppFacts& facts, CppParser& parser);

}  // namespace t2p::cxx
