// rewrite: lexical checks of an edit's text and of the bytes around it, for the output
// verification (verify_output.h): what can be proven of a replacement or an inserted line
// without parsing it. Each answer "true" is a proof where the function says so; "false" sends
// the verification to a parse.
#pragma once

#include <cstdint>
#include <string_view>

namespace t2p::rewrite {

// Whether `t` holds any of three bytes (three vectorised scans beat one loop over long texts).
bool holds_any_of(std::string_view t, char a, char b, char c);

// Whether `text` put in place of [begin, end) of `src` would run into the bytes around it and
// make one token of two (`not(a)(b)` -> `notpaddle.f(b)`).
bool merges(std::string_view src, uint32_t begin, uint32_t end, std::string_view text);

// Whether `x` holds a reserved word outside its string literals and outside brackets, or an
// f-string: then a call that parses on a line of its own may not parse in its place.
bool has_reserved_word(std::string_view x);

// Whether the first line of code of a rendered region has the indentation of the region's
// first line in the input (`src` from `begin`).
bool keeps_indentation(std::string_view rendered, std::string_view src, uint32_t begin);

// Whether `text` ends with a backslash line continuation.
bool ends_with_continuation(std::string_view text);

// `a` or `a.b.c`: ASCII identifiers that are not reserved words, joined by dots.
bool dotted_name(std::string_view t, bool* has_dot);

// Lines that hold only a comment, or (`imports`) an import statement, each with the indentation
// `indent` and ending with a newline (`\r\n` too).
bool inserted_lines(std::string_view text, std::string_view indent, bool imports);

// Import statements joined by a newline and `indent` (or by `; `): what the import manager puts
// in place of an import statement.
bool import_statements(std::string_view text, std::string_view indent);

}  // namespace t2p::rewrite
