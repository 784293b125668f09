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

const char* to_string(Applicability a) {
  switch (a) {
    case Applicability::kSafe: return "safe";
    case Applicability::kReview: return "review";
    case Applicability::kNone: return "none";
  }
  return "none";
}

std::string rule_id(const ApiUse& use) {
  switch (use.status) {
    case UseStatus::kConverted: return "convert:" + use.torch_api;
    case UseStatus::kNeedsReview: return "review:" + use.torch_api;
    case UseStatus::kUnsupported: return "unsupported:" + use.torch_api;
  }
  return use.torch_api;
}

std::string finding_message(const ApiUse& use) {
  std::string to = use.paddle_api.empty() ? std::string() : " converts to " + use.paddle_api;
  switch (use.status) {
    case UseStatus::kConverted: return use.torch_api + (to.empty() ? " converts to Paddle" : to);
    case UseStatus::kNeedsReview:
      if (use.applied) return use.torch_api + (to.empty() ? " converts to Paddle" : to) + "; review: " + use.reason;
      return use.torch_api + ": needs review: " + use.reason;
    case UseStatus::kUnsupported: return use.torch_api + ": not converted: " + use.reason;
  }
  return use.torch_api;
}

}  // namespace t2p::rules
