// deps: dependency files (requirements*.txt, pyproject.toml, setup.py, setup.cfg,
// environment.yml) pointed at Paddle: the entry point the repository runner dispatches to, and
// the one function per format behind it. Only the bytes of the requirements that change are
// edited; everything else stays as written (docs/dependencies.md).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/edit.h"
#include "deps/dependency_table.h"
#include "deps/requirement.h"
#include "parse/syntax_tree.h"
#include "rules/api_use.h"

namespace t2p::deps {

enum class Format { kRequirements, kPyproject, kSetupPy, kSetupCfg, kEnvironment };
// "requirements", "pyproject", "setup.py", "setup.cfg", "environment": the `deps:<format>` rule.
const char* format_name(Format format);

// The format of a file by its path relative to the input (`requirements-dev.txt`,
// `requirements/base.txt`, `constraints.txt`, `pyproject.toml`, `setup.py`, `setup.cfg`,
// `environment.yml`), or nothing. Files named only by a `-r` include are found by
// `requirement_files`.
std::optional<Format> format_of(std::string_view rel_path);

// The '/'-separated relative paths among `rel_paths` that are requirements files: those
// `format_of` names, plus every file one of them includes (`-r other.txt`, `-c constraints.in`),
// transitively. `read(rel)` gives a file's text (false: unreadable, its includes are not followed).
std::vector<std::string> requirement_files(const std::vector<std::string>& rel_paths,
                                           const std::function<bool(const std::string&, std::string*)>& read);

struct FileResult {
  std::string output;                     // the input when nothing changed or on error
  std::vector<Change> changes;            // absolute offsets in the input, sorted
  std::vector<rules::ApiUse> uses;        // one per change, rule `deps:<format>`, line/column set
  // The changes that edit, as the engine's edits (offsets in the input, in order) and fixes: one
  // per finding (a change not reported on its own, Poetry's version, joins the finding before it).
  std::vector<base::Edit> edits;
  std::vector<rules::Fix> fixes;
  std::optional<base::Diagnostic> error;  // bad input (unparsable TOML, ...): output is the input
  uint32_t lines = 0;
  bool changed() const { return !error && any_edit(); }
  bool any_edit() const {
    for (const auto& c : changes) {
      if (c.edits()) return true;
    }
    return false;
  }
};

// Converts one dependency file. `parser` parses setup.py (other formats do not use it).
FileResult convert_dependency_file(Format format, std::string_view text, const DependencyTable& table,
                                   parse::PythonParser& parser);

// The same with the table compiled into the engine (builtin_table); an `internal-error` result
// if that table could not be read.
FileResult convert_builtin(Format format, std::string_view text, parse::PythonParser& parser);

// Rewrites one pip command line (`pip install torch torchvision`, `!pip install ...`,
// `%pip install ...`, `python -m pip install ...`) as the requirements files are: changes with
// offsets in `line`; empty when nothing is to be said. For notebooks' `!pip` lines.
std::vector<Change> rewrite_pip_command(std::string_view line, const DependencyTable& table);

// Applies `changes` (sorted, not overlapping, offsets in `text`) to `text`.
std::string apply_changes(std::string_view text, const std::vector<Change>& changes);

// The formats, each returning its changes (absolute offsets) or false with `*error` set.
bool requirements_txt_changes(std::string_view text, const DependencyTable& table, std::vector<Change>* out,
                              base::Diagnostic* error);
bool pyproject_changes(std::string_view text, const DependencyTable& table, std::vector<Change>* out,
                       base::Diagnostic* error);
bool setup_py_changes(std::string_view text, const DependencyTable& table, parse::PythonParser& parser,
                      std::vector<Change>* out, base::Diagnostic* error);
bool setup_cfg_changes(std::string_view text, const DependencyTable& table, std::vector<Change>* out,
                       base::Diagnostic* error);
bool environment_changes(std::string_view text, const DependencyTable& table, std::vector<Change>* out,
                         base::Diagnostic* error);

// The files a requirements file includes (`-r base.txt`, `--constraint=c.txt`), as written.
std::vector<std::string> requirement_includes(std::string_view text);

// Converts one line of a requirements file (`line` without its line end; `logical` the whole
// logical line it starts, continuation lines included). Shared by requirements files and the
// `pip:` list of environment.yml. Offsets relative to `line`.
std::optional<Change> convert_requirements_line(std::string_view line, std::string_view logical,
                                                const DependencyTable& table, const FileContext& context);
// What a set of requirements lines asks for (CUDA wheels, Paddle's index).
FileContext scan_requirements_lines(const std::vector<std::string_view>& logical_lines, const DependencyTable& table);

}  // namespace t2p::deps
