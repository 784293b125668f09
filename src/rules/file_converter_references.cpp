// rules: torch names and attributes used but not called: references, annotations, decorators, tensor attributes.
#include <algorithm>
#include <cctype>
#include <string>

#include "rules/autograd_base.h"
#include "rules/file_converter_impl.h"
#include "rules/partial_arguments.h"
#include "rules/value_flow.h"
#include "rules/value_references.h"
#include "semantic/code_names.h"

namespace t2p::rules::detail {
namespace {

// The last component of a dotted name (`paddle.Tensor.place` -> `place`).
std::string_view short_name(std::string_view id) { return id.substr(id.rfind('.') + 1); }

}  // namespace

// Names of torch imports used in type comments and string annotations (FileModel::
// named_in_text): a class the graph maps to a Paddle class is renamed in place (`"torch.Tensor"`
// -> `"paddle.Tensor"`, `# type: (nn.Module) -> None` -> `paddle.nn.Layer`); any other name
// there is reported and counted as a use of its import, which therefore stays.
void Converter::note_names_in_text() {
  for (const semantic::NamedInText& t : model_.named_in_text) {
    std::string_view whole = node_text(t.node, src_);
    std::string_view text = t.comment ? semantic::type_comment_text(whole) : semantic::string_content(whole);
    if (text.empty()) continue;
    // A string annotation with escapes or an f-string prefix is left as it is.
    if (!t.comment && (text.find('\\') != std::string_view::npos || (whole[0] | 0x20) == 'f')) continue;
    const uint32_t base = ts_node_start_byte(t.node) + static_cast<uint32_t>(text.data() - whole.data());
    for (const semantic::CodeName& n : semantic::code_names(text)) {
      if (n.role != semantic::NameRole::kUse || !torch_local(n.name)) continue;
      semantic::ResolvedName rn = resolver_.resolve(t.scope, n.name);
      if (rn.source != semantic::NameSource::kImport && rn.source != semantic::NameSource::kAmbiguous) continue;
      const semantic::ImportedName& imp = model_.imported_names[rn.import_index];
      if (!imp.is_torch) continue;
      // The dotted name written there: `nn.Module` -> torch.nn.Module.
      size_t end = n.offset + n.name.size();
      while (end + 1 < text.size() && text[end] == '.' &&
             (std::isalnum(static_cast<unsigned char>(text[end + 1])) || text[end + 1] == '_')) {
        ++end;
        while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
      }
      std::string api = canonical_id(imp.qualname + std::string(text.substr(n.offset + n.name.size(), end - n.offset - n.name.size())));
      Ref at{t.node, t.scope, RefKind::kIdentifier, TSNode{}, t.statement, false};
      current_ = &at;
      const uint32_t begin_at = base + n.offset, end_at = base + static_cast<uint32_t>(end);
      const ApiRecord* rec = rn.source == semantic::NameSource::kImport ? graph_.find(api) : nullptr;
      std::string paddle;
      if (rec && rec->kind == "class" && rec->status == ApiStatus::kMapped && !rec->paddle.empty()) {
        if (!rec->as_reference.empty()) paddle = rec->as_reference;
        else if (rec->paddle_kind != "function") paddle = rec->paddle;
      }
      owner_ = next_owner_++;
      edits_.set_owner(owner_);
      if (!paddle.empty() && edits_.add({begin_at, end_at, paddle})) {
        record(t.node, std::move(api), paddle, UseStatus::kConverted, rec->rule, "", rn.import_index);
      } else {
        record(t.node, std::move(api), "", UseStatus::kUnsupported, "resolver",
               std::string("named in a ") + (t.comment ? "type comment" : "string annotation") +
                   " with no Paddle type to name there; its import is kept",
               rn.import_index);
      }
      uses_.back().offset = begin_at;
      uses_.back().end = end_at;
      current_ = nullptr;
    }
  }
}

// The record of a tensor's attribute `name` when Paddle writes it otherwise: a template
// (`is_cuda` -> `place.is_gpu_place()`, `real` -> `real()`) or another name (`device` ->
// `place`); null otherwise. Asked for every link inside an attribute chain: memoised by name.
const ApiRecord* Converter::tensor_attribute_written_otherwise(std::string_view name) const {
  if (auto it = written_otherwise_.find(name); it != written_otherwise_.end()) return it->second;
  const ApiRecord* rec = graph_.find(canonical_id("torch.Tensor." + std::string(name)));
  if (rec && (rec->kind != "attribute" || rec->status != ApiStatus::kMapped ||
              (rec->cases.empty() && (short_name(rec->paddle).empty() || short_name(rec->paddle) == name)))) {
    rec = nullptr;
  }
  written_otherwise_.emplace(std::string(name), rec);
  return rec;
}

void Converter::on_attribute(const Ref& r) {
  int32_t import_index = -1;
  const std::string* qualname = resolver_.qualified_name_of(r.node, r.scope, &import_index);
  // A link inside a chain (`x.real` of `x.real.sum()`): an import-rooted chain is its whole
  // chain's (`torch.cuda` of `torch.cuda.amp`), and so is a torch name bound locally too.
  if (ts_node_symbol(r.parent) == k_.attribute && parse::same_node(model_.object_of(r.parent), r.node)) {
    if (qualname) return;
    TSNode root = r.node;
    while (ts_node_symbol(root) == k_.attribute) root = model_.object_of(root);
    if (ts_node_symbol(root) == k_.identifier && torch_local(node_text(root, src_))) return;
  }
  if (qualname) {
    if (!model_.imported_names[import_index].is_torch) return;
    std::string api = canonical_id(*qualname);
    const ApiRecord* rec = graph_.find(api);
    if (rec && replace_annotation(r, api, *rec, import_index)) return;
    if (rec && delete_decorator(r, api, *rec, import_index)) return;
    if (!rec || rec->status != ApiStatus::kMapped || rec->paddle.empty()) {
      record(r.node, api, "", UseStatus::kUnsupported, rec ? rec->rule : "kg", unconvertible_reason(rec, api), import_index);
      return;
    }
    replace_reference(r, api, *rec, import_index);
    return;
  }
  if (mark_ambiguous_root(r.node, r)) return;
  // A tensor attribute: `x.shape`, `x.T`, `p.requires_grad = False`.
  TSNode receiver = model_.object_of(r.node);
  TSNode attr = model_.attribute_of(r.node);
  std::string name(node_text(attr, src_));
  ExprKind kind = types_.kind_of(receiver, r.scope);
  if (kind.confidence == Confidence::kUnknown) {
    if (auto it = converted_kinds_.find(receiver.id); it != converted_kinds_.end()) {
      kind.kind = it->second;
      kind.confidence = Confidence::kLikely;
    }
  }
  const char* owner = owner_for(kind);
  if (!owner) {
    // A receiver of unknown kind: an attribute only tensors have (`x.mT`, `x.is_leaf`) says
    // it is one, as for methods (rule classifier:name); shared names (`shape`, `device`) do not.
    bool free_builtin = kind.builtin && kind.callable_ref && kind.user_class < 0;
    // A shared name on a name the scope binds once and calls a tensor-only method on
    // (`X.unsqueeze(0)` ... `X.device`) is a tensor's, as for methods (rule classifier:usage).
    if (methods_off_) return;
    if (graph_.is_shared_method_name(name) && other_owner_possible(name) && !bound_once_to_a_tensor(r, receiver)) {
      if (!free_builtin && kind.confidence == Confidence::kUnknown && kind.user_class < 0 && !kind.callable_ref) {
        review_shared_attribute(r, name);
        // `out.shape[-2:] != (h, w)` with `out` of unknown kind: were it a tensor, Paddle's shape
        // would be a list, never equal to the tuple; tuple() of a NumPy shape changes nothing.
        const TSSymbol ps = ts_node_symbol(r.parent);
        if (ps == k_.comparison_operator || ps == k_.binary_operator || ps == k_.subscript ||
            ps == k_.parenthesized_expression) {
          const ApiRecord* rec = graph_.find("torch.Tensor." + name);
          if (rec && rec->kind == "attribute" && rec->returns == kg::ValueKind::kSize) wrap_if_tuple_operand(r.node, r.parent, r.scope);
        }
      }
      return;
    }
    if (!free_builtin && (kind.confidence != Confidence::kUnknown || kind.user_class >= 0 || kind.callable_ref)) return;
    if (report_torch_object_attribute(r, name)) return;
    owner = "torch.Tensor";
  }
  // `self.fc.out_features`, `self.eps` in a subclass of nn.LayerNorm: the layer class's own
  // attribute records first (mappings/layer_attributes.jsonl), then the Module's.
  std::string api;
  const ApiRecord* rec = member_record(kind, owner, name, "attribute", &api);
  if (!rec || rec->kind != "attribute") return;
  if (rec->status != ApiStatus::kMapped) {
    record(r.node, api, "", UseStatus::kUnsupported, rec->rule, unconvertible_reason(rec, api), -1);
    return;
  }
  if (!rec->cases.empty()) {
    if (is_barred(r.statement)) {
      record(r.node, api, rec->paddle, UseStatus::kUnsupported, rec->rule, kUnparsableReason, -1);
      return;
    }
    if (convert_attribute_template(r, *rec, receiver)) return;
    record(r.node, api, rec->paddle, UseStatus::kUnsupported, rec->rule, "no case of the rule fits", -1);
    return;
  }
  const std::string paddle_name(short_name(rec->paddle));
  if (rec->returns == kg::ValueKind::kSize) wrap_size_in_tuple_context(r.node, r.parent, r.scope);
  if (paddle_name != name) edits_.note_name_node(attr);
  if (paddle_name != name && !edits_.add({ts_node_start_byte(attr), ts_node_end_byte(attr), paddle_name})) {
    record(r.node, api, rec->paddle, UseStatus::kUnsupported, rec->rule, "conflicting edits", -1);
    return;
  }
  record(r.node, std::move(api), rec->paddle, UseStatus::kConverted, rec->rule, "", -1);
}

// Whether the value of attribute reference `r` is written through: `x.real[0] = v`,
// `x.real += v`, `x.real.mul_(2)` (an in-place method, named with a trailing `_`). PyTorch's
// view attributes change the tensor then; a Paddle form that copies (`x.real()`) would not.
bool Converter::written_through(const Ref& r) const {
  const auto& f = parse::NodeFields::get();
  TSNode parent = r.parent;
  if (ts_node_is_null(parent)) return false;
  TSSymbol ps = ts_node_symbol(parent);
  if (ps == k_.augmented_assignment) return ts_node_child_by_field_id(parent, f.left).id == r.node.id;
  if (ps == k_.subscript) {
    TSNode up = ts_node_parent(parent);
    TSSymbol us = ts_node_is_null(up) ? 0 : ts_node_symbol(up);
    return (us == k_.assignment || us == k_.augmented_assignment) && ts_node_child_by_field_id(up, f.left).id == parent.id;
  }
  if (ps == k_.attribute && ts_node_child_by_field_id(parent, f.object).id == r.node.id) {
    std::string_view method = node_text(ts_node_child_by_field_id(parent, f.attribute), src_);
    TSNode up = ts_node_parent(parent);
    return method.size() > 1 && method.back() == '_' && method[method.size() - 2] != '_' && !ts_node_is_null(up) &&
           ts_node_symbol(up) == k_.call;
  }
  return false;
}

// A torch.Size is a tuple, Paddle's shape a list, which never equals a tuple and cannot be added
// to one: `x.size() != (b, 1)`, `x.shape[:-2] + (h, w)` -> `tuple(x.shape) != (b, 1)`. Wraps
// `value` (a shape, or a slice of it) when it is an operand of `==`, `!=` or `+` whose other
// operand is a tuple (a literal, or a value the type inference knows as one). A shape assigned
// to a name (`shape = x.shape`) is wrapped where the scope reads that name so
// (`shape[:-2] + (h, w)`), as long as the type inference knows the name as a torch.Size there.
void Converter::wrap_size_in_tuple_context(TSNode value, TSNode parent, int32_t scope) {
  const auto& f = parse::NodeFields::get();
  TSNode p = ts_node_is_null(parent) ? ts_node_parent(value) : parent;
  if (!ts_node_is_null(p) && ts_node_symbol(p) == k_.assignment &&
      parse::same_node(ts_node_child_by_field_id(p, f.right), value)) {
    TSNode target = ts_node_child_by_field_id(p, f.left);
    if (ts_node_symbol(target) != k_.identifier) return;
    const std::string_view name = node_text(target, src_);
    const uint32_t after = ts_node_end_byte(p);
    for (const semantic::Reference& id : model_.identifiers) {
      if (id.scope != scope || ts_node_start_byte(id.node) < after || node_text(id.node, src_) != name) continue;
      if (types_.kind_of(id.node, scope).is(kg::ValueKind::kSize)) wrap_if_tuple_operand(id.node, id.parent, scope);
    }
    return;
  }
  wrap_if_tuple_operand(value, parent, scope);
}

void Converter::wrap_if_tuple_operand(TSNode value, TSNode parent, int32_t scope) {
  TupleOperand t = tuple_operand(value, parent, scope);
  if (!t.found) return;
  auto wrap = [&](TSNode n) {
    const uint32_t b = ts_node_start_byte(n), end = ts_node_end_byte(n);
    edits_.add({b, b, "tuple(", base::EditSide::kOpen, end - b + 1});
    edits_.add({end, end, ")", base::EditSide::kClose, end - b + 1});
  };
  wrap(t.wrap);
  if (!ts_node_is_null(t.other_too)) wrap(t.other_too);
}

// The expression to wrap for `value` (itself, or its slice, parenthesized or not) when it is an
// operand of `==`, `!=` or `+` whose other operand is a tuple, and whether it is one. The other
// operand is wrapped too when it is a name bound to a tuple and to a torch.Size: it holds a list
// in Paddle where it held the Size.
Converter::TupleOperand Converter::tuple_operand(TSNode value, TSNode parent, int32_t scope) const {
  const auto& f = parse::NodeFields::get();
  TSNode e = value;
  TSNode p = ts_node_is_null(parent) ? ts_node_parent(e) : parent;
  if (!ts_node_is_null(p) && ts_node_symbol(p) == k_.subscript && parse::is_sliced_subscript(p) &&
      ts_node_child_by_field_id(p, f.value).id == e.id) {
    e = p;
    p = ts_node_parent(p);
  }
  while (!ts_node_is_null(p) && ts_node_symbol(p) == k_.parenthesized_expression) {
    e = p;
    p = ts_node_parent(p);
  }
  if (ts_node_is_null(p)) return {e, false, {}};
  TSNode other{};
  if (ts_node_symbol(p) == k_.comparison_operator) {
    if (ts_node_named_child_count(p) != 2 || !parse::is_equality_comparison(p)) return {e, false, {}};
    other = ts_node_named_child(p, ts_node_named_child(p, 0).id == e.id ? 1 : 0);
  } else if (ts_node_symbol(p) == k_.binary_operator) {
    if (node_text(ts_node_child_by_field_id(p, f.operator_), src_) != "+") return {e, false, {}};
    TSNode left = ts_node_child_by_field_id(p, f.left);
    other = left.id == e.id ? ts_node_child_by_field_id(p, f.right) : left;
  } else {
    return {e, false, {}};
  }
  if (ts_node_is_null(other)) return {e, false, {}};
  if (ts_node_symbol(other) == k_.tuple) return {e, true, {}};
  const semantic::ExprKind k = types_.kind_of(other, scope);
  if (k.is(kg::ValueKind::kTuple)) return {e, true, {}};
  if (k.is(kg::ValueKind::kSize) && k.or_tuple && ts_node_symbol(other) == k_.identifier) return {e, true, other};
  return {e, false, {}};
}

// `feature_maps[0].device` on a receiver of unknown kind: other objects have a `device` too, but a
// tensor's is spelt otherwise in Paddle (`place`): left as written, with a word (a TODO line)
// rather than none. Not a value set (PyTorch's `device` cannot be) or compared with a string.
void Converter::review_shared_attribute(const Ref& r, const std::string& name) {
  if (assigned(r) || compared_with_string(r)) return;
  const ApiRecord* rec = tensor_attribute_written_otherwise(name);
  if (!rec) return;
  const std::string_view paddle_name = short_name(rec->paddle);
  const std::string paddle_form = !paddle_name.empty() && paddle_name != name
                                      ? "is `" + std::string(paddle_name) + "` in Paddle"
                                      : "is written otherwise in Paddle";
  record(r.node, "torch.Tensor." + name, "", UseStatus::kNeedsReview, "classifier",
         "receiver of unknown kind; `" + name + "` is also an attribute of non-torch objects: left as written, "
         "a tensor's " + paddle_form,
         -1);
}

// Whether `r` is the target of an assignment (`p.requires_grad = False`).
bool Converter::assigned(const Ref& r) const {
  return ts_node_symbol(r.parent) == k_.assignment &&
         parse::same_node(ts_node_child_by_field_id(r.parent, parse::NodeFields::get().left), r.node);
}

// Whether `r` is an operand of `==` / `!=` whose other operand is a string literal
// (`net.module_.device == 'cpu'`): a torch.device never equals a string, so the value compared
// is not a tensor's device.
bool Converter::compared_with_string(const Ref& r) const {
  if (!parse::is_equality_comparison(r.parent)) return false;
  for (uint32_t i = 0, n = ts_node_named_child_count(r.parent); i < n; ++i) {
    TSNode c = ts_node_named_child(r.parent, i);
    if (!parse::same_node(c, r.node) && (ts_node_symbol(c) == k_.string || ts_node_symbol(c) == k_.concatenated_string)) {
      return true;
    }
  }
  return false;
}

// Whether `r` is the one argument of a call of the builtin `str` (`str(x.device)`).
bool Converter::str_argument(const Ref& r) const {
  TSNode list = r.parent;
  if (ts_node_is_null(list) || ts_node_symbol(list) != k_.argument_list || ts_node_named_child_count(list) != 1) return false;
  TSNode call = ts_node_parent(list);
  if (ts_node_is_null(call) || ts_node_symbol(call) != k_.call) return false;
  TSNode fn = ts_node_child_by_field_id(call, parse::NodeFields::get().function);
  return ts_node_symbol(fn) == k_.identifier && parse::node_text(fn, src_) == "str" && types_.kind_of(fn, r.scope).builtin;
}

// Attribute templates: `{receiver}` and, for assignments `x.attr = v`, `{value}`;
// cases: "load" (read), "store" (assignment target), "write" (a read whose value is then
// written through, see written_through), "compare" (an operand of `==` / `!=`) and "str" (the
// argument of `str()`) via `has`; a case with a reason reports the use.
bool Converter::convert_attribute_template(const Ref& r, const ApiRecord& rec, TSNode receiver) {
  TSNode parent = r.parent;
  const bool store = assigned(r);
  const bool write = written_through(r);
  // An operand of `==` / `!=` (`x.device == y.device`): Paddle's value may compare otherwise.
  const bool compare = parse::is_equality_comparison(parent);
  // Made a string (`str(x.device)`): Paddle's value may print otherwise.
  const bool as_str = str_argument(r);
  for (const auto& c : rec.cases) {
    bool wants_store = std::find(c.has.begin(), c.has.end(), "store") != c.has.end();
    bool wants_write = std::find(c.has.begin(), c.has.end(), "write") != c.has.end();
    bool wants_compare = std::find(c.has.begin(), c.has.end(), "compare") != c.has.end();
    bool wants_str = std::find(c.has.begin(), c.has.end(), "str") != c.has.end();
    if (wants_store != store || (wants_write && !write) || (wants_compare && !compare) || (wants_str && !as_str)) continue;
    if (c.template_text.empty()) {
      record(r.node, rec.torch, rec.paddle, UseStatus::kUnsupported, rec.rule, c.reason, -1);
      return true;
    }
    std::string recv = edits_.render(ts_node_start_byte(receiver), ts_node_end_byte(receiver));
    std::string value;
    uint32_t b = ts_node_start_byte(r.node), e = ts_node_end_byte(r.node);
    if (store) {
      TSNode right = ts_node_child_by_field_id(parent, parse::NodeFields::get().right);
      if (ts_node_is_null(right)) return false;
      value = edits_.render(ts_node_start_byte(right), ts_node_end_byte(right));
      if (value == "True") value = "False";
      else if (value == "False") value = "True";
      else value = "not (" + value + ")";
      e = ts_node_end_byte(right);
    }
    std::string text = c.template_text;
    auto count = [&](const std::string& key) {
      size_t n = 0;
      for (size_t p = text.find(key); p != std::string::npos; p = text.find(key, p + 1)) ++n;
      return n;
    };
    if (count("{receiver}") > 1 && !evaluates_alike_twice(receiver)) {
      // `torch.rand(2, 2).mT` would draw the tensor once per `{receiver}`.
      record(r.node, rec.torch, rec.paddle, UseStatus::kUnsupported, rec.rule,
             "the receiver of " + rec.torch + " must be a name or a value without calls: the Paddle form writes it twice", -1);
      return true;
    }
    auto replace_all = [&](const std::string& key, const std::string& with) {
      for (size_t p = text.find(key); p != std::string::npos; p = text.find(key, p + with.size())) {
        text.replace(p, key.size(), with);
      }
    };
    replace_all("{receiver}", recv);
    replace_all("{not_value}", value);
    if (!store) text = fit_to_context(r.parent, std::move(text));
    if (!edits_.replace_subsuming(b, e, text)) return false;
    RewriteOutcome o;
    o.templated = true;
    o.imports = c.imports;
    record(r.node, rec.torch, rec.paddle, UseStatus::kConverted, rec.rule, "", -1, &o);
    // `inp.device` converted on the evidence of the scope's calls (classifier:usage), which the
    // type inference does not have: the chain around it (`inp.device.type`) reads a device.
    if (rec.returns != kg::ValueKind::kUnknown) converted_kinds_.emplace(r.node.id, rec.returns);
    return true;
  }
  return false;
}

void Converter::on_identifier(const Ref& r) {
  semantic::ResolvedName rn = resolver_.resolve(r.scope, node_text(r.node, src_));
  if (rn.source == semantic::NameSource::kAmbiguous) {
    record_ambiguous(r.node, model_.imported_names[rn.import_index].qualname, rn.import_index);
    return;
  }
  const auto& imp = model_.imported_names[rn.import_index];
  std::string api(graph_.canonical(imp.qualname));
  const ApiRecord* rec = graph_.find(api);
  if (rec && replace_annotation(r, api, *rec, rn.import_index)) return;
  if (rec && delete_decorator(r, api, *rec, rn.import_index)) return;
  if (!rec || rec->status != ApiStatus::kMapped || rec->paddle.empty()) {
    record(r.node, api, "", UseStatus::kUnsupported, rec ? rec->rule : "kg", unconvertible_reason(rec, api), rn.import_index);
    return;
  }
  replace_reference(r, api, *rec, rn.import_index);
}

// A record with "decorator" in `delete_as` used bare as a decorator alone on its line
// (`@torch.jit.export`): the line is deleted. False when it is not such a use.
bool Converter::delete_decorator(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index) {
  if (!rec.delete_as_decorator || ts_node_is_null(r.parent) || ts_node_symbol(r.parent) != k_.decorator) return false;
  // The decorator node holds a comment that follows it on its line: the line ends with r.node.
  if (!delete_line_of(r.parent, ts_node_end_byte(r.node), false) && !delete_keeping_comment(r.parent, ts_node_end_byte(r.node))) {
    return false;
  }
  record(r.node, api, "", UseStatus::kConverted, rec.rule + " delete_as", "", import_index);
  return true;
}

// `@dec  # noqa: F811`: deletes `@dec` and the blanks after it, so the line keeps only its
// comment (which may be about the next line: a lint waiver). False unless `node`, ending at `e`,
// is followed on its line by blanks and a comment only.
bool Converter::delete_keeping_comment(TSNode node, uint32_t e) {
  uint32_t c = e;
  while (c < src_.size() && (src_[c] == ' ' || src_[c] == '\t')) ++c;
  if (c == e || c >= src_.size() || src_[c] != '#') return false;
  const uint32_t b = ts_node_start_byte(node);
  edits_.note_name_node(node);
  if (!edits_.add({b, c, ""})) return false;
  retract_uses_in({{b, c}});
  return true;
}

// Deletes the line holding only `node`, whose text ends at `e` (indentation and trailing blanks
// aside: no comment, no `;`, nothing before it), line ending included. A statement (`statement`) that is the only
// one of its block is kept: the block would be empty. False when nothing was deleted.
bool Converter::delete_line_of(TSNode node, uint32_t e, bool statement) {
  uint32_t b = ts_node_start_byte(node);
  uint32_t ls = b;
  while (ls > 0 && (src_[ls - 1] == ' ' || src_[ls - 1] == '\t')) --ls;
  if (ls > 0 && src_[ls - 1] != '\n') return false;
  uint32_t le = e;
  while (le < src_.size() && (src_[le] == ' ' || src_[le] == '\t')) ++le;
  if (le < src_.size() && src_[le] == '\r') ++le;
  if (le < src_.size()) {
    if (src_[le] != '\n') return false;
    ++le;
  }
  if (statement) {
    TSNode block = ts_node_parent(node);
    if (ts_node_is_null(block)) return false;
    uint32_t statements = 0;
    for (uint32_t i = 0, n = ts_node_named_child_count(block); i < n; ++i) {
      if (ts_node_symbol(ts_node_named_child(block, i)) != k_.comment) ++statements;
    }
    if (statements < 2) return false;
  }
  edits_.note_name_node(node);
  if (!edits_.add({ls, le, ""})) return false;
  retract_uses_in({{ls, le}});
  return true;
}

// A torch API named inside a type annotation (`dtype: torch.dtype = ...`, `-> List[torch.dtype]`,
// `x: Optional[torch.dtype] = None`) whose record gives an annotation spelling: replaced by it.
// Only there: `isinstance(d, torch.dtype)` runs, an annotation does not. False when the record
// has no such spelling or the name is not inside a `type` node.
bool Converter::replace_annotation(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index) {
  if (rec.as_annotation.empty()) return false;
  bool annotation = false;
  for (TSNode n = ts_node_parent(r.node); !ts_node_is_null(n); n = ts_node_parent(n)) {
    std::string_view type(ts_node_type(n));
    if (type == "type") {
      annotation = true;
      break;
    }
    // An annotation ends at its statement or parameter; a lambda or call inside one is code.
    if (type == "call" || type == "lambda" || type == "block" || type == "module") break;
  }
  if (!annotation) return false;
  edits_.note_name_node(r.node);
  if (!edits_.add({ts_node_start_byte(r.node), ts_node_end_byte(r.node), rec.as_annotation})) {
    record(r.node, api, rec.as_annotation, UseStatus::kUnsupported, rec.rule, "conflicting edits", import_index);
    return true;
  }
  record(r.node, api, rec.as_annotation, UseStatus::kConverted, rec.rule, "", import_index);
  return true;
}

// The torch layer class whose attribute `name` a module of `kind` reads: the class it was built
// from (`self.fc = nn.Linear(...)`), or the torch base of a class of the file that sets no
// attribute and defines nothing of that name itself (`self.eps` in `class LN(nn.LayerNorm)`).
// The record of member `name` of a receiver of `kind`: on a torch layer, its class's own record of
// `member_kind` ("method" or "attribute") when there is one, else `owner`'s (`api` is set to the
// id looked up last). A name no torch class has as a member (`self.conv1`) skips the layer's.
const ApiRecord* Converter::member_record(const ExprKind& kind, const char* owner, const std::string& name,
                                          std::string_view member_kind, std::string* api) {
  if (kind.is(kg::ValueKind::kModule) && !graph_.method_owners(name).empty()) {
    if (std::string cls = torch_layer_class(kind, name); !cls.empty()) {
      *api = canonical_id(canonical_id(std::move(cls)) + "." + name);
      const ApiRecord* rec = graph_.find(*api);
      if (rec && rec->kind == member_kind) return rec;
    }
  }
  *api = canonical_id(std::string(owner) + "." + name);
  return graph_.find(*api);
}

std::string Converter::torch_layer_class(const ExprKind& kind, const std::string& name) {
  if (kind.user_class < 0) return kind.api.rfind("torch.", 0) == 0 ? kind.api : std::string();
  return torch_base_of(kind.user_class, name, true);
}

// Whether the callee of `call` (`partial(...)`, `functools.partial(...)`) is functools' partial.
bool Converter::is_functools_partial(TSNode call, int32_t scope) const {
  TSNode fn = model_.function_of(call);
  std::string_view text = parse::node_text(fn, src_);
  std::string_view local = text.substr(0, text.find('.'));
  const semantic::ResolvedName rn = resolver_.resolve(scope, local);
  if (rn.source != semantic::NameSource::kImport || rn.import_index < 0) return false;
  const std::string& qualname = model_.imported_names[rn.import_index].qualname;
  return text == "partial" ? qualname == "functools.partial" : qualname == "functools";
}

// `optimizer.param_groups` on a receiver of unknown kind: an attribute of PyTorch's optimizers
// and schedulers only, no other object's (shared_methods.jsonl), which no owner's record
// converts. Reported with the first owner's reason rather than left without a word. Layers'
// attributes are not: their names are those of configuration values too (`cfg.eps`,
// `cnf.dilation`, `args.groups`). An attribute some owner maps is left to the receiver's kind.
bool Converter::report_torch_object_attribute(const Ref& r, const std::string& name) {
  if (graph_.is_shared_method_name(name)) return false;
  const auto& owners = graph_.method_owners(name);
  const ApiRecord* first = nullptr;
  std::string api;
  for (const std::string& o : owners) {
    if (o.rfind("torch.optim.", 0) != 0) return false;
    const ApiRecord* rec = graph_.find_member(o, name);
    // Mapped, but by a rule that only reports (`param_groups`: rules/composite.jsonl) counts as
    // not converted.
    if (!rec || rec->kind != "attribute" || (rec->status == ApiStatus::kMapped && !rec->reports_only())) return false;
    if (!first) {
      first = rec;
      api = canonical_id(o + "." + name);
    }
  }
  if (!first) return false;
  record(r.node, api, "", UseStatus::kUnsupported, first->rule, unconvertible_reason(first, api), -1);
  return true;
}

// A torch API named but not called (`nn.Module` as a base, `torch.float32`, `isinstance(x,
// torch.Tensor)`, `@torch.no_grad`): replaced by its Paddle name, or by the record's reference
// or decorator spelling.
void Converter::replace_reference(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index) {
  TSNode node = r.node;
  TSNode parent = r.parent;
  bool bare_decorator = !ts_node_is_null(parent) && std::string_view(ts_node_type(parent)) == "decorator";
  if (const std::string* why = pylayer_base_problem(parent, api, types_)) {
    record(node, api, rec.paddle, UseStatus::kUnsupported, rec.rule, *why, import_index);
    return;
  }
  std::string text = rec.paddle;
  if (bare_decorator && !rec.as_decorator.empty()) {
    text = rec.as_decorator;
  } else if (!rec.as_reference.empty()) {
    text = rec.as_reference;
  } else if (rec.kind == "class" && rec.paddle_kind == "function") {
    record(node, api, rec.paddle, UseStatus::kUnsupported, rec.rule,
           "used as a type, but Paddle creates it with the function " + rec.paddle, import_index);
    return;
  }
  edits_.note_name_node(node);
  if (!edits_.add({ts_node_start_byte(node), ts_node_end_byte(node), text})) {
    record(node, api, rec.paddle, UseStatus::kUnsupported, rec.rule, "conflicting edits", import_index);
    return;
  }
  // `norm_layer=nn.BatchNorm2d`: whoever calls it later passes PyTorch's arguments.
  RewriteOutcome review;
  if (!bare_decorator && rec.as_reference.empty() && passed_as_value(node, src_, parent) && !value_reference_review(rec).empty()) {
    // `partial(nn.LayerNorm, eps=1e-6)`: the arguments it binds become Paddle's.
    TSNode partial = partial_around(node, src_);
    if (!ts_node_is_null(partial) && !is_functools_partial(partial, r.scope)) partial = TSNode{};
    PartialPlan pp;
    if (!ts_node_is_null(partial)) {
      pp = plan_partial_arguments(partial, src_, rec);
      if (pp.ok && !edits_.add_all(pp.edits)) pp = PartialPlan{false, {}, "conflicting edits"};
    }
    if (!ts_node_is_null(partial) && !pp.ok) {
      review.review = "passed to partial, it becomes " + rec.paddle + ", but " + pp.reason;
    } else {
      review.review = calls_through_review(rec, trace_value(node, src_, pp.ok), src_,
                                           pp.ok ? "passed to partial with its arguments converted" : "passed as a value");
    }
  }
  record(node, api, text, UseStatus::kConverted, rec.rule, "", import_index, review.review.empty() ? nullptr : &review);
}

}  // namespace t2p::rules::detail
