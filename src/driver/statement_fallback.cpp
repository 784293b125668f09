#include "driver/statement_fallback.h"

#include <algorithm>

namespace t2p::driver {

std::string render_statement(std::string_view source, std::pair<uint32_t, uint32_t> statement,
                             const std::vector<base::Edit>& edits) {
  const auto [b, e] = statement;
  std::string out;
  uint32_t pos = b;
  for (const auto& edit : edits) {
    if (edit.begin < b || edit.end > e) continue;
    if (edit.begin == edit.end && edit.begin == b && edit.side == base::EditSide::kOpen && b != e) {
      // An insertion where the statement starts: it opens the call that starts the statement
      // (`paddle.assign(`) unless it ends in a newline (a line above it).
      if (!edit.text.empty() && edit.text.back() == '\n') continue;
    }
    if (edit.begin < pos) continue;  // overlapping: cannot happen in an EditSet's order
    out.append(source.substr(pos, edit.begin - pos));
    out += edit.text;
    pos = edit.end;
  }
  out.append(source.substr(pos, e - pos));
  return out;
}

size_t find_unparsable_statements(std::string_view source, const std::vector<std::pair<uint32_t, uint32_t>>& statements,
                                  const std::vector<base::Edit>& edits, parse::PythonParser& parser,
                                  std::vector<uint32_t>* bad) {
  std::vector<std::pair<uint32_t, uint32_t>> failing;
  for (const auto& st : statements) {
    if (std::binary_search(bad->begin(), bad->end(), st.first)) continue;
    uint32_t ls = st.first;
    while (ls > 0 && source[ls - 1] != '\n') --ls;
    std::string_view lead = source.substr(ls, st.first - ls);
    bool indented = !lead.empty() && lead.find_first_not_of(" \t") == std::string_view::npos;
    std::string text = indented ? "if 1:\n" + std::string(lead) : std::string();
    text += render_statement(source, st, edits);
    text += '\n';
    parse::SyntaxTree tree = parser.parse(text);
    if (parse::first_syntax_error(tree, text)) failing.push_back(st);
  }
  // Innermost first: a compound statement fails when a statement of its body does.
  size_t added = 0;
  for (const auto& st : failing) {
    bool holds_smaller = false;
    for (const auto& other : failing) {
      holds_smaller |= other != st && other.first >= st.first && other.second <= st.second;
    }
    if (holds_smaller) continue;
    bad->push_back(st.first);
    ++added;
  }
  std::sort(bad->begin(), bad->end());
  bad->erase(std::unique(bad->begin(), bad->end()), bad->end());
  return added;
}

}  // namespace t2p::driver
