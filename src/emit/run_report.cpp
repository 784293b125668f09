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

RunSummary summarize(const std::vector<FileReport>& files) {
  RunSummary s;
  for (const auto& f : files) {
    if (!f.python) {
      // converted + unchanged + failed == files counts Python files only.
      if (f.status == FileStatus::kFailed) ++s.copies_failed;
      else ++s.files_copied;
      continue;
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
  return s;
}

}  // namespace t2p::emit
