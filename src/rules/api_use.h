// rules: one PyTorch API use found in a file and what became of it (a report row).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kg/converted_roots.h"

namespace t2p::rules {

enum class UseStatus : uint8_t {
  kConverted,    // rewritten to Paddle
  kUnsupported,  // a PyTorch API Paddle cannot express (or an argument that cannot be converted)
  kNeedsReview,  // maybe a tensor method on an object of unknown kind: left as written; or,
                 // with ApiUse::applied, converted but to be checked by the user
};
const char* to_string(UseStatus s);

// How sure a fix is (docs/report.md#findings): kSafe: converted with certainty; kReview: converted
// on likely evidence (--aggressive) or with a review note; kNone: reported only, no fix.
enum class Applicability : uint8_t { kSafe, kReview, kNone };
const char* to_string(Applicability a);

// The edits that convert one use (or several: an outer call whose rewrite took in the converted
// text of calls inside it is one fix for all of them): indices into the file's edit list, in
// apply order.
struct Fix {
  std::vector<uint32_t> edits;
  Applicability applicability = Applicability::kSafe;
};

struct ApiUse {
  uint32_t offset = 0;  // byte offset (for sorting); line/column derived by the caller
  uint32_t end = 0;     // byte offset past the use's text (== offset when unknown)
  uint32_t line = 0;
  uint32_t column = 0;
  uint32_t end_line = 0;
  uint32_t end_column = 0;
  uint32_t column16 = 0;      // `column` and `end_column` in UTF-16 code units (LSP, SARIF)
  uint32_t end_column16 = 0;
  std::string torch_api;
  std::string paddle_api;
  UseStatus status = UseStatus::kConverted;
  std::string rule;    // which entry decided: "kg:torch.zeros", "mapping:...", "template:...", "classifier"
  std::string reason;  // for unsupported / needs review
  // A needs-review use whose conversion was applied (a call passing `**kw` through): the output
  // holds the Paddle form, with a `# TODO(torch2paddle): review: ...` line above its statement.
  bool applied = false;
  Applicability applicability = Applicability::kNone;
  int32_t fix = -1;  // index of its fix in the file's fixes, or -1 (reported only)
  uint32_t cell = 0;  // in a notebook: the 1-based cell; `line` and the columns are then in that cell
};

// The finding's stable rule id: `convert:`, `review:` or `unsupported:` + the torch API.
std::string rule_id(const ApiUse& use);
// One line for a person: what the use becomes, or why it does not.
std::string finding_message(const ApiUse& use);

// How far the tensor-method classifier may go (see docs/classifier.md).
struct ConvertOptions {
  bool aggressive = false;  // also convert methods whose receiver is only "likely" a tensor
  // The import roots converted in this project when they differ from the graph's: without the
  // project's own packages (driver::own_packages). Null: the graph's.
  std::shared_ptr<const kg::ConvertedRoots> roots;
  const kg::ConvertedRoots& roots_or(const kg::ConvertedRoots& graph_roots) const {
    return roots ? *roots : graph_roots;
  }
};

}  // namespace t2p::rules
