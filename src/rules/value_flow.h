// rules: where a callable named as a value goes in its file, and the calls made through it.
// `norm_layer = nn.BatchNorm2d` in a function, then `norm_layer(planes)`: every call through the
// name is in sight, so whether Paddle's class takes those arguments is known and needs no review.
// The value is followed through a local name, a parameter default, `functools.partial`, and an
// argument (by keyword, or by position after positional ones only) of a function or class
// defined at the file's top level or of `super().__init__` when the base is such a class; any
// other use (stored on an object, put in a list, returned, passed to code elsewhere) lets it
// escape, and then the calls made through it cannot all be seen.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

namespace t2p::rules {

// One call made through the value: `norm_layer(planes, eps=1e-3)`, with what a `partial` on
// the way bound already (its keywords and positional arguments come first).
struct CallThrough {
  TSNode call{};
  std::vector<std::string_view> keywords;
  size_t positional = 0;
  bool star = false;  // `*args` or `**kwargs` passed: what they hold is not in sight
};

struct ValueFlow {
  bool escapes = true;  // some use of the value is not a call, a test or a rebinding
  std::vector<CallThrough> calls;
};

// Follows `value` (a name or attribute chain naming a callable, passed as a value) through the
// file (`source`, whose tree holds `value`). `partial_converted`: a partial around the value has
// its keywords in Paddle's spelling already, so only its positional ones count for the calls.
ValueFlow trace_value(TSNode value, std::string_view source, bool partial_converted = false);

}  // namespace t2p::rules
