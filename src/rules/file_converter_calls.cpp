// rules: call rewrites (torch functions and classes, other families' methods, instance calls) through rewrite_at.
#include <string>

#include "base/source_text.h"
#include "rules/file_converter_impl.h"
#include "rules/integer_inputs.h"
#include "rules/target_spellings.h"
#include "rules/value_references.h"

namespace t2p::rules::detail {

// The class that gives `method` to instances of user class `index`: a base imported from a
// converted family whose method the graph knows (`class M(transformers.PreTrainedModel)` ->
// `transformers.PreTrainedModel` for `post_init`), searched through the file's own classes.
std::string Converter::family_owner(int32_t index, const std::string& method, int depth) {
  if (index < 0 || depth > 8) return {};
  index_classes_by_name();
  if (depth > 0) return family_owner_uncached(index, method, depth);
  // Memoised per (class, method) for the whole search only (an inner one is cut by the depth
  // limit): files may hold many classes and many `self.m()` calls.
  std::string key = std::to_string(index) + ":" + method;
  if (auto it = family_owner_memo_.find(key); it != family_owner_memo_.end()) return it->second;
  std::string owner = family_owner_uncached(index, method, depth);
  family_owner_memo_.emplace(std::move(key), owner);
  return owner;
}

void Converter::index_classes_by_name() {
  if (!classes_by_name_.empty()) return;
  for (size_t i = 0; i < model_.classes.size(); ++i) {
    classes_by_name_[model_.classes[i].name].push_back(static_cast<int32_t>(i));
  }
}

// The names a user class's body binds (methods, nested classes, class attributes), read from
// its body once: user_class_defines asks per call and per class of the file.
const std::vector<std::string_view>& Converter::names_defined_in(int32_t index) const {
  if (class_names_.empty()) class_names_.resize(model_.classes.size());
  auto& slot = class_names_[index];
  if (slot) return *slot;
  slot.emplace();
  const semantic::ClassInfo& c = model_.classes[index];
  const auto& f = parse::NodeFields::get();
  TSNode body = ts_node_child_by_field_id(c.node, f.body);
  for (uint32_t i = 0, n = ts_node_named_child_count(body); i < n; ++i) {
    TSNode st = ts_node_named_child(body, i);
    if (ts_node_symbol(st) == k_.decorated_definition) st = ts_node_child_by_field_id(st, f.definition);
    TSNode name{};
    if (ts_node_symbol(st) == k_.function_definition || ts_node_symbol(st) == k_.class_definition) {
      name = ts_node_child_by_field_id(st, f.name);
    } else if (ts_node_symbol(st) == k_.expression_statement && ts_node_named_child_count(st) == 1) {
      TSNode a = ts_node_named_child(st, 0);
      if (ts_node_symbol(a) == k_.assignment) name = ts_node_child_by_field_id(a, f.left);
    }
    if (!ts_node_is_null(name)) slot->push_back(node_text(name, src_));
  }
  return *slot;
}

// Whether user class `index`, or a class of this file it derives from, defines `method` in its
// body (a def, decorated or not, or an assignment): then `obj.method()` is the user's method,
// not the library's, whatever the library base class is.
bool Converter::user_class_defines(int32_t index, std::string_view method, int depth) const {
  if (index < 0 || depth > 8) return false;
  const semantic::ClassInfo& c = model_.classes[index];
  const std::vector<std::string_view>& names = names_defined_in(index);
  if (std::find(names.begin(), names.end(), method) != names.end()) return true;
  for (TSNode base : c.bases) {
    if (ts_node_symbol(base) != k_.identifier) continue;
    auto same_name = classes_by_name_.find(std::string(node_text(base, src_)));
    if (same_name == classes_by_name_.end()) continue;
    for (int32_t i : same_name->second) {
      if (i != index && user_class_defines(i, method, depth + 1)) return true;
    }
  }
  return false;
}

std::string Converter::family_owner_uncached(int32_t index, const std::string& method, int depth) {
  if (depth == 0 && user_class_defines(index, method)) return {};
  const semantic::ClassInfo& c = model_.classes[index];
  for (TSNode base : c.bases) {
    int32_t import_index = -1;
    if (const std::string* q = resolver_.qualified_name_of(base, c.scope, &import_index)) {
      if (!model_.imported_names[import_index].is_torch) continue;
      const ApiRecord* rec = graph_.find_member(*q, method);
      if (rec && rec->kind == "method") return *q;
      continue;
    }
    if (ts_node_symbol(base) != k_.identifier) continue;
    auto same_name = classes_by_name_.find(std::string(node_text(base, src_)));
    if (same_name == classes_by_name_.end()) continue;
    for (int32_t i : same_name->second) {
      if (i == index) continue;
      if (std::string q2 = family_owner(i, method, depth + 1); !q2.empty()) return q2;
    }
  }
  return {};
}

// A method of a class of a converted family other than torch's (`model.generate(...)`,
// `self.post_init()`, `tok.encode(text)`), on an object known to be an instance of that class
// or of a class of this file deriving from it. Torch objects (tensors, modules, optimizers) go
// through convert_method_call; objects of unknown kind are left alone.
bool Converter::convert_family_method(const Ref& r, TSNode receiver, const std::string& method) {
  if (methods_off_) return false;
  ExprKind kind = types_.kind_of(receiver, r.scope);
  if (owner_for(kind)) return false;
  std::string owner;
  if (kind.user_class >= 0) {
    owner = family_owner(kind.user_class, method, 0);
  } else if (!kind.api.empty() && !kind.callable_ref && kind.confidence != Confidence::kUnknown &&
             options_.roots_or(graph_.converted_roots()).contains_root_of(kind.api)) {
    const ApiRecord* cls = graph_.find(kind.api);
    const ApiRecord* rec = graph_.find_member(kind.api, method);
    if (cls && cls->kind == "class" && rec && rec->kind == "method") owner = kind.api;
  }
  if (owner.empty()) return false;
  convert_api_call(r, owner + "." + method, -1, receiver);
  return true;
}

// Rewrites the call at `site` by `rec`, unless the Paddle form needs a module whose name the
// file binds to something else (then nothing is edited and the outcome says why). Every kind of
// call (functions, methods, instance calls) goes through here.
RewriteOutcome Converter::rewrite_at(const CallSite& site, const ApiRecord& rec) {
  if (is_barred(site.statement)) {
    RewriteOutcome barred;
    barred.reason = kUnparsableReason;
    return barred;
  }
  edits_.commit();
  const size_t mark = edits_.checkpoint();
  RewriteOutcome o = rewrite_call(site, rec, types_, &edits_);
  if (!o.ok) return o;
  if (!cast_integer_input(site, rec, types_, &edits_)) {
    edits_.rollback(mark);
    o.ok = false;
    o.reason = rec.torch + " computes an integer tensor in floats, which Paddle does not: cast it first (" +
               fill(target().as_default_float, {{"{value}", "x"}}) + ")";
    return o;
  }
  if (current_ && current_->in_fstring) {
    if (const char* what = fstring_forbids(site.call)) {
      edits_.rollback(mark);
      o.ok = false;
      o.reason = std::string("inside an f-string, the Paddle form would write ") + what +
                 ", which Python before 3.12 does not allow there; rewrite by hand";
      return o;
    }
  }
  if (std::string m = banned_module(o, rec.paddle, site.scope); !m.empty()) {
    edits_.rollback(mark);
    o.ok = false;
    o.reason = "the Paddle form names the module " + m + ", but this file binds " + m + " to something else";
  }
  return o;
}

// What the rewritten text of `node` (inside an f-string's replacement field) writes that
// Python before 3.12 forbids there and its original text did not hold: the quote of an
// enclosing f-string, a backslash, `#`, a line break in a single-quoted f-string. Null if none.
const char* Converter::fstring_forbids(TSNode node) const {
  const uint32_t b = ts_node_start_byte(node), e = ts_node_end_byte(node);
  const std::string after = edits_.render(b, e);
  const std::string_view before = src_.substr(b, e - b);
  auto added = [&](char c) { return after.find(c) != std::string::npos && before.find(c) == std::string_view::npos; };
  for (const semantic::FString& f : model_.fstrings) {
    if (f.begin >= b || f.end <= e) continue;  // not around the node
    if (added(f.quote)) return f.quote == '"' ? "a double quote" : "a single quote";
    if (!f.triple && added('\n')) return "a line break";
  }
  if (added('\\')) return "a backslash";
  if (added('#')) return "`#`";
  return nullptr;
}

// A call of an object that holds an instance of a torch class (`cell(x, h)` after
// `cell = nn.GRUCell(...)`): the rule `<class>.__call__`, when the graph has one, rewrites the
// call (Paddle's RNN cells return `(output, states)` where PyTorch returns the state).
bool Converter::convert_instance_call(const Ref& r, TSNode callee) {
  if (methods_off_) return false;
  ExprKind kind = types_.kind_of(callee, r.scope);
  if (kind.callable_ref || kind.api.empty() || kind.confidence == Confidence::kUnknown) return false;
  std::string api = std::string(graph_.canonical(kind.api)) + ".__call__";
  const ApiRecord* rec = graph_.find(api);
  if (!rec || rec->status != ApiStatus::kMapped || rec->cases.empty()) return false;
  RewriteOutcome o = rewrite_at(CallSite{r.node, callee, r.scope, src_, r.parent, r.statement}, *rec);
  if (!o.ok) {
    record(r.node, api, "", UseStatus::kUnsupported, rec->rule, o.reason, -1);
    return true;
  }
  record(r.node, api, "", UseStatus::kConverted, rec->rule, "", -1, &o);
  return true;
}

namespace {

// The keywords a call passes and how many arguments it passes by position (`*args` counts as one),
// as rules/value_references.h compares them with a constructor's.
void argument_shape(TSNode call, std::string_view src, const semantic::FileModel& model,
                    std::vector<std::string_view>* keywords, size_t* positional) {
  for (const CallArg& a : read_arguments(call, src, &model).args) {
    if (!a.keyword.empty()) keywords->push_back(a.keyword);
    else if (!a.kwsplat) ++*positional;
  }
}

}  // namespace

// `LayerNorm(d, elementwise_affine=True)` where the file's `class LayerNorm(nn.LayerNorm)` (or a
// class deriving from it) defines no __init__: once its base is Paddle's class, the call passes
// PyTorch's arguments to Paddle's constructor. Reported when that goes wrong for the arguments
// passed (rules/value_references.h); true then.
// `partial` given: `callee` is the partial's first argument (`partial(LayerNorm2d, eps=1e-6)`),
// and the partial's other arguments are what the class receives.
bool Converter::check_inherited_call(const Ref& r, TSNode callee, bool through_partial) {
  ExprKind kind = types_.kind_of(callee, r.scope);
  if (!kind.callable_ref || kind.user_class < 0) return false;
  const std::string base = torch_base_of(kind.user_class, "__init__", false);
  if (base.empty()) return false;
  const ApiRecord* rec = graph_.find(base);
  if (!rec || rec->status != ApiStatus::kMapped || rec->paddle.empty()) return false;
  std::vector<std::string_view> keywords;
  size_t positional = 0;
  argument_shape(r.node, src_, model_, &keywords, &positional);
  if (through_partial && positional > 0) --positional;  // the class itself
  std::string why = inherited_call_problem(*rec, keywords, positional);
  if (why.empty()) return false;
  record(r.node, rec->torch, "", UseStatus::kUnsupported, rec->rule, std::move(why), -1);
  return true;
}

// `super().__init__(a, b, False)` in a class deriving from a torch class: once the base is the
// Paddle class, the call passes PyTorch's arguments to Paddle's constructor (nn.Linear's third
// positional is weight_attr, not bias). When they do not carry over as written, the class's
// argument map converts them, else the call is reported (as a call of a subclass without
// __init__ is, check_inherited_call).
bool Converter::check_super_init(const Ref& r, TSNode receiver) {
  if (ts_node_symbol(receiver) != k_.call) return false;
  TSNode super_fn = model_.function_of(receiver);
  if (ts_node_symbol(super_fn) != k_.identifier || node_text(super_fn, src_) != "super" ||
      !types_.kind_of(super_fn, r.scope).builtin) {
    return false;
  }
  // The class whose method this is: the function's scope sits in a class scope.
  const semantic::Scope& fn_scope = model_.scopes[r.scope];
  if (fn_scope.kind != semantic::ScopeKind::kFunction || fn_scope.parent < 0) return false;
  const semantic::Scope& class_scope = model_.scopes[fn_scope.parent];
  if (class_scope.kind != semantic::ScopeKind::kClass || class_scope.class_index < 0) return false;
  // The constructor super() reaches: the class's own __init__ is the one calling it.
  const std::string base = torch_base_of(class_scope.class_index, "__init__", false, /*from_bases=*/true);
  if (base.empty()) return false;
  const ApiRecord* rec = graph_.find(base);
  // Paddle's signature unknown (a third-party base such as PaddleNLP's PretrainedModel, which
  // takes *args, **kwargs): nothing to compare with.
  if (!rec || rec->status != ApiStatus::kMapped || rec->paddle.empty() || rec->paddle_params.empty()) return false;
  std::vector<std::string_view> keywords;
  size_t positional = 0;
  argument_shape(r.node, src_, model_, &keywords, &positional);
  std::string why = constructor_argument_problems(*rec, keywords, positional);
  if (why.empty()) return false;
  // The class's argument map converts the arguments as it would those of a call of the class;
  // the callee stays `super().__init__` (the record as a method of that name). A class converted
  // by a template is not: its text writes the Paddle class.
  if (rec->cases.empty()) {
    ApiRecord as_init = *rec;
    as_init.form = kg::Form::kMethod;
    as_init.paddle = rec->paddle + ".__init__";
    edits_.commit();
    const size_t mark = edits_.checkpoint();
    RewriteOutcome o = rewrite_at(CallSite{r.node, receiver, r.scope, src_, r.parent, r.statement}, as_init);
    if (o.ok && o.after_statement.empty() && o.removed.empty()) {
      record(r.node, rec->torch, rec->paddle, UseStatus::kConverted, rec->rule + " super().__init__", "", -1, &o);
      return true;
    }
    edits_.rollback(mark);
  }
  record(r.node, rec->torch, "", UseStatus::kUnsupported, rec->rule,
         "super().__init__ passes PyTorch's arguments to the constructor of " + rec->paddle +
             ", the converted base, which takes them otherwise (" + why + "): write Paddle's",
         -1);
  return true;
}

// The torch class a class of the file (index `cls`) gets `member` from: the torch base reached
// through its bases (and theirs, in the file) when none of the file's classes on the way
// defines `member` (nor, with `self_attributes`, sets it on `self`); "" otherwise. `from_bases`:
// `cls`'s own `member` is not looked at (the one calling `super().member`).
std::string Converter::torch_base_of(int32_t cls, std::string_view member, bool self_attributes, bool from_bases) {
  index_classes_by_name();
  for (int depth = 0; depth < 8 && cls >= 0; ++depth) {
    if (!(from_bases && depth == 0) && user_class_defines(cls, member)) return {};
    const semantic::ClassInfo& c = model_.classes[cls];
    if (self_attributes) {
      for (const auto& a : c.self_attributes) {
        if (a.name == member) return {};
      }
    }
    int32_t next = -1;
    for (TSNode base : c.bases) {
      int32_t import_index = -1;
      if (const std::string* q = resolver_.qualified_name_of(base, c.scope, &import_index)) {
        if (model_.imported_names[import_index].is_torch) return canonical_id(*q);
        continue;
      }
      ExprKind bk = types_.kind_of(base, c.scope);
      if (bk.callable_ref && bk.user_class >= 0 && bk.user_class != cls) next = bk.user_class;
    }
    cls = next;
  }
  return {};
}

void Converter::convert_api_call(const Ref& r, std::string qualname, int32_t import_index, TSNode receiver) {
  std::string api = canonical_id(std::move(qualname));
  const ApiRecord* rec = graph_.find(api);
  if (rec && rec->delete_as_statement && !ts_node_is_null(r.statement) &&
      ts_node_start_byte(r.statement) == ts_node_start_byte(r.node) &&
      ts_node_end_byte(r.statement) == ts_node_end_byte(r.node) &&
      delete_line_of(r.statement, ts_node_end_byte(r.node), true)) {
    record(r.node, api, "", UseStatus::kConverted, rec->rule + " delete_as", "", import_index);
    return;
  }
  if (!rec || rec->status != ApiStatus::kMapped) {
    record(r.node, api, "", UseStatus::kUnsupported, rec ? rec->rule : "kg", unconvertible_reason(rec, api), import_index);
    return;
  }
  RewriteOutcome o = rewrite_at(CallSite{r.node, receiver, r.scope, src_, r.parent, r.statement}, *rec);
  if (!o.ok) {
    record(r.node, std::move(api), rec->paddle, UseStatus::kUnsupported, rec->rule, std::move(o.reason), import_index);
    return;
  }
  if (!o.after_statement.empty()) add_after_statement(r.statement, o.after_statement);
  if (!o.removed.empty()) retract_uses_in(o.removed);
  record(r.node, std::move(api), rec->paddle, UseStatus::kConverted, rec->rule, "", import_index, &o);
}

// Adds `text` as a statement right after `stmt`: on a line of its own with stmt's indentation
// when stmt starts its logical line, else after `; ` on the same line (`if c: x = ...`,
// `a = 1; x = ...`, a line continued by `\`: a new line there would leave the one-line body or
// be indented wrongly).
void Converter::add_after_statement(TSNode stmt, const std::string& text) {
  const base::StatementLine line = base::statement_line(src_, ts_node_start_byte(stmt));
  if (!line.starts_logical_line) {
    after_statements_.emplace_back(ts_node_end_byte(stmt), "; " + text, owner_);
    return;
  }
  after_statements_.emplace_back(ts_node_end_byte(stmt), nl_ + std::string(line.indent) + text, owner_);
}

}  // namespace t2p::rules::detail
