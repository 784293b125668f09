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

void merge_summary(RunSummary* total, const RunSummary& part) {
  RunSummary& t = *total;
  t.files += part.files;
  t.files_converted += part.files_converted;
  t.files_unchanged += part.files_unchanged;
  t.files_failed += part.files_failed;
  t.files_copied += part.files_copied;
  t.copies_failed += part.copies_failed;
  t.lines += part.lines;
  t.api_uses += part.api_uses;
  t.converted += part.converted;
  t.unsupported += part.unsupported;
  t.needs_review += part.needs_review;
  if (!part.min_paddle.empty() && (t.min_paddle.empty() || kg::compare_versions(part.min_paddle, t.min_paddle) > 0)) {
    t.min_paddle = part.min_paddle;
  }
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
  if (!f.min_paddle.empty() && (s.min_paddle.empty() || kg::compare_versions(f.min_paddle, s.min_paddle) > 0)) {
    s.min_paddle = f.min_paddle;
  }
  for (const auto& u : f.uses) {
    switch (u.status) {
      case rules::UseStatus::kConverted: ++s.converted; ++s.api_uses; break;
      case rules::UseStatus::kUnsupported: ++s.unsupported; ++s.api_uses; break;
      case rules::UseStatus::kNeedsReview: ++s.needs_review; break;
    }
  }
}

std::string min_paddle_of(const std::vector<rules::ApiUse>& uses, const kg::KnowledgeGraph& graph) {
  std::string best;
  for (const auto& u : uses) {
    if (u.status != rules::UseStatus::kConverted && !u.applied) continue;
    // `kg:torch.zeros`, `mapping:...`, `template:...` name the record; classifier rules do not.
    std::string_view id = u.torch_api;
    for (std::string_view prefix : {"kg:", "mapping:", "template:"}) {
      if (std::string_view(u.rule).starts_with(prefix)) id = std::string_view(u.rule).substr(prefix.size());
    }
    const kg::ApiRecord* rec = graph.find(id);
    if (!rec && id != u.torch_api) rec = graph.find(u.torch_api);
    if (rec && !rec->min_paddle.empty() && (best.empty() || kg::compare_versions(rec->min_paddle, best) > 0)) {
      best = rec->min_paddle;
    }
  }
  return best;
}

}  // namespace t2p::emit
