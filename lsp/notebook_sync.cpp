#include "notebook_sync.h"

#include <algorithm>

#include "positions.h"

namespace t2p::lsp {
namespace {

using json = nlohmann::json;

constexpr int kCodeCell = 2;  // NotebookCellKind.Code (1 is Markup)

NotebookCellRef cell_of(const json& c) {
  return {c.at("document").get<std::string>(), c.at("kind").get<int>() == kCodeCell};
}

}  // namespace

void apply_content_changes(std::string* text, const json& changes) {
  for (const auto& c : changes) {
    if (c.contains("range")) {
      PositionMap map(*text);
      const auto& r = c["range"];
      uint32_t begin = map.offset({r.at("start").at("line").get<uint32_t>(), r.at("start").at("character").get<uint32_t>()});
      uint32_t end = map.offset({r.at("end").at("line").get<uint32_t>(), r.at("end").at("character").get<uint32_t>()});
      replace_range(text, begin, std::max(begin, end), c.at("text").get<std::string>());
    } else {
      *text = c.at("text").get<std::string>();
    }
  }
}

std::vector<const NotebookCellRef*> NotebookState::code_cells() const {
  std::vector<const NotebookCellRef*> out;
  for (const auto& c : cells) {
    if (c.code && texts.count(c.uri)) out.push_back(&c);
  }
  return out;
}

NotebookState open_notebook(const json& params) {
  NotebookState n;
  for (const auto& c : params.at("notebookDocument").at("cells")) n.cells.push_back(cell_of(c));
  if (params.contains("cellTextDocuments")) {
    for (const auto& d : params["cellTextDocuments"]) {
      if (d.value("languageId", "python") != "python") continue;  // another language: not ours
      n.texts[d.at("uri").get<std::string>()] = d.at("text").get<std::string>();
    }
  }
  return n;
}

std::vector<std::string> change_notebook(NotebookState* n, const json& params) {
  std::vector<std::string> gone;
  const json& change = params.at("change");
  if (!change.contains("cells")) return gone;  // metadata only
  const json& cells = change["cells"];
  if (cells.contains("structure")) {
    const json& s = cells["structure"];
    const json& array = s.at("array");
    const size_t start = std::min<size_t>(array.at("start").get<size_t>(), n->cells.size());
    const size_t count = std::min<size_t>(array.value("deleteCount", size_t{0}), n->cells.size() - start);
    std::vector<NotebookCellRef> inserted;
    if (array.contains("cells") && array["cells"].is_array()) {
      for (const auto& c : array["cells"]) inserted.push_back(cell_of(c));
    }
    n->cells.erase(n->cells.begin() + static_cast<std::ptrdiff_t>(start),
                   n->cells.begin() + static_cast<std::ptrdiff_t>(start + count));
    n->cells.insert(n->cells.begin() + static_cast<std::ptrdiff_t>(start), inserted.begin(), inserted.end());
    if (s.contains("didOpen")) {
      for (const auto& d : s["didOpen"]) {
        if (d.value("languageId", "python") != "python") continue;
        n->texts[d.at("uri").get<std::string>()] = d.at("text").get<std::string>();
      }
    }
    if (s.contains("didClose")) {
      for (const auto& d : s["didClose"]) {
        std::string uri = d.at("uri");
        n->texts.erase(uri);
        gone.push_back(std::move(uri));
      }
    }
  }
  if (cells.contains("data")) {  // a cell's kind or metadata changed
    for (const auto& c : cells["data"]) {
      NotebookCellRef now = cell_of(c);
      for (auto& have : n->cells) {
        if (have.uri == now.uri) have.code = now.code;
      }
    }
  }
  if (cells.contains("textContent")) {
    for (const auto& t : cells["textContent"]) {
      auto it = n->texts.find(t.at("document").at("uri").get<std::string>());
      if (it != n->texts.end()) apply_content_changes(&it->second, t.at("changes"));
    }
  }
  return gone;
}

}  // namespace t2p::lsp
