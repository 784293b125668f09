#include "emit/console_summary.h"

#include <cstdio>

namespace t2p::emit {

void ConsoleSummary::add(const FileReport& f) {
  if (f.status == FileStatus::kFailed && f.error) {
    std::string line = "error: " + f.path;
    if (f.error->cell) line += ":cell " + std::to_string(f.error->cell);
    if (f.error->line) line += ":" + std::to_string(f.error->line) + ":" + std::to_string(f.error->column);
    errors_.push_back(line + ": " + f.error->message + "\n");
  }
  for (const auto& u : f.uses) {
    if (u.status == rules::UseStatus::kConverted) continue;
    if (listed_.size() >= max_listed_) {
      ++unlisted_;
      continue;
    }
    listed_.push_back(std::string(u.status == rules::UseStatus::kUnsupported ? "unsupported: " : "needs review: ") +
                      f.path + (u.cell ? ":cell " + std::to_string(u.cell) : "") + ":" + std::to_string(u.line) + ": " + u.torch_api + ": " + u.reason + "\n");
  }
}

void ConsoleSummary::print_errors(std::ostream& out) const {
  for (const auto& e : errors_) out << e;
}

void ConsoleSummary::print(std::ostream& out, const RunSummary& s, const std::vector<std::string>& notices) const {
  for (const auto& n : notices) out << "note: " << n << "\n";
  print_errors(out);
  for (const auto& l : listed_) out << l;
  if (unlisted_) out << "... and " << unlisted_ << " more (see --report json=PATH)\n";
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.1f%%", s.convert_rate() * 100.0);
  // Python files, notebooks and dependency files are all handled by the engine: not "python".
  out << "files: " << s.files << " handled (" << s.files_converted << " converted, " << s.files_unchanged
      << " unchanged, " << s.files_failed << " failed), " << s.files_copied << " other copied";
  if (s.copies_failed) out << " (" << s.copies_failed << " could not be copied)";
  out << "; "
      << s.lines << " lines\n";
  out << "PyTorch API uses: " << s.api_uses << " found, " << s.converted << " converted, " << s.unsupported
      << " unsupported, " << s.needs_review << " need review; convert rate " << rate << "\n";
}

}  // namespace t2p::emit
