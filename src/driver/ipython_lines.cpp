#include "driver/ipython_lines.h"

#include <cctype>

namespace t2p::driver {
namespace {

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `obj?`, `obj.attr??`, `f()?`: IPython's help syntax at the end of a line.
bool help_suffix(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  if (!s.ends_with('?')) return false;
  s.remove_suffix(s.ends_with("??") ? 2 : 1);
  if (s.ends_with("()")) s.remove_suffix(2);
  if (s.empty() || !ident_start(s.front())) return false;
  for (char c : s) {
    if (!ident_char(c) && c != '.') return false;
  }
  return true;
}

// `files = !ls`, `t = %timeit -o f()`: an assignment from a shell command or a magic.
bool magic_assignment(std::string_view s) {
  size_t i = 0;
  for (;;) {
    if (i >= s.size() || !ident_start(s[i])) return false;
    while (i < s.size() && ident_char(s[i])) ++i;
    while (i < s.size() && s[i] == ' ') ++i;
    if (i < s.size() && s[i] == ',') {
      ++i;
      while (i < s.size() && s[i] == ' ') ++i;
      continue;
    }
    break;
  }
  if (i >= s.size() || s[i] != '=' || (i + 1 < s.size() && s[i + 1] == '=')) return false;
  ++i;
  while (i < s.size() && s[i] == ' ') ++i;
  return i < s.size() && (s[i] == '!' || s[i] == '%');
}

// Where a line starts in Python's eyes: not inside a string, brackets or a `\` continuation.
// A small scanner of strings, comments and brackets is enough for that.
class LineStarts {
 public:
  // Whether the next line starts a new statement.
  bool at_start() const { return depth_ == 0 && quote_.empty() && !continued_; }
  // Reads one line of Python (without its line end).
  void feed(std::string_view line) {
    continued_ = false;
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (!quote_.empty()) {
        if (c == '\\') {
          ++i;
        } else if (line.substr(i).starts_with(quote_)) {
          i += quote_.size() - 1;
          quote_.clear();
        }
        continue;
      }
      if (c == '#') break;
      if (c == '"' || c == '\'') {
        const std::string triple(3, c);
        quote_ = line.substr(i).starts_with(triple) ? triple : std::string(1, c);
        i += quote_.size() - 1;
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth_;
      } else if ((c == ')' || c == ']' || c == '}') && depth_ > 0) {
        --depth_;
      } else if (c == '\\' && i + 1 == line.size()) {
        continued_ = true;
      }
    }
    if (quote_.size() == 1) quote_.clear();  // a one-quote string ends with its line
  }

 private:
  int depth_ = 0;
  std::string quote_;
  bool continued_ = false;
};

// `%time CODE`, `%timeit [-n N -r R ...] CODE` (or, by automagic, `time CODE`): the offset in `s`
// (a stripped line) where the Python code starts, or 0 when the line is no such magic. The code is
// Python the engine must see: left masked, the names it uses would look unused, and their imports
// would go.
size_t timed_code_start(std::string_view s) {
  const size_t percent = s.starts_with('%') ? 1 : 0;
  std::string_view magic = s.substr(percent);
  std::string_view name;
  if (magic.starts_with("timeit ")) {
    name = "timeit";
  } else if (magic.starts_with("time ")) {
    name = "time";
  } else {
    return 0;
  }
  size_t i = percent + name.size();
  for (;;) {
    while (i < s.size() && s[i] == ' ') ++i;
    if (i >= s.size() || s[i] != '-') break;
    // An option: `-o`, `-q`, `-t`, `-c`, `-n10`, or `-n 10` (-n, -r, -p take a number).
    size_t token = i;
    while (i < s.size() && s[i] != ' ') ++i;
    std::string_view opt = s.substr(token, i - token);
    if (name == "timeit" && (opt == "-n" || opt == "-r" || opt == "-p")) {
      while (i < s.size() && s[i] == ' ') ++i;
      while (i < s.size() && s[i] != ' ') ++i;
    }
  }
  return i < s.size() ? i : 0;
}

// IPython's line magics and the shell aliases it defines on POSIX that people call without `%`.
constexpr std::string_view kAutomagicNames[] = {
    "alias", "autoreload", "cat",    "cd",   "clear",      "conda",     "config", "cp",    "env",
    "history", "less",     "ll",     "load", "load_ext",   "ls",        "mamba",  "man",   "matplotlib",
    "mkdir",  "mv",        "pip",    "popd", "pushd",      "pwd",       "reload_ext", "rm", "rmdir",
    "run",    "store",     "sx",     "system", "time",     "timeit",    "who",    "whos",  "xmode",
};

// Automagic (IPython's prefilter, which only one-line cells go through): the line's first word is
// a line magic followed by arguments that do not start with `=` or `,` (`pip install torch`,
// `cd ..`, `ls -la`); `ls = 3` and `time.sleep(1)` stay Python. A bare `ls` is left to the parser:
// as Python it is a name, which is harmless. Not known here: whether an earlier cell shadows the
// magic with a variable of that name, which turns automagic off for it.
bool automagic(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && ident_char(s[i])) ++i;
  if (i == 0 || i >= s.size() || (s[i] != ' ' && s[i] != '\t')) return false;
  std::string_view name = s.substr(0, i);
  bool known = false;
  for (std::string_view m : kAutomagicNames) known = known || m == name;
  if (!known) return false;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return i < s.size() && s[i] != '=' && s[i] != ',' && s[i] != '#';
}

void mask_line(std::string* text, uint32_t begin, uint32_t end) {
  size_t i = begin;
  while (i < end && ((*text)[i] == ' ' || (*text)[i] == '\t')) ++i;
  if (i == end) return;
  (*text)[i] = '0';
  for (size_t k = i + 1; k < end; ++k) (*text)[k] = ' ';
}

// `%pip install ...`, `conda install ...`: a package manager run as a magic. Its words are package
// names, not Python: the line is a shell command for what reads masked lines.
bool package_magic(std::string_view s) {
  if (s.starts_with('%')) s.remove_prefix(1);
  for (std::string_view m : {"pip", "conda", "mamba", "micromamba"}) {
    if (s.starts_with(m) && (s.size() == m.size() || s[m.size()] == ' ' || s[m.size()] == '\t')) return true;
  }
  return false;
}

}  // namespace

MaskedCell mask_ipython(std::string_view cell) {
  MaskedCell out;
  out.text = std::string(cell);
  std::vector<std::pair<uint32_t, uint32_t>> lines;
  for (size_t at = 0; at < cell.size();) {
    size_t nl = cell.find('\n', at);
    size_t end = nl == std::string_view::npos ? cell.size() : nl;
    size_t content_end = end > at && cell[end - 1] == '\r' ? end - 1 : end;
    lines.emplace_back(static_cast<uint32_t>(at), static_cast<uint32_t>(content_end));
    at = nl == std::string_view::npos ? cell.size() : nl + 1;
  }
  if (lines.empty()) return out;
  auto stripped = [&](const std::pair<uint32_t, uint32_t>& l) {
    std::string_view s = cell.substr(l.first, l.second - l.first);
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    return s;
  };
  size_t first = 0;
  if (std::string_view head = stripped(lines[0]); head.starts_with("%%")) {
    out.cell_magic = true;
    std::string_view name = head.substr(2);
    name = name.substr(0, name.find_first_of(" \t"));
    const bool python_body = name == "time" || name == "timeit" || name == "capture" || name == "prun";
    if (!python_body) {
      // Not Python: the whole cell is kept as written; blank lines to the parser.
      const MaskedKind body = name != "writefile" && name != "file" ? MaskedKind::kShell : MaskedKind::kFileText;
      for (size_t k = 0; k < lines.size(); ++k) {
        for (uint32_t b = lines[k].first; b < lines[k].second; ++b) out.text[b] = ' ';
        out.lines.push_back({lines[k].first, lines[k].second, k == 0 ? MaskedKind::kCellMagic : body});
      }
      return out;
    }
    mask_line(&out.text, lines[0].first, lines[0].second);
    out.lines.push_back({lines[0].first, lines[0].second, MaskedKind::kCellMagic});
    first = 1;
  }
  const bool one_line = lines.size() == 1 && first == 0;
  LineStarts starts;
  for (size_t k = first; k < lines.size(); ++k) {
    std::string_view line = cell.substr(lines[k].first, lines[k].second - lines[k].first);
    std::string_view s = stripped(lines[k]);
    MaskedKind kind = MaskedKind::kHelp;
    if (s.starts_with('!')) {
      kind = MaskedKind::kShell;
    } else if (s.starts_with('%') || (one_line && automagic(s))) {
      kind = package_magic(s) ? MaskedKind::kShell : MaskedKind::kMagic;
    } else if (magic_assignment(s)) {
      kind = s.find('!') < s.find('%') ? MaskedKind::kShell : MaskedKind::kMagic;
    } else if (!s.starts_with('?') && !help_suffix(s)) {
      starts.feed(line);
      continue;
    }
    if (!starts.at_start()) {
      starts.feed(line);
      continue;
    }
    // `%timeit x.sum()`: the magic and its options become `0;` and spaces, the code stays Python.
    if (size_t code = timed_code_start(s); code >= 2 && !line.ends_with('\\')) {
      const uint32_t at = lines[k].second - static_cast<uint32_t>(s.size());
      out.text[at] = '0';
      out.text[at + 1] = ';';
      for (uint32_t i = at + 2; i < at + code; ++i) out.text[i] = ' ';
      out.lines.push_back({at, at + static_cast<uint32_t>(code), MaskedKind::kTimer});
      starts.feed(line.substr(line.size() - s.size() + code));
      continue;
    }
    // IPython joins a command's `\`-continued lines; they are masked with it, never read as Python.
    for (;;) {
      mask_line(&out.text, lines[k].first, lines[k].second);
      out.lines.push_back({lines[k].first, lines[k].second, kind});
      if (!cell.substr(lines[k].first, lines[k].second - lines[k].first).ends_with('\\') || k + 1 >= lines.size()) break;
      ++k;
    }
  }
  return out;
}

}  // namespace t2p::driver
