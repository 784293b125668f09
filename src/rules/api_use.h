// rules: one PyTorch API use found in a file and what became of it (a report row).
#pragma once

#include <cstdint>
#include <string>

namespace t2p::rules {

enum class UseStatus : uint8_t {
  kConverted,    // rewritten to Paddle
  kUnsupported,  // a PyTorch API Paddle cannot express (or an argument that cannot be converted)
  kNeedsReview,  // maybe a tensor method on an object of unknown kind: left as written; or,
                 // with ApiUse::applied, converted but to be checked by the user
};
const char* to_string(UseStatus s);

struct ApiUse {
  uint32_t offset = 0;  // byte offset (for sorting); line/column derived by the caller
  uint32_t line = 0;
  uint32_t column = 0;
  std::string torch_api;
  std::string paddle_api;
  UseStatus status = UseStatus::kConverted;
  std::string rule;    // which entry decided: "kg:torch.zeros", "mapping:...", "template:...", "classifier"
  std::string reason;  // for unsupported / needs review
  // A needs-review use whose conversion was applied (a call passing `**kw` through): the output
  // holds the Paddle form, with a `# TODO(torch2paddle): review: ...` line above its statement.
  bool applied = false;
};

// How far the tensor-method classifier may go (see docs/classifier.md).
struct ConvertOptions {
  bool aggressive = false;  // also convert methods whose receiver is only "likely" a tensor
};

}  // namespace t2p::rules
