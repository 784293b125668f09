// emit: what the per-API tests read from the Python source around a call: node kinds, literal
// expressions, and the literal a scope binds a name to (the values a test may copy as written).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "parse/syntax_tree.h"

namespace t2p::emit::forms {

bool is(TSNode n, const char* type);  // not null and of this node type
inline uint32_t begin_of(TSNode n) { return ts_node_start_byte(n); }
inline uint32_t end_of(TSNode n) { return ts_node_end_byte(n); }

// A constant expression: numbers, strings (no f-string fields), True/False/None, and lists,
// tuples, parentheses and operators over them (`3`, `(4,)`, `64 * 8 * 8`, `-1.0`, `"nearest"`).
bool is_literal(TSNode n);

// `torch.float32`, `np.pi`: an attribute chain of names; its root name.
bool dotted_root(TSNode n, std::string_view src, std::string* root);

// The function or module whose body holds `n` (the scope a name used at `n` is bound in).
TSNode scope_of(TSNode n);

// The literal `name` is bound to in `scope` when the scope binds it exactly once, by `name =
// LITERAL` (not as a parameter, loop target, augmented assignment, ...); else empty. `count`
// receives how often the scope binds it.
std::string literal_binding(TSNode scope, std::string_view name, std::string_view src, int* count = nullptr);

}  // namespace t2p::emit::forms
