// emit: the concise end-of-run summary printed on stderr.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "emit/run_report.h"

namespace t2p::emit {

// Collects what the summary lists while the run goes, keeping only what it prints: every failed
// file (one line each) and the first `max_listed` unsupported / needs-review uses.
class ConsoleSummary {
 public:
  explicit ConsoleSummary(size_t max_listed = 50) : max_listed_(max_listed) {}
  void add(const FileReport& file);
  // Notices, errors, the listed uses, then the counts and the convert rate.
  void print(std::ostream& out, const RunSummary& summary, const std::vector<std::string>& notices) const;
  // Only the failed files (what `--quiet` still prints).
  void print_errors(std::ostream& out) const;

 private:
  size_t max_listed_;
  std::vector<std::string> errors_;
  std::vector<std::string> listed_;
  size_t unlisted_ = 0;
};

}  // namespace t2p::emit
