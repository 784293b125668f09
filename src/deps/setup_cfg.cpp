// deps: setup.cfg. setuptools reads `[options] install_requires` (and `setup_requires`,
// `tests_require`) and every key of `[options.extras_require]` as one requirement per line
// (an INI value continued on indented lines); each of those lines is converted in place.
#include "deps/dependency_file.h"

namespace t2p::deps {
namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

bool requirement_key(std::string_view section, std::string_view key) {
  if (section == "options") return key == "install_requires" || key == "setup_requires" || key == "tests_require";
  return section == "options.extras_require";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && (blank(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

bool setup_cfg_changes(std::string_view text, const DependencyTable& table, std::vector<Change>* out,
                       base::Diagnostic*) {
  std::string section;
  bool in_value = false;  // the lines below belong to a requirements key
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(pos, end - pos);
    size_t value_at = std::string_view::npos;  // where this line's requirement text starts
    if (!line.empty() && !blank(line[0]) && line[0] != '\r') {
      in_value = false;
      if (line[0] == '[') {
        size_t close = line.find(']');
        section = std::string(trim(line.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1)));
      } else if (line[0] != '#' && line[0] != ';') {
        size_t d = line.find_first_of("=:");
        if (d != std::string_view::npos && requirement_key(section, trim(line.substr(0, d)))) {
          in_value = true;
          value_at = d + 1;
        }
      }
    } else if (in_value) {
      value_at = 0;
    }
    if (value_at != std::string_view::npos) {
      std::string_view rest = line.substr(value_at);
      size_t b = 0;
      while (b < rest.size() && blank(rest[b])) ++b;
      std::string_view item = trim(rest.substr(b));
      // An inline `# comment` ends the requirement.
      for (size_t i = 1; i < item.size(); ++i) {
        if (item[i] == '#' && blank(item[i - 1])) {
          item = trim(item.substr(0, i));
          break;
        }
      }
      if (!item.empty() && item[0] != '#' && item[0] != ';' && !item.starts_with("file:")) {
        if (auto c = convert_requirement(item, table, FileContext{})) {
          uint32_t at = static_cast<uint32_t>(pos + value_at + b);
          c->begin += at;
          c->end += at;
          out->push_back(std::move(*c));
        }
      }
    }
    pos = end + (nl == std::string_view::npos ? 0 : 1);
  }
  return true;
}

}  // namespace t2p::deps
