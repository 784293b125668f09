// semantic: what Python's builtins, their methods and a few standard library calls return, and
// what a torch API call returns given the parameters it passes (the type inference's tables).
#pragma once

#include <tree_sitter/api.h>

#include <string_view>

#include "kg/api_record.h"

namespace t2p::semantic {

// A builtin callable (`len`, `float`, `open`, ...): whether it is one of those whose result kind
// is known, and that kind.
bool builtin_call_result(std::string_view name, kg::ValueKind* kind);
// The result of `method` on a value of builtin kind `receiver` (`str.split` is a list), or unknown.
kg::ValueKind builtin_method_result(kg::ValueKind receiver, std::string_view method);
// What `call` of `rec` returns: `returns`, unless the call passes a parameter of `returns_with`
// (`x.size()` is a torch.Size, `x.size(0)` one int).
kg::ValueKind returned_with(const kg::ApiRecord& rec, TSNode call, std::string_view src);
// A standard library call whose result matters to Paddle's file APIs (`pathlib.Path(...)`,
// `open`-like calls), or unknown.
kg::ValueKind stdlib_call_result(std::string_view qualname);
// A NumPy or pandas name: true, with the kind of what it makes.
bool is_non_torch_library(std::string_view qualname, kg::ValueKind* result);
// A name Python's builtins bind.
bool is_python_builtin(std::string_view name);

}  // namespace t2p::semantic
