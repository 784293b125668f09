#include "emit/call_text.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace t2p::emit::forms {

using std::string;
using std::string_view;

bool asks_for_cuda(string_view text) {
  return text.find("\"cuda") != string_view::npos || text.find("'cuda") != string_view::npos ||
         text.find(".cuda(") != string_view::npos || text.find("pin_memory=True") != string_view::npos;
}

bool is_statement(string_view code) {
  // `L, V = f(x)`, `a(); b()`: an assignment or two statements at the top level (outside
  // brackets and strings), as an `out=` conversion writes.
  int depth = 0;
  char quote = 0;
  for (size_t k = 0; k < code.size(); ++k) {
    const char c = code[k];
    if (quote) {
      if (c == '\\') ++k;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (depth == 0 && c == ';') return true;
    else if (depth == 0 && c == '=') {
      const char before = k ? code[k - 1] : ' ';
      const char after = k + 1 < code.size() ? code[k + 1] : ' ';
      if (after != '=' && before != '=' && before != '<' && before != '>' && before != '!' && before != ':') return true;
    }
  }
  size_t i = code.find_first_not_of(" \t\n(");
  if (i == string_view::npos) return false;
  size_t j = i;
  while (j < code.size() && (std::isalnum(static_cast<unsigned char>(code[j])) || code[j] == '_')) ++j;
  static const std::set<string, std::less<>> statements = {"assert", "del", "raise", "import", "from", "pass",
                                                           "return", "if", "for", "while", "with", "global"};
  return statements.count(code.substr(i, j - i)) > 0 && (j == code.size() || code[j] == ' ');
}


bool substitute_copy(string* text, string_view arg, const string& name) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
  std::vector<size_t> found;
  for (size_t at = text->find(arg); at != string::npos; at = text->find(arg, at + 1)) {
    const bool open = at == 0 || !word((*text)[at - 1]);
    const bool close = at + arg.size() == text->size() || !word((*text)[at + arg.size()]) || (*text)[at + arg.size()] == '.';
    if (open && close) found.push_back(at);
  }
  for (size_t i = found.size(); i-- > 0;) text->replace(found[i], arg.size(), name);
  return !found.empty();
}

string splice(string_view src, uint32_t b, uint32_t e, std::vector<base::Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const base::Edit& x, const base::Edit& y) {
    if (x.begin != y.begin) return x.begin < y.begin;
    return (x.begin == x.end) && (y.begin != y.end);  // insertions before a replacement at one offset
  });
  string out;
  uint32_t cursor = b;
  for (const auto& ed : edits) {
    if (ed.begin < cursor) continue;  // inside a placeholder already written
    out.append(src.substr(cursor, ed.begin - cursor));
    out.append(ed.text);
    cursor = ed.end;
  }
  out.append(src.substr(cursor, e - cursor));
  return out;
}

string sanitize(string_view name) {
  string out;
  for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "a_" + out;
  return out;
}

}  // namespace t2p::emit::forms
