#include "deps/dependency_file.h"

#include <algorithm>
#include <deque>
#include <filesystem>
#include <set>

#include "base/source_text.h"

namespace t2p::deps {

const char* format_name(Format f) {
  switch (f) {
    case Format::kRequirements: return "requirements";
    case Format::kPyproject: return "pyproject";
    case Format::kSetupPy: return "setup.py";
    case Format::kSetupCfg: return "setup.cfg";
    case Format::kEnvironment: return "environment";
  }
  return "unknown";
}

std::optional<Format> format_of(std::string_view rel) {
  size_t slash = rel.rfind('/');
  std::string_view base = slash == std::string_view::npos ? rel : rel.substr(slash + 1);
  std::string_view dir = slash == std::string_view::npos ? std::string_view() : rel.substr(0, slash);
  if (size_t s = dir.rfind('/'); s != std::string_view::npos) dir = dir.substr(s + 1);
  if (base == "pyproject.toml") return Format::kPyproject;
  if (base == "setup.py") return Format::kSetupPy;
  if (base == "setup.cfg") return Format::kSetupCfg;
  if (base.starts_with("environment") && (base.ends_with(".yml") || base.ends_with(".yaml"))) return Format::kEnvironment;
  // pip's files and pip-tools' inputs: requirements.txt, requirements-dev.txt, dev-requirements.in,
  // constraints.txt, requirements/base.txt.
  if (base.ends_with(".txt") || base.ends_with(".in")) {
    if (base.find("requirements") != std::string_view::npos || base.starts_with("constraints") ||
        dir == "requirements") {
      return Format::kRequirements;
    }
  }
  return std::nullopt;
}

std::vector<std::string> requirement_files(const std::vector<std::string>& rel_paths,
                                           const std::function<bool(const std::string&, std::string*)>& read) {
  std::set<std::string> all(rel_paths.begin(), rel_paths.end());
  std::set<std::string> found;
  std::deque<std::string> queue;
  for (const auto& r : rel_paths) {
    if (format_of(r) == Format::kRequirements && found.insert(r).second) queue.push_back(r);
  }
  while (!queue.empty()) {
    std::string rel = queue.front();
    queue.pop_front();
    std::string text;
    if (!read(rel, &text)) continue;
    std::filesystem::path dir = std::filesystem::path(rel).parent_path();
    for (const auto& inc : requirement_includes(text)) {
      if (inc.find("://") != std::string::npos) continue;  // a URL: not a file of the tree
      std::string target = (dir / inc).lexically_normal().generic_string();
      auto f = format_of(target);
      if (all.count(target) && (!f || f == Format::kRequirements) && found.insert(target).second) queue.push_back(target);
    }
  }
  return {found.begin(), found.end()};
}

std::string apply_changes(std::string_view text, const std::vector<Change>& changes) {
  std::string out;
  out.reserve(text.size() + 64);
  size_t at = 0;
  for (const auto& c : changes) {
    if (!c.edits() || c.begin < at) continue;
    out.append(text.substr(at, c.begin - at));
    out += c.new_text;
    at = c.end;
  }
  out.append(text.substr(at));
  return out;
}

FileResult convert_dependency_file(Format format, std::string_view text, const DependencyTable& table,
                                   parse::PythonParser& parser) {
  FileResult r;
  r.output = std::string(text);
  base::LineIndex index(text);
  r.lines = text.empty() ? 0 : index.line_count() - (text.back() == '\n' ? 1 : 0);
  std::vector<Change> changes;
  base::Diagnostic error;
  bool ok = false;
  switch (format) {
    case Format::kRequirements: ok = requirements_txt_changes(text, table, &changes, &error); break;
    case Format::kPyproject: ok = pyproject_changes(text, table, &changes, &error); break;
    case Format::kSetupPy: ok = setup_py_changes(text, table, parser, &changes, &error); break;
    case Format::kSetupCfg: ok = setup_cfg_changes(text, table, &changes, &error); break;
    case Format::kEnvironment: ok = environment_changes(text, table, &changes, &error); break;
  }
  if (!ok) {
    r.error = std::move(error);
    return r;
  }
  std::sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) { return a.begin < b.begin; });
  for (size_t i = 1; i < changes.size(); ++i) {
    // Two changes of the same bytes would be a bug of a format; keep the file rather than guess.
    if (changes[i].begin < changes[i - 1].end) {
      r.error = base::Diagnostic{base::Severity::kError, 0, 0, "internal-error",
                                 "internal: overlapping dependency edits; file kept"};
      return r;
    }
  }
  const std::string rule = std::string("deps:") + format_name(format);
  for (const auto& c : changes) {
    if (c.edits()) {
      if (c.reported || r.fixes.empty()) {
        rules::Fix fix;
        fix.applicability = c.applied || c.status != rules::UseStatus::kConverted ? rules::Applicability::kReview
                                                                                 : rules::Applicability::kSafe;
        r.fixes.push_back(std::move(fix));
      }
      r.fixes.back().edits.push_back(static_cast<uint32_t>(r.edits.size()));
      r.edits.push_back(base::Edit{c.begin, c.end, c.new_text});
    }
    if (!c.reported) {
      if (c.edits() && !r.uses.empty() && r.uses.back().fix < 0) r.uses.back().fix = static_cast<int32_t>(r.fixes.size() - 1);
      continue;
    }
    rules::ApiUse u;
    base::Position p = index.position(c.begin);
    base::Position e = index.position(c.end);
    u.offset = c.begin;
    u.end = c.end;
    u.line = p.line;
    u.column = p.column;
    u.end_line = e.line;
    u.end_column = e.column;
    if (c.edits()) {
      u.fix = static_cast<int32_t>(r.fixes.size() - 1);
      u.applicability = r.fixes.back().applicability;
    }
    u.torch_api = c.package;
    u.paddle_api = c.replacement;
    u.status = c.status;
    u.applied = c.applied;
    u.rule = rule;
    u.reason = c.reason;
    r.uses.push_back(std::move(u));
  }
  r.output = apply_changes(text, changes);
  r.changes = std::move(changes);
  return r;
}

FileResult convert_builtin(Format format, std::string_view text, parse::PythonParser& parser) {
  std::string error;
  const DependencyTable* table = builtin_table(&error);
  if (!table) {
    FileResult r;
    r.output = std::string(text);
    r.error = base::Diagnostic{base::Severity::kError, 0, 0, "internal-error", "internal: " + error};
    return r;
  }
  return convert_dependency_file(format, text, *table, parser);
}

}  // namespace t2p::deps
