// rules: methods a module class defines that override a PyTorch hook Paddle's Layer never calls.
#include <string>

#include "rules/file_converter_impl.h"

namespace t2p::rules::detail {

// A torch.nn.Module method the graph only reports (a reason, no conversion).
bool Converter::is_reported_module_hook(const std::string& method) const {
  const ApiRecord* rec = graph_.find_member("torch.nn.Module", method);
  return rec && rec->kind == "method" && rec->reports_only();
}

// `super()._load_from_state_dict(...)` inside `def _load_from_state_dict` of a module class: part
// of the overriding hook, whose definition record_overridden_hooks reports.
bool Converter::is_hook_super_call(const Ref& r, TSNode receiver, const std::string& method) const {
  if (ts_node_symbol(receiver) != k_.call || node_text(model_.function_of(receiver), src_) != "super") return false;
  const semantic::Scope& fn = model_.scopes[r.scope];
  if (fn.kind != semantic::ScopeKind::kFunction || fn.class_index < 0) return false;
  TSNode name = ts_node_child_by_field_id(fn.node, parse::NodeFields::get().name);
  return node_text(name, src_) == method && types_.is_module_class(fn.class_index) && is_reported_module_hook(method);
}

// `def _load_from_state_dict(self, ...)` in a subclass of torch.nn.Module: PyTorch calls it while
// loading, Paddle never does, so what it does is silently lost. A method of a module class whose
// name is a torch.nn.Module method that the graph only reports (a reason, no conversion) is
// reported at its definition, with that reason.
void Converter::record_overridden_hooks() {
  const auto& f = parse::NodeFields::get();
  for (size_t i = 0; i < model_.classes.size(); ++i) {
    if (!types_.is_module_class(static_cast<int32_t>(i))) continue;
    TSNode body = ts_node_child_by_field_id(model_.classes[i].node, f.body);
    for (uint32_t s = 0, n = ts_node_named_child_count(body); s < n; ++s) {
      TSNode statement = ts_node_named_child(body, s);
      TSNode def = statement;
      if (ts_node_symbol(def) == k_.decorated_definition) def = ts_node_child_by_field_id(def, f.definition);
      if (ts_node_symbol(def) != k_.function_definition) continue;
      TSNode name = ts_node_child_by_field_id(def, f.name);
      const std::string method(node_text(name, src_));
      if (!is_reported_module_hook(method)) continue;
      const ApiRecord* rec = graph_.find_member("torch.nn.Module", method);
      report_outside_references(name, statement, "torch.nn.Module." + method, rec->cases.back().reason, -1, rec->rule);
    }
  }
}

}  // namespace t2p::rules::detail
