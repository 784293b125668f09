// semantic: the names a piece of Python code uses and binds, read lexically (no parse): for text
// the grammar does not parse as code (type comments, string annotations) and for the texts the
// rewrite writes (rewrite/verify_names.h).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace t2p::semantic {

enum class NameRole : uint8_t {
  kUse,   // a name loaded where it stands: `torch` in `torch.zeros(n)`, `n`
  kBind,    // a name the text binds: `lambda x: ...`, `for i in ...`, `as e`, `y = ...`
  kImport,  // a name an import statement of the text binds: `import paddle`
};

struct CodeName {
  std::string_view name;  // a view of the text
  uint32_t offset = 0;    // in the text
  NameRole role = NameRole::kUse;
};

// The root names of `code`: identifiers outside string literals and comments that are neither
// attribute names (`.zeros`), keyword-argument names (`dim=`) nor reserved words, in order. A
// name bound somewhere in the text by `lambda`, a comprehension's `for`, `as` or an import is a
// kBind (kImport) there and is not reported as a kUse anywhere in the text. Names in f-strings of the text
// are not read.
// Example: `paddle.sum(x, axis=[i for i in d])` -> paddle, x, d (kUse) and i (kBind).
std::vector<CodeName> code_names(std::string_view code);
// The same into `out` (cleared first), whose memory is reused from call to call.
void code_names(std::string_view code, std::vector<CodeName>* out);

// Whether `w` is one of Python's reserved words (`not`, `None`, `lambda`), not a name.
bool is_reserved_word(std::string_view w);

// Whether `name` is bound in every module by Python's builtins (`len`, `isinstance`, `ValueError`).
bool is_builtin_name(std::string_view name);

// The text of a type comment after `type:` (`# type: (torch.Tensor) -> None` ->
// `(torch.Tensor) -> None`), or empty when `comment` is no type comment or is `# type: ignore`.
std::string_view type_comment_text(std::string_view comment);

// The content of a string literal without prefix and quotes (`r"torch.Tensor"` -> `torch.Tensor`).
std::string_view string_content(std::string_view literal);

}  // namespace t2p::semantic
