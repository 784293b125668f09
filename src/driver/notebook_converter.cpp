#include "driver/notebook_converter.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "base/source_text.h"
#include "deps/dependency_file.h"
#include "driver/cell_module.h"
#include "driver/ipython_lines.h"
#include "driver/notebook_json.h"
#include "emit/todo_uses.h"
#include "rewrite/apply_edits.h"
#include "semantic/file_model_builder.h"

namespace t2p::driver {
namespace {

// A code cell in the joined module: its cell, its masked text, where it starts in the module.
struct CodeCell {
  const NotebookCell* cell = nullptr;
  const MaskedCell* masked = nullptr;  // in the CellModule
  uint32_t start = 0;
  std::vector<base::Edit> edits;  // its edits, offsets in the cell's text, in apply order
};

SourceResult failed_notebook(std::string_view text, base::Diagnostic d) {
  SourceResult r;
  r.status = FileStatus::kFailed;
  r.output = std::string(text);
  r.error = std::move(d);
  return r;
}

// Puts `use` (offsets in `c`'s text) at its cell, line and column, and at the file bytes.
void place_in_cell(const CodeCell& c, rules::ApiUse* use) {
  const std::string& text = c.cell->text;
  base::LineIndex index(text);
  const uint32_t begin = std::min<uint32_t>(use->offset, text.size());
  const uint32_t end = std::clamp<uint32_t>(use->end, begin, text.size());
  base::Position p = index.position(begin), e = index.position(end);
  use->cell = c.cell->number;
  use->line = p.line;
  use->column = p.column;
  use->end_line = e.line;
  use->end_column = e.column;
  std::vector<base::Utf16Query> q = {{begin - (p.column - 1), begin, &use->column16},
                                     {end - (e.column - 1), end, &use->end_column16}};
  base::utf16_columns(text, &q);
  if (!c.cell->raw_at.empty()) {
    use->offset = c.cell->raw_at[begin];
    use->end = c.cell->raw_at[end];
  }
}

// `!pip install torch` lines: each change a finding with its fix (offsets in the cell's text).
void pip_changes(CodeCell* c, const deps::DependencyTable& table, std::vector<rules::ApiUse>* uses,
                 std::vector<rules::Fix>* fixes) {
  for (const auto& m : c->masked->lines) {
    if (!m.command()) continue;
    std::string_view line = std::string_view(c->cell->text).substr(m.begin, m.end - m.begin);
    for (auto& ch : deps::rewrite_pip_command(line, table)) {
      rules::ApiUse u;
      u.offset = m.begin + ch.begin;
      u.end = m.begin + ch.end;
      u.torch_api = ch.package;
      u.paddle_api = ch.replacement;
      u.status = ch.status;
      u.applied = ch.applied;
      u.rule = "deps:notebook";
      u.reason = ch.reason;
      if (ch.edits()) {
        rules::Fix fix;
        fix.applicability = ch.applied || ch.status != rules::UseStatus::kConverted ? rules::Applicability::kReview
                                                                                   : rules::Applicability::kSafe;
        u.applicability = fix.applicability;
        u.fix = static_cast<int32_t>(fixes->size());
        fix.edits.push_back(static_cast<uint32_t>(c->edits.size()));  // the cell's edit index, remapped later
        fixes->push_back(std::move(fix));
        c->edits.push_back(base::Edit{u.offset, u.end, ch.new_text});
      }
      if (ch.reported) uses->push_back(std::move(u));
    }
  }
}

// Magic lines that stay masked (`%prun f(torch.ones(3))`, `%debug ...`) but name a local bound by
// a torch import: the engine cannot see those uses, so the import may go while the line still
// needs it. Each is an error-level finding on the name (offsets in the cell's text), never silent.
void masked_torch_names(const std::vector<CodeCell>& code, std::string_view module, const kg::ConvertedRoots& roots,
                        parse::PythonParser& parser, std::vector<rules::ApiUse>* uses, std::vector<uint32_t>* cells) {
  // The module is parsed a second time for its imports only when a masked line is a magic at all.
  auto magic = [](const CodeCell&, const MaskedLine& m) { return m.kind == MaskedKind::kMagic; };
  bool any = false;
  for (const auto& c : code) {
    for (const auto& m : c.masked->lines) any = any || magic(c, m);
  }
  if (!any) return;
  parse::TreeArena::Scope memory(parser.arena());
  parse::SyntaxTree tree = parser.parse(module);
  if (!tree.valid()) return;
  semantic::FileModel model = semantic::build_file_model(tree, module, roots);
  auto ident = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
  for (uint32_t k = 0; k < code.size(); ++k) {
    const CodeCell& c = code[k];
    for (const auto& m : c.masked->lines) {
      if (!magic(c, m)) continue;  // shell and help lines run no Python of ours
      std::string_view line = std::string_view(c.cell->text).substr(m.begin, m.end - m.begin);
      for (const auto& name : model.imported_names) {
        if (!name.is_torch) continue;
        for (size_t at = line.find(name.local); at != std::string_view::npos; at = line.find(name.local, at + 1)) {
          const size_t end = at + name.local.size();
          if ((at > 0 && (ident(line[at - 1]) || line[at - 1] == '.')) || (end < line.size() && ident(line[end]))) continue;
          rules::ApiUse u;
          u.offset = m.begin + static_cast<uint32_t>(at);
          u.end = m.begin + static_cast<uint32_t>(end);
          u.torch_api = name.qualname;
          u.status = rules::UseStatus::kUnsupported;
          u.rule = "notebook:magic";
          u.reason = "an IPython magic uses `" + name.local +
                     "`; the line is kept as written and its import may be removed: convert the line by hand";
          uses->push_back(std::move(u));
          cells->push_back(k);
          break;  // one finding per name and line
        }
      }
    }
  }
}

// The check that the written file is the input with only the changed code cells' sources
// changed, each as expected and parsing on its own; "" or what is wrong.
std::string verify_notebook(std::string_view input, std::string_view output, const std::vector<CodeCell>& code,
                            parse::PythonParser& parser) {
  std::string error;
  auto layout = read_notebook_layout(output, &error);
  if (!layout) return "the converted notebook does not read back (" + error + ")";
  using Json = nlohmann::ordered_json;
  Json before = Json::parse(input.begin(), input.end(), nullptr, false);
  Json after = Json::parse(output.begin(), output.end(), nullptr, false);
  for (Json* doc : {&before, &after}) {
    for (auto& cell : (*doc)["cells"]) cell["source"] = cell["source"].is_array() ? Json::array() : Json("");
  }
  if (before != after) return "the converted notebook differs outside the code cells' sources";
  for (const auto& c : code) {
    const NotebookCell& now = layout->cells[c.cell->number - 1];
    std::string expected = c.edits.empty() ? c.cell->text : rewrite::apply_edits(c.cell->text, c.edits);
    if (now.text != expected) return "cell " + std::to_string(c.cell->number) + " was not written as converted";
    if (c.edits.empty()) continue;
    MaskedCell masked = mask_ipython(now.text);
    parse::TreeArena::Scope memory(parser.arena());
    parse::SyntaxTree tree = parser.parse(masked.text);
    if (auto err = parse::first_syntax_error(tree, masked.text)) {
      return "cell " + std::to_string(c.cell->number) + " would not parse on its own (" + err->message + ")";
    }
  }
  return "";
}

}  // namespace

SourceResult convert_notebook(std::string_view text, const kg::KnowledgeGraph& graph,
                              const rules::ConvertOptions& options, parse::PythonParser& parser) {
  std::string error;
  auto layout = read_notebook_layout(text, &error);
  if (!layout) return failed_notebook(text, {base::Severity::kError, 0, 0, "notebook-error", error});
  SourceResult r;
  r.output = std::string(text);
  if (!layout->python) return r;  // another kernel's language: nothing of ours

  std::vector<CodeCell> code;
  std::vector<std::string_view> texts;
  for (const auto& cell : layout->cells) {
    if (cell.type != "code") continue;
    code.push_back(CodeCell{&cell});
    texts.push_back(cell.text);
  }
  const CellModule joined = join_cells(texts);
  const std::string& module = joined.text;
  for (size_t k = 0; k < code.size(); ++k) {
    code[k].masked = &joined.masked[k];
    code[k].start = joined.starts[k];
  }
  // A cell that does not parse on its own is the user's syntax error, even where the joined
  // module parses (a decorator in one cell, its function in the next).
  if (options.roots_or(graph.converted_roots()).mentioned_in(module)) {
    if (auto bad = first_cell_error(joined, parser)) {
      bad->second.cell = code[bad->first].cell->number;
      return failed_notebook(text, std::move(bad->second));
    }
  }
  SourceResult py = convert_source(module, graph, options, parser);
  r.lines = py.lines;
  auto to_cell = [&](rules::ApiUse* u) {
    CodeCell& c = code[joined.cell_at(u->offset)];
    u->offset -= c.start;
    u->end = u->end > c.start ? u->end - c.start : 0;
    place_in_cell(c, u);
  };
  for (auto& u : py.uses) to_cell(&u);
  if (py.status == FileStatus::kFailed) {
    base::Diagnostic d = *py.error;
    if (d.line > 0 && !code.empty()) {
      base::LineIndex index(module);
      uint32_t at = index.line_start(d.line) + (d.column ? d.column - 1 : 0);
      const CodeCell& c = code[joined.cell_at(at)];
      base::Position p = base::LineIndex(c.cell->text).position(std::min<uint32_t>(at - c.start, c.cell->text.size()));
      d.cell = c.cell->number;
      d.line = p.line;
      d.column = p.column;
    }
    SourceResult f = failed_notebook(text, std::move(d));
    f.lines = py.lines;
    f.parsed = py.parsed;
    f.uses = std::move(py.uses);
    return f;
  }

  // The engine's edits, each into the string of its cell; its fixes keep their edit indices.
  std::vector<base::Edit> edits;
  for (const auto& e : py.edits) {
    size_t k = 0;
    base::Edit in_cell;
    std::string why = joined.to_cell(e, &k, &in_cell);
    CodeCell& c = code[k];
    if (why.empty() && c.cell->raw_at.empty()) why = "an edit falls in a cell without source";
    if (!why.empty()) {
      SourceResult f = failed_notebook(text, {base::Severity::kError, 0, 0, "internal-error",
                                              "internal: " + why + " (cell " + std::to_string(c.cell->number) +
                                                  "); notebook left unchanged"});
      f.lines = py.lines;
      f.uses = std::move(py.uses);
      emit::mark_not_converted(&f.uses, "the file was left unchanged (internal-error)");
      return f;
    }
    const uint32_t begin = in_cell.begin, end = in_cell.end;
    const std::string& new_text = in_cell.text;
    base::Edit raw = notebook_edit(*c.cell, begin, end, new_text, layout->ascii, edits.empty() ? 0 : edits.back().end);
    raw.side = e.side;
    raw.depth = e.depth;
    raw.owner = e.owner;
    edits.push_back(std::move(raw));
    c.edits.push_back(std::move(in_cell));
  }
  std::vector<rules::Fix> fixes = std::move(py.fixes);
  std::vector<rules::ApiUse> uses = std::move(py.uses);

  // `!pip install torch`: its own findings and fixes, merged into the edits by position.
  std::string table_error;
  if (const deps::DependencyTable* table = deps::builtin_table(&table_error)) {
    for (auto& c : code) {
      const size_t first_fix = fixes.size();
      std::vector<rules::ApiUse> pip_uses;
      pip_changes(&c, *table, &pip_uses, &fixes);
      for (auto& u : pip_uses) place_in_cell(c, &u);
      uses.insert(uses.end(), pip_uses.begin(), pip_uses.end());
      for (size_t k = first_fix; k < fixes.size(); ++k) {
        uint32_t& index = fixes[k].edits[0];
        const base::Edit& e = c.edits[index];
        edits.push_back(notebook_edit(*c.cell, e.begin, e.end, e.text, layout->ascii, UINT32_MAX));  // never widened
        index = static_cast<uint32_t>(edits.size() - 1);
      }
      // The cell's edits in apply order again (pip lines are apart from the engine's edits).
      std::stable_sort(c.edits.begin(), c.edits.end(),
                       [](const base::Edit& a, const base::Edit& b) { return a.begin < b.begin; });
    }
  }
  // Apply order: by file offset; ties keep the engine's order (pip edits share no offset with it).
  std::vector<uint32_t> order(edits.size());
  for (uint32_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return edits[a].begin < edits[b].begin; });
  std::vector<uint32_t> position(edits.size());
  std::vector<base::Edit> sorted;
  sorted.reserve(edits.size());
  for (uint32_t k = 0; k < order.size(); ++k) {
    position[order[k]] = k;
    sorted.push_back(std::move(edits[order[k]]));
  }
  for (auto& fix : fixes) {
    for (auto& e : fix.edits) e = position[e];
  }
  if (py.parsed) {
    std::vector<rules::ApiUse> hidden;
    std::vector<uint32_t> cells;
    masked_torch_names(code, module, options.roots_or(graph.converted_roots()), parser, &hidden, &cells);
    for (size_t k = 0; k < hidden.size(); ++k) {
      place_in_cell(code[cells[k]], &hidden[k]);
      uses.push_back(std::move(hidden[k]));
    }
  }
  std::stable_sort(uses.begin(), uses.end(),
                   [](const rules::ApiUse& a, const rules::ApiUse& b) { return a.offset < b.offset; });
  if (sorted.empty()) {
    r.uses = std::move(uses);
    r.parsed = py.parsed;
    return r;
  }
  std::string why;
  for (size_t k = 1; k < sorted.size() && why.empty(); ++k) {
    if (sorted[k].begin < sorted[k - 1].end) why = "two edits of the file overlap";
  }
  std::string output = why.empty() ? rewrite::apply_edits(text, sorted) : std::string(text);
  if (why.empty()) why = verify_notebook(text, output, code, parser);
  if (!why.empty()) {
    SourceResult f = failed_notebook(text, {base::Severity::kError, 0, 0, "internal-error",
                                            "internal: " + why + "; notebook left unchanged"});
    f.lines = py.lines;
    f.uses = std::move(uses);
    emit::mark_not_converted(&f.uses, "the file was left unchanged (internal-error)");
    return f;
  }
  r.status = FileStatus::kConverted;
  r.parsed = py.parsed;
  r.output = std::move(output);
  r.uses = std::move(uses);
  r.edits = std::move(sorted);
  r.fixes = std::move(fixes);
  r.min_paddle = py.min_paddle;
  return r;
}

}  // namespace t2p::driver
