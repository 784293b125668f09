#include "run_commands.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>

#include "emit/console_summary.h"
#include "emit/finding_text.h"
#include "emit/progress_line.h"
#include "emit/unified_diff.h"
#include "emit_tests.h"
#include "report_files.h"

namespace t2p::cli {
namespace fs = std::filesystem;

namespace {

// The folder a run's report paths are relative to: the input folder, or a single file's folder.
std::string report_root(const fs::path& input) {
  std::error_code ec;
  if (fs::is_directory(input, ec)) return input.string();
  fs::path parent = input.parent_path();
  return parent.empty() ? "." : parent.string();
}

// Runs the engine over each input in turn, handing every file's report to `on_file` (with its
// path as on the command line when `display_paths`), the progress line counting them all.
// False, with the error printed, on a usage error.
bool run_inputs(const driver::RunOptions& base, const std::vector<std::string>& inputs, bool display_paths,
                const kg::KnowledgeGraph& graph, emit::ProgressLine& progress,
                const std::function<void(emit::FileReport&)>& on_file, emit::RunSummary* total,
                std::vector<std::string>* notices) {
  size_t total_files = 0;
  for (const auto& input : inputs) {
    driver::RunOptions run = base;
    run.input = input;
    const bool directory = fs::is_directory(run.input);
    run.on_collected = [&](size_t files) { progress.set_total(total_files += files); };
    run.on_file = [&](emit::FileReport&& f) {
      if (display_paths) {
        f.path = directory ? (fs::path(input) / f.path).lexically_normal().generic_string() : fs::path(input).generic_string();
      }
      progress.file_done(f.lines);
      on_file(f);
    };
    emit::RunReport report;
    std::string error;
    if (!driver::run_conversion(run, graph, &report, &error)) {
      progress.finish();
      std::cerr << "torch2paddle: " << error << "\n";
      return false;
    }
    emit::merge_summary(total, report.summary);
    for (auto& n : report.notices) {
      // Inputs of one project share its notices (the project's own packages): each once.
      if (std::find(notices->begin(), notices->end(), n) == notices->end()) notices->push_back(std::move(n));
    }
  }
  progress.finish();
  return true;
}

// The path the per-API test suite names a file by: relative to the one folder checked, else as given.
std::string suite_path(const std::vector<std::string>& inputs, const std::string& path) {
  if (inputs.size() == 1 && fs::is_directory(inputs[0])) {
    std::string rel = fs::path(path).lexically_relative(inputs[0]).generic_string();
    if (!rel.empty() && rel.rfind("..", 0) != 0) return rel;
  }
  return path;
}

}  // namespace

int convert_command(const driver::RunOptions& options, const std::vector<std::string>& inputs, const RunFlags& flags,
                    const kg::KnowledgeGraph& graph) {
  if (inputs.size() > 1 && !options.in_place) {
    std::cerr << "torch2paddle: several inputs need --in-place (one INPUT with -o OUTPUT)\n";
    return 2;
  }
  ReportPaths paths;
  std::string error;
  if (!parse_report_flags(flags.reports, &paths, &error)) {
    std::cerr << "torch2paddle: " << error << "\n";
    return 2;
  }
  // The reports are built while the run goes: no file's report is kept once written. Several
  // inputs (--in-place, as pre-commit passes them) are given as on the command line.
  const bool several = inputs.size() > 1;
  ReportFiles reports(paths, several ? "." : report_root(inputs[0]), /*checking=*/false);
  emit::ConsoleSummary console;
  emit::ProgressLine progress(emit::ProgressLine::wanted(flags.quiet));
  emit::RunSummary total;
  std::vector<std::string> notices;
  EmitTests tests(flags.emit_tests, flags.runtime_dir, graph);
  if (std::string e = tests.check_dir(); !e.empty()) {
    std::cerr << "torch2paddle: " << e << "\n";
    return 2;
  }
  driver::RunOptions run = options;
  run.keep_fixes = reports.needs_fixes() || tests.wanted();
  run.keep_texts = reports.needs_texts() || tests.wanted();
  auto on_file = [&](emit::FileReport& f) {
    console.add(f);
    tests.add(f, f.path);
    reports.add(f);
  };
  if (!run_inputs(run, inputs, several, graph, progress, on_file, &total, &notices)) return 2;
  std::vector<std::string> errors = reports.write(total, notices);
  for (auto& e : tests.write()) errors.push_back(std::move(e));
  for (const auto& e : errors) std::cerr << "torch2paddle: " << e << "\n";
  if (!errors.empty()) return 1;
  if (!flags.quiet) {
    console.print(std::cerr, total, notices);
    tests.print_summary(std::cerr);
  } else {
    console.print_errors(std::cerr);
  }
  // 0: every file converted or left as it was (unsupported APIs included); 1: some files failed.
  return total.files_failed + total.copies_failed > 0 ? 1 : 0;
}

int check_command(const driver::RunOptions& options, const RunFlags& flags, const CheckFlags& check,
                  const kg::KnowledgeGraph& graph) {
  emit::Level fail_level = emit::Level::kNote;
  const bool never = check.fail_on == "never";
  if (!never && !emit::parse_level(check.fail_on, &fail_level)) {
    std::cerr << "torch2paddle: --fail-on takes note (convertible), warning (review), error (unsupported) or never (got '"
              << check.fail_on << "')\n";
    return 2;
  }
  ReportPaths paths;
  std::string error;
  if (!parse_report_flags(flags.reports, &paths, &error)) {
    std::cerr << "torch2paddle: " << error << "\n";
    return 2;
  }
  // Several paths share the reports: their paths are given as on the command line, so the
  // reports' root is the current folder.
  ReportFiles reports(paths, ".", /*checking=*/true);
  emit::ProgressLine progress(emit::ProgressLine::wanted(flags.quiet));
  // The diff goes to stdout (for `git apply`), the findings then to stderr; else to stdout.
  std::ostream& findings_out = check.diff ? std::cerr : std::cout;
  emit::RunSummary total;
  std::vector<std::string> notices;
  size_t failing = 0;
  EmitTests tests(flags.emit_tests, flags.runtime_dir, graph);
  if (std::string e = tests.check_dir(); !e.empty()) {
    std::cerr << "torch2paddle: " << e << "\n";
    return 2;
  }
  driver::RunOptions run = options;
  run.check = true;
  run.keep_fixes = check.diff || reports.needs_fixes() || tests.wanted();
  run.keep_texts = check.diff || reports.needs_texts() || tests.wanted();
  auto on_file = [&](emit::FileReport& f) {
    if (f.status == emit::FileStatus::kFailed && f.error) {
      if (!never) ++failing;  // a file that cannot be checked is an error-level finding
      if (!flags.quiet) {
        progress.finish();
        findings_out << emit::compiler_line(f.path, *f.error) << '\n';
      }
    }
    for (const auto& u : f.uses) {
      if (!never && emit::level_of(u) >= fail_level) ++failing;
      if (!flags.quiet) {
        progress.finish();
        findings_out << emit::compiler_line(f.path, u) << "\n";
      }
    }
    if (check.diff && f.status == emit::FileStatus::kConverted) {
      progress.finish();
      std::cout << emit::unified_diff(f.path, f.input, f.edits);
    }
    tests.add(f, suite_path(check.paths, f.path));
    reports.add(f);
  };
  if (!run_inputs(run, check.paths, /*display_paths=*/true, graph, progress, on_file, &total, &notices)) return 2;
  std::cout.flush();  // the findings before the summary, when both go to one terminal
  std::vector<std::string> errors = reports.write(total, notices);
  for (auto& e : tests.write()) errors.push_back(std::move(e));
  for (const auto& e : errors) std::cerr << "torch2paddle: " << e << "\n";
  if (!flags.quiet) {
    for (const auto& n : notices) std::cerr << "note: " << n << "\n";
    std::cerr << "check: " << total.files << " files, " << total.lines << " lines; " << total.converted << " convertible, "
              << total.needs_review << " to review, " << total.unsupported << " unsupported";
    if (total.files_failed) std::cerr << "; " << total.files_failed << " files could not be checked";
    std::cerr << "\n";
    tests.print_summary(std::cerr);
  }
  if (!errors.empty()) return 1;
  return failing > 0 ? 1 : 0;
}

}  // namespace t2p::cli
