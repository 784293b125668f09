#include "rewrite/import_manager.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::rewrite {
namespace {

using semantic::FileModel;
using semantic::ImportStatement;

// Start of the line holding `offset`; on the first line, after a UTF-8 byte order mark (which
// must stay the file's first bytes).
uint32_t line_start_of(std::string_view src, uint32_t offset) {
  while (offset > 0 && src[offset - 1] != '\n') --offset;
  if (offset == 0 && src.substr(0, 3) == "\xEF\xBB\xBF") offset = 3;
  return offset;
}

// End of the statement's line, after the newline, when only blanks follow the statement.
// Returns `stmt_end` when something else (a comment, `; x = 1`) follows on the line.
uint32_t line_end_if_blank_after(std::string_view src, uint32_t stmt_end) {
  uint32_t i = stmt_end;
  while (i < src.size() && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r')) ++i;
  if (i >= src.size()) return i;
  if (src[i] == '\n') return i + 1;
  return stmt_end;
}

bool only_blanks_before(std::string_view src, uint32_t line_start, uint32_t offset) {
  for (uint32_t i = line_start; i < offset; ++i) {
    if (src[i] != ' ' && src[i] != '\t') return false;
  }
  return true;
}

// Whether the module is imported as itself at module level (`import os`, `import os.path`).
bool imports_module(const FileModel& model, const std::string& module) {
  for (const auto& name : model.imported_names) {
    if (name.local == module && name.qualname == module) {
      if (model.imports[name.statement].scope == 0) return true;
    }
  }
  return false;
}

}  // namespace

void plan_import_edits(const FileModel& model, std::string_view src, const std::vector<std::string>& needed,
                       std::string_view newline, EditSet* edits) {
  const std::string nl(newline);
  const auto& k = parse::NodeKinds::get();
  std::vector<std::string> missing;  // the needed modules the file does not import yet
  for (const auto& m : needed) {
    if (!imports_module(model, m)) missing.push_back(m);
  }
  bool imports_added = missing.empty();
  // The import statements, joined by `separator` (a newline and the anchor's indentation, or
  // `; ` in place of an import that shares its line).
  auto import_lines = [&](const std::string& separator) {
    std::string text;
    for (const auto& m : missing) text += (text.empty() ? "" : separator) + "import " + m;
    return text;
  };

  // Count statements per block to avoid emptying a block (which would not parse).
  std::unordered_map<uintptr_t, int> removed_in_block;
  struct Plan {
    const ImportStatement* stmt;
    bool remove_all;
    std::vector<int32_t> remove;  // indices into stmt->names to remove
  };
  std::vector<Plan> plans;
  for (const auto& st : model.imports) {
    if (st.is_relative) continue;
    Plan plan{&st, false, {}};
    int torch_names = 0;
    for (size_t i = 0; i < st.names.size(); ++i) {
      const auto& n = model.imported_names[st.names[i]];
      if (!n.is_torch) continue;
      ++torch_names;
      if (n.uses == n.converted) plan.remove.push_back(static_cast<int32_t>(i));
    }
    if (torch_names == 0) continue;
    plan.remove_all = plan.remove.size() == st.names.size();
    if (plan.remove_all) {
      TSNode parent = ts_node_parent(st.node);
      removed_in_block[reinterpret_cast<uintptr_t>(parent.id)]++;
    }
    plans.push_back(std::move(plan));
  }

  // Where the new imports go: the first module-level converted import.
  const ImportStatement* anchor = nullptr;
  for (const auto& p : plans) {
    if (p.stmt->scope == 0) {
      anchor = p.stmt;
      break;
    }
  }
  // No module-level one (torch imported inside functions only): the new imports go at module
  // level below (a name imported in one function would be missing in the others).

  std::unordered_map<uintptr_t, bool> block_has_pass;
  for (const auto& p : plans) {
    const ImportStatement& st = *p.stmt;
    uint32_t b = ts_node_start_byte(st.node), e = ts_node_end_byte(st.node);
    uint32_t ls = line_start_of(src, b);
    std::string indent(src.substr(ls, b - ls));
    bool own_line = only_blanks_before(src, ls, b);
    if (!own_line) indent.clear();
    // The line's own indentation, for statements inserted above it.
    std::string line_indent(src.substr(ls, b - ls));
    line_indent.resize(std::min(line_indent.find_first_not_of(" \t"), line_indent.size()));
    bool is_anchor = &st == anchor;

    if (p.remove_all) {
      TSNode parent = ts_node_parent(st.node);
      uintptr_t block = reinterpret_cast<uintptr_t>(parent.id);
      uint32_t block_statements = ts_node_named_child_count(parent);
      // Comments are named children of blocks too; count real statements only.
      uint32_t real = 0;
      for (uint32_t i = 0; i < block_statements; ++i) {
        if (ts_node_symbol(ts_node_named_child(parent, i)) != k.comment) ++real;
      }
      std::string replacement;
      if (is_anchor && !imports_added) {
        replacement = import_lines(own_line ? nl + indent : "; ");
        imports_added = true;
      } else if (static_cast<uint32_t>(removed_in_block[block]) == real &&
                 ts_node_symbol(parent) == k.block && !block_has_pass[block]) {
        replacement = "pass";  // keep the block non-empty
        block_has_pass[block] = true;
      }
      if (!replacement.empty()) {
        edits->add({b, e, replacement});
      } else if (own_line) {
        uint32_t end = line_end_if_blank_after(src, e);
        if (end == e) {
          // A trailing comment stays, on its own line, where the import stood.
          uint32_t c = e;
          while (c < src.size() && (src[c] == ' ' || src[c] == '\t')) ++c;
          if (c < src.size() && src[c] == ';') {
            edits->add({b, c + 1, ""});
          } else {
            edits->add({b, c, ""});
          }
        } else {
          edits->add({ls, end, ""});
        }
      } else {
        // `x = 1; import torch`: remove the statement and its separator.
        uint32_t s = b;
        while (s > ls && (src[s - 1] == ' ' || src[s - 1] == '\t')) --s;
        if (s > ls && src[s - 1] == ';') --s;
        edits->add({s, e, ""});
      }
      continue;
    }

    if (is_anchor && !imports_added) {
      // Keep this import (something still needs it) and put the new imports above it.
      edits->add({ls, ls, line_indent + import_lines(nl + line_indent) + nl, base::EditSide::kOpen, 0});
      imports_added = true;
    }
    // Remove single names from a statement that keeps others.
    std::vector<TSNode> items;
    for (int32_t idx : st.names) items.push_back(model.imported_names[idx].item);
    std::vector<bool> removed(items.size(), false);
    for (int32_t i : p.remove) removed[i] = true;
    for (size_t i = 0; i < items.size(); ++i) {
      if (!removed[i]) continue;
      size_t j = i;
      while (j + 1 < items.size() && removed[j + 1]) ++j;
      uint32_t rb, re;
      if (j + 1 < items.size()) {
        rb = ts_node_start_byte(items[i]);
        re = ts_node_start_byte(items[j + 1]);
      } else {
        rb = ts_node_end_byte(items[i - 1]);
        re = ts_node_end_byte(items[j]);
      }
      edits->add({rb, re, ""});
      i = j;
    }
  }
  if (imports_added) return;
  // No module-level converted import (a wildcard, or imports inside functions only): on the line
  // of the first statement of the module that is not part of its prologue - comments (a shebang,
  // a coding cookie), the docstring, `from __future__` imports, which must stay first - so above
  // the first other import, or above a `try:` holding one; at the end when nothing follows it.
  TSNode module = model.scopes.empty() ? TSNode{} : model.scopes[0].node;
  TSNode first_real{}, last_prologue{};
  bool docstring_possible = true;
  for (uint32_t i = 0, n = ts_node_is_null(module) ? 0 : ts_node_named_child_count(module); i < n; ++i) {
    TSNode c = ts_node_named_child(module, i);
    std::string_view type = ts_node_type(c);
    if (type == "comment") continue;
    bool docstring = docstring_possible && type == "expression_statement" && ts_node_named_child_count(c) == 1 &&
                     std::string_view(ts_node_type(ts_node_named_child(c, 0))) == "string";
    docstring_possible = false;
    if (docstring || type == "future_import_statement") {
      last_prologue = c;
      continue;
    }
    first_real = c;
    break;
  }
  uint32_t at = 0;
  if (!ts_node_is_null(first_real)) {
    at = line_start_of(src, ts_node_start_byte(first_real));
    // Right after the prologue unless an import follows it: imports stay together. (And a
    // statement sharing its line with the prologue, `"""doc"""; x = 1`, goes after it too.)
    std::string_view type = ts_node_type(first_real);
    bool import = type == "import_statement" || type == "import_from_statement";
    if (!ts_node_is_null(last_prologue) && (!import || at < ts_node_end_byte(last_prologue))) first_real = TSNode{};
  }
  if (ts_node_is_null(first_real) && !ts_node_is_null(last_prologue)) {
    // After the prologue's line (a comment on that line stays there).
    size_t line_end = src.find('\n', ts_node_end_byte(last_prologue));
    if (line_end == std::string_view::npos) {
      edits->add({static_cast<uint32_t>(src.size()), static_cast<uint32_t>(src.size()), nl + import_lines(nl),
                  base::EditSide::kOpen, 0});
      return;
    }
    at = static_cast<uint32_t>(line_end + 1);
  } else if (ts_node_is_null(first_real)) {
    at = static_cast<uint32_t>(src.size());  // only comments: after them
    if (at > 0 && src[at - 1] != '\n') {
      edits->add({at, at, nl + import_lines(nl), base::EditSide::kOpen, 0});
      return;
    }
    edits->add({at, at, import_lines(nl), base::EditSide::kOpen, 0});
    return;
  }
  edits->add({at, at, import_lines(nl) + nl, base::EditSide::kOpen, 0});
}

}  // namespace t2p::rewrite
