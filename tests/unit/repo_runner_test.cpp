// tests: "never lose a byte": driver::run_conversion, write_file_atomic and convert_source on
// hostile trees and inputs. The input tree must come out byte-identical, the output must mirror
// it (bad files copied unchanged), each bad file must be reported with a reason, and the run must
// go on with the other files. tests/safety/run.sh runs the same kind of scenarios through the CLI.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "driver/repo_runner.h"
#include "driver/source_converter.h"
#include "emit/json_report.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"
#include "child_process.h"

namespace t2p::driver {
namespace {

namespace fs = std::filesystem;
using emit::FileReport;
using emit::RunReport;

constexpr std::string_view kGood = "import torch\nx = torch.zeros(1)\n";

// Statuses compared as text, so failures print "converted" rather than a byte.
std::string st(FileStatus s) { return emit::to_string(s); }

// RunOptions::after_collect (called once between collecting the tree and processing the files)
// is the hook the "directory disappears mid-run" test needs; detected so this file builds
// before and after it is added.
template <typename O>
constexpr bool kHasAfterCollect = requires(O o) { o.after_collect = std::function<void()>(); };

template <typename O>
bool set_after_collect(O& o, std::function<void()> f) {
  if constexpr (kHasAfterCollect<O>) {
    o.after_collect = std::move(f);
    return true;
  } else {
    return false;
  }
}

void write(const fs::path& p, std::string_view bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// Type, mode and content of every entry under `root` (links: their target; FIFOs: not opened).
std::map<std::string, std::string> digest(const fs::path& root) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const fs::path& p = it->path();
    std::string rel = fs::path(p).lexically_relative(root).generic_string();
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) continue;
    std::string v = std::to_string(st.st_mode & 07777) + " ";
    if (S_ISLNK(st.st_mode)) {
      v += "link " + fs::read_symlink(p, ec).string();
    } else if (S_ISREG(st.st_mode)) {
      v += "file " + read(p);
    } else if (S_ISDIR(st.st_mode)) {
      v += "dir";
    } else {
      v += "other";
    }
    out[rel] = v;
  }
  return out;
}

const FileReport* find_file(const RunReport& r, std::string_view rel) {
  for (const auto& f : r.files) {
    if (f.path == rel) return &f;
  }
  return nullptr;
}

bool has_notice(const RunReport& r, std::string_view prefix, std::string_view contains) {
  for (const auto& n : r.notices) {
    if (n.rfind(prefix, 0) == 0 && n.find(contains) != std::string::npos) return true;
  }
  return false;
}

std::string notices(const RunReport& r) {
  std::string s;
  for (const auto& n : r.notices) s += "\n  " + n;
  return s;
}

class RepoRunnerTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string err;
    graph_ = kg::KnowledgeGraph::open(T2P_KG_DB_PATH, &err).release();
    ASSERT_NE(graph_, nullptr) << err;
  }
  static void TearDownTestSuite() {
    delete graph_;
    graph_ = nullptr;
  }

  void SetUp() override {
    ASSERT_NE(graph_, nullptr);
    char tmpl[] = "/tmp/t2p-runner-test.XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    fs::permissions(dir_, fs::perms(0755));  // reachable by nobody (permission tests)
    in_ = dir_ / "in";
    out_ = dir_ / "out";
    fs::create_directories(in_);
    fs::permissions(in_, fs::perms(0755));
  }
  void TearDown() override {
    std::error_code ec;
    // chmod 000 leftovers: make everything removable again.
    for (auto it = fs::recursive_directory_iterator(dir_, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (!it->is_symlink()) fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(dir_, ec);
  }

  RunOptions options() const {
    RunOptions o;
    o.input = in_;
    o.output = out_;
    o.jobs = 2;
    return o;
  }

  // Runs and requires success; the input must be unchanged unless `in_place`.
  RunReport run(const RunOptions& o) {
    auto before = digest(in_);
    RunReport report;
    std::string error;
    EXPECT_TRUE(run_conversion(o, *graph_, &report, &error)) << error;
    EXPECT_TRUE(error.empty()) << error;
    if (!o.in_place) {
      EXPECT_EQ(before, digest(in_)) << "the input tree changed";
    }
    return report;
  }
  RunReport run() { return run(options()); }

  // Usage error: false, a message containing `what`, nothing written, input unchanged.
  void expect_refused(const RunOptions& o, std::string_view what) {
    auto before = digest(dir_);
    RunReport report;
    std::string error;
    EXPECT_FALSE(run_conversion(o, *graph_, &report, &error));
    EXPECT_NE(error.find(what), std::string::npos) << "error: " << error;
    EXPECT_TRUE(report.files.empty());
    EXPECT_EQ(before, digest(dir_)) << "a refused run wrote something";
  }

  void expect_status(const RunReport& r, std::string_view rel, FileStatus want, std::string_view code = {}) {
    const FileReport* f = find_file(r, rel);
    ASSERT_NE(f, nullptr) << rel << " not in the report";
    EXPECT_EQ(st(f->status), st(want)) << rel << (f->error ? ": " + f->error->code + ": " + f->error->message : "");
    if (!code.empty()) {
      ASSERT_TRUE(f->error.has_value()) << rel << ": no error";
      EXPECT_EQ(f->error->code, code) << rel << ": " << f->error->message;
      EXPECT_FALSE(f->error->message.empty());
    }
  }

  void expect_good_converted(const RunReport& r, const std::string& rel = "good.py") {
    expect_status(r, rel, FileStatus::kConverted);
    std::string out = read(out_ / rel);
    EXPECT_NE(out.find("paddle.zeros"), std::string::npos) << out;
    EXPECT_EQ(out.find("torch"), std::string::npos) << out;
  }

  void expect_copied(const std::string& rel) {
    ASSERT_TRUE(fs::exists(out_ / rel)) << rel << " not in the output";
    EXPECT_EQ(read(in_ / rel), read(out_ / rel)) << rel << " not copied unchanged";
  }

  // Converting the output again changes no byte.
  void expect_idempotent() {
    RunOptions o = options();
    o.input = out_;
    o.output = dir_ / "again";
    RunReport report;
    std::string error;
    ASSERT_TRUE(run_conversion(o, *graph_, &report, &error)) << error;
    auto a = digest(out_), b = digest(dir_ / "again");
    for (auto& [rel, v] : a) EXPECT_EQ(v, b[rel]) << rel << " changed when converted again";
  }

  fs::path dir_, in_, out_;
  static kg::KnowledgeGraph* graph_;
};
kg::KnowledgeGraph* RepoRunnerTest::graph_ = nullptr;

// --- bad files next to good ones ------------------------------------------------------------

TEST_F(RepoRunnerTest, BadFilesAreCopiedAndReportedAndTheRunGoesOn) {
  write(in_ / "good.py", kGood);
  write(in_ / "syntax.py", "import torch\nx = torch.zeros(1)\ndef f(:\n    pass\n");
  write(in_ / "latin1.py", "import torch\n# caf\xe9\nx = torch.zeros(1)\n");
  write(in_ / "binary.py", std::string("import torch\0\x01\x02\xff", 17));
  write(in_ / "empty.py", "");
  write(in_ / "notes.txt", "not python\n");
  write(in_ / "pkg/__init__.py", "");
  write(in_ / "pkg/m.py", kGood);
  RunReport r = run();
  expect_good_converted(r);
  expect_good_converted(r, "pkg/m.py");
  expect_status(r, "syntax.py", FileStatus::kFailed, "syntax-error");
  expect_status(r, "latin1.py", FileStatus::kFailed, "not-utf8");
  expect_status(r, "binary.py", FileStatus::kFailed, "binary");
  expect_status(r, "empty.py", FileStatus::kUnchanged);
  const FileReport* s = find_file(r, "syntax.py");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->error->line, 3u);
  const FileReport* l = find_file(r, "latin1.py");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->error->line, 2u);
  for (const char* rel : {"syntax.py", "latin1.py", "binary.py", "empty.py", "notes.txt", "pkg/__init__.py"}) {
    expect_copied(rel);
  }
  EXPECT_EQ(r.summary.files_failed, 3u);
  expect_idempotent();
}

TEST_F(RepoRunnerTest, Python2SourceIsReportedNotConverted) {
  write(in_ / "good.py", kGood);
  write(in_ / "py2print.py", "import torch\nprint \"x\"\nx = torch.zeros(1)\n");
  write(in_ / "py2except.py", "import torch\ntry:\n    x = torch.zeros(1)\nexcept ValueError, e:\n    pass\n");
  RunReport r = run();
  expect_good_converted(r);
  // Python 2 is not Python 3: converting the calls would hand back a file Paddle cannot run.
  expect_status(r, "py2print.py", FileStatus::kFailed);
  expect_status(r, "py2except.py", FileStatus::kFailed);
  expect_copied("py2print.py");
  expect_copied("py2except.py");
}

TEST_F(RepoRunnerTest, NamesWithSpacesAndNonAscii) {
  write(in_ / "good.py", kGood);
  write(in_ / "my model/模型 é.py", kGood);
  write(in_ / "my model/sub dir/données ü.txt", "données\n");
  RunReport r = run();
  expect_good_converted(r, "my model/模型 é.py");
  expect_copied("my model/sub dir/données ü.txt");
  expect_idempotent();
}

// --- output location checks ----------------------------------------------------------------

TEST_F(RepoRunnerTest, RefusesOutputInsideInput) {
  write(in_ / "good.py", kGood);
  fs::create_directories(in_ / "sub");
  RunOptions o = options();
  o.output = in_ / "out";
  expect_refused(o, "inside");
  o.output = in_ / "sub" / "deeper";
  expect_refused(o, "inside");
  o.output = in_ / "sub";
  expect_refused(o, "inside");
}

TEST_F(RepoRunnerTest, RefusesOutputEqualToInputWithoutInPlace) {
  write(in_ / "good.py", kGood);
  RunOptions o = options();
  for (fs::path p : {in_, fs::path(in_.string() + "/"), in_ / ".." / "in", in_ / "."}) {
    o.output = p;
    expect_refused(o, "--in-place");
  }
  o.input = in_ / "good.py";
  o.output = in_ / "good.py";
  expect_refused(o, "--in-place");
}

TEST_F(RepoRunnerTest, RefusesNonEmptyOutputWithoutForce) {
  write(in_ / "good.py", kGood);
  write(out_ / "mine.txt", "keep me\n");
  RunOptions o = options();
  expect_refused(o, "not empty");
  o.force = true;
  RunReport r = run(o);
  expect_good_converted(r);
  EXPECT_EQ(read(out_ / "mine.txt"), "keep me\n");
}

TEST_F(RepoRunnerTest, RefusesExistingOutputFileWithoutForce) {
  write(in_ / "good.py", kGood);
  write(dir_ / "single.py", "old\n");
  RunOptions o = options();
  o.input = in_ / "good.py";
  o.output = dir_ / "single.py";
  expect_refused(o, "exists");
  EXPECT_EQ(read(dir_ / "single.py"), "old\n");
}

TEST_F(RepoRunnerTest, MissingInputIsAUsageError) {
  RunOptions o = options();
  o.input = dir_ / "nope";
  expect_refused(o, "not found");
}

TEST_F(RepoRunnerTest, WriteErrorsAreReportedPerFileAndTheRunGoesOn) {
  write(in_ / "a.py", kGood);
  write(in_ / "good.py", kGood);
  write(in_ / "data.txt", "data\n");
  // Directories where the output files should go: nothing can be written there.
  write(out_ / "a.py/keep", "keep");
  write(out_ / "data.txt/keep", "keep");
  RunOptions o = options();
  o.force = true;
  RunReport r = run(o);
  expect_good_converted(r);
  expect_status(r, "a.py", FileStatus::kFailed, "write-error");
  expect_status(r, "data.txt", FileStatus::kFailed, "copy-error");
  EXPECT_EQ(read(out_ / "a.py/keep"), "keep");
  EXPECT_EQ(read(out_ / "data.txt/keep"), "keep");
  const FileReport* a = find_file(r, "a.py");
  ASSERT_NE(a, nullptr);
  EXPECT_NE(a->error->message.find("a.py"), std::string::npos) << a->error->message;
}

// --- symbolic links and special files ---------------------------------------------------------

TEST_F(RepoRunnerTest, SymlinkOutsideTheTreeIsSkippedWithANoteNamingTheLink) {
  write(in_ / "good.py", kGood);
  write(dir_ / "outside/ext.py", kGood);
  fs::create_directory_symlink("../outside", in_ / "ext_dir");
  fs::create_symlink("../outside/ext.py", in_ / "ext_link.py");
  RunReport r = run();
  expect_good_converted(r);
  EXPECT_TRUE(has_notice(r, "ext_link.py:", "outside")) << notices(r);
  EXPECT_TRUE(has_notice(r, "ext_dir:", "outside")) << notices(r);
  EXPECT_FALSE(fs::exists(out_ / "ext_link.py"));
  EXPECT_EQ(read(dir_ / "outside/ext.py"), kGood);
}

TEST_F(RepoRunnerTest, SymlinkInsideTheTreeIsMirroredUnderItsOwnName) {
  write(in_ / "good.py", kGood);
  fs::create_symlink("good.py", in_ / "alias.py");
  RunReport r = run();
  expect_good_converted(r);
  ASSERT_TRUE(fs::exists(out_ / "alias.py")) << "the link is not mirrored";
  EXPECT_EQ(read(out_ / "alias.py"), read(out_ / "good.py"));
  std::set<std::string> paths;
  for (const auto& f : r.files) EXPECT_TRUE(paths.insert(f.path).second) << f.path << " reported twice";
}

TEST_F(RepoRunnerTest, SymlinkLoopsTerminateWithNotesNamingTheLinks) {
  write(in_ / "good.py", kGood);
  write(in_ / "a/x.py", kGood);
  write(in_ / "b/y.py", kGood);
  fs::create_directory_symlink("../b", in_ / "a/to_b");
  fs::create_directory_symlink("../a", in_ / "b/to_a");
  fs::create_directory_symlink(".", in_ / "a/self");
  fs::create_symlink("l2.py", in_ / "l1.py");
  fs::create_symlink("l1.py", in_ / "l2.py");
  auto fut = std::async(std::launch::async, [&] { return run(); });
  ASSERT_EQ(fut.wait_for(std::chrono::seconds(30)), std::future_status::ready) << "symlink loop: no end";
  RunReport r = fut.get();
  expect_good_converted(r);
  expect_good_converted(r, "a/x.py");
  expect_good_converted(r, "b/y.py");
  EXPECT_TRUE(has_notice(r, "a/to_b:", "loop")) << notices(r);
  EXPECT_TRUE(has_notice(r, "b/to_a:", "loop")) << notices(r);
  EXPECT_TRUE(has_notice(r, "a/self:", "loop")) << notices(r);
  // Links that resolve to nothing (l1 -> l2 -> l1) are skipped with a note, not silently.
  EXPECT_TRUE(has_notice(r, "l1.py:", "")) << notices(r);
  EXPECT_TRUE(has_notice(r, "l2.py:", "")) << notices(r);
}

TEST_F(RepoRunnerTest, FifoIsSkippedWithoutBlocking) {
  write(in_ / "good.py", kGood);
  ASSERT_EQ(::mkfifo((in_ / "a.py").c_str(), 0644), 0);
  ASSERT_EQ(::mkfifo((in_ / "pipe.txt").c_str(), 0644), 0);
  auto fut = std::async(std::launch::async, [&] { return run(); });
  if (fut.wait_for(std::chrono::seconds(20)) != std::future_status::ready) {
    ADD_FAILURE() << "the run blocked on a FIFO";
    // Unblock a reader stuck in open(): a writer that opens and closes gives it EOF.
    for (const char* name : {"a.py", "pipe.txt"}) {
      int fd = ::open((in_ / name).c_str(), O_WRONLY | O_NONBLOCK);
      if (fd >= 0) ::close(fd);
    }
  }
  RunReport r = fut.get();
  expect_good_converted(r);
  EXPECT_TRUE(has_notice(r, "a.py:", "not a regular file")) << notices(r);
  EXPECT_TRUE(has_notice(r, "pipe.txt:", "not a regular file")) << notices(r);
}

// --- in place ---------------------------------------------------------------------------------

TEST_F(RepoRunnerTest, InPlaceKeepsModesWritesBackupsAndLeavesNoTemporaries) {
  write(in_ / "a640.py", kGood);
  write(in_ / "b755.py", std::string("#!/usr/bin/env python3\n") + std::string(kGood));
  write(in_ / "bad.py", "import torch\ndef f(:\n");
  write(in_ / "notes.txt", "notes\n");
  fs::permissions(in_ / "a640.py", fs::perms(0640));
  fs::permissions(in_ / "b755.py", fs::perms(0755));
  struct stat before {};
  ASSERT_EQ(::stat((in_ / "a640.py").c_str(), &before), 0);
  RunOptions o = options();
  o.in_place = true;
  o.output.clear();
  o.backup_suffix = ".orig";
  RunReport r = run(o);
  expect_status(r, "a640.py", FileStatus::kConverted);
  expect_status(r, "b755.py", FileStatus::kConverted);
  expect_status(r, "bad.py", FileStatus::kFailed, "syntax-error");
  EXPECT_EQ(fs::status(in_ / "a640.py").permissions(), fs::perms(0640));
  EXPECT_EQ(fs::status(in_ / "b755.py").permissions(), fs::perms(0755));
  EXPECT_NE(read(in_ / "a640.py").find("paddle.zeros"), std::string::npos);
  EXPECT_EQ(read(in_ / "b755.py").rfind("#!/usr/bin/env python3\n", 0), 0u);
  EXPECT_EQ(read(in_ / "a640.py.orig"), kGood);
  EXPECT_EQ(read(in_ / "b755.py.orig"), std::string("#!/usr/bin/env python3\n") + std::string(kGood));
  EXPECT_EQ(read(in_ / "bad.py"), "import torch\ndef f(:\n");
  EXPECT_EQ(read(in_ / "notes.txt"), "notes\n");
  EXPECT_FALSE(fs::exists(in_ / "bad.py.orig"));
  EXPECT_FALSE(fs::exists(in_ / "notes.txt.orig"));
  struct stat after {};
  ASSERT_EQ(::stat((in_ / "a640.py").c_str(), &after), 0);
  EXPECT_NE(before.st_ino, after.st_ino) << "rewritten in place instead of renamed over (not atomic)";
  for (const auto& e : fs::directory_iterator(in_)) {
    EXPECT_EQ(e.path().filename().string().find(".t2p-tmp"), std::string::npos) << e.path();
  }
  // A second run changes nothing, and in particular keeps the first backups.
  auto snapshot = digest(in_);
  run(o);
  EXPECT_EQ(snapshot, digest(in_));
}

TEST_F(RepoRunnerTest, InPlaceKeepsSymlinks) {
  write(in_ / "good.py", kGood);
  write(dir_ / "outside/ext.py", kGood);
  fs::create_symlink("good.py", in_ / "alias.py");
  fs::create_symlink("../outside/ext.py", in_ / "ext_link.py");
  RunOptions o = options();
  o.in_place = true;
  o.output.clear();
  RunReport r = run(o);
  expect_status(r, "good.py", FileStatus::kConverted);
  EXPECT_TRUE(fs::is_symlink(in_ / "alias.py")) << "the symlink was replaced by a copy";
  EXPECT_TRUE(fs::is_symlink(in_ / "ext_link.py"));
  EXPECT_EQ(read(dir_ / "outside/ext.py"), kGood);
  std::set<std::string> paths;
  for (const auto& f : r.files) EXPECT_TRUE(paths.insert(f.path).second) << f.path << " reported twice";
}

// --- permissions (as nobody: root reads everything) --------------------------------------------

// Runs the torch2paddle binary on `o` (input, output, jobs) with a JSON report at `report_path`,
// as a separate process started with posix_spawn behind `wrapper` (a privilege drop, a resource
// limit). The binary and the knowledge graph are copied into `dir` first (world-readable), so an
// unprivileged child reaches them wherever the checkout lies, even under a mode-0700 folder.
// The exit code must be `want_exit`, else the test fails with what the child printed. Returns the
// report, null when none was written.
nlohmann::json run_binary(const fs::path& dir, const RunOptions& o, const fs::path& report_path,
                          const std::vector<std::string>& wrapper, int want_exit) {
  fs::path bin_dir = dir / "bin";
  fs::create_directories(bin_dir);
  fs::path bin = bin_dir / "torch2paddle";
  fs::path kg = bin_dir / "kg.db";
  std::error_code ec;
  fs::copy_file(T2P_BINARY_PATH, bin, fs::copy_options::overwrite_existing, ec);
  EXPECT_FALSE(ec) << "copying " << T2P_BINARY_PATH << ": " << ec.message();
  fs::copy(T2P_KG_DB_PATH, kg, fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  EXPECT_FALSE(ec) << "copying " << T2P_KG_DB_PATH << ": " << ec.message();
  for (auto it = fs::recursive_directory_iterator(bin_dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    fs::permissions(it->path(), fs::perms::others_read | fs::perms::group_read, fs::perm_options::add, ec);
    if (it->is_directory() || it->path() == bin) {
      fs::permissions(it->path(), fs::perms::others_exec | fs::perms::group_exec, fs::perm_options::add, ec);
    }
  }
  fs::permissions(bin_dir, fs::perms(0755), ec);

  std::vector<std::string> argv = wrapper;
  for (std::string a : {bin.string(), std::string("--kg"), kg.string(), std::string("convert"), o.input.string(),
                        std::string("-o"), o.output.string(), std::string("-j"), std::to_string(o.jobs),
                        std::string("--report"), "json=" + report_path.string(), std::string("--quiet")}) {
    argv.push_back(a);
  }
  testing_support::ChildResult child = testing_support::run_child(argv, dir / "child-output.txt");
  EXPECT_TRUE(child.exited_with(want_exit)) << "expected exit code " << want_exit << ", got "
                                            << child.describe();
  if (!fs::exists(report_path)) return {};
  return nlohmann::json::parse(read(report_path), nullptr, false);
}

// The wrapper that runs a program as nobody when this process is root (root reads every file
// whatever its mode); none otherwise. Empty with a test failure when setpriv is missing.
std::vector<std::string> as_nobody() {
  if (::geteuid() != 0) return {};
  std::string setpriv = testing_support::find_tool({"/usr/bin/setpriv", "/bin/setpriv"});
  if (setpriv.empty()) {
    ADD_FAILURE() << "running as root and setpriv (util-linux) is missing: cannot drop to nobody";
    return {};
  }
  return {setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--"};
}

const nlohmann::json* json_file(const nlohmann::json& report, std::string_view rel) {
  if (!report.is_object() || !report.contains("files")) return nullptr;
  for (const auto& f : report["files"]) {
    if (f.value("path", "") == rel) return &f;
  }
  return nullptr;
}

TEST_F(RepoRunnerTest, UnreadableFileAndDirectoryAreReportedWithTheReason) {
  write(in_ / "good.py", kGood);
  write(in_ / "secret.py", kGood);
  write(in_ / "locked/inner.py", kGood);
  write(in_ / "open/ok.py", kGood);
  fs::permissions(in_ / "open", fs::perms(0755));
  fs::permissions(in_ / "secret.py", fs::perms::none);
  fs::permissions(in_ / "locked", fs::perms::none);
  fs::path w = dir_ / "w";
  fs::create_directories(w);
  fs::permissions(w, fs::perms::all);
  auto before = digest(in_);
  RunOptions o = options();
  o.output = w / "out";
  std::vector<std::string> wrapper = as_nobody();
  if (::testing::Test::HasFailure()) return;
  nlohmann::json report = run_binary(dir_, o, w / "report.json", wrapper, /*want_exit=*/1);
  EXPECT_EQ(before, digest(in_));
  const nlohmann::json* good = json_file(report, "good.py");
  ASSERT_NE(good, nullptr) << report.dump(2);
  EXPECT_EQ((*good)["status"], "converted");
  const nlohmann::json* ok = json_file(report, "open/ok.py");
  ASSERT_NE(ok, nullptr);
  EXPECT_EQ((*ok)["status"], "converted");
  const nlohmann::json* secret = json_file(report, "secret.py");
  ASSERT_NE(secret, nullptr) << report.dump(2);
  EXPECT_EQ((*secret)["status"], "failed");
  EXPECT_EQ((*secret)["error"]["code"], "read-error");
  EXPECT_NE((*secret)["error"]["message"].get<std::string>().find("Permission denied"), std::string::npos);
  const nlohmann::json* locked = json_file(report, "locked");
  ASSERT_NE(locked, nullptr) << report.dump(2);
  EXPECT_EQ((*locked)["status"], "failed");
  EXPECT_EQ((*locked)["error"]["code"], "unreadable-directory");
  EXPECT_NE((*locked)["error"]["message"].get<std::string>().find("Permission denied"), std::string::npos)
      << (*locked)["error"]["message"];
}

// Streaming: with `on_file` set, every file's report arrives once, in path order, whatever the
// worker that finished it, and nothing is kept in the report; the counts and the JSON report
// (spooled to a temporary file) are the same as a run that keeps every file's report.
TEST_F(RepoRunnerTest, StreamedReportsArriveInPathOrderAndMatchTheKeptOnes) {
  for (int i = 0; i < 40; ++i) {
    std::string body(kGood);
    for (int k = 0; k < (i % 7) * 40; ++k) body += "y" + std::to_string(k) + " = torch.zeros(2)\n";
    write(in_ / ("d" + std::to_string(i % 3)) / ("f" + std::to_string(i) + ".py"), body);
  }
  write(in_ / "notes.txt", "not python\n");
  RunOptions keep = options();
  keep.output = dir_ / "kept";
  RunReport kept = run(keep);

  RunOptions stream = options();
  stream.output = dir_ / "streamed";
  std::vector<std::string> order;
  emit::JsonReportWriter writer;
  stream.on_file = [&](emit::FileReport&& f) {
    order.push_back(f.path);
    writer.add(f);
  };
  RunReport streamed = run(stream);
  EXPECT_TRUE(streamed.files.empty());
  std::vector<std::string> want;
  for (const auto& f : kept.files) want.push_back(f.path);
  EXPECT_EQ(order, want);
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end()));
  EXPECT_EQ(order.size(), 41u);
  EXPECT_EQ(streamed.summary.files, kept.summary.files);
  EXPECT_EQ(streamed.summary.converted, kept.summary.converted);
  EXPECT_EQ(streamed.summary.files_copied, 1u);
  std::string spooled;
  EXPECT_EQ(writer.write_to([&](std::string_view d) { spooled.append(d); return std::string(); }, streamed.summary,
                            streamed.notices),
            "");
  EXPECT_EQ(spooled, emit::json_report(kept));
  EXPECT_TRUE(nlohmann::json::parse(spooled, nullptr, false).is_object());
}

// A slow file first in path order (a large one) while the other worker races through the rest:
// at most `reorder_window` finished reports wait for it, and all still arrive in order. Without
// the window every later report would pile up behind the first file.
TEST_F(RepoRunnerTest, ReportsWaitingForASlowFileStayWithinTheWindow) {
  std::string big(kGood);
  for (int k = 0; k < 20000; ++k) big += "y" + std::to_string(k) + " = torch.zeros(2)\n";
  write(in_ / "a_big.py", big);
  for (int i = 0; i < 60; ++i) write(in_ / ("f" + std::to_string(100 + i) + ".py"), kGood);
  RunOptions opt = options();
  opt.jobs = 2;
  opt.reorder_window = 3;
  std::vector<std::string> order;
  opt.on_file = [&](emit::FileReport&& f) { order.push_back(f.path); };
  RunReport r = run(opt);
  EXPECT_EQ(order.size(), 61u);
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end()));
  EXPECT_EQ(r.summary.files_converted, 61u);
  EXPECT_GE(r.peak_waiting_reports, 1u);
  EXPECT_LE(r.peak_waiting_reports, 3u);
}

// --- a full disk (RLIMIT_FSIZE: writes past the limit fail with EFBIG, no mount needed) ------

TEST_F(RepoRunnerTest, FailedWritesLeaveNoPartialFilesInTheOutput) {
  write(in_ / "good.py", kGood);
  // 200 KB of output past the limit, but one API use: the report (spooled to a temporary file by
  // the binary, under the same limit) stays small.
  std::string big_py = "import torch\nx = torch.zeros(1)\n";
  while (big_py.size() < 200000) big_py += "# padding padding padding padding padding padding\n";
  write(in_ / "big.py", big_py);
  std::string blob;
  for (int i = 0; i < 800; ++i) blob += std::string(256, static_cast<char>(i));
  write(in_ / "data.bin", blob);  // 200 KB
  auto before = digest(in_);
  RunOptions o = options();
  o.jobs = 1;
  fs::path report_path = dir_ / "report.json";
  // A soft file-size limit of 64 KB (the binary ignores SIGXFSZ, so writes past it fail with
  // EFBIG); the report stays well under it.
  std::string prlimit = testing_support::find_tool({"/usr/bin/prlimit", "/bin/prlimit"});
  ASSERT_FALSE(prlimit.empty()) << "prlimit (util-linux) is missing";
  nlohmann::json report = run_binary(dir_, o, report_path, {prlimit, "--fsize=65536:", "--"}, /*want_exit=*/1);
  EXPECT_EQ(before, digest(in_));
  const nlohmann::json* good = json_file(report, "good.py");
  ASSERT_NE(good, nullptr) << report.dump(2);
  EXPECT_EQ((*good)["status"], "converted");
  const nlohmann::json* big = json_file(report, "big.py");
  ASSERT_NE(big, nullptr);
  EXPECT_EQ((*big)["status"], "failed");
  EXPECT_EQ((*big)["error"]["code"], "write-error");
  const nlohmann::json* data = json_file(report, "data.bin");
  ASSERT_NE(data, nullptr) << "failed copy not reported";
  EXPECT_EQ((*data)["status"], "failed");
  EXPECT_EQ((*data)["error"]["code"], "copy-error");
  // What is in the output is complete; what failed is absent, never truncated.
  for (const char* rel : {"big.py", "data.bin"}) {
    if (fs::exists(out_ / rel)) {
      ADD_FAILURE() << rel << ": a truncated file (" << fs::file_size(out_ / rel) << " of "
                    << fs::file_size(in_ / rel) << " bytes) was left in the output";
    }
  }
  for (const auto& e : fs::directory_iterator(out_)) {
    EXPECT_EQ(e.path().filename().string().find(".t2p-tmp"), std::string::npos) << e.path();
  }
}

// --- a directory that disappears mid-run -------------------------------------------------------

TEST_F(RepoRunnerTest, DirectoryDisappearingMidRunIsReportedPerFile) {
  for (int i = 0; i < 200; ++i) write(in_ / "a" / ("f" + std::to_string(1000 + i) + ".py"), kGood);
  write(in_ / "zz/g1.py", kGood);
  write(in_ / "zz/g2.py", "import torch\ndef f(:\n");
  write(in_ / "zz/data.txt", "data\n");
  write(in_ / "zzz_last.py", kGood);
  RunOptions o = options();
  o.jobs = 1;
  bool deterministic = set_after_collect(o, [&] { fs::remove_all(in_ / "zz"); });
  std::thread watcher;
  std::atomic<bool> stop{false};
  if (!deterministic) {
    // Without the hook: delete zz/ as soon as the first output file exists. With one job and 200
    // files sorted before zz/ this nearly always happens before zz/ is reached; the checks below
    // hold either way.
    watcher = std::thread([&] {
      while (!stop && !fs::exists(out_ / "a" / "f1000.py")) std::this_thread::sleep_for(std::chrono::microseconds(200));
      fs::remove_all(in_ / "zz");
    });
  }
  RunReport report;
  std::string error;
  bool ok = run_conversion(o, *graph_, &report, &error);
  stop = true;
  if (watcher.joinable()) watcher.join();
  ASSERT_TRUE(ok) << error;
  for (int i = 0; i < 200; ++i) expect_good_converted(report, "a/f" + std::to_string(1000 + i) + ".py");
  expect_good_converted(report, "zzz_last.py");
  bool gone = !fs::exists(out_ / "zz/g1.py");
  for (const char* rel : {"zz/g1.py", "zz/g2.py", "zz/data.txt"}) {
    const FileReport* f = find_file(report, rel);
    if (deterministic || gone) {
      ASSERT_NE(f, nullptr) << rel << ": a file that vanished is not reported";
      EXPECT_EQ(st(f->status), "failed") << rel;
      ASSERT_TRUE(f->error.has_value()) << rel;
      EXPECT_TRUE(f->error->code == "read-error" || f->error->code == "copy-error") << rel << ": " << f->error->code;
      EXPECT_NE(f->error->message.find("No such file"), std::string::npos) << rel << ": " << f->error->message;
      EXPECT_FALSE(fs::exists(out_ / rel)) << rel << ": something written for a file that vanished";
    }
  }
  if (!deterministic) {
    std::cerr << "[ note ] RunOptions has no after_collect hook: the deletion raced the run ("
              << (gone ? "zz/ was gone in time" : "zz/ was processed first") << ")\n";
  }
}

// --- write_file_atomic -------------------------------------------------------------------------

TEST_F(RepoRunnerTest, WriteFileAtomicWritesExactBytesAndMode) {
  std::string data("a\0b\r\n\xef\xbb\xbf\tz", 10);
  EXPECT_EQ(write_file_atomic(dir_ / "f.py", data, fs::perms(0640)), "");
  EXPECT_EQ(read(dir_ / "f.py"), data);
  EXPECT_EQ(fs::status(dir_ / "f.py").permissions(), fs::perms(0640));
  EXPECT_EQ(write_file_atomic(dir_ / "x.py", "", fs::perms(0755)), "");
  EXPECT_EQ(fs::file_size(dir_ / "x.py"), 0u);
  EXPECT_EQ(fs::status(dir_ / "x.py").permissions(), fs::perms(0755));
}

TEST_F(RepoRunnerTest, WriteFileAtomicReplacesByRename) {
  write(dir_ / "f.py", "old\n");
  fs::create_hard_link(dir_ / "f.py", dir_ / "hard.py");
  EXPECT_EQ(write_file_atomic(dir_ / "f.py", "new\n", fs::perms(0644)), "");
  EXPECT_EQ(read(dir_ / "f.py"), "new\n");
  EXPECT_EQ(read(dir_ / "hard.py"), "old\n") << "the old inode was overwritten, not replaced";
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir_)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"f.py", "hard.py", "in"}));
}

TEST_F(RepoRunnerTest, WriteFileAtomicFailsCleanly) {
  // Missing directory: an error naming the path, nothing created.
  std::string e = write_file_atomic(dir_ / "missing/f.py", "x", fs::perms(0644));
  EXPECT_NE(e.find("missing/f.py"), std::string::npos) << e;
  EXPECT_FALSE(fs::exists(dir_ / "missing"));
  // Parent is a file.
  write(dir_ / "plain", "p");
  e = write_file_atomic(dir_ / "plain/f.py", "x", fs::perms(0644));
  EXPECT_FALSE(e.empty());
  EXPECT_EQ(read(dir_ / "plain"), "p");
  // Target is a non-empty directory: the rename fails, the directory and its file survive and no
  // temporary is left next to it.
  write(dir_ / "d/keep.py", "keep");
  e = write_file_atomic(dir_ / "d", "x", fs::perms(0644));
  EXPECT_FALSE(e.empty());
  EXPECT_EQ(read(dir_ / "d/keep.py"), "keep");
  for (const auto& entry : fs::directory_iterator(dir_)) {
    EXPECT_EQ(entry.path().filename().string().find(".t2p-tmp"), std::string::npos) << entry.path();
  }
}

TEST_F(RepoRunnerTest, WriteFileAtomicConcurrentWritersNeverMix) {
  std::string a(1 << 20, 'a'), b(1 << 20, 'b');
  for (int round = 0; round < 5; ++round) {
    std::thread t1([&] { EXPECT_EQ(write_file_atomic(dir_ / "f.bin", a, fs::perms(0644)), ""); });
    std::thread t2([&] { EXPECT_EQ(write_file_atomic(dir_ / "f.bin", b, fs::perms(0644)), ""); });
    t1.join();
    t2.join();
    std::string got = read(dir_ / "f.bin");
    EXPECT_TRUE(got == a || got == b) << "mixed content, size " << got.size();
  }
}

// --- convert_source on hostile bytes ---------------------------------------------------------

class ConvertSourceSafetyTest : public RepoRunnerTest {
 protected:
  SourceResult convert(std::string_view s) { return convert_source(s, *graph_, {}, parser_); }
  bool parses(const std::string& text) {
    parse::SyntaxTree tree = parser_.parse(text);
    return !parse::first_syntax_error(tree, text).has_value();
  }
  parse::PythonParser parser_;
};

TEST_F(ConvertSourceSafetyTest, NeverThrowsAndFailuresKeepTheInput) {
  std::string nested = "import torch\nx = " + std::string(10000, '(') + "torch.zeros(1)" + std::string(10000, ')') + "\n";
  std::vector<std::string> inputs = {
      std::string("import torch\0", 13),
      "import torch\n# \xe9\n",                 // latin-1
      "import torch\nx = '\xed\xa0\x80'\n",     // UTF-16 surrogate in UTF-8
      "import torch\nx = '\xc0\xaf'\n",         // overlong
      "import torch\nx = torch.zeros(1) # \xe6\x97",  // truncated at the end
      "import torch\nx = '''unterminated\n",
      "import torch\nx = torch.zeros(1) \\",
      "\xef\xbb\xbf",
      "\r",
      "\x0c",
      "import torch\nprint \"x\"\n",
      "import torch\nexec \"x = 1\"\n",
      "import torch\nx = `y`\n",
      "import torch\nif x <> y: pass\n",
      nested,
  };
  for (const auto& in : inputs) {
    SourceResult r;
    ASSERT_NO_THROW(r = convert(in)) << in.substr(0, 60);
    if (r.status == FileStatus::kFailed) {
      EXPECT_EQ(r.output, in) << in.substr(0, 60);
      ASSERT_TRUE(r.error.has_value());
      EXPECT_FALSE(r.error->code.empty());
      EXPECT_FALSE(r.error->message.empty());
      EXPECT_EQ(r.error->message.find('\n'), std::string::npos) << "multi-line message: " << r.error->message;
    } else if (r.status == FileStatus::kConverted) {
      EXPECT_TRUE(in.size() > 20000 || parses(r.output)) << r.output;
      EXPECT_EQ(convert(r.output).output, r.output) << "not idempotent: " << in.substr(0, 60);
    } else {
      EXPECT_EQ(r.output, in);
    }
  }
}

TEST_F(ConvertSourceSafetyTest, Python2IsReportedNotConverted) {
  for (std::string_view in : {"import torch\nprint \"x\"\nx = torch.zeros(1)\n",
                              "import torch\ntry:\n    x = torch.zeros(1)\nexcept ValueError, e:\n    pass\n",
                              "import torch\nexec \"y = 1\"\nx = torch.zeros(1)\n"}) {
    SourceResult r = convert(in);
    EXPECT_EQ(st(r.status), "failed") << in << "->\n" << r.output;
    EXPECT_EQ(r.output, in);
    ASSERT_TRUE(r.error.has_value());
    EXPECT_EQ(r.error->code, "python2");
    EXPECT_NE(r.error->message.find("Python 2"), std::string::npos) << r.error->message;
    EXPECT_GT(r.error->line, 1u);
  }
}

TEST_F(ConvertSourceSafetyTest, BomStaysAtByteZero) {
  const std::string bom = "\xef\xbb\xbf";
  for (std::string_view body : {"import torch\r\nx = torch.zeros(1)\r\n", "import os, torch\nx = torch.zeros(1)\n",
                                "# header\nimport torch\nx = torch.zeros(1)\n",
                                "from torch import nn\nm = nn.Linear(2, 3)\n"}) {
    std::string in = bom + std::string(body);
    SourceResult r = convert(in);
    EXPECT_EQ(st(r.status), "converted") << in;
    EXPECT_EQ(r.output.rfind(bom, 0), 0u) << "BOM moved:\n" << r.output;
    EXPECT_EQ(r.output.find(bom, 1), std::string::npos) << "BOM inside the text:\n" << r.output;
    EXPECT_EQ(convert(r.output).output, r.output);
  }
}

TEST_F(ConvertSourceSafetyTest, CrlfAndTabsOnInsertedLines) {
  SourceResult r = convert(
      "import os, torch\r\n\r\ndef f():\r\n    x = torch.zeros(3, requires_grad=True)\r\n"
      "    g = torch.Generator()\r\n    return x\r\n");
  ASSERT_EQ(st(r.status), "converted") << r.output;
  for (size_t i = 0; i < r.output.size(); ++i) {
    if (r.output[i] == '\n') {
      EXPECT_TRUE(i > 0 && r.output[i - 1] == '\r') << "bare LF at " << i << "\n" << r.output;
    }
  }
  r = convert(
      "import torch\nclass M:\n\tdef f(self):\n\t\tx = torch.zeros(3, requires_grad=True)\n"
      "\t\tg = torch.Generator()\n\t\treturn x\n");
  ASSERT_EQ(st(r.status), "converted") << r.output;
  size_t pos = 0;
  while ((pos = r.output.find('\n', pos)) != std::string::npos) {
    ++pos;
    EXPECT_NE(r.output.compare(pos, 1, " "), 0) << "space indentation in a tab file:\n" << r.output;
  }
  EXPECT_TRUE(parses(r.output));
}

}  // namespace
}  // namespace t2p::driver
