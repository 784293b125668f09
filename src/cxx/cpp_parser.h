// cxx: parsing C, C++ and CUDA sources with the tree-sitter C++ grammar (tree-sitter-cpp@0.23.4):
// the CUDA syntax the grammar lacks masked byte for byte, the first syntax error.
#pragma once

#include <tree_sitter/api.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/diagnostic.h"

extern "C" const TSLanguage* tree_sitter_cpp(void);

namespace t2p::cxx {

// A parsed C++ tree on the heap (never inside a parse::TreeArena scope: the C++ path opens none).
struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};
using CppTree = std::unique_ptr<TSTree, TreeDeleter>;

// A C++ parser. Not thread-safe; cheap to make (one per file is fine).
class CppParser {
 public:
  CppParser();
  ~CppParser();
  CppParser(const CppParser&) = delete;
  CppParser& operator=(const CppParser&) = delete;

  // False when the grammar's ABI is not one the linked tree-sitter runtime loads.
  bool ok() const { return ok_; }
  // Parses `source` (masked first when it is CUDA, see mask_cuda). Null only if the parser gave up.
  CppTree parse(std::string_view source);

 private:
  TSParser* parser_ = nullptr;
  bool ok_ = false;
};

// CUDA's additions to C++ that the C++ grammar does not know, made parsable without moving a
// byte: the execution-space and memory qualifiers (`__global__`, `__device__`, `__shared__`, ...
// and `__launch_bounds__(...)`) become spaces, and a kernel launch's `<<<` and `>>>` become
// `(  ` and `  )`, so `k<<<g, b>>>(x)` reads as the call `k(  g, b  )(x)` whose launch
// arguments are parsed and converted like any other. Offsets in the masked text are offsets in
// the source; only bytes of those tokens differ. Comments, strings and character literals are
// left alone. (CUDA is masked for .cu and .cuh files and any file that uses these tokens: a
// plain C++ file has none of them.)
std::string mask_cuda(std::string_view source);

// The first ERROR or MISSING node of a C++ tree as a diagnostic with line and column, or nothing.
std::optional<base::Diagnostic> first_cpp_syntax_error(TSTree* tree, std::string_view source);

}  // namespace t2p::cxx
