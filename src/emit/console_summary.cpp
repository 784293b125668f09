#include "emit/console_summary.h"

#include <cstdio>

namespace t2p::emit {

void print_errors(std::ostream& out, const RunReport& report) {
  for (const auto& f : report.files) {
    if (f.status != FileStatus::kFailed || !f.error) continue;
    out << "error: " << f.path;
    if (f.error->line) out << ":" << f.error->line << ":" << f.error->column;
    out << ": " << f.error->message << "\n";
  }
}

void print_summary(std::ostream& out, const RunReport& report, size_t max_listed) {
  for (const auto& n : report.notices) out << "note: " << n << "\n";
  print_errors(out, report);
  size_t listed = 0, unsupported = 0, review = 0;
  for (const auto& f : report.files) {
    for (const auto& u : f.uses) {
      if (u.status == rules::UseStatus::kConverted) continue;
      (u.status == rules::UseStatus::kUnsupported ? unsupported : review)++;
      if (listed >= max_listed) continue;
      ++listed;
      out << (u.status == rules::UseStatus::kUnsupported ? "unsupported: " : "needs review: ") << f.path
          << ":" << u.line << ": " << u.torch_api << ": " << u.reason << "\n";
    }
  }
  if (unsupported + review > listed) {
    out << "... and " << (unsupported + review - listed) << " more (see --report json=PATH)\n";
  }
  const RunSummary& s = report.summary;
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.1f%%", s.convert_rate() * 100.0);
  out << "files: " << s.files << " python (" << s.files_converted << " converted, " << s.files_unchanged
      << " unchanged, " << s.files_failed << " failed), " << s.files_copied << " other copied";
  if (s.copies_failed) out << " (" << s.copies_failed << " could not be copied)";
  out << "; "
      << s.lines << " lines\n";
  out << "PyTorch API uses: " << s.api_uses << " found, " << s.converted << " converted, " << s.unsupported
      << " unsupported, " << s.needs_review << " need review; convert rate " << rate << "\n";
}

}  // namespace t2p::emit
