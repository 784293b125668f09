// cli: the `--report KIND=PATH[,KIND=PATH...]` option shared by `convert` and `check`: which
// reports to write, the writers fed while the run goes, and writing them at its end.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "emit/html_report.h"
#include "emit/json_report.h"
#include "emit/markdown_report.h"
#include "emit/run_report.h"
#include "emit/sarif_report.h"

namespace t2p::cli {

struct ReportPaths {
  std::string json, sarif, md, html;
  bool any() const { return !json.empty() || !sarif.empty() || !md.empty() || !html.empty(); }
};

// Parses every `--report` value (`json=a.json,sarif=b.sarif`; the flag may repeat; a path may hold
// commas). False with `*error` set on an unknown kind or a missing path.
bool parse_report_flags(const std::vector<std::string>& flags, ReportPaths* paths, std::string* error);

// The writers a run feeds, one per report asked for.
class ReportFiles {
 public:
  // `root`: the folder the files' paths are relative to (SARIF's base); `checking`: a `check` run.
  ReportFiles(const ReportPaths& paths, const std::string& root, bool checking);
  // Whether the reports need each file's edits and fixes / input and output texts.
  bool needs_fixes() const { return sarif_.has_value() || json_.has_value() || html_.has_value(); }
  bool needs_texts() const { return html_.has_value(); }
  void add(const emit::FileReport& file);
  // Writes every report (atomically); returns the errors, one line each.
  std::vector<std::string> write(const emit::RunSummary& summary, const std::vector<std::string>& notices) const;

 private:
  ReportPaths paths_;
  std::optional<emit::JsonReportWriter> json_;
  std::optional<emit::SarifReportWriter> sarif_;
  std::optional<emit::MarkdownReportWriter> md_;
  std::optional<emit::HtmlReportWriter> html_;
};

}  // namespace t2p::cli
