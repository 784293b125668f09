#include "driver/cell_module.h"

#include <algorithm>

namespace t2p::driver {

size_t CellModule::cell_at(uint32_t offset) const {
  auto it = std::upper_bound(starts.begin(), starts.end(), offset);
  return it == starts.begin() ? 0 : static_cast<size_t>(it - starts.begin() - 1);
}

std::string CellModule::to_cell(const base::Edit& e, size_t* cell, base::Edit* in_cell) const {
  const size_t k = cell_at(e.begin);
  *cell = k;
  const uint32_t begin = e.begin - starts[k];
  uint32_t end = e.end - starts[k];
  std::string new_text = e.text;
  if (end == sizes[k] + 1 && begin <= sizes[k]) {
    --end;
    if (new_text.ends_with('\n')) new_text.pop_back();
  }
  if (end > sizes[k]) return "an edit spans two cells";
  if (begin == 0 && masked[k].cell_magic) return "an edit would go before the cell magic";
  for (const auto& m : masked[k].lines) {
    if (begin < m.end && end > m.begin && (begin != end || begin > m.begin)) return "an edit falls in an IPython line";
  }
  *in_cell = base::Edit{begin, end, std::move(new_text)};
  return "";
}

CellModule join_cells(const std::vector<std::string_view>& cells) {
  CellModule m;
  size_t total = 0;
  for (auto c : cells) total += c.size() + 1;
  m.text.reserve(total);
  for (auto c : cells) {
    m.starts.push_back(static_cast<uint32_t>(m.text.size()));
    m.sizes.push_back(static_cast<uint32_t>(c.size()));
    m.masked.push_back(mask_ipython(c));
    m.text += m.masked.back().text;
    m.text += '\n';
  }
  return m;
}

std::optional<std::pair<size_t, base::Diagnostic>> first_cell_error(const CellModule& module,
                                                                   parse::PythonParser& parser) {
  for (size_t k = 0; k < module.masked.size(); ++k) {
    parse::TreeArena::Scope memory(parser.arena());
    const std::string& text = module.masked[k].text;
    parse::SyntaxTree tree = parser.parse(text);
    if (auto err = parse::first_syntax_error(tree, text)) return std::make_pair(k, std::move(*err));
  }
  return std::nullopt;
}

}  // namespace t2p::driver
