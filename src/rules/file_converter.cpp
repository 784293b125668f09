// rules: the entry points (convert_tree, todo_comment) and the converter's walk over a file's torch references.
#include "rules/file_converter.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "base/source_text.h"
#include "rewrite/import_manager.h"
#include "rewrite/verify_names.h"
#include "rules/file_converter_impl.h"
#include "rules/fix_groups.h"
#include "rules/target_spellings.h"
#include "semantic/file_model_builder.h"
#include "semantic/module_aliases.h"

namespace t2p::rules::detail {
namespace {

// The file model, with the module-level names bound to a torch module read as its imports.
semantic::FileModel build_model(const parse::SyntaxTree& tree, std::string_view src, const kg::KnowledgeGraph& graph,
                                const ConvertOptions& options) {
  semantic::FileModel model = semantic::build_file_model(tree, src, options.roots_or(graph.converted_roots()));
  semantic::add_module_aliases(&model, src, [&](const std::string& module) { return graph.paddle_module(module) != nullptr; });
  return model;
}

}  // namespace

// `banned`: modules the converted code may not name, because the file binds that name to
// something else (found by a first run, see convert_tree).
Converter::Converter(const parse::SyntaxTree& tree, std::string_view src, const kg::KnowledgeGraph& graph,
                     const ConvertOptions& options, const std::set<std::string>& banned,
                     const std::vector<uint32_t>* barred)
    : barred_(barred),
      src_(src),
      graph_(graph),
      options_(options),
      model_(build_model(tree, src, graph, options)),
      resolver_(model_, src),
      types_(resolver_, graph),
      edits_(src),
      k_(parse::NodeKinds::get()),
      banned_(banned.begin(), banned.end()) {
  for (const auto& n : model_.imported_names) {
    if (n.local == target().name) file_imports_paddle_ = true;
  }
  nl_ = base::line_ending(src);  // inserted lines follow the file's own line ending
  root_ = tree.root();
}

FileConversion Converter::run() {
  // Statements of one block at two indents: the file is no Python. convert_source leaves this
  // check of first_syntax_error to the model's walk (parse/indentation_check.h), and fails the
  // file with it, as with any other syntax error.
  if (model_.indentation_error) {
    FileConversion out;
    out.output = std::string(src_);
    out.refused = model_.indentation_error;
    return out;
  }
  if (!ts_node_is_null(model_.python2)) {
    FileConversion out;
    out.output = std::string(src_);
    TSPoint p = ts_node_start_point(model_.python2);
    out.refused = base::Diagnostic{base::Severity::kError, p.row + 1, p.column + 1, "python2",
                                   std::string("Python 2 syntax (") + model_.python2_what +
                                       "); convert the file to Python 3 first"};
    return out;
  }
  // No torch import: nothing in this file can be a PyTorch object (the word "torch" was only
  // in a comment or a string).
  bool imports_torch = model_.has_wildcard_torch_import;
  for (const auto& n : model_.imported_names) imports_torch |= n.is_torch;
  if (!imports_torch) {
    FileConversion out;
    out.output = std::string(src_);
    return out;
  }
  std::vector<Ref> refs;
  refs.reserve(model_.calls.size() + model_.attributes.size() + 16);
  uses_.reserve(refs.capacity());  // at most one use per reference, mostly: no regrowth
  use_import_.reserve(refs.capacity());
  for (const auto& c : model_.calls) refs.push_back({c.node, c.scope, RefKind::kCall, c.parent, c.statement, c.in_fstring});
  for (const auto& a : model_.attributes) refs.push_back({a.node, a.scope, RefKind::kAttribute, a.parent, a.statement, a.in_fstring});
  // Inside a chain, only the tensor attributes Paddle writes otherwise matter (`x.real.sum()`:
  // Paddle's `real` is a method); the chain's other links are the whole chain's business.
  for (const auto& a : model_.inner_attributes) {
    if (tensor_attribute_written_otherwise(node_text(model_.attribute_of(a.node), src_))) {
      refs.push_back({a.node, a.scope, RefKind::kAttribute, a.parent, a.statement, a.in_fstring});
    }
  }
  // Only names some torch import binds can refer to torch: filter before resolving scopes.
  for (const auto& n : model_.imported_names) {
    if (n.is_torch) torch_locals_.push_back(n.local);
  }
  // Methods on objects are converted only where the output will import paddle whenever it
  // keeps a torch import (see below): not when the file binds `paddle` to something else, nor
  // beside an optional torch import (a paddle import outside its `try` would not be optional).
  methods_off_ = file_imports_paddle_ || banned_.count(target().name) > 0;
  for (size_t i = 0; i < model_.imported_names.size() && !methods_off_; ++i) {
    if (model_.imported_names[i].is_torch && optional_import(static_cast<int32_t>(i))) methods_off_ = true;
  }
  for (const auto& i : model_.identifiers) {
    std::string_view text = node_text(i.node, src_);
    if (!torch_local(text)) continue;
    semantic::ResolvedName rn = resolver_.resolve(i.scope, text);
    if ((rn.source == semantic::NameSource::kImport || rn.source == semantic::NameSource::kAmbiguous) &&
        model_.imported_names[rn.import_index].is_torch) {
      refs.push_back({i.node, i.scope, RefKind::kIdentifier, i.parent, i.statement, i.in_fstring});
    }
  }
  // Inner constructs before the ones containing them, so that nested rewrites compose. The
  // references' ranges are read once and sorted as small keys: the comparisons are those of
  // sorting the references themselves, so std::sort takes the same steps (ties included).
  struct Key {
    uint32_t start, end, index;
  };
  std::vector<Key> order(refs.size());
  for (size_t i = 0; i < refs.size(); ++i) {
    order[i] = {ts_node_start_byte(refs[i].node), ts_node_end_byte(refs[i].node), static_cast<uint32_t>(i)};
  }
  std::sort(order.begin(), order.end(), [](const Key& a, const Key& b) {
    if (a.start != b.start) return a.start > b.start;
    return a.end < b.end;
  });
  for (const Key& key : order) {
    const Ref& r = refs[key.index];
    if (!model_.module_aliases.empty() && is_module_alias_value(r.node)) continue;
    current_ = &r;
    owner_ = key.index;  // the fix of this reference's use (base::Edit::owner)
    edits_.set_owner(owner_);
    switch (r.kind) {
      case RefKind::kCall: on_call(r); break;
      case RefKind::kAttribute: on_attribute(r); break;
      case RefKind::kIdentifier: on_identifier(r); break;
    }
  }
  next_owner_ = static_cast<uint32_t>(refs.size());
  convert_module_aliases();
  note_names_in_text();
  record_dynamic_lookups();
  record_class_body_imports();
  record_reexported_imports();
  record_overridden_hooks();
  for (const auto& [end, text, owner] : after_statements_) {
    edits_.set_owner(owner);
    edits_.add({end, end, text, base::EditSide::kClose, 0});
  }
  edits_.set_owner(base::kFileEdit);
  // A converted method (`x.index_add(1, i, s, alpha=2)` -> `x.index_add(i, 1, 2 * s)`) names
  // no module, and only an import of paddle tells a second run not to convert it again. So an
  // output that keeps a torch import (an unsupported or ambiguous use: `torch = torch.f(...)`)
  // imports paddle whenever a method or attribute of an object was converted.
  if (object_converted_ && !file_imports_paddle_ && !banned_.count(target().name) && keeps_torch_import()) {
    needed_.emplace(target().name);
  }
  if (banned_.empty()) {
    for (const auto& m : needed_) {
      if (module_name_taken(m)) conflicts_.insert(m);
    }
    if (!conflicts_.empty()) return {};  // convert_tree runs again with these banned
  }
  if (converted_ > 0 || !edits_.empty()) {
    rewrite::plan_import_edits(model_, src_, std::vector<std::string>(needed_.begin(), needed_.end()), nl_, &edits_);
  }
  keep_replaced_comments();
  edits_.set_owner(base::kNoteEdit);
  record_backward_returns();
  add_todo_comments();

  FileConversion out;
  std::vector<uint32_t> owners;
  out.uses = sorted_uses(&owners);
  out.changed = !edits_.empty();
  if (out.changed) {
    const std::vector<rewrite::EditSet::Merge> merges = edits_.merges();
    out.edits = edits_.take_edits();  // the set's last use
    group_fixes(owners, merges, &out);  // rules/fix_groups.h
    out.name_nodes = edits_.take_name_nodes();
    out.unbound = rewrite::verify_names(model_, resolver_, src_, out.edits, rewrite::removed_imports(model_));
    std::sort(statements_.begin(), statements_.end());
    statements_.erase(std::unique(statements_.begin(), statements_.end()), statements_.end());
    out.statements = std::move(statements_);
    out.blocks = std::move(model_.block_statements);  // the model's last use
  }
  return out;
}

// The uses, retracted ones dropped, by offset. The sort orders indices, not the uses (four
// strings each): std::sort's steps depend only on its comparisons, so the order, ties
// included, is the one sorting the uses themselves gave.
std::vector<ApiUse> Converter::sorted_uses(std::vector<uint32_t>* owners) {
  std::vector<uint32_t> order;
  order.reserve(uses_.size());
  for (size_t i = 0; i < uses_.size(); ++i) {
    if (uses_[i].rule != "retracted") order.push_back(static_cast<uint32_t>(i));
  }
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return uses_[a].offset < uses_[b].offset; });
  std::vector<ApiUse> sorted;
  sorted.reserve(order.size());
  owners->reserve(order.size());
  for (uint32_t i : order) {
    sorted.push_back(std::move(uses_[i]));
    owners->push_back(use_owner_[i]);
  }
  return sorted;
}

void Converter::on_call(const Ref& r) {
  TSNode fn = model_.function_of(r.node);
  int32_t import_index = -1;
  TSSymbol fs = ts_node_symbol(fn);
  const std::string* qualname = fs == k_.attribute || fs == k_.identifier
                                    ? resolver_.qualified_name_of(fn, r.scope, &import_index)
                                    : nullptr;
  if (qualname) {
    if (*qualname == "functools.partial") {
      // `partial(LayerNorm2d, eps=1e-6)` of a class of the file built by a torch class.
      TSNode args = model_.arguments_of(r.node);
      TSNode first = ts_node_named_child_count(args) > 0 ? ts_node_named_child(args, 0) : TSNode{};
      if (!ts_node_is_null(first) && ts_node_symbol(first) == k_.identifier) check_inherited_call(r, first, true);
      return;
    }
    if (!model_.imported_names[import_index].is_torch) return;
    convert_api_call(r, *qualname, import_index, TSNode{});
    return;
  }
  if ((fs == k_.identifier || fs == k_.attribute) && convert_instance_call(r, fn)) return;
  if (fs == k_.identifier && check_inherited_call(r, fn)) return;
  if (fs == k_.identifier) {
    // `F.relu` bound ambiguously, or a torch import shadowed: counts as a use of the import.
    std::string_view name = node_text(fn, src_);
    if (!torch_local(name)) return;  // cannot resolve to a torch import
    semantic::ResolvedName rn = resolver_.resolve(r.scope, name);
    if (rn.source == semantic::NameSource::kAmbiguous && model_.imported_names[rn.import_index].is_torch) {
      record_ambiguous(r.node, model_.imported_names[rn.import_index].qualname, rn.import_index);
    }
    return;
  }
  if (fs != k_.attribute) return;
  TSNode receiver = model_.object_of(fn);
  std::string method(node_text(model_.attribute_of(fn), src_));
  if (method == "__init__" && check_super_init(r, receiver)) return;
  // A chain rooted in an ambiguous torch name: keep its import, ask for review.
  if (mark_ambiguous_root(fn, r)) return;
  if (convert_family_method(r, receiver, method)) return;
  convert_method_call(r, receiver, method);
}

}  // namespace t2p::rules::detail

namespace t2p::rules {

namespace {

// A reason on one comment line: a reason that quotes converted code spanning lines (a statement
// added before the call) would otherwise continue the comment as code.
std::string one_line(const std::string& reason) {
  if (reason.find_first_of("\r\n") == std::string::npos) return reason;
  std::string out;
  out.reserve(reason.size());
  for (size_t i = 0; i < reason.size(); ++i) {
    if (reason[i] != '\n' && reason[i] != '\r') {
      out += reason[i];
      continue;
    }
    while (i + 1 < reason.size() && (reason[i + 1] == '\n' || reason[i + 1] == '\r' || reason[i + 1] == ' ' ||
                                     reason[i + 1] == '\t')) {
      ++i;
    }
    out += " / ";
  }
  return out;
}

}  // namespace

std::string todo_comment(const ApiUse& use) {
  if (use.applied) return "# TODO(torch2paddle): review: " + use.torch_api + ": " + one_line(use.reason);
  if (use.reason == "Paddle has no equivalent" || use.reason == "no Paddle mapping yet" ||
      use.reason == "unknown to the knowledge graph") {
    return "# TODO(torch2paddle): " + use.torch_api + " has no Paddle equivalent yet";
  }
  return "# TODO(torch2paddle): " + use.torch_api + ": " + one_line(use.reason);
}

FileConversion convert_tree(const parse::SyntaxTree& tree, std::string_view source,
                            const kg::KnowledgeGraph& graph, const ConvertOptions& options,
                            const std::vector<uint32_t>& barred) {
  // A module the converted code needs whose name the file binds to something else (`logging`
  // after `from transformers import logging` that stays): convert again, reporting the calls
  // that would name it.
  detail::Converter first(tree, source, graph, options, {}, &barred);
  FileConversion out = first.run();
  if (first.import_conflicts().empty()) return out;
  return detail::Converter(tree, source, graph, options, first.import_conflicts(), &barred).run();
}

}  // namespace t2p::rules
