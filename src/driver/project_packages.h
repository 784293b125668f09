// driver: the converted project's own top-level packages that share a name with a library the
// graph converts (the sources of torchvision, or of transformers, converted as a project). Python
// imports such a package from the project, not from the installed library, so the project's
// imports of it are its own code: converted with the project, never rewritten to Paddle's
// counterpart of the library nor reported as a library API Paddle lacks.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "kg/converted_roots.h"

namespace t2p::driver {

// The directory whose top-level packages `input` imports as its own: `input` itself when it is a
// directory; for a file, the nearest directory above it holding `.git`, `pyproject.toml`,
// `setup.py` or `setup.cfg` (a pre-commit hook's files resolve as a run over the repository
// does), else the file's own directory.
std::filesystem::path project_root_of(const std::filesystem::path& input);

// The roots of `roots` that `project_root` provides itself: a regular package (`NAME/__init__.py`,
// also under `src/`) or a module (`NAME.py`). `torch` is never one: it is the framework the
// project migrates from, so a tree holding PyTorch's own sources is still converted as torch code.
// Sorted; empty when none (or the directory cannot be read).
std::vector<std::string> own_packages(const std::filesystem::path& project_root, const kg::ConvertedRoots& roots);

// `roots` without `own` (ConvertOptions::roots), or null when `own` is empty.
std::shared_ptr<const kg::ConvertedRoots> roots_without(const kg::ConvertedRoots& roots,
                                                        const std::vector<std::string>& own);

// The notice a run prints for each own package (RunReport::notices).
std::string own_package_notice(const std::string& package);

}  // namespace t2p::driver
