// semantic: what the type inference's source files share (type_inference.cpp and
// type_inference_calls.cpp): the depth bound and the kind factory.
#pragma once

#include "semantic/type_inference.h"

namespace t2p::semantic::detail {

inline constexpr int kMaxDepth = 24;  // deep expressions stop being inferred rather than recursing on

inline ExprKind make(kg::ValueKind k, Confidence c = Confidence::kCertain) {
  ExprKind e;
  e.kind = k;
  e.confidence = c;
  return e;
}

}  // namespace t2p::semantic::detail
