// emit: the Markdown report (`--report md=PATH`), for a pull-request comment or a CI job summary:
// totals, a per-file table, the unsupported APIs ranked with their reasons, what needs review,
// and failed files, within GitHub's comment size limit. See docs/report.md#markdown.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "emit/run_report.h"

namespace t2p::emit {

// GitHub refuses comments over 65,536 characters.
inline constexpr size_t kMarkdownLimit = 65536;

class MarkdownReportWriter {
 public:
  // `checking`: the run wrote nothing (`check`): "convertible" instead of "converted".
  explicit MarkdownReportWriter(bool checking, size_t limit = kMarkdownLimit) : checking_(checking), limit_(limit) {}
  void add(const FileReport& file);
  // The whole document, at most `limit` bytes (rows past it are left out, with a note).
  std::string render(const RunSummary& summary) const;

 private:
  struct FileRow {
    std::string path;
    FileStatus status;
    uint32_t converted = 0, unsupported = 0, review = 0;
    std::string error;
  };
  struct ApiCount {
    uint32_t uses = 0;
    std::map<std::string, uint32_t> reasons;  // reason -> uses
    std::string first_place;                   // `path:line` of the first use
  };
  bool checking_;
  size_t limit_;
  std::vector<FileRow> files_;  // files with a finding or an error, in path order
  std::map<std::string, ApiCount> unsupported_, review_;
};

}  // namespace t2p::emit
