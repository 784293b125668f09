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

bool is_package(const fs::path& folder) { return is_file(folder / "__init__.py"); }

// Whether `folder` provides `name` as Python finds it first on sys.path.
bool provides(const fs::path& folder, const std::string& name) {
  return is_package(folder / name) || is_file(folder / (name + ".py"));
}

std::string notice(const std::string& package, const std::string& where) {
  return package + ": a package of this project" + where +
         ", so its imports there are the project's own code: converted with it, not as the " + package +
         " library";
}

}  // namespace

fs::path project_root_of(const fs::path& input) {
  std::error_code ec;
  fs::path root = fs::absolute(input, ec);
  if (ec) root = input;
  root = root.lexically_normal();
  if (!root.has_filename()) root = root.parent_path();  // "dir/" -> "dir"
  if (!fs::is_directory(root, ec)) {
    const fs::path start = root.parent_path();
    root = start;
    static const char* const kMarkers[] = {".git", "pyproject.toml", "setup.py", "setup.cfg"};
    for (fs::path dir = start;; dir = dir.parent_path()) {
      if (std::any_of(std::begin(kMarkers), std::end(kMarkers), [&](const char* m) { return present(dir / m); })) {
        root = dir;
        break;
      }
      if (dir == dir.parent_path()) break;
    }
  }
  while (is_package(root) && root != root.parent_path()) root = root.parent_path();
  return root;
}

std::vector<std::string> own_packages(const fs::path& folder, const kg::ConvertedRoots& roots) {
  std::vector<std::string> out;
  for (const auto& r : roots.roots()) {
    if (r.empty() || r == "torch") continue;
    if (provides(folder, r)) out.push_back(r);
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

ProjectRoots::ProjectRoots(const fs::path& input, const kg::ConvertedRoots& graph_roots)
    : graph_roots_(graph_roots), root_(project_root_of(input)) {
  own_ = own_packages(root_, graph_roots);
  for (const auto& p : own_packages(root_ / "src", graph_roots)) {
    if (std::find(own_.begin(), own_.end(), p) == own_.end()) own_.push_back(p);
  }
  std::sort(own_.begin(), own_.end());
  project_ = roots_without(graph_roots, own_);
  for (const auto& p : own_) notices_.push_back(notice(p, ""));
}

std::shared_ptr<const kg::ConvertedRoots> ProjectRoots::for_file(const fs::path& path) {
  std::error_code ec;
  fs::path folder = fs::absolute(path, ec).lexically_normal().parent_path();
  if (ec || folder == root_ || is_package(folder)) return project_;
  auto it = folders_.find(folder);
  if (it != folders_.end()) return it->second;
  std::vector<std::string> here = own_packages(folder, graph_roots_);
  std::shared_ptr<const kg::ConvertedRoots> roots = project_;
  if (!here.empty()) {
    std::vector<std::string> all = own_;
    std::string where = " (" + folder.lexically_relative(root_).generic_string() + "/)";
    if (where == " (./)" || where.find("..") != std::string::npos) where = " (" + folder.generic_string() + "/)";
    for (const auto& p : here) {
      if (std::find(all.begin(), all.end(), p) != all.end()) continue;
      all.push_back(p);
      notices_.push_back(notice(p, where + " for the scripts beside it"));
    }
    roots = roots_without(graph_roots_, all);
  }
  folders_.emplace(folder, roots);
  return roots;
}

}  // namespace t2p::driver
