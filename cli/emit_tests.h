// cli: `--emit-tests DIR` of `convert` and `check`: hands each file's report to the per-API test
// renderer (emit/test_suite.h) while the run goes and writes the suite into DIR at its end.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

#include "emit/run_report.h"
#include "emit/test_suite.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"

namespace t2p::cli {

class EmitTests {
 public:
  // `dir` empty: nothing is done (and nothing costs). `runtime_dir`: where torch2paddle_runtime is.
  EmitTests(std::string dir, std::filesystem::path runtime_dir, const kg::KnowledgeGraph& graph);
  ~EmitTests();
  bool wanted() const { return !dir_.empty(); }
  // Before the run: an error when DIR is a file, or a folder holding anything but a suite this
  // command wrote before (which is replaced), so nothing of the user's is overwritten.
  std::string check_dir() const;
  // `path`: the file's path as the suite names it. Called one file at a time.
  void add(const emit::FileReport& file, const std::string& path);
  // Writes the suite; returns the errors, one line each.
  std::vector<std::string> write() const;
  void print_summary(std::ostream& out) const;

 private:
  std::string dir_;
  std::filesystem::path runtime_dir_;
  const kg::KnowledgeGraph& graph_;
  std::unique_ptr<emit::TestInputSpecs> specs_;
  std::unique_ptr<parse::PythonParser> parser_;
  std::unique_ptr<emit::TestSuiteBuilder> builder_;
};

}  // namespace t2p::cli
