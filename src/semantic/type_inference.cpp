// semantic: the kinds of expressions (tensor, module, optimizer, number, ...): the variables the
// assignments bind, names, attributes and operators; calls in type_inference_calls.cpp,
// annotations in type_annotations.cpp, isinstance narrowing in type_narrowing.cpp, loop targets
// in loop_targets.cpp.
#include "semantic/type_inference.h"

#include <algorithm>
#include <utility>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "semantic/autograd_function.h"
#include "semantic/builtin_kinds.h"
#include "semantic/type_inference_internal.h"

namespace t2p::semantic {

using detail::kMaxDepth;
using detail::make;
using kg::ValueKind;
using parse::node_text;

TypeInference::TypeInference(const NameResolver& resolver, const kg::KnowledgeGraph& graph)
    : r_(resolver), m_(resolver.model()), kg_(graph), src_(resolver.source()) {
  // Sized from the model, so that the indexes and the variables seldom rehash.
  functions_.reserve(m_.functions.size());
  classes_.reserve(m_.classes.size());
  parameters_.reserve(m_.parameters.size());
  vars_.reserve(m_.assignments.size());
  for (const auto& f : m_.functions) {
    const Scope& fn = m_.scopes[f.scope];
    TSNode name = ts_node_child_by_field_id(f.node, parse::NodeFields::get().name);
    functions_[VarKey{fn.parent, node_text(name, src_)}] = f.node;
  }
  for (size_t i = 0; i < m_.classes.size(); ++i) {
    classes_.emplace(VarKey{m_.classes[i].scope, m_.classes[i].name}, static_cast<int32_t>(i));
  }
  for (const auto& p : m_.parameters) parameters_.emplace(VarKey{p.scope, p.name}, &p);
  for (const auto& r : m_.returns) returns_[r.scope].push_back(r.node);
  if (!m_.named_in_text.empty()) collect_type_comments();
  classify_classes();
  collect_narrowings();
  infer_assignments();
}

void TypeInference::classify_classes() {
  module_class_.assign(m_.classes.size(), false);
  function_root_.assign(m_.classes.size(), -1);
  // Classes appear in source order; bases defined earlier are already classified.
  for (size_t i = 0; i < m_.classes.size(); ++i) {
    for (TSNode base : m_.classes[i].bases) {
      ExprKind k = kind_of_depth(base, m_.classes[i].scope, 0);
      if ((k.callable_ref && k.kind == ValueKind::kModule) ||
          (k.user_class >= 0 && module_class_[k.user_class] && k.callable_ref)) {
        if (!module_class_[i]) forget_kinds();
        module_class_[i] = true;
      }
      if (function_root_[i] >= 0 || !k.callable_ref) continue;
      if (!k.api.empty() && kg_.canonical(k.api) == kAutogradFunction) {
        note_autograd_function(i, static_cast<int32_t>(i));
      } else if (k.user_class >= 0 && function_root_[k.user_class] >= 0) {
        note_autograd_function(i, function_root_[k.user_class]);
      }
    }
  }
}

void TypeInference::note_autograd_function(size_t i, int32_t root) {
  function_root_[i] = root;
  const ClassInfo& c = m_.classes[i];
  for (TSNode fn : ctx_methods(c, src_)) {
    auto it = m_.scope_of_node.find(reinterpret_cast<uintptr_t>(fn.id));
    if (it != m_.scope_of_node.end()) ctx_scopes_.insert(it->second);
  }
  forget_kinds();  // the ctx parameters read differently now
  if (std::string why = semantic::pylayer_problem(c, src_); !why.empty()) {
    pylayer_problems_.emplace(root, std::move(why));
  } else {
    for (auto& b : backward_none_returns(c, src_)) backward_returns_.push_back(std::move(b));
  }
}

const std::string* TypeInference::pylayer_problem(TSNode cls) const {
  if (pylayer_problems_.empty()) return nullptr;
  for (size_t i = 0; i < m_.classes.size(); ++i) {
    if (m_.classes[i].node.id != cls.id) continue;
    auto it = pylayer_problems_.find(static_cast<int32_t>(i));
    return it == pylayer_problems_.end() ? nullptr : &it->second;
  }
  return nullptr;
}

void TypeInference::assign(TSNode target, const ExprKind& kind, int32_t scope, bool element_of) {
  const auto& k = parse::NodeKinds::get();
  TSSymbol s = ts_node_symbol(target);
  if (s == k.identifier) {
    ExprKind v = kind;
    if (element_of) {
      // An element of what is iterated.
      if (kind.tensor_like()) v = make(ValueKind::kTensor, Confidence::kLikely);
      else if (kind.is(ValueKind::kDataLoader) || kind.is(ValueKind::kDataset)) v = make(ValueKind::kTensor, Confidence::kLikely);
      else if (kind.api == "range") v = make(ValueKind::kInt);
      else if (kind.is(ValueKind::kStr)) v = make(ValueKind::kStr);
      else if (kind.is(ValueKind::kNdarray)) v = make(ValueKind::kNdarray, Confidence::kLikely);
      else v = ExprKind{};
    }
    if (v.confidence == Confidence::kUnknown && v.user_class < 0) return;
    VarKey key{scope, node_text(target, src_)};
    if (conflicted_.count(key)) return;
    auto it = vars_.find(key);
    if (it == vars_.end()) {
      forget_kinds();
      changed_at_[key] = ++clock_;
      vars_.emplace(key, std::move(v));
    } else if (it->second.integer != v.integer && it->second.kind == v.kind && it->second.user_class == v.user_class) {
      // A tensor bound to an integer one and to another: its dtype is not known.
      forget_kinds();
      changed_at_[key] = ++clock_;
      it->second.integer = false;
    } else if ((it->second.is(ValueKind::kSize) && v.is(ValueKind::kTuple)) ||
               (it->second.is(ValueKind::kTuple) && v.is(ValueKind::kSize))) {
      // `shape = x.shape` then `shape = (1,) + shape[-2:]`: a torch.Size is a tuple, so the name
      // holds one either way; in Paddle the Size is a list, which a tuple never equals.
      if (!it->second.or_tuple || !it->second.is(ValueKind::kSize)) {
        forget_kinds();
        changed_at_[key] = ++clock_;
        it->second = make(ValueKind::kSize, Confidence::kLikely);
        it->second.or_tuple = true;
      }
    } else if (it->second.kind != v.kind || it->second.user_class != v.user_class) {
      // Bound to different kinds in one scope: flow decides, so we do not know.
      bool both_tensorish = it->second.tensor_like() && v.tensor_like();
      if (!both_tensorish) {
        forget_kinds();
        changed_at_[key] = ++clock_;
        vars_.erase(it);
        conflicted_[key] = true;
      }
    }
    return;
  }
  if (s == k.pattern_list || s == k.tuple_pattern || s == k.list_pattern || s == k.tuple ||
      s == k.list) {
    uint32_t n = ts_node_named_child_count(target);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode child = ts_node_named_child(target, i);
      if (element_of && (kind.is(ValueKind::kDataLoader) || kind.is(ValueKind::kDataset))) {
        assign(child, make(ValueKind::kTensor, Confidence::kLikely), scope, false);
      } else if (!element_of && kind.tensor_like() && !kind.api.empty()) {
        // `values, indices = torch.max(x, 1)`: a torch call returning several tensors.
        assign(child, make(ValueKind::kTensor, Confidence::kLikely), scope, false);
      } else if (element_of && kind.api == "enumerate" && i == 0) {
        assign(child, make(ValueKind::kInt), scope, false);
      } else if (!element_of && kind.is(ValueKind::kSize) && ts_node_symbol(child) == k.identifier) {
        // `B, T, N = emissions.size()` / `= x.shape`: the sizes are ints.
        assign(child, make(ValueKind::kInt, kind.confidence), scope, false);
      }
    }
  }
}

void TypeInference::infer_assignments() {
  // Two rounds let a variable defined later in the file inform an earlier use in a function.
  // The second round skips the assignments whose kinds read no variable that changed after
  // them in the first: their kinds, and so what assign() does, would be the same.
  const size_t n = m_.assignments.size();
  std::vector<VarKey> reads;
  std::vector<uint32_t> reads_from(n + 1, 0);  // assignment ai read reads[reads_from[ai], reads_from[ai + 1])
  std::vector<uint64_t> read_at(n, 0);
  for (int round = 0; round < 2; ++round) {
    if (round == 1) reads_from[n] = static_cast<uint32_t>(reads.size());
    for (size_t ai = 0; ai < n; ++ai) {
      const auto& a = m_.assignments[ai];
      if (round == 0) {
        reads_from[ai] = static_cast<uint32_t>(reads.size());
        reads_ = &reads;
        read_at[ai] = clock_;
      } else {
        reads_ = nullptr;
        bool changed = false;
        for (uint32_t r = reads_from[ai]; r < reads_from[ai + 1]; ++r) {
          const VarKey& key = reads[r];
          auto it = changed_at_.find(key);
          if (it != changed_at_.end() && it->second > read_at[ai]) {
            changed = true;
            break;
          }
        }
        if (!changed) continue;
      }
      // An annotation says what the name holds, whatever the value looks like.
      ExprKind annotated = annotation_kind(a.annotation, a.scope);
      if (annotated.confidence != Confidence::kUnknown) {
        assign(a.target, annotated, a.scope, false);
        continue;
      }
      if (ts_node_is_null(a.value)) continue;
      ExprKind v = kind_of_depth(a.value, a.scope, 0);
      if (a.is_with) {
        // `with open(p, "wb") as f`: a file's __enter__ returns the file; other context
        // managers return what they like (`torch.no_grad()` gives None).
        if (v.is(ValueKind::kFile)) assign(a.target, v, a.scope, false);
        continue;
      }
      if (a.is_for && assign_loop_target(a)) continue;
      if (!a.is_for && assign_pairwise(a.target, a.value, a.scope)) continue;
      assign(a.target, v, a.scope, a.is_for);
    }
  }
  reads_ = nullptr;
  changed_at_.clear();
  reached_ = 0;
  cut_ = false;
}

bool TypeInference::assign_pairwise(TSNode target, TSNode value, int32_t scope) {
  // `q, k, v = qkv[0], qkv[1], qkv[2]` / `xb, yb = xb.to(d), yb.to(d)`: element by element.
  const auto& k = parse::NodeKinds::get();
  TSSymbol ts = ts_node_symbol(target), vs = ts_node_symbol(value);
  if (ts != k.pattern_list && ts != k.tuple_pattern) return false;
  if (vs != k.expression_list && vs != k.tuple) return false;
  uint32_t n = ts_node_named_child_count(target);
  if (n != ts_node_named_child_count(value)) return false;
  for (uint32_t i = 0; i < n; ++i) {
    TSNode t = ts_node_named_child(target, i);
    TSNode v = ts_node_named_child(value, i);
    if (ts_node_symbol(v) == k.list_splat || ts_node_symbol(t) == k.list_splat_pattern) return false;
  }
  for (uint32_t i = 0; i < n; ++i) {
    assign(ts_node_named_child(target, i), kind_of_depth(ts_node_named_child(value, i), scope, 0), scope, false);
  }
  return true;
}

// An instance of the file's class `user_class`: a module when the class derives from nn.Module.
ExprKind TypeInference::instance_of(int32_t user_class) const {
  ExprKind e;
  e.user_class = user_class;
  if (module_class_[user_class]) {
    e.kind = ValueKind::kModule;
    e.confidence = Confidence::kCertain;
  }
  return e;
}

ExprKind TypeInference::kind_of(TSNode expr, int32_t scope) const {
  return kind_of_depth(expr, scope, 0);
}

ExprKind TypeInference::api_kind(const std::string& qualname, bool called, const kg::ApiRecord** record) const {
  ExprKind e;
  e.api = qualname;
  if (qualname == "paddle" || qualname.rfind("paddle.", 0) == 0) {
    // Already Paddle (a converted file converted again): certainly not a torch object, so
    // nothing derived from it is converted twice.
    e.kind = ValueKind::kOther;
    e.confidence = called ? Confidence::kCertain : Confidence::kUnknown;
    e.callable_ref = !called;
    return e;
  }
  if (called) {
    if (ValueKind k = stdlib_call_result(qualname); k != ValueKind::kUnknown) {
      e.kind = k;
      e.confidence = Confidence::kCertain;
      return e;
    }
  }
  ValueKind lib;
  if (is_non_torch_library(qualname, &lib)) {
    if (called) {
      e.kind = lib;
      e.confidence = Confidence::kLikely;
    } else {
      e.kind = ValueKind::kOther;
      e.callable_ref = true;
    }
    return e;
  }
  const kg::ApiRecord* rec = kg_.find(qualname);
  if (record) *record = rec;
  if (!rec) {
    // A torch module path such as `torch.nn`, or something the graph does not know.
    if (!called) {
      e.kind = ValueKind::kTorchModule;
      e.confidence = Confidence::kCertain;  // kept by a name bound to it (`F = nn.functional`)
    }
    return e;
  }
  if (rec->kind == "class") {
    if (called) {
      e.kind = rec->returns;
      e.confidence = rec->returns == ValueKind::kUnknown ? Confidence::kUnknown : Confidence::kCertain;
    } else {
      e.kind = rec->returns;
      e.callable_ref = true;
    }
    return e;
  }
  if (rec->kind == "function") {
    if (called) {
      e.kind = rec->returns;
      e.confidence = rec->returns == ValueKind::kUnknown ? Confidence::kUnknown : Confidence::kCertain;
    } else {
      e.callable_ref = true;
    }
    return e;
  }
  // Attributes such as torch.float32.
  e.kind = rec->returns;
  e.confidence = rec->returns == ValueKind::kUnknown ? Confidence::kUnknown : Confidence::kCertain;
  return e;
}

ExprKind TypeInference::name_kind(TSNode ident, int32_t scope, int depth) const {
  if (const ExprKind* k = narrowed(ident, scope)) return *k;
  return name_kind_unnarrowed(ident, scope, depth);
}

ExprKind TypeInference::name_kind_unnarrowed(TSNode ident, int32_t scope, int depth) const {
  std::string_view name = node_text(ident, src_);
  ResolvedName rn = r_.resolve(scope, name);
  if (rn.source == NameSource::kImport) {
    return api_kind(m_.imported_names[rn.import_index].qualname, false);
  }
  if (rn.source == NameSource::kAmbiguous) return {};
  if (rn.source == NameSource::kUnbound) {
    // A Python builtin (`len`, `range`); any other free name (a star import, a global defined
    // elsewhere) is simply unknown.
    if (!is_python_builtin(name)) return {};
    ExprKind e;
    e.api = std::string(name);
    e.callable_ref = true;
    e.builtin = true;
    return e;
  }
  VarKey key{rn.scope, name};
  if (reads_) reads_->push_back(key);
  if (auto it = vars_.find(key); it != vars_.end()) return it->second;
  // Parameters: annotation, `self` in a method, the inputs of `forward`.
  const Scope& sc = m_.scopes[rn.scope];
  if (sc.kind == ScopeKind::kFunction) {
    if (auto pit = parameters_.find(key); pit != parameters_.end()) {
      const Parameter& p = *pit->second;
      ExprKind a = declared_kind(p, sc.parent);
      if (a.confidence != Confidence::kUnknown) return a;
      if (!ts_node_is_null(p.default_value)) {
        // `decay=0.999`: a number, string or flag by default is likely one when passed too.
        ExprKind d = kind_of_depth(p.default_value, sc.parent, depth + 1);
        if (d.is(ValueKind::kInt) || d.is(ValueKind::kFloat) || d.is(ValueKind::kStr) || d.is(ValueKind::kBool)) {
          d.confidence = Confidence::kLikely;
          return d;
        }
      }
      if (p.position == 0 && ctx_scopes_.count(rn.scope)) {
        // `ctx` of a custom autograd function's forward/backward: its methods and attributes
        // are FunctionCtx's (`ctx.saved_tensors`), mapped to PyLayerContext's.
        return make(ValueKind::kFunctionCtx);
      }
      if (sc.class_index >= 0 && p.position == 0 && name == "self") return instance_of(sc.class_index);
      if (sc.class_index >= 0 && module_class_[sc.class_index] && p.position > 0) {
        TSNode fname = ts_node_child_by_field_id(sc.node, parse::NodeFields::get().name);
        if (node_text(fname, src_) == "forward") return make(ValueKind::kTensor, Confidence::kLikely);
      }
      return {};
    }
  }
  // A class or function defined in this file.
  if (auto cit = classes_.find(key); cit != classes_.end()) {
    int32_t i = cit->second;
    ExprKind e;
    e.user_class = i;
    e.callable_ref = true;
    e.kind = i < static_cast<int32_t>(module_class_.size()) && module_class_[i] ? ValueKind::kModule : ValueKind::kOther;
    return e;
  }
  (void)depth;
  return {};
}

ExprKind TypeInference::attribute_kind(TSNode attr, int32_t scope, int depth, bool unqualified) const {
  if (const ExprKind* k = narrowed(attr, scope)) return *k;  // under `isinstance(self.fc, nn.Linear)`
  if (!unqualified) {
    if (const std::string* q = r_.qualified_name_of(attr, scope, nullptr)) return api_kind(*q, false);
  }
  TSNode obj = m_.object_of(attr);
  std::string_view name = node_text(m_.attribute_of(attr), src_);
  ExprKind recv = kind_of_depth(obj, scope, depth + 1);
  if (recv.tensor_like()) {
    const kg::ApiRecord* rec = kg_.find_member("torch.Tensor", name);
    if (rec && rec->kind == "attribute") {
      ExprKind e = make(rec->returns, recv.confidence);
      if (rec->returns == ValueKind::kUnknown) e.confidence = Confidence::kUnknown;
      return e;
    }
    return {};
  }
  if (recv.user_class >= 0 && !recv.callable_ref) {
    // `self.fc`: what __init__ (or any method) assigned to it.
    for (const auto& sa : m_.classes[recv.user_class].self_attributes) {
      if (sa.name != name) continue;
      // `self.register_buffer("fb", fb)` in a module: PyTorch takes only a tensor (or None).
      if (sa.how != ClassInfo::Registered::kAssigned) {
        if (!module_class_[recv.user_class]) return {};
        return make(sa.how == ClassInfo::Registered::kBuffer ? ValueKind::kTensor : ValueKind::kParameter, Confidence::kLikely);
      }
      // Evaluated in the scope of the method that made the assignment.
      ExprKind k = kind_of_depth(sa.value, sa.scope, depth + 1);
      if (k.kind == ValueKind::kTensor && !k.api.empty() && k.api == "torch.nn.Parameter") k.kind = ValueKind::kParameter;
      return k;
    }
    return {};
  }
  if (recv.is(ValueKind::kModule) && (name == "weight" || name == "bias")) {
    return make(ValueKind::kParameter, Confidence::kLikely);
  }
  if (recv.is(ValueKind::kNdarray) && (name == "T")) return make(ValueKind::kNdarray);
  if (recv.is(ValueKind::kPath)) {
    if (name == "parent") return make(ValueKind::kPath, recv.confidence);
    if (name == "name" || name == "stem" || name == "suffix") return make(ValueKind::kStr, recv.confidence);
  }
  return {};
}

ExprKind TypeInference::kind_of_depth(TSNode expr, int32_t scope, int depth) const {
  if (ts_node_is_null(expr)) return {};
  if (depth > kMaxDepth) {
    cut_ = true;
    return {};
  }
  if (const Memo* m = memo_.find(expr.id, scope);
      m && depth + m->height <= kMaxDepth && !(reads_ && m->reads_begin == kNoReads)) {
    reached_ = std::max(reached_, depth + m->height);
    // While the first round of infer_assignments collects the variables each kind reads, a
    // memoised kind reads again what its computation read.
    if (reads_) replay_reads(m->reads_begin, m->reads_end);
    return m->kind;
  }
  int outer_reached = reached_;
  bool outer_cut = cut_;
  reached_ = depth;
  cut_ = false;
  uint32_t reads_begin = reads_ ? static_cast<uint32_t>(reads_->size()) : kNoReads;
  ExprKind result = compute_kind(expr, scope, depth);
  uint32_t reads_end = reads_ ? static_cast<uint32_t>(reads_->size()) : kNoReads;
  if (!cut_) memo_.put(expr.id, scope, Memo{result, reached_ - depth, reads_begin, reads_end});
  reached_ = std::max(outer_reached, reached_);
  cut_ = outer_cut || cut_;
  return result;
}

void TypeInference::replay_reads(uint32_t begin, uint32_t end) const {
  // By index: the range lies in the vector that grows.
  reads_->reserve(reads_->size() + (end - begin));
  for (uint32_t r = begin; r < end; ++r) reads_->push_back((*reads_)[r]);
}

ExprKind TypeInference::compute_kind(TSNode expr, int32_t scope, int depth) const {
  const auto& k = parse::NodeKinds::get();
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.identifier) return name_kind(expr, scope, depth);
  if (s == k.call) return call_kind(expr, scope, depth);
  if (s == k.attribute) return attribute_kind(expr, scope, depth);
  if (s == k.string || s == k.concatenated_string) return make(ValueKind::kStr);
  if (s == k.integer) return make(ValueKind::kInt);
  if (s == k.float_) return make(ValueKind::kFloat);
  if (s == k.true_ || s == k.false_) return make(ValueKind::kBool);
  if (s == k.none) return make(ValueKind::kNone);
  if (s == k.list || s == k.list_comprehension) return make(ValueKind::kList);
  if (s == k.tuple) return make(ValueKind::kTuple);
  if (s == k.dictionary || s == k.dictionary_comprehension) return make(ValueKind::kDict);
  if (s == k.set || s == k.set_comprehension) return make(ValueKind::kSet);
  if (s == k.parenthesized_expression || s == k.type) {
    return ts_node_named_child_count(expr) == 1
               ? kind_of_depth(ts_node_named_child(expr, 0), scope, depth + 1)
               : ExprKind{};
  }
  if (s == k.unary_operator) {
    return kind_of_depth(ts_node_child_by_field_id(expr, parse::NodeFields::get().argument), scope, depth + 1);
  }
  if (s == k.binary_operator) {
    ExprKind a = kind_of_depth(ts_node_child_by_field_id(expr, parse::NodeFields::get().left), scope, depth + 1);
    ExprKind b = kind_of_depth(ts_node_child_by_field_id(expr, parse::NodeFields::get().right), scope, depth + 1);
    if (a.tensor_like() || b.tensor_like()) {
      Confidence c = (a.tensor_like() && a.confidence == Confidence::kCertain) ||
                             (b.tensor_like() && b.confidence == Confidence::kCertain)
                         ? Confidence::kCertain
                         : Confidence::kLikely;
      ExprKind t = make(ValueKind::kTensor, c);
      // `-idx * 2`, `idx + offset` of an integer tensor and ints stays an integer tensor (not `/`).
      TSNode op = ts_node_child_by_field_id(expr, parse::NodeFields::get().operator_);
      const std::string_view o = ts_node_is_null(op) ? std::string_view() : std::string_view(ts_node_type(op));
      auto integral = [](const ExprKind& e) { return e.tensor_like() ? e.integer : e.is(ValueKind::kInt); };
      t.integer = (o == "+" || o == "-" || o == "*" || o == "//" || o == "%") && integral(a) && integral(b);
      return t;
    }
    if (a.is(ValueKind::kNdarray) || b.is(ValueKind::kNdarray)) return make(ValueKind::kNdarray, Confidence::kLikely);
    // `(1,) + x.shape[-2:] + (2,)`: a tuple plus anything that runs is a tuple (a torch.Size on
    // the left keeps its class: `x.shape + (1,)` is a Size).
    if (a.is(ValueKind::kTuple) && a.confidence == Confidence::kCertain) {
      TSNode op = ts_node_child_by_field_id(expr, parse::NodeFields::get().operator_);
      if (!ts_node_is_null(op) && std::string_view(ts_node_type(op)) == "+") return make(ValueKind::kTuple);
    }
    if (a.is(ValueKind::kPath)) return make(ValueKind::kPath, a.confidence);  // `root / "model.pt"`
    if (a.is(ValueKind::kStr) && b.confidence != Confidence::kUnknown) return make(ValueKind::kStr);
    if (a.is(ValueKind::kInt) && b.is(ValueKind::kInt)) {
      // Python's `/` of two ints is a float (7 / 2 == 3.5), and so is `**` with a negative
      // exponent (2 ** -1 == 0.5): an int only for other operators, and for `**` with an
      // exponent written as a non-negative integer.
      TSNode op = ts_node_child_by_field_id(expr, parse::NodeFields::get().operator_);
      std::string_view o = ts_node_is_null(op) ? std::string_view() : std::string_view(ts_node_type(op));
      if (o == "/") return make(ValueKind::kFloat);
      if (o == "**") {
        TSNode e = ts_node_child_by_field_id(expr, parse::NodeFields::get().right);
        if (ts_node_symbol(e) == k.integer) return make(ValueKind::kInt);
        if (ts_node_symbol(e) == k.unary_operator && ts_node_child_count(e) == 2 &&
            std::string_view(ts_node_type(ts_node_child(e, 0))) == "-" &&
            ts_node_symbol(ts_node_named_child(e, 0)) == k.integer) {
          return make(ValueKind::kFloat);  // `10 ** -3`
        }
        return {};
      }
      return make(ValueKind::kInt);
    }
    if ((a.is(ValueKind::kInt) || a.is(ValueKind::kFloat)) && (b.is(ValueKind::kInt) || b.is(ValueKind::kFloat))) return make(ValueKind::kFloat);
    return {};
  }
  if (s == k.subscript) {
    ExprKind v = kind_of_depth(ts_node_child_by_field_id(expr, parse::NodeFields::get().value), scope, depth + 1);
    if (v.tensor_like()) return make(ValueKind::kTensor, v.confidence);
    if (v.is(ValueKind::kSize)) {
      // `x.shape[1:]` is a torch.Size again; `x.shape[0]` one int.
      return parse::is_sliced_subscript(expr) ? make(ValueKind::kSize, v.confidence) : make(ValueKind::kInt, Confidence::kLikely);
    }
    if (v.is(ValueKind::kNdarray)) return make(ValueKind::kNdarray, Confidence::kLikely);
    if (v.is(ValueKind::kStr)) return make(ValueKind::kStr);
    if (v.is(ValueKind::kDataFrame)) return make(ValueKind::kDataFrame, Confidence::kLikely);
    if ((v.is(ValueKind::kList) || v.is(ValueKind::kTuple)) && !parse::is_sliced_subscript(expr)) {
      return element_kind(ts_node_child_by_field_id(expr, parse::NodeFields::get().value), scope);
    }
    if (v.confidence == Confidence::kUnknown && v.user_class < 0 && !parse::is_sliced_subscript(expr)) {
      // `logits.shape[-1]` of a receiver of unknown kind: one size, of a tensor or an array alike.
      TSNode value = ts_node_child_by_field_id(expr, parse::NodeFields::get().value);
      if (ts_node_symbol(value) == k.attribute && node_text(m_.attribute_of(value), src_) == "shape") {
        return make(ValueKind::kInt, Confidence::kLikely);
      }
    }
    return {};
  }
  if (s == k.comparison_operator) {
    // `a in b` and `a is b` are bools; `a <= b` is a tensor when either side is one, so a
    // comparison with a side of unknown kind (`boxes[:, 2:] <= boxes[:, :2]`) is unknown too.
    bool unknown = false;
    for (uint32_t i = 0, n = ts_node_child_count(expr); i < n; ++i) {
      TSNode c = ts_node_child(expr, i);
      if (!ts_node_is_named(c)) {
        std::string_view op(ts_node_type(c));
        if (op == "in" || op == "is" || op == "not in" || op == "is not" || op == "not") return make(ValueKind::kBool);
        continue;
      }
      ExprKind side = kind_of_depth(c, scope, depth + 1);
      if (side.tensor_like()) return make(ValueKind::kTensor, side.confidence);
      if (side.confidence == Confidence::kUnknown && side.user_class < 0) unknown = true;
    }
    if (unknown) return {};
    return make(ValueKind::kBool, Confidence::kLikely);
  }
  if (s == k.not_operator) return make(ValueKind::kBool);
  if (s == k.conditional_expression) {
    ExprKind a = kind_of_depth(ts_node_named_child(expr, 0), scope, depth + 1);
    ExprKind b = kind_of_depth(ts_node_named_child(expr, 2), scope, depth + 1);
    if (a.kind == b.kind && a.user_class == b.user_class) return a;
    return {};
  }
  return {};
}

}  // namespace t2p::semantic
