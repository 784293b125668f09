#include "analysis.h"

#include <algorithm>

#include "rules/api_use.h"

namespace t2p::lsp {

using json = nlohmann::json;

namespace {

json to_json(Position p) { return {{"line", p.line}, {"character", p.character}}; }

// `e` at its line and column of the view's text.
json file_error_diagnostic(const View& v, const base::Diagnostic& e) {
  // line is 1-based, column a 1-based byte column; 0 for the whole file.
  uint32_t begin = 0;
  if (e.line > 0) {
    begin = v.map->offset({e.line - 1, 0}) + (e.column > 0 ? e.column - 1 : 0);
    begin = std::min<uint32_t>(begin, static_cast<uint32_t>(v.text.size()));
  }
  uint32_t end = begin;
  while (end < v.text.size() && v.text[end] != '\n' && v.text[end] != '\r') ++end;
  return {{"range", range_json(*v.map, begin, end)},
          {"severity", 1},
          {"code", e.code},
          {"source", "torch2paddle"},
          {"message", e.message}};
}

json text_edits(const PositionMap& map, const std::vector<base::Edit>& edits) {
  json list = json::array();
  for (const auto& e : edits) list.push_back({{"range", range_json(map, e.begin, e.end)}, {"newText", e.text}});
  return list;
}

}  // namespace

json range_json(const PositionMap& map, uint32_t begin, uint32_t end) {
  return {{"start", to_json(map.position(begin))}, {"end", to_json(map.position(end))}};
}

// The byte range of a finding in the view's text.
std::pair<uint32_t, uint32_t> use_range(const View& v, const rules::ApiUse& u) {
  const uint32_t size = static_cast<uint32_t>(v.text.size());
  uint32_t begin = std::min<uint32_t>(u.offset > v.base ? u.offset - v.base : 0, size);
  uint32_t end = std::clamp<uint32_t>(u.end > v.base ? u.end - v.base : 0, begin, size);
  if (end == begin) {  // no extent known: to the end of the line
    while (end < size && v.text[end] != '\n' && v.text[end] != '\r') ++end;
  }
  return {begin, end};
}

json diagnostic_of(const Analysis& a, const View& v, const rules::ApiUse& u) {
  auto [begin, end] = use_range(v, u);
  int severity = 3;  // Information
  if (u.status != rules::UseStatus::kConverted) severity = 2;  // Warning
  json d = {{"range", range_json(*v.map, begin, end)},
            {"severity", severity},
            {"code", rules::rule_id(u)},
            {"source", "torch2paddle"},
            {"message", rules::finding_message(u)}};
  if (u.fix >= 0) d["data"] = {{"fix", u.fix}, {"version", a.version}};
  return d;
}

View cell_view(const CellView& c) { return {c.text, &c.map, c.base}; }

// The diagnostics to publish: one list for a text document; for a notebook, a list per code cell
// (a file error, which carries its cell, goes to that cell), by the cells' URIs.
std::vector<std::pair<std::string, json>> diagnostics_of(const Analysis& a, const std::string& uri) {
  if (a.cells.empty()) {
    json list = json::array();
    if (a.result.error) list.push_back(file_error_diagnostic(whole(a), *a.result.error));
    for (const auto& u : a.result.uses) list.push_back(diagnostic_of(a, whole(a), u));
    return {{uri, std::move(list)}};
  }
  std::vector<std::pair<std::string, json>> out;
  for (const auto& c : a.cells) out.emplace_back(c.uri, json::array());
  if (a.result.error) {
    const size_t k = a.result.error->cell > 0 ? std::min<size_t>(a.result.error->cell - 1, a.cells.size() - 1) : 0;
    out[k].second.push_back(file_error_diagnostic(cell_view(a.cells[k]), *a.result.error));
  }
  for (const auto& u : a.result.uses) {
    const size_t k = a.module.cell_at(u.offset);
    out[k].second.push_back(diagnostic_of(a, cell_view(a.cells[k]), u));
  }
  return out;
}

// The edits of the analysis' text as a WorkspaceEdit's `changes`: for a notebook, each edit in its
// cell. Null when an edit cannot go into a cell (it would touch an IPython line).
json workspace_changes(const Analysis& a, const std::string& uri, const std::vector<base::Edit>& edits) {
  if (a.cells.empty()) return {{uri, text_edits(a.map, edits)}};
  std::vector<std::vector<base::Edit>> per_cell(a.cells.size());
  for (const auto& e : edits) {
    size_t k = 0;
    base::Edit in_cell;
    if (!a.module.to_cell(e, &k, &in_cell).empty()) return nullptr;
    per_cell[k].push_back(std::move(in_cell));
  }
  json changes = json::object();
  for (size_t k = 0; k < per_cell.size(); ++k) {
    if (!per_cell[k].empty()) changes[a.cells[k].uri] = text_edits(a.cells[k].map, per_cell[k]);
  }
  return changes;
}

}  // namespace t2p::lsp
