#include "report_files.h"

#include <filesystem>

#include "driver/repo_runner.h"

namespace t2p::cli {
namespace {

constexpr const char* kKinds[] = {"json", "sarif", "md", "html"};

bool known_kind(std::string_view kind) {
  for (const char* k : kKinds) {
    if (kind == k) return true;
  }
  return false;
}

// The kind of a `KIND=...` piece, or "" when the piece does not start with a known kind.
std::string kind_of(std::string_view piece) {
  size_t eq = piece.find('=');
  if (eq == std::string_view::npos) return {};
  std::string kind(piece.substr(0, eq));
  return known_kind(kind) ? kind : std::string();
}

}  // namespace

bool parse_report_flags(const std::vector<std::string>& flags, ReportPaths* paths, std::string* error) {
  for (const auto& flag : flags) {
    // Split at commas that start another `KIND=`; any other comma belongs to the path.
    std::vector<std::string> pieces;
    size_t at = 0;
    while (at <= flag.size()) {
      size_t comma = flag.find(',', at);
      std::string piece = flag.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      if (pieces.empty() || !kind_of(piece).empty()) pieces.push_back(piece);
      else pieces.back() += "," + piece;
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
    for (const auto& piece : pieces) {
      std::string kind = kind_of(piece);
      std::string path = kind.empty() ? std::string() : piece.substr(kind.size() + 1);
      if (kind.empty() || path.empty()) {
        *error = "--report takes KIND=PATH with KIND json, sarif, md or html (got '" + piece + "')";
        return false;
      }
      (kind == "json" ? paths->json : kind == "sarif" ? paths->sarif : kind == "md" ? paths->md : paths->html) = path;
    }
  }
  return true;
}

ReportFiles::ReportFiles(const ReportPaths& paths, const std::string& root, bool checking) : paths_(paths) {
  if (!paths.json.empty()) json_.emplace();
  if (!paths.sarif.empty()) {
    std::error_code ec;
    std::filesystem::path abs = std::filesystem::absolute(root.empty() ? "." : root, ec).lexically_normal();
    sarif_.emplace(abs.generic_string(), T2P_VERSION);
  }
  if (!paths.md.empty()) md_.emplace(checking);
  if (!paths.html.empty()) html_.emplace(checking);
}

void ReportFiles::add(const emit::FileReport& file) {
  if (json_) json_->add(file);
  if (sarif_) sarif_->add(file);
  if (md_) md_->add(file);
  if (html_) html_->add(file);
}

std::vector<std::string> ReportFiles::write(const emit::RunSummary& summary, const std::vector<std::string>& notices) const {
  namespace fs = std::filesystem;
  const fs::perms mode = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read;
  std::vector<std::string> errors;
  auto write_one = [&](const std::string& path, const std::function<std::string(const emit::Out&)>& fill) {
    if (path.empty()) return;
    std::string e = driver::write_file_atomic_with(path, mode, [&](int fd) {
      std::string e = fill([fd](std::string_view d) { return emit::write_fd(fd, d); });
      return e.empty() ? e : "cannot write " + path + ": " + e;
    });
    if (!e.empty()) errors.push_back(e);
  };
  if (json_) write_one(paths_.json, [&](const emit::Out& out) { return json_->write_to(out, summary, notices); });
  if (sarif_) write_one(paths_.sarif, [&](const emit::Out& out) { return sarif_->write_to(out); });
  if (md_) write_one(paths_.md, [&](const emit::Out& out) { return out(md_->render(summary)); });
  if (html_) write_one(paths_.html, [&](const emit::Out& out) { return html_->write_to(out, summary); });
  return errors;
}

}  // namespace t2p::cli
