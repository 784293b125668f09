#include "rewrite/edit_text.h"

#include <array>
#include <cstring>

#include "rewrite/simple_expression.h"

namespace t2p::rewrite {
namespace {

// ASCII tests without the C library's locale-aware calls (the tool never sets a locale, so
// they are the same; these run for every byte of every edit's text).
constexpr bool ascii_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool ascii_alnum(char c) { return ascii_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z'); }

// A byte that can continue a name or a number token (non-ASCII: a name's UTF-8).
bool word_char(char c) {
  return ascii_alnum(c) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

// `import a.b` or `import a.b as c, d`: one import statement, single spaces, no comment.
bool import_statement(std::string_view t) {
  if (t.substr(0, 7) != "import ") return false;
  t.remove_prefix(7);
  for (;;) {
    size_t comma = t.find(", ");
    std::string_view item = t.substr(0, comma);
    size_t as = item.find(" as ");
    bool dot = false;
    if (!dotted_name(item.substr(0, as), &dot)) return false;
    if (as != std::string_view::npos && (!dotted_name(item.substr(as + 4), &dot) || dot)) return false;
    if (comma == std::string_view::npos) return true;
    t.remove_prefix(comma + 2);
  }
}

}  // namespace

bool holds_any_of(std::string_view t, char a, char b, char c) {
  return std::memchr(t.data(), a, t.size()) || std::memchr(t.data(), b, t.size()) ||
         std::memchr(t.data(), c, t.size());
}

// Whether `text` put in place of [begin, end) would run into the bytes around it and make one
// token of two (`not(a)(b)` -> `notpaddle.f(b)`), which the checks of the text alone cannot see.
bool merges(std::string_view src, uint32_t begin, uint32_t end, std::string_view text) {
  char before = begin > 0 ? src[begin - 1] : '\n';
  char after = end < src.size() ? src[end] : '\n';
  char first = text.empty() ? after : text.front();
  char last = text.empty() ? before : text.back();
  if (word_char(before) && word_char(first)) return true;
  return word_char(last) && (word_char(after) || after == '"' || after == '\'');
}

// Whether `x` holds a reserved word outside its string literals and outside brackets, or an
// f-string. The parser lexes such words by the state it is in (`in` is a name at the start of a
// statement, an operator after `await`), so a call that parses on a line of its own may not
// parse in its place. Inside brackets the states do not depend on what surrounds the unit (the
// items opened by the bracket look ahead only to its `,` and closing bracket), so a word there
// (`keepdim=True`, `x if c else y`, `v for v in vs`) lexes the same alone and in place; counting
// them sent most files to a second parse of their statements. A `#` anywhere (a comment may hold
// a bracket) falls back to counting every word.
bool has_reserved_word(std::string_view x) {
  const bool by_depth = x.find('#') == std::string_view::npos;
  int depth = 0;
  size_t i = 0;
  while (i < x.size()) {
    char c = x[i];
    if (by_depth && (c == '(' || c == '[' || c == '{')) {
      ++depth;
      ++i;
      continue;
    }
    if (by_depth && (c == ')' || c == ']' || c == '}')) {
      if (depth > 0) --depth;
      ++i;
      continue;
    }
    if (c == '"' || c == '\'') {
      bool triple = i + 2 < x.size() && x[i + 1] == c && x[i + 2] == c;
      size_t j = i + (triple ? 3 : 1);
      bool closed = false;
      while (j < x.size()) {
        if (x[j] == '\\') {
          j += 2;
          continue;
        }
        if (x[j] == c && (!triple || (j + 2 < x.size() && x[j + 1] == c && x[j + 2] == c))) {
          j += triple ? 3 : 1;
          closed = true;
          break;
        }
        ++j;
      }
      if (!closed) return true;
      i = j;
      continue;
    }
    if (word_char(c)) {
      size_t j = i;
      while (j < x.size() && word_char(x[j])) ++j;
      std::string_view w = x.substr(i, j - i);
      if (j < x.size() && (x[j] == '"' || x[j] == '\'')) {
        // A string prefix: f-strings hold code; other prefixes (r, b, u) are fine.
        for (char p : w) {
          if (p == 'f' || p == 'F') return true;
        }
        if (w.size() > 2) return true;
      }
      if (is_reserved_word(w) && (!by_depth || depth == 0)) return true;
      i = j;
      continue;
    }
    ++i;
  }
  return false;
}

// Whether the first line of code of a rendered region (not blank, not only a comment) has the
// indentation of the region's first line in the input: the block a unit is wrapped in takes
// its indentation from that line, as the input's block does.
bool keeps_indentation(std::string_view rendered, std::string_view src, uint32_t begin) {
  size_t k = begin;
  while (k < src.size() && (src[k] == ' ' || src[k] == '\t')) ++k;
  std::string_view indent = src.substr(begin, k - begin);
  while (!rendered.empty()) {
    size_t nl = rendered.find('\n');
    std::string_view line = rendered.substr(0, nl);
    size_t code = line.find_first_not_of(" \t");
    if (code != std::string_view::npos && line[code] != '#' && line[code] != '\r') {
      return line.substr(0, code) == indent;
    }
    if (code != std::string_view::npos && line[code] == '\r' && code + 1 < line.size()) return false;
    if (line.find('\f') != std::string_view::npos) return false;
    if (nl == std::string_view::npos) break;
    rendered.remove_prefix(nl + 1);
  }
  return true;
}

bool ends_with_continuation(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  return !text.empty() && text.back() == '\\';
}

// `a` or `a.b.c`: ASCII identifiers that are not reserved words, joined by dots.
bool dotted_name(std::string_view t, bool* has_dot) {
  // Per byte: ASCII letter, digit or '_' (a table: this runs for every byte of every name edit).
  static constexpr auto kName = [] {
    std::array<bool, 256> name{};
    for (int c = 0; c < 256; ++c) name[c] = ascii_alnum(static_cast<char>(c)) || c == '_';
    return name;
  }();
  *has_dot = false;
  size_t i = 0;
  for (;;) {
    size_t j = i;
    while (j < t.size() && kName[static_cast<unsigned char>(t[j])]) ++j;
    if (j == i || ascii_digit(t[i]) || is_reserved_word(t.substr(i, j - i))) return false;
    if (j == t.size()) return true;
    if (t[j] != '.') return false;
    *has_dot = true;
    i = j + 1;
  }
}

// Lines that hold only a comment, or (`imports`) an import statement, each with the indentation
// `indent` and ending with a newline (`\r\n` too).
bool inserted_lines(std::string_view text, std::string_view indent, bool imports) {
  if (text.empty() || text.back() != '\n') return false;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (line.substr(0, indent.size()) != indent) return false;
    line.remove_prefix(indent.size());
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find('\r') != std::string_view::npos) return false;
    if (line.empty() || !(line[0] == '#' || (imports && import_statement(line)))) return false;
    text.remove_prefix(nl + 1);
  }
  return true;
}

// Import statements joined by a newline and `indent` (or by `; `): what the import manager puts
// in place of an import statement.
bool import_statements(std::string_view text, std::string_view indent) {
  for (;;) {
    size_t nl = text.find_first_of(";\r\n");
    if (!import_statement(text.substr(0, nl))) return false;
    if (nl == std::string_view::npos) return true;
    text.remove_prefix(nl);
    if (text.substr(0, 2) == "; ") {
      text.remove_prefix(2);
      continue;
    }
    if (text[0] == '\r') text.remove_prefix(1);
    if (text.empty() || text[0] != '\n') return false;
    text.remove_prefix(1);
    if (text.substr(0, indent.size()) != indent) return false;
    text.remove_prefix(indent.size());
  }
}

}  // namespace t2p::rewrite
