#include "driver/project_packages.h"

#include <algorithm>
#include <system_error>

namespace t2p::driver {
namespace fs = std::filesystem;

namespace {

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

bool present(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

// Whether `dir` provides `name` as Python finds it first on sys.path: a regular package or a
// module. A directory without `__init__.py` is a namespace package, which an installed regular
// package of that name wins over, so it does not count.
bool provides(const fs::path& dir, const std::string& name) {
  return is_file(dir / name / "__init__.py") || is_file(dir / (name + ".py"));
}

}  // namespace

fs::path project_root_of(const fs::path& input) {
  std::error_code ec;
  if (fs::is_directory(input, ec)) return input;
  fs::path start = fs::absolute(input, ec).parent_path();
  if (ec) return input.parent_path();
  static const char* const kMarkers[] = {".git", "pyproject.toml", "setup.py", "setup.cfg"};
  for (fs::path dir = start;; dir = dir.parent_path()) {
    for (const char* m : kMarkers) {
      if (present(dir / m)) return dir;
    }
    if (dir == dir.parent_path()) break;
  }
  return start;
}

std::vector<std::string> own_packages(const fs::path& project_root, const kg::ConvertedRoots& roots) {
  std::vector<std::string> out;
  for (const auto& r : roots.roots()) {
    if (r.empty() || r == "torch") continue;
    if (provides(project_root, r) || provides(project_root / "src", r)) out.push_back(r);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::shared_ptr<const kg::ConvertedRoots> roots_without(const kg::ConvertedRoots& roots,
                                                        const std::vector<std::string>& own) {
  if (own.empty()) return nullptr;
  std::vector<std::string> kept;
  for (const auto& r : roots.roots()) {
    if (std::find(own.begin(), own.end(), r) == own.end()) kept.push_back(r);
  }
  return std::make_shared<const kg::ConvertedRoots>(std::move(kept));
}

std::string own_package_notice(const std::string& package) {
  return package + ": a package of this project, so its imports here are the project's own code: "
         "converted with it, not as the " + package + " library";
}

}  // namespace t2p::driver
