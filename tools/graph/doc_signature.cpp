// tools/graph, doc importer: parses the Python signatures written in the mapping docs' code blocks.
#include "graph/doc_signature.h"

#include <array>
#include <cctype>
#include <utility>

namespace t2p::kg {
namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_quote(char c) { return c == '\'' || c == '"'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// The docs are hand-written: full-width punctuation and curly quotes slip into code blocks
// (`causal=False，return_softmax`, `mode="upscale_in_train”`). Map them to ASCII first so the
// scanner below only deals with Python's own characters.
std::string to_ascii_punctuation(std::string_view in) {
  static constexpr std::array<std::pair<std::string_view, char>, 10> kMap{{
      {"\xC2\xA0", ' '},      // no-break space
      {"\xE3\x80\x80", ' '},  // ideographic space
      {"\xEF\xBC\x8C", ','},  // ，
      {"\xEF\xBC\x88", '('},  // （
      {"\xEF\xBC\x89", ')'},  // ）
      {"\xEF\xBC\x9A", ':'},  // ：
      {"\xE2\x80\x9C", '"'},  // “
      {"\xE2\x80\x9D", '"'},  // ”
      {"\xE2\x80\x98", '\''},  // ‘
      {"\xE2\x80\x99", '\''},  // ’
  }};
  std::string out;
  out.reserve(in.size());
  for (size_t i = 0; i < in.size();) {
    bool mapped = false;
    for (const auto& [from, to] : kMap) {
      if (in.substr(i, from.size()) == from) {
        out.push_back(to);
        i += from.size();
        mapped = true;
        break;
      }
    }
    if (!mapped) out.push_back(in[i++]);
  }
  return out;
}

size_t line_end(std::string_view s, size_t pos) {
  size_t e = s.find('\n', pos);
  return e == std::string_view::npos ? s.size() : e;
}

// Returns the index just past the string literal opening at `pos`. Python strings in signatures
// never span lines, so a string whose quote is not closed on its line (`activation="relu',`) ends
// at the other quote character, or failing that at the next `,` or `)`: a typo in one default must
// not swallow the rest of the signature.
size_t skip_string(std::string_view s, size_t pos) {
  const char q = s[pos];
  if (s.substr(pos, 3) == std::string_view(std::string(3, q))) {
    size_t close = s.find(std::string(3, q), pos + 3);
    return close == std::string_view::npos ? s.size() : close + 3;
  }
  const size_t eol = line_end(s, pos);
  for (size_t i = pos + 1; i < eol; ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == q) {
      return i + 1;
    }
  }
  for (size_t i = pos + 1; i < eol; ++i) {
    if (is_quote(s[i])) return i + 1;
  }
  for (size_t i = pos + 1; i < eol; ++i) {
    if (s[i] == ',' || s[i] == ')') return i;
  }
  return eol;
}

std::string strip_comments(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    if (is_quote(s[i])) {
      size_t e = skip_string(s, i);
      out.append(s.substr(i, e - i));
      i = e;
    } else if (s[i] == '#') {
      i = line_end(s, i);
    } else {
      out.push_back(s[i++]);
    }
  }
  return out;
}

// Index of the `)` matching the `(` at `open`, or npos.
size_t find_close_paren(std::string_view s, size_t open) {
  int depth = 0;
  for (size_t i = open; i < s.size();) {
    char c = s[i];
    if (is_quote(c)) {
      i = skip_string(s, i);
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      --depth;
      if (depth == 0) return c == ')' ? i : std::string_view::npos;
    }
    ++i;
  }
  return std::string_view::npos;
}

// Splits at commas outside brackets and strings.
std::vector<std::string_view> split_top_level(std::string_view s) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (is_quote(c)) {
      i = skip_string(s, i);
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
    ++i;
  }
  parts.push_back(s.substr(start));
  return parts;
}

// Position of the first top-level `=` (not `==`, `<=`, ...) and `:`; npos when absent.
std::pair<size_t, size_t> find_eq_and_colon(std::string_view s) {
  size_t eq = std::string_view::npos;
  size_t colon = std::string_view::npos;
  int depth = 0;
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (is_quote(c)) {
      i = skip_string(s, i);
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0) {
      if (c == '=' && eq == std::string_view::npos) {
        bool compare = (i + 1 < s.size() && s[i + 1] == '=') ||
                       (i > 0 && (s[i - 1] == '<' || s[i - 1] == '>' || s[i - 1] == '!' || s[i - 1] == '='));
        if (!compare) eq = i;
      }
      if (c == ':' && colon == std::string_view::npos) colon = i;
    }
    ++i;
  }
  return {eq, colon};
}

// Collapses whitespace outside strings, tightens it inside brackets and after a unary minus, and
// puts one space after each comma, so that `( - 2,-1 )` and `(-2, -1)` are the same default; fixes
// a string literal whose closing quote differs from its opening one.
std::string normalize_default(std::string_view s) {
  std::string out;
  auto unary_minus_last = [&out] {
    if (out.empty() || out.back() != '-') return false;
    size_t i = out.size() - 1;
    while (i > 0 && out[i - 1] == ' ') --i;
    return i == 0 || std::string_view("([{,=").find(out[i - 1]) != std::string_view::npos;
  };
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (is_quote(c)) {
      size_t e = skip_string(s, i);
      std::string lit(s.substr(i, e - i));
      if (lit.size() >= 2 && is_quote(lit.back()) && lit.back() != lit.front()) lit.back() = lit.front();
      if (lit.size() == 1 || !is_quote(lit.back())) lit.push_back(lit.front());
      out += lit;
      i = e;
      continue;
    }
    if (is_space(c)) {
      while (i < s.size() && is_space(s[i])) ++i;
      if (i >= s.size()) break;
      char next = s[i];
      char prev = out.empty() ? '\0' : out.back();
      bool after_open = prev == '(' || prev == '[' || prev == '{' || prev == ' ';
      bool before_close = next == ')' || next == ']' || next == '}' || next == ',';
      if (!out.empty() && !after_open && !before_close && !unary_minus_last()) out.push_back(' ');
      continue;
    }
    out.push_back(c);
    ++i;
    if (c == ',' && i < s.size() && !is_space(s[i]) && s[i] != ')' && s[i] != ']' && s[i] != '}') out.push_back(' ');
  }
  return out;
}

bool valid_param_name(std::string_view name) {
  if (name == "*" || name == "/") return true;
  size_t stars = 0;
  while (stars < name.size() && stars < 2 && name[stars] == '*') ++stars;
  std::string_view rest = name.substr(stars);
  if (rest.empty() || !is_ident_start(rest.front())) return false;
  for (char c : rest) {
    if (!is_ident_char(c)) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> normalize_param(std::string_view text) {
  text = trim(text);
  if (text.empty()) return std::nullopt;
  auto [eq, colon] = find_eq_and_colon(text);
  size_t name_end = text.size();
  if (colon != std::string_view::npos && (eq == std::string_view::npos || colon < eq)) name_end = colon;
  else if (eq != std::string_view::npos) name_end = eq;
  std::string name;
  for (char c : text.substr(0, name_end)) {
    if (!is_space(c)) name.push_back(c);
  }
  if (eq == std::string_view::npos) return name;
  std::string def = normalize_default(trim(text.substr(eq + 1)));
  return name + "=" + def;
}

std::string param_name(std::string_view token) {
  size_t eq = token.find('=');
  return std::string(trim(token.substr(0, eq)));
}

std::optional<std::string> param_default(std::string_view token) {
  size_t eq = token.find('=');
  if (eq == std::string_view::npos) return std::nullopt;
  return std::string(token.substr(eq + 1));
}

bool is_varargs(std::string_view token) {
  return token.size() > 1 && token[0] == '*' && token[1] != '*' && token.find('=') == std::string_view::npos;
}

std::vector<DocSignature> parse_signatures(std::string_view block) {
  const std::string text = strip_comments(to_ascii_punctuation(block));
  const std::string_view s = text;
  std::vector<DocSignature> sigs;
  size_t pos = 0;
  while (pos < s.size()) {
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\r')) ++pos;
    if (pos >= s.size()) break;
    if (s[pos] == '\n') {
      ++pos;
      continue;
    }
    for (std::string_view kw : {"class ", "def "}) {
      if (s.substr(pos, kw.size()) == kw) pos += kw.size();
    }
    if (!is_ident_start(s[pos])) {
      pos = line_end(s, pos);
      continue;
    }
    size_t name_start = pos;
    while (pos < s.size() && (is_ident_char(s[pos]) || s[pos] == '.')) ++pos;
    DocSignature sig;
    sig.name = std::string(s.substr(name_start, pos - name_start));
    size_t after = pos;
    while (after < s.size() && (s[after] == ' ' || s[after] == '\t')) ++after;
    if (after < s.size() && s[after] == '(') {
      sig.has_parens = true;
      size_t close = find_close_paren(s, after);
      if (close == std::string_view::npos) {
        sig.errors.push_back("unclosed parenthesis");
        close = s.size();
      }
      for (std::string_view part : split_top_level(s.substr(after + 1, close - after - 1))) {
        auto token = normalize_param(part);
        if (!token) continue;  // trailing comma
        if (!valid_param_name(param_name(*token))) {
          sig.errors.push_back(*token);
          continue;
        }
        sig.params.push_back(std::move(*token));
      }
      pos = close < s.size() ? line_end(s, close) : s.size();
    } else {
      pos = line_end(s, pos);
    }
    // A bare word without dots or parentheses is prose or a variable, not an API.
    if (sig.has_parens || sig.name.find('.') != std::string::npos) sigs.push_back(std::move(sig));
  }
  return sigs;
}

}  // namespace t2p::kg
