// deps: conda's environment.yml. Its top-level `dependencies:` block list holds conda
// packages and a `- pip:` list of pip requirements lines. The pip lines are converted as a
// requirements file's are; conda packages of the torch family are kept and reported (Paddle's
// conda packages live in other channels, docs/dependencies.md). Only this block-list layout
// is read; a flow list (`dependencies: [a, b]`) naming torch is reported, not edited.
#include "deps/dependency_file.h"

namespace t2p::deps {
namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

struct Line {
  size_t begin;
  std::string_view text;  // without its line end
  size_t indent;          // leading blanks
};

// `  - value  # comment` -> the value's [begin, end) in the line, unquoted; nothing when the line
// is not a list item.
std::optional<std::pair<size_t, size_t>> item_value(const Line& l) {
  std::string_view t = l.text;
  size_t dash = l.indent;
  if (dash >= t.size() || t[dash] != '-' || (dash + 1 < t.size() && !blank(t[dash + 1]))) return std::nullopt;
  size_t b = dash + 1;
  while (b < t.size() && blank(t[b])) ++b;
  size_t e = t.size();
  for (size_t i = b; i < t.size(); ++i) {
    if (t[i] == '#' && i > b && blank(t[i - 1])) {
      e = i;
      break;
    }
  }
  while (e > b && blank(t[e - 1])) --e;
  if (e - b >= 2 && (t[b] == '"' || t[b] == '\'') && t[e - 1] == t[b]) {
    ++b;
    --e;
  }
  return std::make_pair(b, e);
}

}  // namespace

bool environment_changes(std::string_view text, const DependencyTable& table, std::vector<Change>* out,
                         base::Diagnostic*) {
  std::vector<Line> lines;
  for (size_t pos = 0; pos < text.size();) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view t = text.substr(pos, end - pos);
    if (t.ends_with("\r")) t.remove_suffix(1);
    size_t indent = 0;
    while (indent < t.size() && blank(t[indent])) ++indent;
    lines.push_back({pos, t, indent});
    pos = end + (nl == std::string_view::npos ? 0 : 1);
  }
  auto empty_or_comment = [](const Line& l) { return l.indent >= l.text.size() || l.text[l.indent] == '#'; };
  // The `dependencies:` block: from its key to the next top-level key.
  size_t i = 0;
  for (; i < lines.size(); ++i) {
    if (lines[i].indent == 0 && lines[i].text.starts_with("dependencies:")) break;
  }
  if (i == lines.size()) return true;
  std::string_view after = lines[i].text.substr(std::string_view("dependencies:").size());
  size_t a = after.find_first_not_of(" \t");
  if (a != std::string_view::npos && after[a] != '#') {
    if (after.find("torch") != std::string_view::npos) {
      Change c;
      c.begin = c.end = static_cast<uint32_t>(lines[i].begin);
      c.package = "dependencies";
      c.status = rules::UseStatus::kUnsupported;
      c.reason = "a flow list (`dependencies: [...]`) is not edited: write it as a block list, or convert it by hand";
      out->push_back(std::move(c));
    }
    return true;
  }
  // Conda items, and the pip items below a `- pip:` item.
  std::vector<std::pair<const Line*, std::pair<size_t, size_t>>> conda, pip;
  size_t pip_indent = std::string_view::npos;  // the dash column of `- pip:`
  for (size_t k = i + 1; k < lines.size(); ++k) {
    const Line& l = lines[k];
    if (empty_or_comment(l)) continue;
    if (l.indent == 0 && l.text[0] != '-') break;  // the next top-level key
    auto v = item_value(l);
    if (!v) continue;
    std::string_view value = l.text.substr(v->first, v->second - v->first);
    if (pip_indent != std::string_view::npos && l.indent > pip_indent) {
      pip.push_back({&l, *v});
      continue;
    }
    pip_indent = std::string_view::npos;
    if (value == "pip:" || value.starts_with("pip:")) {
      pip_indent = l.indent;
      continue;
    }
    conda.push_back({&l, *v});
  }
  for (const auto& [l, v] : conda) {
    std::string_view value = l->text.substr(v.first, v.second - v.first);
    size_t channel = value.find("::");
    size_t nb = channel == std::string_view::npos ? 0 : channel + 2;
    auto name = leading_name(value.substr(nb));
    if (!name) continue;
    std::string_view n = value.substr(nb + name->first, name->second - name->first);
    const std::string* reason = table.conda_package(n);
    if (!reason) continue;
    Change c;
    c.begin = static_cast<uint32_t>(l->begin + v.first);
    c.end = static_cast<uint32_t>(l->begin + v.second);
    c.old_text = c.new_text = std::string(value);
    c.package = std::string(n);
    c.status = rules::UseStatus::kUnsupported;
    c.reason = *reason;
    out->push_back(std::move(c));
  }
  std::vector<std::string_view> pip_lines;
  for (const auto& [l, v] : pip) pip_lines.push_back(l->text.substr(v.first, v.second - v.first));
  FileContext ctx = scan_requirements_lines(pip_lines, table);
  for (const auto& [l, v] : pip) {
    std::string_view value = l->text.substr(v.first, v.second - v.first);
    if (auto c = convert_requirements_line(value, value, table, ctx)) {
      c->begin += static_cast<uint32_t>(l->begin + v.first);
      c->end += static_cast<uint32_t>(l->begin + v.first);
      out->push_back(std::move(*c));
    }
  }
  return true;
}

}  // namespace t2p::deps
