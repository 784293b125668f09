// cli: where the Python run-time package (python/torch2paddle_runtime) is, for the commands that
// run Python (`weights`, `replay`) or write code that imports it (`--emit-tests`).
#pragma once

#include <filesystem>

namespace t2p::cli {

// $T2P_RUNTIME_DIR when set; else `python/` next to the executable (the build tree, where CMake
// copies the package); else `../share/torch2paddle/python` relative to it (an installed prefix).
// The folder returned holds `torch2paddle_runtime/`; it may not exist (the caller says so).
std::filesystem::path runtime_python_dir(const std::filesystem::path& executable);

}  // namespace t2p::cli
