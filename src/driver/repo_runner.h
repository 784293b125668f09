// driver: converts a file or a whole directory tree into an output tree, in parallel, and
// collects the run report. The input is never modified unless `in_place` is set.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "emit/run_report.h"
#include "kg/knowledge_graph.h"
#include "rules/api_use.h"

namespace t2p::driver {

struct RunOptions {
  std::filesystem::path input;
  std::filesystem::path output;          // ignored with in_place
  std::vector<std::string> excludes;     // glob patterns on relative paths or single components
  unsigned jobs = 0;                     // 0: all cores
  bool in_place = false;
  std::string backup_suffix;             // with in_place: keep the original as FILE+suffix
  bool force = false;                    // allow a non-empty output directory
  rules::ConvertOptions convert;
  // Test hook: called once after the tree is collected, before any file is processed (lets a
  // test remove a directory "mid-run" deterministically).
  std::function<void()> after_collect;
};

// Runs the conversion. Usage problems (missing input, output inside input, ...) return false
// with `*error` set and write nothing. Problems with single files go into the report.
bool run_conversion(const RunOptions& options, const kg::KnowledgeGraph& graph,
                    emit::RunReport* report, std::string* error);

// Writes `data` to `path` atomically: a temporary file in the same directory, fsync, rename.
// `mode` are the permissions to give it. Returns an empty string or the error.
std::string write_file_atomic(const std::filesystem::path& path, std::string_view data,
                              std::filesystem::perms mode);

}  // namespace t2p::driver
