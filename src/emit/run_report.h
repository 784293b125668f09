// emit: the outcome of a run over many files, shared by every report writer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "base/edit.h"
#include "kg/knowledge_graph.h"
#include "rules/api_use.h"

namespace t2p::emit {

enum class FileStatus : uint8_t {
  kConverted,  // output differs from input
  kUnchanged,  // nothing to convert (includes files with no torch import: never parsed)
  kFailed,     // not converted: the input is copied unchanged; see the error
};
const char* to_string(FileStatus s);

struct FileReport {
  std::string path;  // relative to the input, '/'-separated
  FileStatus status = FileStatus::kUnchanged;
  std::optional<base::Diagnostic> error;
  std::vector<rules::ApiUse> uses;
  uint32_t lines = 0;
  bool python = true;  // false for files copied as they are (not .py)
  // A converted file: the lowest Paddle version its output needs, the highest `min_paddle` of the
  // records its converted uses came from ("3.0"); empty: unknown or nothing converted.
  std::string min_paddle;
  // With driver::RunOptions::keep_fixes, a converted file: every edit in apply order and the
  // fixes that uses[].fix names (indices into `edits`).
  std::vector<base::Edit> edits;
  std::vector<rules::Fix> fixes;
  // With driver::RunOptions::keep_texts, a converted file: its input and its output.
  std::string input, output;
};

struct RunSummary {
  uint32_t files = 0;            // .py files seen
  uint32_t files_converted = 0;
  uint32_t files_unchanged = 0;
  uint32_t files_failed = 0;
  uint32_t files_copied = 0;     // other files mirrored into the output
  uint32_t copies_failed = 0;    // other files that could not be copied (not in files_failed)
  uint64_t lines = 0;
  uint64_t api_uses = 0;         // converted + unsupported (what we recognised as PyTorch APIs)
  uint64_t converted = 0;
  uint64_t unsupported = 0;
  uint64_t needs_review = 0;
  std::string min_paddle;        // the highest FileReport::min_paddle of the run; empty: none
  double convert_rate() const { return api_uses ? static_cast<double>(converted) / api_uses : 1.0; }
};

struct RunReport {
  std::vector<FileReport> files;  // sorted by path
  std::vector<std::string> notices;  // skipped special files, symlinks, ... (one line each)
  RunSummary summary;
  double seconds = 0;
  size_t peak_waiting_reports = 0;  // most reports held at once for in-order delivery
};

// Adds the counts of `part` (another run) to `total`.
void merge_summary(RunSummary* total, const RunSummary& part);

// Adds one file's counts to `summary`.
void add_to_summary(RunSummary* summary, const FileReport& file);

// The lowest Paddle version the converted uses need: the highest `min_paddle` of the graph
// records they were converted by (a use's rule id, else its PyTorch API); empty when none is known.
std::string min_paddle_of(const std::vector<rules::ApiUse>& uses, const kg::KnowledgeGraph& graph);

}  // namespace t2p::emit
