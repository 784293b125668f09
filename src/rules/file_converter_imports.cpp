// rules: the modules converted code names (does the file bind them to something else?) and the torch imports kept.
#include <string>
#include <string_view>

#include "rules/file_converter_impl.h"

namespace t2p::rules::detail {

// One of the modules the call needs that the file binds to something else (at module level,
// or in the call's own function: `def f(os): ...`), or empty.
std::string Converter::banned_module(const RewriteOutcome& o, const std::string& paddle_api, int32_t scope) const {
  std::string found;
  for_each_module_needed(&o, paddle_api, [&](std::string_view m) {
    if (!found.empty()) return;
    if (banned_.count(m)) {
      found = m;
      return;
    }
    if (bound_elsewhere(m, scope)) found = m;
  });
  return found;
}

// Whether `module` names something else in `scope` (not at module level: that is checked at
// the end). Name resolution does not change during a run, and most converted calls in a row
// ask for the same module in the same scope: the last answer is kept.
bool Converter::bound_elsewhere(std::string_view module, int32_t scope) const {
  if (scope == bound_memo_.scope && module == bound_memo_.module) return bound_memo_.elsewhere;
  semantic::ResolvedName rn = resolver_.resolve(scope, module);
  bool same_module = rn.source == semantic::NameSource::kImport && model_.imported_names[rn.import_index].qualname == module;
  bound_memo_.scope = scope;
  bound_memo_.module.assign(module);
  bound_memo_.elsewhere = rn.scope > 0 && !same_module;  // scope <= 0: unbound, or module level
  return bound_memo_.elsewhere;
}

// Whether the module-level name `module` refers to something other than that module once the
// imports are fixed: an assignment, def or class, or an import of something else that stays
// (`from transformers import logging` with a use left unconverted).
bool Converter::module_name_taken(const std::string& module) const {
  semantic::ResolvedName rn = resolver_.resolve(0, module);
  if (rn.source == semantic::NameSource::kUnbound) return false;
  if (rn.source != semantic::NameSource::kImport) return true;
  const auto& imp = model_.imported_names[rn.import_index];
  if (imp.qualname == module) return false;
  return !(imp.is_torch && imp.uses == imp.converted);
}

// Whether the output keeps an import of a converted root (a use not converted keeps it).
bool Converter::keeps_torch_import() const {
  if (model_.has_wildcard_torch_import) return true;
  for (const auto& n : model_.imported_names) {
    if (n.is_torch && n.uses != n.converted) return true;
  }
  return false;
}

// Whether the import is in the body of a `try` whose `except` clause binds its name to None.
bool Converter::optional_import(int32_t import_index) const {
  const auto& imp = model_.imported_names[import_index];
  if (imp.statement < 0) return false;
  const auto& f = parse::NodeFields::get();
  TSNode block = ts_node_parent(model_.imports[imp.statement].node);
  if (ts_node_is_null(block) || ts_node_symbol(block) != k_.block) return false;
  TSNode try_stmt = ts_node_parent(block);
  if (ts_node_is_null(try_stmt) || ts_node_symbol(try_stmt) != k_.try_statement) return false;
  for (uint32_t i = 0; i < ts_node_named_child_count(try_stmt); ++i) {
    TSNode clause = ts_node_named_child(try_stmt, i);
    if (ts_node_symbol(clause) != k_.except_clause) continue;
    for (uint32_t j = 0; j < ts_node_named_child_count(clause); ++j) {
      TSNode body = ts_node_named_child(clause, j);
      if (ts_node_symbol(body) != k_.block) continue;
      for (uint32_t s = 0; s < ts_node_named_child_count(body); ++s) {
        TSNode st = ts_node_named_child(body, s);
        if (ts_node_symbol(st) != k_.expression_statement || ts_node_named_child_count(st) != 1) continue;
        TSNode a = ts_node_named_child(st, 0);
        if (ts_node_symbol(a) != k_.assignment) continue;
        TSNode left = ts_node_child_by_field_id(a, f.left), right = ts_node_child_by_field_id(a, f.right);
        if (!ts_node_is_null(left) && !ts_node_is_null(right) && ts_node_symbol(right) == k_.none &&
            node_text(left, src_) == imp.local) {
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace t2p::rules::detail
