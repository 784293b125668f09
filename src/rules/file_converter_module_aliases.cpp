// rules: module aliases (`F = nn.functional`): bound to Paddle's module once every use through them converts.
#include <string>

#include "rules/file_converter_impl.h"

namespace t2p::rules::detail {

bool Converter::is_module_alias_value(TSNode node) const {
  for (const semantic::ModuleAlias& a : model_.module_aliases) {
    if (parse::same_node(a.value, node) || parse::same_node(a.target, node)) return true;
  }
  return false;
}

// Runs after the walk over the references, so that every use through an alias (before or after
// its assignment in the file) has been counted. An alias none of whose uses is left binds
// Paddle's module (`F = paddle.nn.functional`), and other modules that import it get Paddle's
// module. One with a use left as written stays torch's module, and keeps the torch import its
// value names. One the file never uses is there for other modules, which call it with PyTorch's
// names: it stays, reported.
void Converter::convert_module_aliases() {
  for (const semantic::ModuleAlias& a : model_.module_aliases) {
    const semantic::ImportedName& alias = model_.imported_names[a.import_index];
    const std::string* paddle = graph_.paddle_module(alias.qualname);
    Ref at{a.value, 0, RefKind::kAttribute, ts_node_parent(a.value), a.statement, false};
    if (alias.uses > 0 && alias.uses == alias.converted && paddle) {
      current_ = &at;
      owner_ = next_owner_++;
      edits_.set_owner(owner_);
      edits_.note_name_node(a.value);
      if (edits_.add({ts_node_start_byte(a.value), ts_node_end_byte(a.value), *paddle})) {
        record(a.value, alias.qualname, *paddle, UseStatus::kConverted, "module_alias", "", a.root_import);
        current_ = nullptr;
        continue;
      }
      current_ = nullptr;
    }
    if (alias.uses == 0) {
      report_outside_references(a.value, a.statement, alias.qualname,
                                alias.local + " is bound to the module " + alias.qualname +
                                    " and not used in this file, so other modules use it with PyTorch's names: "
                                    "bind Paddle's module there and convert what they call through it",
                                a.root_import);
      continue;
    }
    // Uses left as written (reported each) need the torch module: the value and its import stay.
    ++model_.imported_names[a.root_import].uses;
  }
}

}  // namespace t2p::rules::detail
