// semantic: the kind of what a call returns (TypeInference's part): an API's declared result, a
// builtin's, a module called as a layer, a method of a torch object or of a builtin kind, a
// function of the file by its annotation or its returns.
#include <span>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "semantic/builtin_kinds.h"
#include "semantic/type_inference.h"
#include "semantic/type_inference_internal.h"

namespace t2p::semantic {

using detail::make;
using kg::ValueKind;
using parse::node_text;

ExprKind TypeInference::numbers_kind(TSNode call, int32_t scope, int depth) const {
  std::span<const TSNode> items = argument_items(call);
  if (items.size() < 2) return {};
  bool any_float = false;
  for (TSNode item : items) {
    ExprKind a = kind_of_depth(item, scope, depth + 1);  // a splat or keyword is of no kind
    if (a.is(ValueKind::kFloat)) any_float = true;
    else if (!a.is(ValueKind::kInt)) return {};
  }
  return make(any_float ? ValueKind::kFloat : ValueKind::kInt);
}

bool TypeInference::first_parameter_of_module(TSNode next_call, int32_t scope) const {
  // `next(model.parameters())`, `next(iter(model.parameters()))` (as converted), in parentheses too.
  const auto& k = parse::NodeKinds::get();
  auto first_item = [&](TSNode call, size_t want) {
    std::span<const TSNode> items = argument_items(call);
    return items.empty() || items.size() > want ? TSNode{} : items[0];
  };
  TSNode v = first_item(next_call, 2);  // next(it) or next(it, default)
  for (int unwrap = 0; unwrap < 4 && !ts_node_is_null(v); ++unwrap) {
    if (ts_node_symbol(v) == k.parenthesized_expression && ts_node_named_child_count(v) == 1) {
      v = ts_node_named_child(v, 0);
    } else if (ts_node_symbol(v) == k.call && node_text(m_.function_of(v), src_) == "iter" &&
               kind_of_depth(m_.function_of(v), scope, 1).builtin) {
      v = first_item(v, 1);
    } else {
      break;
    }
  }
  if (ts_node_is_null(v) || ts_node_symbol(v) != k.call) return false;
  TSNode fn = m_.function_of(v);
  if (ts_node_symbol(fn) != k.attribute || node_text(m_.attribute_of(fn), src_) != "parameters") return false;
  // A module, or a receiver of unknown kind: `parameters()` is a method only modules have among
  // torch objects, and the classifier converts it as Module's (`def f(model): next(model.parameters())`).
  ExprKind recv = kind_of_depth(m_.object_of(fn), scope, 1);
  if (recv.callable_ref) return false;
  return recv.is(ValueKind::kModule) || (recv.confidence == Confidence::kUnknown && recv.user_class < 0 && !recv.builtin);
}

ExprKind TypeInference::returned_kind(TSNode function, int depth) const {
  // What every `return` of the function gives, when they agree.
  auto fs = m_.scope_of_node.find(reinterpret_cast<uintptr_t>(function.id));
  if (fs == m_.scope_of_node.end()) return {};
  ExprKind result;
  bool first = true;
  auto rit = returns_.find(fs->second);
  if (rit == returns_.end()) return {};
  for (TSNode value : rit->second) {
    ExprKind k = kind_of_depth(value, fs->second, depth + 4);
    if (first) {
      result = k;
      first = false;
    } else if (k.kind != result.kind || k.user_class != result.user_class) {
      return {};
    }
  }
  result.api.clear();
  result.callable_ref = false;
  return result;
}

ExprKind TypeInference::call_kind(TSNode call, int32_t scope, int depth) const {
  const auto& k = parse::NodeKinds::get();
  TSNode fn = m_.function_of(call);
  TSSymbol fs = ts_node_symbol(fn);
  if (fs == k.attribute || fs == k.identifier) {
    if (const std::string* q = r_.qualified_name_of(fn, scope, nullptr)) {
      const kg::ApiRecord* rec = nullptr;
      ExprKind e = api_kind(*q, true, &rec);
      if (rec && e.tensor_like()) e.integer = integer_result(*rec, call, scope, depth);
      return e;
    }
  }
  if (fs == k.identifier) {
    ExprKind callee = name_kind(fn, scope, depth + 1);
    if (callee.user_class >= 0 && callee.callable_ref) return instance_of(callee.user_class);
    if (callee.is(ValueKind::kModule)) return make(ValueKind::kTensor, Confidence::kLikely);
    if (callee.callable_ref && !callee.api.empty()) {
      if (callee.builtin && callee.api == "next" && first_parameter_of_module(call, scope)) {
        return make(ValueKind::kParameter, Confidence::kLikely);
      }
      if (callee.builtin && (callee.api == "max" || callee.api == "min")) {
        // `max(1.0, factor)` of numbers is a number: a float when any is one.
        ExprKind number = numbers_kind(call, scope, depth);
        if (number.confidence != Confidence::kUnknown) return number;
      }
      if (callee.builtin && callee.api == "round") {
        // round(x) is an int; round(x, ndigits) has x's type (round(2.675, 2) is a float).
        if (argument_items(call).size() != 1) {
          ExprKind e;
          e.api = callee.api;
          return e;
        }
      }
      if (ValueKind kind; builtin_call_result(callee.api, &kind)) {
        ExprKind e = make(kind);
        e.api = callee.api;  // `range` matters to `for` loops
        return e;
      }
      ExprKind e;
      e.api = callee.api;  // `enumerate`, `zip`, `range`: kept for `for` loops
      return e;
    }
    // A function defined here with a return annotation.
    ResolvedName rn = r_.resolve(scope, node_text(fn, src_));
    if (rn.source == NameSource::kLocal) {
      auto it = functions_.find(VarKey{rn.scope, node_text(fn, src_)});
      if (it != functions_.end()) {
        ExprKind annotated = annotation_kind(ts_node_child_by_field_id(it->second, parse::NodeFields::get().return_type), rn.scope);
        if (annotated.confidence != Confidence::kUnknown) return annotated;
        return returned_kind(it->second, depth);
      }
    }
    return {};
  }
  if (fs == k.attribute) {
    // qualified_name failed on `fn` above: not asked again.
    ExprKind callee = attribute_kind(fn, scope, depth + 1, true);
    if (callee.is(ValueKind::kModule) && !callee.callable_ref) {
      return make(ValueKind::kTensor, Confidence::kLikely);  // `self.fc(x)`: calling a layer
    }
    TSNode obj = m_.object_of(fn);
    std::string_view name = node_text(m_.attribute_of(fn), src_);
    ExprKind recv = kind_of_depth(obj, scope, depth + 1);
    const char* owner = recv.tensor_like()                ? "torch.Tensor"
                        : recv.is(ValueKind::kModule)     ? "torch.nn.Module"
                        : recv.is(ValueKind::kOptimizer)  ? "torch.optim.Optimizer"
                                                          : nullptr;
    if (owner) {
      const kg::ApiRecord* rec = kg_.find_member(owner, name);
      if (rec && rec->returns != ValueKind::kUnknown) {
        // A module's method that returns a module returns the module itself (`to`, `cuda`,
        // `train`, `float`, `apply`...: every one of them in PyTorch): the result is what the
        // receiver is, its class included, so `model = model.to(device)` keeps `model`'s kind.
        if (recv.is(ValueKind::kModule) && !recv.callable_ref && rec->returns == ValueKind::kModule) {
          ExprKind self = recv;
          self.api.clear();
          self.callable_ref = false;
          self.builtin = false;
          return self;
        }
        ExprKind result = make(returned_with(*rec, call, src_), recv.confidence);
        // `x1, y1 = boxes.unbind(-1)`: the tensors a tensor method returns unpack to tensors.
        if (result.tensor_like()) {
          result.api = rec->torch;
          result.integer = integer_result(*rec, call, scope, depth);
        }
        return result;
      }
      return {};
    }
    ValueKind builtin = builtin_method_result(recv.kind, name);
    if (recv.confidence != Confidence::kUnknown && builtin != ValueKind::kUnknown) {
      return make(builtin, recv.confidence);
    }
    if (recv.confidence == Confidence::kUnknown && name == "size") {
      // `images.size(0)` on a receiver of unknown kind: one dimension's size, an int (a tensor's
      // size(dim); PIL and NumPy spell size as an attribute, not a call with a dimension).
      std::span<const TSNode> items = argument_items(call);
      if (items.size() == 1 &&
          (ts_node_symbol(items[0]) != k.keyword_argument ||
           node_text(ts_node_child_by_field_id(items[0], parse::NodeFields::get().name), src_) == "dim") &&
          ts_node_symbol(items[0]) != k.list_splat && ts_node_symbol(items[0]) != k.dictionary_splat) {
        return make(ValueKind::kInt, Confidence::kLikely);
      }
    }
    return {};
  }
  if (fs == k.subscript || fs == k.call || fs == k.parenthesized_expression) {
    ExprKind callee = kind_of_depth(fn, scope, depth + 1);
    if (callee.is(ValueKind::kModule)) return make(ValueKind::kTensor, Confidence::kLikely);
  }
  return {};
}

bool TypeInference::integer_result(const kg::ApiRecord& rec, TSNode call, int32_t scope, int depth) const {
  if (rec.integer_result == kg::ApiRecord::IntegerResult::kNo) return false;
  const auto& k = parse::NodeKinds::get();
  size_t positional = 0;
  for (TSNode item : argument_items(call)) {
    const TSSymbol s = ts_node_symbol(item);
    if (s == k.list_splat || s == k.dictionary_splat) return false;
    if (s == k.keyword_argument) {
      // `dtype=` decides the dtype; the bounds given by keyword count as positional ones do;
      // `device=`, `requires_grad=` do not change it.
      const std::string_view name = node_text(ts_node_child_by_field_id(item, parse::NodeFields::get().name), src_);
      if (name == "dtype") return false;
      if (rec.integer_result == kg::ApiRecord::IntegerResult::kIntArguments &&
          (name == "start" || name == "end" || name == "step")) {
        if (!kind_of_depth(ts_node_child_by_field_id(item, parse::NodeFields::get().value), scope, depth + 1)
                 .is(ValueKind::kInt)) {
          return false;
        }
        ++positional;
      }
      continue;
    }
    ++positional;
    if (rec.integer_result == kg::ApiRecord::IntegerResult::kIntArguments &&
        !kind_of_depth(item, scope, depth + 1).is(ValueKind::kInt)) {
      return false;
    }
  }
  return rec.integer_result == kg::ApiRecord::IntegerResult::kAlways || positional > 0;
}

std::span<const TSNode> TypeInference::argument_items(TSNode call) const {
  const TSNode* items = nullptr;
  uint32_t count = 0;
  bool trailing = false;
  if (!m_.argument_list_items(m_.arguments_of(call), &items, &count, &trailing)) return {};
  return {items, count};
}

}  // namespace t2p::semantic
