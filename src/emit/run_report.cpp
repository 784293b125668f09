#include "emit/run_report.h"

namespace t2p::emit {

const char* to_string(FileStatus s) {
  switch (s) {
    case FileStatus::kConverted: return "converted";
    case FileStatus::kUnchanged: return "unchanged";
    case FileStatus::kFailed: return "failed";
  }
  return "unknown";
}

void add_to_summary(RunSummary* summary, const FileReport& f) {
  RunSummary& s = *summary;
  if (!f.python) {
    // converted + unchanged + failed == files counts Python files only.
    if (f.status == FileStatus::kFailed) ++s.copies_failed;
    else ++s.files_copied;
    return;
  }
  ++s.files;
  s.lines += f.lines;
  switch (f.status) {
    case FileStatus::kConverted: ++s.files_converted; break;
    case FileStatus::kUnchanged: ++s.files_unchanged; break;
    case FileStatus::kFailed: ++s.files_failed; break;
  }
  for (const auto& u : f.uses) {
    switch (u.status) {
      case rules::UseStatus::kConverted: ++s.converted; ++s.api_uses; break;
      case rules::UseStatus::kUnsupported: ++s.unsupported; ++s.api_uses; break;
      case rules::UseStatus::kNeedsReview: ++s.needs_review; break;
    }
  }
}

}  // namespace t2p::emit
