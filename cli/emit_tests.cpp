#include "emit_tests.h"

#include <fstream>

#include "driver/repo_runner.h"
#include "emit/call_forms.h"

namespace t2p::cli {
namespace fs = std::filesystem;

namespace {
// The first line of the conftest.py the suite writes: how a folder is known to hold our suite.
constexpr std::string_view kConftestMark = "# Written by `torch2paddle --emit-tests`";
}  // namespace

EmitTests::EmitTests(std::string dir, fs::path runtime_dir, const kg::KnowledgeGraph& graph)
    : dir_(std::move(dir)), runtime_dir_(std::move(runtime_dir)), graph_(graph) {
  if (dir_.empty()) return;
  specs_ = std::make_unique<emit::TestInputSpecs>(graph);
  parser_ = std::make_unique<parse::PythonParser>();
  builder_ = std::make_unique<emit::TestSuiteBuilder>(runtime_dir_.string());
}

EmitTests::~EmitTests() = default;

std::string EmitTests::check_dir() const {
  if (dir_.empty()) return {};
  std::error_code ec;
  if (!fs::exists(dir_, ec)) return {};
  if (!fs::is_directory(dir_, ec)) return "--emit-tests " + dir_ + ": exists and is not a folder";
  if (fs::is_empty(dir_, ec)) return {};
  std::ifstream conftest(fs::path(dir_) / "conftest.py");
  std::string first;
  std::getline(conftest, first);
  if (first.rfind(kConftestMark, 0) == 0) return {};  // a suite written before: replaced
  return "--emit-tests " + dir_ + ": the folder is not empty and holds no suite written by torch2paddle; "
         "give a new or empty folder";
}

void EmitTests::add(const emit::FileReport& file, const std::string& path) {
  if (!builder_ || file.status != emit::FileStatus::kConverted) return;
  builder_->add(path, emit::extract_call_forms(file, graph_, *specs_, *parser_));
}

std::vector<std::string> EmitTests::write() const {
  std::vector<std::string> errors;
  if (!builder_) return errors;
  std::error_code ec;
  fs::path dir(dir_);
  // A suite written before: its modules and records go, so none of them outlives its source.
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if ((name.rfind("test_", 0) == 0 && entry.path().extension() == ".py") || name == "records") fs::remove_all(entry.path(), ec);
  }
  fs::create_directories(dir, ec);
  if (ec) return {"--emit-tests " + dir_ + ": " + ec.message()};
  for (const auto& f : builder_->files()) {
    std::string err = driver::write_file_atomic(dir / f.path, f.text,
                                                fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                                                    fs::perms::others_read);
    if (!err.empty()) errors.push_back(err);
  }
  return errors;
}

void EmitTests::print_summary(std::ostream& out) const {
  if (!builder_) return;
  builder_->print_summary(out, dir_);
  std::error_code ec;
  if (!fs::exists(runtime_dir_ / "torch2paddle_runtime" / "compare.py", ec)) {
    out << "note: the tests import torch2paddle_runtime, not found in " << runtime_dir_.string()
        << ": set T2P_RUNTIME_DIR to the folder holding it before running them\n";
  }
}

}  // namespace t2p::cli
