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
  // `check`: convert in memory, write nothing (no output is needed; only Python files are read).
  bool check = false;
  // Also hand over each converted file's edits and fixes (FileReport::edits, ::fixes): SARIF
  // fixes, the LSP. And its input and output texts (FileReport::input, ::output): diffs, HTML.
  bool keep_fixes = false;
  bool keep_texts = false;
  std::string backup_suffix;             // with in_place: keep the original as FILE+suffix
  bool force = false;                    // allow a non-empty output directory
  rules::ConvertOptions convert;
  // When set, each file's report is handed here in path order, as soon as the file and every
  // file before it are done, and is not kept in RunReport::files: a run's memory does not grow
  // with the repository. Called from the worker threads, one call at a time.
  std::function<void(emit::FileReport&&)> on_file;
  // At most this many finished reports wait for a slower file before them (one huge file early
  // in path order while the other workers race on): a worker that would run further ahead waits.
  // Keeps memory flat with `on_file`; 0 means no bound.
  size_t reorder_window = 1024;
  // Called once the tree is collected, with the number of files the run will go through.
  std::function<void(size_t files)> on_collected;
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
// The same with the content written by `fill(fd)` (which returns an error message or "").
std::string write_file_atomic_with(const std::filesystem::path& path, std::filesystem::perms mode,
                                   const std::function<std::string(int fd)>& fill);

}  // namespace t2p::driver
