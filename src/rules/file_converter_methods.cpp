// rules: the method classifier (is the receiver of `x.m()` a tensor, module, optimizer?) and method conversion.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/call_arguments.h"
#include "rules/file_converter_impl.h"

namespace t2p::rules::detail {

// What the arguments of `x.method(...)` say about an `x` of unknown kind (ArgumentSay).
Converter::ArgumentSay Converter::arguments_say(const Ref& r, const std::string& method) {
  const kg::ArgumentEvidence& evidence = graph_.argument_evidence(method);
  auto listed = [](const std::vector<std::string>& list, std::string_view v) {
    return std::find(list.begin(), list.end(), v) != list.end();
  };
  const auto& f = parse::NodeFields::get();
  TSNode args = model_.arguments_of(r.node);
  uint32_t n = ts_node_named_child_count(args);
  // `pattern.sub(repl, line)`, `cv.split(X, groups=g)`: arguments no signature of PyTorch's
  // method takes, so another object's method (on a tensor, PyTorch would raise). With a splat
  // (`cv.split(*args, groups=g)`) only the keywords written out can tell.
  if (const kg::ApiRecord* rec = graph_.find(canonical_id("torch.Tensor." + method));
      rec && (!rec->torch_params.empty() || !rec->torch_overloads.empty())) {
    CallArguments ca = read_arguments(r.node, src_, &model_);
    const bool star = std::any_of(ca.args.begin(), ca.args.end(), [](const CallArg& a) { return a.splat || a.kwsplat; });
    if (star) {
      std::erase_if(ca.args, [](const CallArg& a) { return a.keyword.empty(); });
      if (!ca.args.empty() && !bind_any_signature(*rec, &ca)) return ArgumentSay::kNotTorch;
    } else if (!bind_any_signature(*rec, &ca)) {
      return ArgumentSay::kNotTorch;
    }
  }
  if (evidence.min_arguments > 0) {
    // `line.split()`: fewer arguments than PyTorch's method needs, so another object's method.
    uint32_t given = 0;
    bool splat = false;
    for (uint32_t i = 0; i < n; ++i) {
      TSSymbol s = ts_node_symbol(ts_node_named_child(args, i));
      if (s == k_.comment) continue;
      splat |= s == k_.list_splat || s == k_.dictionary_splat;
      ++given;
    }
    if (!splat && given < static_cast<uint32_t>(evidence.min_arguments)) return ArgumentSay::kNotTorch;
  }
  // A torch dtype or device passed anywhere (`x.mean(dtype=torch.float64)`): no numpy, pandas or
  // builtin method takes one, and when the name is no Module's or Optimizer's method either, only
  // a tensor can be the receiver.
  auto torch_object = [&](TSNode v) {
    ExprKind kind = types_.kind_of(v, r.scope);
    return (kind.is(kg::ValueKind::kDtype) || kind.is(kg::ValueKind::kDevice)) &&
           !graph_.find_member("torch.nn.Module", method) && !graph_.find_member("torch.optim.Optimizer", method);
  };
  ArgumentSay say = ArgumentSay::kNothing;
  uint32_t positional = 0;      // positional arguments, for evidence.min_positional
  bool count_evidence = true;   // no splat, keyword or positional argument of a kind other than int
  for (uint32_t i = 0; i < n; ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (ts_node_symbol(a) == k_.comment) continue;
    if (ts_node_symbol(a) == k_.list_splat || ts_node_symbol(a) == k_.dictionary_splat) count_evidence = false;
    if (ts_node_symbol(a) == k_.keyword_argument) {
      count_evidence = false;
      std::string_view kw = node_text(ts_node_child_by_field_id(a, f.name), src_);
      if (kw == "keepdim" || listed(evidence.keywords, kw)) return ArgumentSay::kTorch;
      if (torch_object(ts_node_child_by_field_id(a, f.value))) return ArgumentSay::kTorch;
      if (kw != "dim") continue;
      TSNode v = ts_node_child_by_field_id(a, f.value);
      if (ts_node_symbol(v) == k_.unary_operator) v = ts_node_child_by_field_id(v, f.argument);
      if (ts_node_symbol(v) == k_.integer || types_.kind_of(v, r.scope).is(kg::ValueKind::kInt)) return ArgumentSay::kTorch;
      if (ts_node_symbol(v) == k_.string || ts_node_symbol(v) == k_.concatenated_string) return ArgumentSay::kNotTorch;
      say = ArgumentSay::kLikelyTorch;
      continue;
    }
    ++positional;
    if (torch_object(a)) return ArgumentSay::kTorch;
    if (evidence.positional_kinds.empty() && evidence.positional_kinds_against.empty() && evidence.min_positional == 0) continue;
    ExprKind kind = types_.kind_of(a, r.scope);
    if (kind.confidence == Confidence::kUnknown) continue;
    // The kinds speak of the first positional argument only: `line.split(None, 1)` passes
    // str.split's maxsplit, an int, second.
    if (positional == 1 && listed(evidence.positional_kinds, kg::to_string(kind.kind))) return ArgumentSay::kTorch;
    if (positional == 1 && listed(evidence.positional_kinds_against, kg::to_string(kind.kind))) return ArgumentSay::kNotTorch;
    if (!kind.is(kg::ValueKind::kInt)) count_evidence = false;
  }
  // `x.view(B, T, C)`: more positional arguments than the name's other owners take (numpy's
  // view takes two at most), none of another kind than int, in a file that defines no function
  // of that name (a user class's `view(a, b, c)`).
  if (say == ArgumentSay::kNothing && evidence.min_positional > 0 && count_evidence &&
      positional >= static_cast<uint32_t>(evidence.min_positional)) {
    if (!file_facts_ready_) collect_file_facts();
    if (!defined_names_.count(method)) return ArgumentSay::kTorch;
  }
  return say;
}

// Whether an object of another owner of the shared name `name` (knowledge_graph/classifier/
// shared_methods.jsonl) can be in this file. Builtins, io objects and user objects can be
// anywhere; a numpy array or a pandas frame only where the file imports a library that makes
// them (owner_sources.jsonl) or calls a method that returns them (`t.numpy()`); and a user
// object when the file defines a function of that name. When none can, an unknown receiver of
// `x.gt(2)` in a file that imports only torch is a tensor.
bool Converter::other_owner_possible(std::string_view name) {
  if (!file_facts_ready_) collect_file_facts();
  if (defined_names_.count(name)) return true;
  const std::vector<std::string>& owners = graph_.shared_method_owners(name);
  // Owners present in any file first: no scan at all for `mean`, `size`, `split`.
  for (const std::string& owner : owners) {
    if (!graph_.owner_sources(owner)) return true;
  }
  for (const std::string& owner : owners) {
    if (owner_in_file(owner)) return true;
  }
  return false;
}

// Whether the file can hold an object of the library class `owner` (owner_sources.jsonl): it
// imports a library that makes them or calls a method that returns them. Once per owner and
// file (the graph keeps its owner strings alive, so they key the memo).
bool Converter::owner_in_file(const std::string& owner) {
  auto [it, fresh] = owner_in_file_.try_emplace(owner, false);
  if (!fresh) return it->second;
  const kg::OwnerSources* sources = graph_.owner_sources(owner);
  for (std::string_view root : import_roots_) {
    if (std::find(sources->import_roots.begin(), sources->import_roots.end(), root) != sources->import_roots.end()) {
      return it->second = true;
    }
  }
  for (const std::string& m : sources->producer_methods) {
    for (size_t at = src_.find(m); at != std::string_view::npos; at = src_.find(m, at + 1)) {
      if (at > 0 && src_[at - 1] == '.' && src_.substr(at + m.size(), 1) == "(") return it->second = true;
    }
  }
  return false;
}

// The import roots of the file and the names of the functions it defines, on first need.
void Converter::collect_file_facts() {
  file_facts_ready_ = true;
  for (const auto& n : model_.imported_names) {
    std::string_view q = n.qualname;
    std::string_view root = q.substr(0, q.find('.'));
    if (!root.empty() && std::find(import_roots_.begin(), import_roots_.end(), root) == import_roots_.end()) {
      import_roots_.push_back(root);
    }
  }
  const auto& f = parse::NodeFields::get();
  for (const auto& fn : model_.functions) {
    TSNode name = ts_node_child_by_field_id(fn.node, f.name);
    if (!ts_node_is_null(name)) defined_names_.insert(node_text(name, src_));
  }
}

// Whether converting `receiver.method(...)` as a tensor method would leave its text as it is
// (nested conversions aside). Tries the rewrite and undoes it.
bool Converter::same_text_either_way(const Ref& r, TSNode receiver, const std::string& method) {
  const ApiRecord* rec = graph_.find_member("torch.Tensor", method);
  if (!rec || rec->status != ApiStatus::kMapped) return false;
  // The parent too: a result-field edit (`.values` -> `[0]`) lies just outside the call.
  TSNode span = ts_node_is_null(r.parent) ? r.node : r.parent;
  const uint32_t begin = ts_node_start_byte(span), end = ts_node_end_byte(span);
  edits_.commit();
  const std::string before = edits_.render(begin, end);
  const size_t mark = edits_.checkpoint();
  CallSite site{r.node, receiver, r.scope, src_, r.parent, r.statement};
  RewriteOutcome o = rewrite_call(site, *rec, types_, &edits_);
  const bool same = o.ok && o.after_statement.empty() && edits_.render(begin, end) == before;
  edits_.rollback(mark);
  return same;
}

// What the Paddle form of `receiver.method(...)` would be by the record of `owner`'s method:
// the call's text (and its parent's, for result-field edits) after the rewrite, which is undone.
// Empty when that record cannot convert this call.
// `call_text` (optional): the call's own text after the rewrite, for messages.
std::optional<std::string> Converter::converted_text_as(const Ref& r, TSNode receiver, const ApiRecord& rec,
                                                        std::string* call_text) {
  TSNode span = ts_node_is_null(r.parent) ? r.node : r.parent;
  const uint32_t begin = ts_node_start_byte(span), end = ts_node_end_byte(span);
  edits_.commit();
  const size_t mark = edits_.checkpoint();
  CallSite site{r.node, receiver, r.scope, src_, r.parent, r.statement};
  RewriteOutcome o = rewrite_call(site, rec, types_, &edits_);
  std::optional<std::string> text;
  if (o.ok && o.after_statement.empty()) {
    text = edits_.render(begin, end);
    if (call_text) *call_text = edits_.render(ts_node_start_byte(r.node), ts_node_end_byte(r.node));
  }
  edits_.rollback(mark);
  return text;
}

// `obj.m(...)` on an object of unknown kind, where `m` is a method of torch classes other than
// the tensor (`load_state_dict`, `zero_grad`, `named_parameters`: modules and optimizers).
// Never skipped without a word: when every torch owner of `m` converts this call to the same
// text, it is converted (rule `classifier:owners`) - or left alone when that text is the
// call's own (`model.eval()`), since the output is then right whatever `obj` is; a name that
// other objects have too (shared_methods.jsonl) or owners that disagree ask for review, with
// the candidate owners in the message. A name no torch class has is not an API use.
void Converter::convert_torch_object_method(const Ref& r, TSNode receiver, const std::string& method,
                                            const std::vector<std::string>& owners) {
  std::vector<std::pair<std::string, const ApiRecord*>> torch_owners;
  for (const std::string& o : owners) {
    if (o.rfind("torch.", 0) != 0) continue;
    const ApiRecord* rec = graph_.find_member(o, method);
    if (rec && rec->kind == "attribute") continue;    // `m.groups()`: a call, not a layer's attribute
    if (rec && signature_rejects(r, *rec)) continue;  // not this owner's method
    torch_owners.emplace_back(o, rec);
  }
  // `GradMultiply.apply(x, scale)`: no torch class's `apply` takes two arguments, so this is
  // another object's method, not a use of torch's (the code would fail under PyTorch otherwise).
  if (torch_owners.empty()) return;
  TSNode span = ts_node_is_null(r.parent) ? r.node : r.parent;
  edits_.commit();
  const std::string before = edits_.render(ts_node_start_byte(span), ts_node_end_byte(span));
  std::optional<std::string> agreed;
  bool agree = true;
  std::string candidates;  // `as torch.nn.Module.zero_grad: opt.clear_gradients()`, ...
  for (const auto& [owner, rec] : torch_owners) {
    std::optional<std::string> text;
    std::string shown;
    if (rec && rec->status == ApiStatus::kMapped && keeps_instance_call(*rec, method)) {
      text = before;  // `ctx.save_for_backward(x)`: PyLayerContext's method of the same name
      shown = "unchanged";
    } else if (rec && rec->status == ApiStatus::kMapped) {
      text = converted_text_as(r, receiver, *rec, &shown);
    }
    candidates += std::string(candidates.empty() ? "" : "; ") + "as " + owner + "." + method + ": ";
    if (!rec || rec->status != ApiStatus::kMapped) candidates += "no Paddle mapping";
    else if (!text) candidates += "this call cannot be converted";
    else candidates += "`" + (shown.size() > 80 ? shown.substr(0, 77) + "..." : shown) + "`";
    if (!text || (agreed && *agreed != *text)) agree = false;
    if (text && !agreed) agreed = text;
  }
  if (agree && agreed && *agreed == before) return;  // the same text whatever `receiver` is
  size_t chosen = 0;  // the owner whose record converts the call
  std::string rule = " classifier:owners";
  bool convert = agree && agreed && !graph_.is_shared_method_name(method);
  if (!agree) {
    // The other methods called on the same variable may leave one owner: `model.parameters()`
    // or `model.train()` elsewhere in its scope says `model` is no optimizer.
    std::optional<size_t> only = owner_by_usage(r, receiver, torch_owners);
    if (only && torch_owners[*only].second && torch_owners[*only].second->status == ApiStatus::kMapped) {
      chosen = *only;
      convert = true;
      rule = " classifier:usage";
    }
  }
  // `schedulers[0].get_last_lr()` in a file whose own scheduler class defines get_last_lr: the
  // receiver may be one of its objects, whose method keeps its name.
  int32_t defining = -1;
  const bool through_super = ts_node_symbol(receiver) == k_.call && node_text(model_.function_of(receiver), src_) == "super";
  if (convert && !through_super) {  // `super().train(mode)` is the torch base's method
    index_classes_by_name();
    for (size_t i = 0; i < model_.classes.size() && defining < 0; ++i) {
      if (user_class_defines(static_cast<int32_t>(i), method)) defining = static_cast<int32_t>(i);
    }
    convert = defining < 0;
  }
  if (convert) {
    const ApiRecord& rec = *torch_owners[chosen].second;
    std::string api = canonical_id(torch_owners[chosen].first + "." + method);
    RewriteOutcome o = rewrite_at(CallSite{r.node, receiver, r.scope, src_, r.parent, r.statement}, rec);
    if (o.ok) {
      if (!o.removed.empty()) retract_uses_in(o.removed);
      record(r.node, std::move(api), rec.paddle, UseStatus::kConverted, rec.rule + rule, "", -1, &o);
      return;
    }
  }
  if (defining >= 0) {
    record(r.node, torch_owners.front().first + "." + method, "", UseStatus::kNeedsReview, "classifier",
           "receiver of unknown kind, and class " + model_.classes[defining].name + " of this file defines `" + method +
               "` too: left as written for its objects; a torch object's is " + candidates,
           -1);
    return;
  }
  record(r.node, torch_owners.front().first + "." + method, "", UseStatus::kNeedsReview, "classifier",
         "receiver of unknown kind, and its kind decides the Paddle form (" + candidates + ")" +
             (agree && agreed ? "; objects other than torch's have a `" + method + "` method too" : ""),
         -1);
}

// A method record mapped to the method of the same name of a Paddle class, every argument as
// written (category `same`), but spelt as a call through the class (`form` not `method`: the
// docs' static methods, `Function.forward`): on an object, the Paddle call is the call's own text.
bool Converter::keeps_instance_call(const ApiRecord& rec, std::string_view method) {
  if (rec.kind != "method" || rec.category != "same" || rec.form != kg::Form::kCall || !rec.self_param.empty() ||
      !rec.cases.empty()) {
    return false;
  }
  const size_t dot = rec.paddle.rfind('.');
  if (rec.paddle.rfind("paddle.", 0) != 0 || dot == std::string::npos || rec.paddle.substr(dot + 1) != method) return false;
  for (const auto& a : rec.args) {
    if (a.action != kg::ArgAction::kSame || (!a.torch.empty() && a.paddle != a.torch)) return false;
  }
  return true;
}

// Whether `rec`'s PyTorch signatures (known: at least one parameter) all take fewer positional
// arguments than the call passes, none of them taking `*args`. Star arguments could hold
// anything: never rejected. (Keywords are not judged: a signature may omit one.)
bool Converter::signature_rejects(const Ref& r, const ApiRecord& rec) const {
  if (rec.torch_params.empty()) return false;
  CallArguments call = read_arguments(r.node, src_, &model_);
  size_t positional = 0;
  for (const auto& a : call.args) {
    if (a.splat || a.kwsplat) return false;
    if (a.keyword.empty()) ++positional;
  }
  auto takes = [&](const std::vector<kg::Param>& params) {
    size_t capacity = 0;
    for (const auto& p : params) {
      if (p.kind == kg::ParamKind::kVarArgs) return true;
      if (p.kind == kg::ParamKind::kNormal && !p.keyword_only) ++capacity;
    }
    return positional <= capacity;
  };
  if (takes(rec.torch_params)) return false;
  for (const auto& o : rec.torch_overloads) {
    if (takes(o)) return false;
  }
  return true;
}

// Of `owners` (torch classes having the method called on `receiver`), the only one that has
// every method of theirs the file calls on the same variable: `model` with `model.to(device)`
// and `model.parameters()` in its scope is a module, not an optimizer. Nothing when the
// receiver is not a plain name, or when no single owner is left.
std::optional<size_t> Converter::owner_by_usage(const Ref& r, TSNode receiver,
                                                const std::vector<std::pair<std::string, const ApiRecord*>>& owners) {
  const VariableUse* use = methods_called_on(r, receiver, nullptr);
  if (!use) return {};
  std::optional<size_t> only;
  for (size_t i = 0; i < owners.size(); ++i) {
    bool fits = true;
    for (std::string_view m : use->methods) {
      if (graph_.find_member(owners[i].first, m)) continue;
      // A method this owner lacks but another candidate has: not this owner.
      for (size_t j = 0; j < owners.size() && fits; ++j) {
        if (j != i && graph_.find_member(owners[j].first, m)) fits = false;
      }
      if (!fits) break;
    }
    if (!fits) continue;
    if (only) return {};  // two owners fit
    only = i;
  }
  return only;
}

// Whether `receiver` is a name its scope binds once (a parameter never reassigned, or one
// assignment) on which the scope also calls a method only tensors have (`tensor.ndimension()`,
// `x.unsqueeze(0)`), or a tensor method with arguments only a tensor takes (`m.size(0)`): then
// every use of the name holds that tensor.
bool Converter::bound_once_to_a_tensor(const Ref& r, TSNode receiver) {
  const semantic::Binding* b = nullptr;
  const VariableUse* use = methods_called_on(r, receiver, &b);
  if (!use || !b || b->other_count != 1 || b->import_count != 0 || b->global) return false;
  // `if not isinstance(img, Tensor): w, h = img.size` ... `img.size(0)`: the scope says itself
  // that the name holds other objects too.
  if (use->isinstance_tested) return false;
  for (std::string_view m : use->methods) {
    // As rule `classifier:name` decides: a method of torch.Tensor that no other object has.
    const auto& owners = graph_.method_owners(m);
    if (std::find(owners.begin(), owners.end(), "torch.Tensor") != owners.end() && !graph_.is_shared_method_name(m)) {
      return true;
    }
  }
  // As rule `classifier:arguments` decides: a call whose arguments only a tensor's method of that
  // name takes (`m.size(0)`: numpy's size is no method), when no other torch class has it.
  for (const semantic::Reference* c : use->calls) {
    const std::string method(node_text(model_.attribute_of(model_.function_of(c->node)), src_));
    const auto& owners = graph_.method_owners(method);
    if (owners.empty() || std::any_of(owners.begin(), owners.end(), [](const std::string& o) { return o != "torch.Tensor"; })) {
      continue;
    }
    const Ref call{c->node, c->scope, RefKind::kCall, c->parent, c->statement, c->in_fstring};
    if (graph_.is_shared_method_name(method) && arguments_say(call, method) == ArgumentSay::kTorch) return true;
  }
  return false;
}

// What the scope binding `receiver` (a plain local name) does with it, and (when asked) that
// binding; null for any other receiver or a name with no method called.
const Converter::VariableUse* Converter::methods_called_on(const Ref& r, TSNode receiver,
                                                          const semantic::Binding** binding) {
  if (ts_node_symbol(receiver) != k_.identifier) return nullptr;
  const std::string_view name = node_text(receiver, src_);
  const semantic::ResolvedName rn = resolver_.resolve(r.scope, name);
  if (rn.source != semantic::NameSource::kLocal) return nullptr;
  if (binding) {
    const int32_t id = model_.bindings.id_of(name);
    *binding = id < 0 ? nullptr : model_.bindings.find(rn.scope, id);
  }
  if (!methods_called_ready_) index_methods_called();
  auto it = methods_called_.find({rn.scope, name});
  return it == methods_called_.end() || it->second.methods.empty() ? nullptr : &it->second;
}

// Every method called on a plain name in the file, by the name's binding (scope and name).
void Converter::index_methods_called() {
  methods_called_ready_ = true;
  for (const auto& c : model_.calls) {
    TSNode fn = model_.function_of(c.node);
    if (ts_node_symbol(fn) == k_.identifier && node_text(fn, src_) == "isinstance") {
      note_isinstance_test(c);
      continue;
    }
    if (ts_node_symbol(fn) != k_.attribute) continue;
    TSNode obj = model_.object_of(fn);
    if (ts_node_symbol(obj) != k_.identifier) continue;
    const std::string_view name = node_text(obj, src_);
    const semantic::ResolvedName rn = resolver_.resolve(c.scope, name);
    if (rn.source != semantic::NameSource::kLocal) continue;
    VariableUse& use = methods_called_[{rn.scope, name}];
    const std::string_view m = node_text(model_.attribute_of(fn), src_);
    if (std::find(use.methods.begin(), use.methods.end(), m) == use.methods.end()) use.methods.push_back(m);
    use.calls.push_back(&c);
  }
}

// `isinstance(name, ...)` on a plain local name: noted by the name's binding.
void Converter::note_isinstance_test(const semantic::Reference& call) {
  TSNode args = model_.arguments_of(call.node);
  if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0) return;
  TSNode tested = ts_node_named_child(args, 0);
  if (ts_node_symbol(tested) != k_.identifier) return;
  const std::string_view name = node_text(tested, src_);
  const semantic::ResolvedName rn = resolver_.resolve(call.scope, name);
  if (rn.source == semantic::NameSource::kLocal) methods_called_[{rn.scope, name}].isinstance_tested = true;
}

void Converter::convert_method_call(const Ref& r, TSNode receiver, const std::string& method) {
  // A file that already imports paddle may hold methods we converted before, and method names
  // mean different things in the two frameworks (`a.equal(b)` is elementwise in Paddle, a bool
  // in PyTorch): methods on objects are left alone there, so converting twice changes nothing.
  if (methods_off_) return;
  if (is_hook_super_call(r, receiver, method)) return;
  ExprKind kind = types_.kind_of(receiver, r.scope);
  const char* owner = owner_for(kind);
  std::string rule = "classifier:type";
  bool likely = false;  // converted on evidence only --aggressive accepts
  if (!owner) {
    // A receiver whose kind we know and that is not torch: leave it alone. A free builtin name
    // (`input.addmm(...)`) has no tensor methods: the code binds that name elsewhere (a snippet,
    // a global set at run time), so its kind is unknown.
    bool free_builtin = kind.builtin && kind.callable_ref && kind.user_class < 0;
    if (kind.kind == kg::ValueKind::kTorchModule && kind.user_class < 0) {
      // `F = nn.functional` then `F.softmax(x, dim=-1)`: a function of the module, which the
      // converter does not follow through a name (only through imports). Never a tensor method.
      const std::string module = kind.api.empty() ? "torch" : kind.api;
      record(r.node, module + "." + method, "", UseStatus::kUnsupported, "classifier",
             "called through a name bound to the module " + module +
                 ", which the converter does not follow: import the module under that name instead (`import " +
                 module + " as " + std::string(node_text(receiver, src_)) + "`) and convert again",
             -1);
      return;
    }
    if (!free_builtin && (kind.confidence != Confidence::kUnknown || kind.user_class >= 0 || kind.callable_ref)) return;
    const auto& owners = graph_.method_owners(method);
    if (std::find(owners.begin(), owners.end(), "torch.Tensor") == owners.end()) {
      convert_torch_object_method(r, receiver, method, owners);
      return;
    }
    bool shared = graph_.is_shared_method_name(method);
    if (!shared) {
      owner = "torch.Tensor";  // only tensors have a method of this name
      rule = "classifier:name";
    } else if (const ArgumentSay say = arguments_say(r, method);
               say == ArgumentSay::kTorch || (say == ArgumentSay::kLikelyTorch && options_.aggressive)) {
      owner = "torch.Tensor";  // `x.to(device)`: only torch objects take a torch.device
      rule = "classifier:arguments";
      likely = say == ArgumentSay::kLikelyTorch;
    } else if (say != ArgumentSay::kNotTorch && !other_owner_possible(method)) {
      owner = "torch.Tensor";  // no object of the name's other owners can be in this file
      rule = "classifier:file";
    } else if (say == ArgumentSay::kNotTorch || same_text_either_way(r, receiver, method)) {
      // `s.split(",")`: a str method; `da.mean(dim="time")`: xarray's named dimensions.
      // `x.to(device)`, `x.item()`, `x.abs()`: the Paddle form is the same text, so the output
      // is right whatever `x` is and there is nothing to review.
      return;
    } else if (bound_once_to_a_tensor(r, receiver)) {
      owner = "torch.Tensor";  // `tensor.ndimension()` elsewhere: the name holds a tensor
      rule = "classifier:usage";
    } else {
      record(r.node, "torch.Tensor." + method, "", UseStatus::kNeedsReview, "classifier",
             say == ArgumentSay::kLikelyTorch ? "likely a tensor (dim= keyword); use --aggressive to convert"
                                              : "receiver of unknown kind; `" + method +
                                                    "` is also a method of non-torch objects: left as written, convert it by hand if it is a tensor",
             -1);
      return;
    }
  } else if (kind.confidence == Confidence::kLikely && !kind.tensor_like() && graph_.is_shared_method_name(method) &&
             kind.user_class < 0 && (likely = options_.aggressive)) {
    // --aggressive: converted, as a fix to review (Applicability::kReview).
  } else if (kind.confidence == Confidence::kLikely && !kind.tensor_like() && graph_.is_shared_method_name(method) &&
             !options_.aggressive && kind.user_class < 0) {
    // A likely module or optimizer with a name that other objects have too: ask first.
    // (Likely tensors - inputs of `forward`, results of calling a layer - are converted.)
    record(r.node, std::string(owner) + "." + method, "", UseStatus::kNeedsReview, "classifier",
           "receiver is likely a tensor; use --aggressive to convert", -1);
    return;
  }
  if (kind.user_class >= 0) {
    // `self.zero_grad()` in a Module subclass that defines its own `zero_grad`: the user's.
    index_classes_by_name();
    if (user_class_defines(kind.user_class, method)) return;
  }
  // `self.skip_add.add(a, b)` with `self.skip_add = nn.quantized.FloatFunctional()`: the layer
  // class's own method records first, then the Module's.
  std::string api;
  const ApiRecord* rec = member_record(kind, owner, method, "method", &api);
  if (!rec) {
    // Methods the graph does not know on a known torch object (user-defined module methods,
    // `model(x)`-style calls): not an API use.
    return;
  }
  if (rec->status != ApiStatus::kMapped) {
    record(r.node, api, "", UseStatus::kUnsupported, rec->rule, unconvertible_reason(rec, api), -1);
    return;
  }
  RewriteOutcome o = rewrite_at(CallSite{r.node, receiver, r.scope, src_, r.parent, r.statement}, *rec);
  if (!o.ok) {
    record(r.node, std::move(api), rec->paddle, UseStatus::kUnsupported, rec->rule, std::move(o.reason), -1);
    return;
  }
  if (!o.after_statement.empty()) add_after_statement(r.statement, o.after_statement);
  if (!o.removed.empty()) retract_uses_in(o.removed);
  // `x.size()`: a tuple in PyTorch, a list (`x.shape`) in Paddle.
  if (rec->returns == kg::ValueKind::kSize && o.templated && ts_node_named_child_count(model_.arguments_of(r.node)) == 0) {
    wrap_size_in_tuple_context(r.node, r.parent, r.scope);
  }
  likely_evidence_ = likely;
  record(r.node, std::move(api), rec->paddle, UseStatus::kConverted, rec->rule + " " + rule, "", -1, &o);
  likely_evidence_ = false;
}

}  // namespace t2p::rules::detail
