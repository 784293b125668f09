// driver: the converted project's own packages and modules that share a name with a library the
// graph converts (the sources of torchvision, or of transformers, converted as a project). Python
// imports such a package from the project, not from the installed library, so the project's
// imports of it are its own code: converted with the project, never rewritten to Paddle's
// counterpart of the library nor reported as a library API Paddle lacks.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kg/converted_roots.h"

namespace t2p::driver {

// The folder a project's absolute imports start from, for `input`: `input` itself when it is a
// directory, for a file the nearest folder above it holding `.git`, `pyproject.toml`, `setup.py`
// or `setup.cfg` (a pre-commit hook's files resolve as a run over the repository does), else the
// file's own folder; then, while that folder is a package (`__init__.py`), its parent: converting
// `repo/torchvision` converts the package torchvision.
std::filesystem::path project_root_of(const std::filesystem::path& input);

// The roots of `roots` that `folder` provides itself: a regular package (`NAME/__init__.py`) or a
// module (`NAME.py`). `torch` is never one: it is the framework the project migrates from, so a
// tree holding PyTorch's own sources is still converted as torch code. A folder without
// `__init__.py` is a namespace package, which an installed regular package wins over: it does not
// count. Sorted; empty when none (or the folder cannot be read).
std::vector<std::string> own_packages(const std::filesystem::path& folder, const kg::ConvertedRoots& roots);

// `roots` without `own` (ConvertOptions::roots), or null when `own` is empty.
std::shared_ptr<const kg::ConvertedRoots> roots_without(const kg::ConvertedRoots& roots,
                                                        const std::vector<std::string>& own);

// The roots each source file of one run converts: the graph's less the packages of the project
// root (and of its `src/`), and for a script in a folder that is no package, less the modules of
// that folder too (Python puts a script's own folder first on sys.path).
class ProjectRoots {
 public:
  ProjectRoots(const std::filesystem::path& input, const kg::ConvertedRoots& graph_roots);
  // For the source file `path`: null when the graph's roots apply. Caches per folder; not
  // thread-safe (called while the run's files are collected).
  std::shared_ptr<const kg::ConvertedRoots> for_file(const std::filesystem::path& path);
  // One line per package found (RunReport::notices), in the order found.
  const std::vector<std::string>& notices() const { return notices_; }

 private:
  const kg::ConvertedRoots& graph_roots_;
  std::filesystem::path root_;
  std::vector<std::string> own_;  // the project root's
  std::shared_ptr<const kg::ConvertedRoots> project_;
  std::map<std::filesystem::path, std::shared_ptr<const kg::ConvertedRoots>> folders_;
  std::vector<std::string> notices_;
};

}  // namespace t2p::driver
