// emit: the SARIF 2.1.0 report (`--report sarif=PATH`), for GitHub code scanning and other SARIF
// viewers: one run, a rule per finding id, a result per finding with its place and, for fixable
// ones, its fix. See docs/report.md#sarif.
#pragma once

#include <map>
#include <string>

#include "emit/run_report.h"
#include "emit/spool.h"

namespace t2p::emit {

class SarifReportWriter {
 public:
  // `root`: the absolute folder the report's paths are relative to (the input folder, or a
  // single input file's folder); it becomes the `SRCROOT` base URI. `spool`: as JsonReportWriter.
  SarifReportWriter(std::string root, std::string tool_version, bool spool = true);

  // Adds the findings of one file (its uses; a failed file: one result for its error).
  void add(const FileReport& file);
  std::string write_to(const Out& out) const;

 private:
  struct Rule {
    std::string description;  // shortDescription
    std::string help;
    std::string level;
    size_t index = 0;
  };
  size_t rule_index(const std::string& id, const std::string& description, const std::string& help,
                    const std::string& level);

  std::string version_;
  std::string root_uri_;
  Spool results_;  // the results, compact JSON objects separated by commas
  bool any_ = false;
  std::map<std::string, Rule> rules_;
  size_t next_rule_ = 0;
};

// `path` as a relative URI reference: every byte outside A-Z a-z 0-9 - . _ ~ / percent-encoded.
std::string uri_path(std::string_view path);

}  // namespace t2p::emit
