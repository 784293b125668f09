// rewrite: a one-pass scan that proves, for the common call units of the output verification,
// that a text parses as one call-like expression, without parsing it (verify_output.h).
#pragma once

#include <string_view>

namespace t2p::rewrite {

// Whether a scan proves that `text` (one line, or line breaks inside brackets only) parses on a
// line of its own as one call-like expression (call, attribute, subscript, parenthesized
// expression, tuple, list), as the parse of a call unit would. It knows a subset of the grammar
// (names, decimal numbers, plain one-line strings, calls with keyword arguments, attributes,
// subscripts and slices, parentheses, tuples, lists, arithmetic, bitwise and comparison
// operators, `x if c else y`): false means "not proven", never "does not parse".
bool simple_call_like(std::string_view text);

// Words that are not plain identifiers to the grammar: keywords, and the soft keywords and
// Python 2 statement words that start statements of their own.
bool is_reserved_word(std::string_view w);

}  // namespace t2p::rewrite
