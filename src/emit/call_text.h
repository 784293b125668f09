// emit: text operations on a call of the per-API tests: what it asks of the machine, whether the
// converted text is a statement, and how the test's inputs are spliced into it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"

namespace t2p::emit::forms {

// Whether a call's text asks for a GPU: a "cuda" device string, `.cuda(`, `pin_memory=True`.
bool asks_for_cuda(std::string_view text);

// Whether `code` is a statement, not an expression: it starts with a statement keyword (`assert
// False, "..."`), or assigns or holds two statements at its top level (`L, V = f(x)`, `a(); b()`).
bool is_statement(std::string_view code);

// Replaces every copy of `arg` (a whole expression: not inside a longer name or attribute chain)
// in a template's output `text` with `name`: a template may use the argument more than once
// (`kaiming_normal_(m.weight)` reads the weight's shape too), each copy the same value. False
// when `arg` is not there: the template changed it, and no input can stand for it.
bool substitute_copy(std::string* text, std::string_view arg, const std::string& name);

// The call's bytes [b, e) of `src` with `edits` (non-overlapping; sorted here) applied.
std::string splice(std::string_view src, uint32_t b, uint32_t e, std::vector<base::Edit> edits);

// `name` as a Python identifier (`x.shape` -> `x_shape`, `0` -> `a_0`).
std::string sanitize(std::string_view name);

}  // namespace t2p::emit::forms
