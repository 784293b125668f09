// emit: the HTML report (`--report html=PATH`): one self-contained page (no network, no external
// asset) to browse a migration: the totals, a sortable per-file table, each changed file side by
// side with the findings beside its lines, and filters by status. See docs/report.md#html.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emit/run_report.h"
#include "emit/spool.h"

namespace t2p::emit {

class HtmlReportWriter {
 public:
  // `checking`: a `check` run ("would change", "convertible"). `spool`: as JsonReportWriter.
  explicit HtmlReportWriter(bool checking, bool spool = true) : checking_(checking), sections_(spool) {}
  // One file: its table row, and its section (the side-by-side view needs FileReport::input and
  // ::edits: driver::RunOptions::keep_texts and keep_fixes).
  void add(const FileReport& file);
  std::string write_to(const Out& out, const RunSummary& summary) const;

 private:
  struct Row {
    std::string path;
    FileStatus status;
    uint32_t lines = 0, converted = 0, unsupported = 0, review = 0;
  };
  bool checking_;
  std::vector<Row> rows_;  // small: one per Python file
  Spool sections_;         // the files' sections, already rendered
};

// `text` with & < > " ' escaped for HTML text and attribute values.
std::string html_escape(std::string_view text);

}  // namespace t2p::emit
