// tools/graph, doc importer: parses the Python signatures written in the mapping docs' code blocks.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace t2p::kg {

// One signature as written in a doc: `torch.clamp(input, min=None, *, out=None)`.
// `has_parens` is false for attributes written without a call (`torch.Tensor.T`,
// `paddle.Tensor.stop_gradient = False`).
struct DocSignature {
  std::string name;
  bool has_parens = false;
  std::vector<std::string> params;  // tokens per docs/data-formats.md
  std::vector<std::string> errors;  // tokens that could not be understood
};

// Every signature in a ```python block, in order (a block can list overloads).
// Tolerates what the docs contain: `#` comments, multi-line parameter lists, type annotations
// (`margin: float = 1.0` -> `margin=1.0`), full-width commas, curly or mismatched quotes.
// Lines that start with something other than a dotted name (`'bicubic'`) yield nothing.
//   "torch.zeros(*size, *, out=None)" -> {name "torch.zeros", params ["*size", "*", "out=None"]}
std::vector<DocSignature> parse_signatures(std::string_view block);

// Splits one parameter's source text into a token: drops the annotation, normalises whitespace.
//   "dims = (0,  1)" -> "dims=(0, 1)";  "**kwargs: Any" -> "**kwargs";  "" -> nullopt
std::optional<std::string> normalize_param(std::string_view text);

// The name part of a token, keeping the stars: "dim=None" -> "dim", "*size" -> "*size".
std::string param_name(std::string_view token);

// The default's source text, if the token has one: "dim=None" -> "None", "input" -> nullopt.
std::optional<std::string> param_default(std::string_view token);

// True for the `*name` varargs token (not `*`, not `**kwargs`).
bool is_varargs(std::string_view token);

}  // namespace t2p::kg
