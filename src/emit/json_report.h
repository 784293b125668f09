// emit: the JSON report (`--report json=PATH`), the format CI and scripts read. See docs/report.md.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

#include "emit/run_report.h"
#include "emit/spool.h"

namespace t2p::emit {

inline constexpr int kJsonReportVersion = 2;

// Builds the report while the run goes: each file's entry is formatted when the file is done and
// spooled to an anonymous temporary file, so memory does not grow with the repository (the
// report of a large repository is tens of megabytes). `write` then emits the whole document:
// pretty-printed, in a deterministic order, byte for byte what one `dump(2)` of it would give.
class JsonReportWriter {
 public:
  // `spool`: entries go to a temporary file (a whole run); else they stay in memory (tests).
  explicit JsonReportWriter(bool spool = true) : entries_(spool) {}

  // Appends one file's entry (files in path order). Files copied as they are get no entry.
  void add(const FileReport& file);
  // Writes the document to `fd`; returns an error message or "".
  std::string write(int fd, const RunSummary& summary, const std::vector<std::string>& notices) const;
  // Hands the document to `out` piece by piece (`out` returns an error message or "").
  std::string write_to(const Out& out, const RunSummary& summary, const std::vector<std::string>& notices) const;

 private:
  Spool entries_;  // the entries, already indented
  bool any_ = false;
};

// The whole report as one string (tests, small runs).
std::string json_report(const RunReport& report);

}  // namespace t2p::emit
