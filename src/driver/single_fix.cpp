#include "driver/single_fix.h"

#include <algorithm>
#include <set>

#include "semantic/code_names.h"
#include "semantic/file_model_builder.h"

namespace t2p::driver {

namespace {

// Start of the line holding byte `offset`.
uint32_t line_start_of(std::string_view s, uint32_t offset) {
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(s.size()));
  while (offset > 0 && s[offset - 1] != '\n' && s[offset - 1] != '\r') --offset;
  return offset;
}

}  // namespace

SingleFix single_fix(std::string_view source, const SourceResult& result, uint32_t fix,
                     const kg::KnowledgeGraph& graph, parse::PythonParser& parser) {
  SingleFix out;
  if (fix >= result.fixes.size()) return out;
  for (uint32_t i : result.fixes[fix].edits) {
    if (i >= result.edits.size()) return out;
    out.edits.push_back(result.edits[i]);
  }
  out.ok = true;

  // The root names the fix writes.
  std::set<std::string, std::less<>> used;
  for (const auto& e : out.edits) {
    for (const auto& n : semantic::code_names(e.text)) {
      if (n.role == semantic::NameRole::kUse) used.emplace(n.name);
    }
  }
  // The modules the full conversion imports, and where its first import line goes.
  std::set<std::string, std::less<>> candidates;
  uint32_t anchor = UINT32_MAX;
  for (const auto& e : result.edits) {
    if (e.owner != base::kFileEdit) continue;
    bool imports = false;
    for (const auto& n : semantic::code_names(e.text)) {
      if (n.role != semantic::NameRole::kImport) continue;
      imports = true;
      if (used.count(n.name)) candidates.emplace(n.name);
    }
    if (imports) anchor = std::min(anchor, e.begin);
  }
  if (candidates.empty() || anchor == UINT32_MAX) return out;

  // Drop the modules a module-level import of the source binds already.
  parse::SyntaxTree tree = parser.parse(source);
  if (tree.valid()) {
    semantic::FileModel model = semantic::build_file_model(tree, source, graph.converted_roots());
    for (const auto& name : model.imported_names) {
      if (name.statement < 0 || model.imports[name.statement].scope != 0 || name.is_torch) continue;
      if (name.local == name.qualname) candidates.erase(name.local);
    }
  }
  if (candidates.empty()) return out;

  const std::string_view newline = source.find("\r\n") != std::string_view::npos ? "\r\n" : "\n";
  const uint32_t at = line_start_of(source, anchor);
  uint32_t indent_end = at;
  while (indent_end < source.size() && (source[indent_end] == ' ' || source[indent_end] == '\t')) ++indent_end;
  const std::string_view indent = source.substr(at, indent_end - at);
  std::string text;
  for (const auto& m : candidates) {
    text.append(indent).append("import ").append(m).append(newline);
    out.imports_added.push_back(m);
  }
  base::Edit insert{at, at, text, base::EditSide::kOpen, 0, base::kFileEdit};
  auto pos = std::find_if(out.edits.begin(), out.edits.end(), [&](const base::Edit& e) { return e.begin >= at; });
  out.edits.insert(pos, std::move(insert));
  return out;
}

}  // namespace t2p::driver
