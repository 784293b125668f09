#include "runtime_dir.h"

#include <cstdlib>
#include <system_error>

namespace t2p::cli {

std::filesystem::path runtime_python_dir(const std::filesystem::path& executable) {
  if (const char* env = std::getenv("T2P_RUNTIME_DIR"); env && *env) return env;
  std::error_code ec;
  auto dir = std::filesystem::canonical(executable, ec).parent_path();
  if (ec) dir = executable.parent_path();
  if (std::filesystem::exists(dir / "python" / "torch2paddle_runtime" / "__init__.py")) return dir / "python";
  return dir.parent_path() / "share" / "torch2paddle" / "python";
}

}  // namespace t2p::cli
