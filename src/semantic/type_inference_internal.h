// semantic: what the type inference's source files share: the depth bound, the kind factory and
// the reading of a declared container (an annotation or a type comment).
#pragma once

#include <cstddef>
#include <string_view>

#include "semantic/type_inference.h"

namespace t2p::semantic::detail {

inline constexpr int kMaxDepth = 24;  // deep expressions stop being inferred rather than recursing on

inline ExprKind make(kg::ValueKind k, Confidence c = Confidence::kCertain) {
  ExprKind e;
  e.kind = k;
  e.confidence = c;
  return e;
}

// A declared container whose elements are all of one declared kind: `List[X]`, `Sequence[X]`,
// `Tuple[X, ...]` (`head` the generic's name, `count` its items, `second` the second item).
inline bool one_kind_for_every_element(std::string_view head, size_t count, std::string_view second) {
  if (head == "List" || head == "list" || head == "Sequence") return count == 1;
  return (head == "Tuple" || head == "tuple") && count == 2 && second == "...";
}

// What an element of a declared container, or the inside of `Optional[...]`, is: its declared
// kind, at most likely (the value may be None, or the declaration wrong).
inline ExprKind at_most_likely(ExprKind e) {
  if (e.confidence == Confidence::kCertain) e.confidence = Confidence::kLikely;
  return e;
}

}  // namespace t2p::semantic::detail
