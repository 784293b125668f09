#include "driver/repo_runner.h"

#include <fcntl.h>
#include <fnmatch.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "cxx/cpp_converter.h"
#include "cxx/extension_setup.h"
#include "deps/dependency_file.h"
#include "driver/notebook_converter.h"
#include "driver/project_packages.h"
#include "driver/source_converter.h"
#include "rewrite/apply_edits.h"
#include "base/source_text.h"
#include "parse/syntax_tree.h"

namespace t2p::driver {
namespace fs = std::filesystem;
using emit::FileReport;
using emit::FileStatus;

namespace {

struct WorkItem {
  fs::path source;
  fs::path target;
  std::string rel;
  bool python = false;
  std::optional<deps::Format> deps;  // a dependency file (requirements*.txt, pyproject.toml, setup.py, ...)
  bool notebook = false;             // a Jupyter notebook (.ipynb): its code cells converted
  bool cpp = false;                  // a C/C++/CUDA extension source (src/cxx/, docs/cpp-extensions.md)
  std::optional<FileReport> failed;  // a directory that could not be read: its report as it is
  // The roots converted in it when the project has its own package of a converted root's name
  // (driver/project_packages.h); null: RunOptions::convert's.
  std::shared_ptr<const kg::ConvertedRoots> roots;
};

bool excluded(const std::string& rel, const std::vector<std::string>& patterns) {
  for (const auto& p : patterns) {
    if (fnmatch(p.c_str(), rel.c_str(), 0) == 0) return true;
    // A pattern without '/' also matches any single path component (`--exclude build`).
    if (p.find('/') == std::string::npos) {
      size_t start = 0;
      while (start <= rel.size()) {
        size_t end = rel.find('/', start);
        std::string comp = rel.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (fnmatch(p.c_str(), comp.c_str(), 0) == 0) return true;
        if (end == std::string::npos) break;
        start = end + 1;
      }
    }
  }
  return false;
}

std::string errno_text(int e) { return std::strerror(e); }

bool read_file(const fs::path& path, std::string* out, std::string* error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = "cannot read: " + errno_text(errno);
    return false;
  }
  struct stat st {};
  if (fstat(fd, &st) == 0 && st.st_size > 0) out->reserve(static_cast<size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      *error = "cannot read: " + errno_text(errno);
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    out->append(buf, static_cast<size_t>(n));
  }
  ::close(fd);
  return true;
}

// Dependency files by name (deps::format_of), and the files a requirements file includes
// (`-r base.txt`), which are requirements files too, whatever their name.
void mark_dependency_files(std::vector<WorkItem>* items) {
  std::map<std::string, WorkItem*> by_rel;
  std::vector<std::string> rels;
  for (auto& w : *items) {
    if (w.failed) continue;
    w.deps = deps::format_of(w.rel);
    by_rel[w.rel] = &w;
    rels.push_back(w.rel);
  }
  auto read = [&](const std::string& rel, std::string* text) {
    std::string error;
    return read_file(by_rel.at(rel)->source, text, &error);
  };
  for (const auto& rel : deps::requirement_files(rels, read)) by_rel.at(rel)->deps = deps::Format::kRequirements;
}

// Walks `root`, collecting files. Symlinks are followed only when they stay inside the tree;
// directory loops and special files are reported as notices.
void collect(const fs::path& root, const fs::path& out_root, const RunOptions& opt,
             std::vector<WorkItem>* items, std::vector<std::string>* notices) {
  std::error_code ec;
  fs::path canon_root = fs::canonical(root, ec);
  std::set<fs::path> seen_dirs{canon_root};
  std::vector<fs::path> stack{root};
  while (!stack.empty()) {
    fs::path dir = stack.back();
    stack.pop_back();
    std::vector<fs::directory_entry> entries;
    fs::directory_iterator it(dir, ec);
    if (ec) {
      std::string why = ec.message();
      std::string rel = dir.lexically_relative(root).generic_string();
      FileReport f;
      f.path = rel.empty() || rel == "." ? "." : rel;
      f.python = false;
      f.status = FileStatus::kFailed;
      f.error = base::Diagnostic{base::Severity::kError, 0, 0, "unreadable-directory",
                                 "cannot read directory: " + why};
      WorkItem w;
      w.rel = f.path;
      w.failed = std::move(f);
      items->push_back(std::move(w));
      ec.clear();
      continue;
    }
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      if (ec) break;
      entries.push_back(*it);
    }
    ec.clear();
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.path() < b.path(); });
    for (const auto& e : entries) {
      // Lexical: a symbolic link keeps its own name (fs::relative would follow it).
      std::string rel = e.path().lexically_relative(root).generic_string();
      if (excluded(rel, opt.excludes)) continue;
      fs::file_status lst = e.symlink_status(ec);
      if (ec) {
        notices->push_back(rel + ": skipped (" + ec.message() + ")");
        ec.clear();
        continue;
      }
      bool is_link = fs::is_symlink(lst);
      fs::path resolved = e.path();
      if (is_link) {
        fs::path target = fs::canonical(e.path(), ec);
        if (ec) {
          notices->push_back(rel + ": skipped (broken symbolic link)");
          ec.clear();
          continue;
        }
        auto [mis, _] = std::mismatch(canon_root.begin(), canon_root.end(), target.begin(), target.end());
        if (mis != canon_root.end()) {
          notices->push_back(rel + ": skipped (symbolic link leads outside the input tree)");
          continue;
        }
        resolved = target;
        if ((opt.in_place || opt.check) && !fs::is_directory(target)) {
          // Rewriting through a link would replace the link; its target is converted itself.
          notices->push_back(rel + ": skipped (symbolic link; with --in-place its target is converted instead)");
          continue;
        }
      }
      fs::file_status st = fs::status(resolved, ec);
      if (ec) {
        notices->push_back(rel + ": skipped (" + ec.message() + ")");
        ec.clear();
        continue;
      }
      if (fs::is_directory(st)) {
        fs::path canon = fs::canonical(resolved, ec);
        if (ec || !seen_dirs.insert(canon).second) {
          notices->push_back(rel + ": skipped (directory already visited: symbolic link loop)");
          ec.clear();
          continue;
        }
        if (!opt.in_place && !out_root.empty()) {
          fs::path cout = fs::weakly_canonical(out_root, ec);
          if (!ec && canon == cout) continue;  // never walk into our own output
        }
        stack.push_back(e.path());
        continue;
      }
      if (!fs::is_regular_file(st)) {
        notices->push_back(rel + ": skipped (not a regular file)");
        continue;
      }
      WorkItem w;
      w.source = e.path();
      w.rel = rel;
      w.target = opt.in_place || opt.check ? e.path() : out_root / fs::path(rel);
      w.python = e.path().extension() == ".py" || e.path().extension() == ".pyi";
      w.notebook = e.path().extension() == ".ipynb";
      w.cpp = cxx::is_cpp_source(rel);
      items->push_back(std::move(w));
    }
  }
  std::sort(items->begin(), items->end(), [](const WorkItem& a, const WorkItem& b) { return a.rel < b.rel; });
  mark_dependency_files(items);
  // In place and `check`, only what is converted is visited: Python, notebooks, dependency files
  // and C/C++/CUDA sources.
  if (opt.in_place || opt.check) {
    std::erase_if(*items, [](const WorkItem& w) { return !w.failed && !w.python && !w.deps && !w.notebook && !w.cpp; });
  }
}

// Writes all `n` bytes; 0 or the errno of the failure.
int write_all(int fd, const char* data, size_t n) {
  for (size_t done = 0; done < n;) {
    ssize_t m = ::write(fd, data + done, n - done);
    if (m < 0 && errno == EINTR) continue;
    if (m < 0) return errno;
    done += static_cast<size_t>(m);
  }
  return 0;
}

// The one way files are written: `fill(fd)` writes the content into a temporary file next to
// `to` (returning an error message or ""), which is given `mode` and renamed over `to`. On any
// failure the temporary file is removed and `to` is untouched. When `to` already exists (an
// --in-place conversion, a backup, an output tree written again) the data is fsynced before the
// rename, so a power cut cannot replace a file the user had by an empty one; a new file in a new
// output tree is not, since it replaces nothing (fsync was 10% of a conversion's time).
template <typename Fill>
std::string write_atomically(const fs::path& to, fs::perms mode, Fill fill) {
  struct stat existing {};
  const bool replaces = ::lstat(to.c_str(), &existing) == 0;
  fs::path tmp = to;
  tmp += ".t2p-tmp-" + std::to_string(::getpid()) + "-" +
         std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()) % 100000);
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot write " + to.string() + ": " + errno_text(errno);
  std::string error = fill(fd);
  if (error.empty() && ((replaces && ::fsync(fd) != 0) || ::fchmod(fd, static_cast<mode_t>(mode)) != 0)) {
    error = "cannot write " + to.string() + ": " + errno_text(errno);
  }
  if (::close(fd) != 0 && error.empty()) error = "cannot write " + to.string() + ": " + errno_text(errno);
  if (error.empty() && ::rename(tmp.c_str(), to.c_str()) != 0) {
    error = "cannot write " + to.string() + ": " + errno_text(errno);
  }
  if (!error.empty()) ::unlink(tmp.c_str());
  return error;
}

// Streams `from` into `to` atomically: a failed copy (a full disk) leaves nothing behind, and
// the message carries the system's reason.
std::string copy_file_atomic(const fs::path& from, const fs::path& to, fs::perms mode) {
  int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) return "cannot read: " + errno_text(errno);
  std::string error = write_atomically(to, mode, [&](int out) -> std::string {
    char buf[1 << 16];
    for (;;) {
      ssize_t n = ::read(in, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return "cannot read: " + errno_text(errno);
      if (n == 0) return {};
      if (int e = write_all(out, buf, static_cast<size_t>(n))) return "cannot write " + to.string() + ": " + errno_text(e);
    }
  });
  ::close(in);
  return error;
}

// setup.py: the requirement edits of its dependency lists (string literals the Python conversion
// never edits) join the Python conversion's edits and fixes, in apply order, and the output is
// applied again from both. An overlap would be a bug: the requirements are then left as written
// and reported.
void add_dependency_fixes(std::string_view input, deps::FileResult d, SourceResult* r) {
  std::vector<base::Edit> merged;
  std::vector<int32_t> python_at(r->edits.size()), deps_at(d.edits.size());
  merged.reserve(r->edits.size() + d.edits.size());
  size_t i = 0, j = 0;
  while (i < r->edits.size() || j < d.edits.size()) {
    const bool take_deps = j < d.edits.size() && (i == r->edits.size() || d.edits[j].begin < r->edits[i].begin);
    if (take_deps) {
      deps_at[j] = static_cast<int32_t>(merged.size());
      merged.push_back(std::move(d.edits[j++]));
    } else {
      python_at[i] = static_cast<int32_t>(merged.size());
      merged.push_back(std::move(r->edits[i++]));
    }
  }
  for (size_t k = 1; k < merged.size(); ++k) {
    if (merged[k].begin < merged[k - 1].end) {
      for (auto& u : d.uses) {
        u.fix = -1;
        u.applicability = rules::Applicability::kNone;
        if (u.status == rules::UseStatus::kConverted) {
          u.status = rules::UseStatus::kUnsupported;
          u.reason = "internal: the requirement edit overlaps the Python conversion; left as written";
        }
      }
      r->uses.insert(r->uses.end(), d.uses.begin(), d.uses.end());
      return;
    }
  }
  for (auto& fix : r->fixes) {
    for (auto& e : fix.edits) e = static_cast<uint32_t>(python_at[e]);
  }
  const int32_t first_deps_fix = static_cast<int32_t>(r->fixes.size());
  for (auto& fix : d.fixes) {
    for (auto& e : fix.edits) e = static_cast<uint32_t>(deps_at[e]);
    r->fixes.push_back(std::move(fix));
  }
  for (auto& u : d.uses) {
    if (u.fix >= 0) u.fix += first_deps_fix;
  }
  const bool any = !merged.empty();
  r->edits = std::move(merged);
  if (!d.uses.empty()) {
    r->uses.insert(r->uses.end(), std::make_move_iterator(d.uses.begin()), std::make_move_iterator(d.uses.end()));
    std::stable_sort(r->uses.begin(), r->uses.end(),
                     [](const rules::ApiUse& a, const rules::ApiUse& b) { return a.offset < b.offset; });
  }
  if (any && !d.edits.empty()) {
    r->output = rewrite::apply_edits(input, r->edits);
    r->status = FileStatus::kConverted;
  }
}

rules::ConvertOptions convert_options(const WorkItem& w, const RunOptions& opt) {
  rules::ConvertOptions o = opt.convert;
  if (w.roots) o.roots = w.roots;
  return o;
}

FileReport process(const WorkItem& w, const RunOptions& opt, const kg::KnowledgeGraph& graph,
                   parse::PythonParser& parser) {
  if (w.failed) return *w.failed;
  FileReport f;
  f.path = w.rel;
  f.python = w.python;
  std::error_code ec;
  auto fail = [&](const std::string& code, const std::string& msg) {
    f.status = FileStatus::kFailed;
    f.error = base::Diagnostic{base::Severity::kError, 0, 0, code, msg};
    return f;
  };
  fs::perms mode = fs::status(w.source, ec).permissions();
  if (ec) mode = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read;
  if (!opt.in_place && !opt.check && !w.target.parent_path().empty()) {
    fs::create_directories(w.target.parent_path(), ec);
    if (ec) return fail("write-error", "cannot create directory " + w.target.parent_path().string() + ": " + ec.message());
  }
  if (!w.python && !w.deps && !w.notebook && !w.cpp) {
    if (std::string e = copy_file_atomic(w.source, w.target, mode); !e.empty()) return fail("copy-error", e);
    return f;
  }
  std::string text, err;
  if (!read_file(w.source, &text, &err)) {
    // Keep the output tree complete where we can: nothing to copy when unreadable.
    return fail("read-error", err);
  }
  // A dependency file: its requirements pointed at Paddle (src/deps/), each change a finding with
  // its fix, like a Python file's. Bad input (unparsable TOML) is reported and the file written
  // unchanged. setup.py is converted as Python too; its requirement edits join the Python ones.
  SourceResult r;
  if (w.deps || w.notebook || w.cpp) f.python = true;  // reported and counted like a Python file
  if (w.cpp) {
    // C/C++/CUDA: its own parser and facts (src/cxx/); findings like a Python file's.
    cxx::CppParser cpp_parser;
    cxx::CppResult c = cxx::convert_cpp_source(text, cxx::builtin_cpp_facts(), cpp_parser);
    r.status = c.status;
    r.error = std::move(c.error);
    r.uses = std::move(c.uses);
    r.lines = c.lines;
    r.output = std::move(c.output);
    r.parsed = true;
    if (r.status == FileStatus::kConverted) {
      r.edits = std::move(c.edits);
      r.fixes = std::move(c.fixes);
    }
    place_uses(text, &r.uses);
  } else if (w.notebook) {
    r = convert_notebook(text, graph, convert_options(w, opt), parser);  // driver/notebook_converter.h
  } else if (w.deps && !w.python) {
    deps::FileResult d = deps::convert_builtin(*w.deps, text, parser);
    r.status = d.error ? FileStatus::kFailed : d.changed() ? FileStatus::kConverted : FileStatus::kUnchanged;
    r.error = std::move(d.error);
    r.uses = std::move(d.uses);
    r.lines = d.lines;
    r.output = r.status == FileStatus::kConverted ? std::move(d.output) : text;
    if (r.status == FileStatus::kConverted) {
      r.edits = std::move(d.edits);
      r.fixes = std::move(d.fixes);
    }
    place_uses(text, &r.uses);
  } else {
    r = convert_source(text, graph, convert_options(w, opt), parser);
    if (w.deps && r.status != FileStatus::kFailed) {
      deps::FileResult d = deps::convert_builtin(*w.deps, text, parser);
      if (!d.error) {
        place_uses(text, &d.uses);
        add_dependency_fixes(text, std::move(d), &r);
      }
    }
    // A setup.py whose torch extension the Python conversion made Paddle's: setup() too.
    const bool builds_extension = std::any_of(r.uses.begin(), r.uses.end(), [](const rules::ApiUse& u) {
      return u.status == rules::UseStatus::kConverted && (u.torch_api == "torch.utils.cpp_extension.CUDAExtension" ||
                                                          u.torch_api == "torch.utils.cpp_extension.CppExtension");
    });
    if (w.deps == deps::Format::kSetupPy && r.status != FileStatus::kFailed && builds_extension) {
      deps::FileResult d = cxx::convert_extension_setup(text, parser);
      place_uses(text, &d.uses);
      add_dependency_fixes(text, std::move(d), &r);
    }
  }
  f.status = r.status;
  f.error = r.error;
  f.uses = std::move(r.uses);
  f.min_paddle = std::move(r.min_paddle);
  f.lines = r.lines;
  if (opt.keep_fixes) {
    f.edits = std::move(r.edits);
    f.fixes = std::move(r.fixes);
  }
  if (opt.check) {
    if (opt.keep_texts && r.status == FileStatus::kConverted) {
      f.input = std::move(text);
      f.output = std::move(r.output);
    }
    return f;
  }
  if (opt.keep_texts && r.status == FileStatus::kConverted) {
    f.input = text;
    f.output = r.output;
  }
  if (opt.in_place) {
    if (r.status != FileStatus::kConverted) return f;
    if (!opt.backup_suffix.empty()) {
      fs::path backup = w.source;
      backup += opt.backup_suffix;
      if (std::string e = write_file_atomic(backup, text, mode); !e.empty()) return fail("write-error", e);
    }
  }
  if (!opt.in_place || r.status == FileStatus::kConverted) {
    if (std::string e = write_file_atomic(w.target, r.output, mode); !e.empty()) {
      f.status = FileStatus::kFailed;
      f.error = base::Diagnostic{base::Severity::kError, 0, 0, "write-error", e};
    }
  }
  return f;
}

}  // namespace

std::string write_file_atomic_with(const fs::path& path, fs::perms mode,
                                   const std::function<std::string(int fd)>& fill) {
  return write_atomically(path, mode, fill);
}

std::string write_file_atomic(const fs::path& path, std::string_view data, fs::perms mode) {
  return write_atomically(path, mode, [&](int fd) -> std::string {
    if (int e = write_all(fd, data.data(), data.size())) return "cannot write " + path.string() + ": " + errno_text(e);
    return {};
  });
}

bool run_conversion(const RunOptions& opt, const kg::KnowledgeGraph& graph, emit::RunReport* report,
                    std::string* error) {
  auto start = std::chrono::steady_clock::now();
  std::error_code ec;
  fs::file_status in_status = fs::status(opt.input, ec);
  if (ec || !fs::exists(in_status)) {
    *error = "input not found: " + opt.input.string();
    return false;
  }
  bool single_file = !fs::is_directory(in_status);
  if (!opt.in_place && !opt.check) {
    if (opt.output.empty()) {
      *error = "no output given: use -o OUTPUT (or --in-place to rewrite the input)";
      return false;
    }
    fs::path in_c = fs::weakly_canonical(opt.input, ec);
    fs::path out_c = fs::weakly_canonical(opt.output, ec);
    if (in_c == out_c) {
      *error = "output is the input (" + opt.output.string() + "): use --in-place to rewrite files where they are";
      return false;
    }
    if (!single_file) {
      auto [mis, _] = std::mismatch(in_c.begin(), in_c.end(), out_c.begin(), out_c.end());
      if (mis == in_c.end()) {
        *error = "output directory " + opt.output.string() + " is inside the input directory " + opt.input.string();
        return false;
      }
      if (fs::exists(opt.output) && !fs::is_directory(opt.output)) {
        *error = "output " + opt.output.string() + " exists and is not a directory";
        return false;
      }
      if (fs::is_directory(opt.output) && !fs::is_empty(opt.output, ec) && !opt.force) {
        *error = "output directory " + opt.output.string() + " is not empty (use --force to write into it)";
        return false;
      }
    } else if (fs::is_directory(opt.output)) {
      *error = "output " + opt.output.string() + " is a directory; give a file name for a single input file";
      return false;
    } else if (fs::exists(opt.output) && !opt.force) {
      *error = "output file " + opt.output.string() + " exists (use --force to overwrite it)";
      return false;
    }
  }

  std::vector<WorkItem> items;
  if (single_file) {
    if (!fs::is_regular_file(in_status)) {
      *error = "input is not a regular file: " + opt.input.string();
      return false;
    }
    WorkItem w;
    w.source = opt.input;
    w.rel = opt.input.filename().string();
    w.target = opt.in_place || opt.check ? opt.input : opt.output;
    w.python = true;
    w.deps = deps::format_of(w.rel);
    if (w.deps && w.deps != deps::Format::kSetupPy) w.python = false;
    w.notebook = opt.input.extension() == ".ipynb";
    if (w.notebook) w.python = false;
    w.cpp = cxx::is_cpp_source(w.rel);
    if (w.cpp) w.python = false;
    items.push_back(std::move(w));
  } else {
    collect(opt.input, opt.output, opt, &items, &report->notices);
  }

  if (!opt.convert.roots) {
    // The project's own packages named like a converted library are its code (driver/project_packages.h).
    ProjectRoots project(opt.input, graph.converted_roots());
    for (auto& w : items) {
      if (w.python || w.notebook) w.roots = project.for_file(w.source);
    }
    report->notices.insert(report->notices.end(), project.notices().begin(), project.notices().end());
  }

  if (opt.on_collected) opt.on_collected(items.size());
  if (opt.after_collect) opt.after_collect();
  unsigned jobs = opt.jobs ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = std::min<unsigned>(jobs, std::max<size_t>(1, items.size()));

  report->summary = emit::RunSummary{};
  // Each file's report is delivered in path order once it and every file before it are done:
  // to `opt.on_file` (nothing kept, so memory stays flat however large the repository), else
  // into `report->files`. Reports finished out of order wait in `ready`; one thread at a time
  // delivers, outside the lock, so a slow consumer does not stall the other workers' hand-over.
  // A worker does not start a file more than `reorder_window` places after the first one not yet
  // delivered: the reports waiting stay bounded. (The first one is always running or done: a
  // worker waits only for files after it, so there is no deadlock.)
  std::mutex mutex;
  std::condition_variable advanced;
  std::map<size_t, FileReport> ready;
  size_t next_to_deliver = 0;
  bool delivering = false;
  auto deliver = [&](size_t index, FileReport&& file) {
    std::unique_lock lock(mutex);
    ready.emplace(index, std::move(file));
    report->peak_waiting_reports = std::max(report->peak_waiting_reports, ready.size());
    if (delivering) return;
    delivering = true;
    while (!ready.empty() && ready.begin()->first == next_to_deliver) {
      FileReport f = std::move(ready.extract(ready.begin()).mapped());
      ++next_to_deliver;
      lock.unlock();
      advanced.notify_all();
      emit::add_to_summary(&report->summary, f);
      if (opt.on_file) opt.on_file(std::move(f));
      else report->files.push_back(std::move(f));
      lock.lock();
    }
    delivering = false;
  };
  auto wait_for_window = [&](size_t index) {
    if (opt.reorder_window == 0) return;
    std::unique_lock lock(mutex);
    advanced.wait(lock, [&] { return index - next_to_deliver < opt.reorder_window; });  // index >= next
  };
  std::atomic<size_t> next{0};
  auto worker = [&] {
    parse::PythonParser parser;
    for (size_t i = next++; i < items.size(); i = next++) {
      wait_for_window(i);
      deliver(i, process(items[i], opt, graph, parser));
    }
  };
  if (jobs <= 1) {
    worker();
  } else {
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < jobs; ++t) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
  }
  report->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return true;
}

}  // namespace t2p::driver
