#include "rules/api_use.h"

namespace t2p::rules {

const char* to_string(UseStatus s) {
  switch (s) {
    case UseStatus::kConverted: return "converted";
    case UseStatus::kUnsupported: return "unsupported";
    case UseStatus::kNeedsReview: return "needs_review";
  }
  return "unknown";
}

}  // namespace t2p::rules
