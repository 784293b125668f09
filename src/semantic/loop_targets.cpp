// semantic: what the target of a `for` loop (a statement or a comprehension's clause) holds
// (TypeInference's part): elements of declared lists and of `zip` of them, elements of a literal
// of tensors, the index and item of `enumerate`, the parameters of a module.
#include <span>
#include <string_view>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "semantic/type_inference.h"
#include "semantic/type_inference_internal.h"

namespace t2p::semantic {

using detail::make;
using kg::ValueKind;
using parse::node_text;

bool TypeInference::assign_loop_target(const Assignment& a) {
  const auto& k = parse::NodeKinds::get();
  // `for t in proposals` / `for p, g in zip(proposals, gt_boxes)`, the lists declared
  // `List[Tensor]`: each an element.
  if (assign_zip_elements(a.target, a.value, a.scope)) return true;
  if (ExprKind e = element_kind(a.value, a.scope); e.confidence != Confidence::kUnknown) {
    assign(a.target, e, a.scope, false);
    return true;
  }
  const TSSymbol ts = ts_node_symbol(a.target);
  const bool pair = (ts == k.pattern_list || ts == k.tuple_pattern) && ts_node_named_child_count(a.target) == 2;
  // `for i, batch in enumerate(loader)`: look through enumerate.
  if (ts_node_symbol(a.value) == k.call && node_text(m_.function_of(a.value), src_) == "enumerate" &&
      r_.resolve(a.scope, "enumerate").source == NameSource::kUnbound) {
    TSNode args = m_.arguments_of(a.value);
    ExprKind inner = ts_node_named_child_count(args) > 0 ? kind_of_depth(ts_node_named_child(args, 0), a.scope, 0)
                                                          : ExprKind{};
    if (pair) {
      assign(ts_node_named_child(a.target, 0), make(ValueKind::kInt), a.scope, false);
      assign(ts_node_named_child(a.target, 1), inner, a.scope, true);
    }
    return true;
  }
  if (parameters_of_module(a.value, a.scope)) {
    // `for p in model.parameters()` / `for name, p in model.named_parameters()`.
    ExprKind param = make(ValueKind::kParameter, Confidence::kLikely);
    if (ts == k.identifier) assign(a.target, param, a.scope, false);
    else if (pair) assign(ts_node_named_child(a.target, 1), param, a.scope, false);
    return true;
  }
  return false;
}

// `for p, g in zip(proposals, gt_boxes)` (the builtin zip): the i-th target is an element of the
// i-th argument, when element_kind knows it; false when the loop is not of that shape or no
// argument's elements are known.
bool TypeInference::assign_zip_elements(TSNode target, TSNode value, int32_t scope) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_symbol(value) != k.call) return false;
  TSNode fn = m_.function_of(value);
  if (ts_node_symbol(fn) != k.identifier || node_text(fn, src_) != "zip") return false;
  TSSymbol ts = ts_node_symbol(target);
  if (ts != k.pattern_list && ts != k.tuple_pattern) return false;
  std::span<const TSNode> items = argument_items(value);
  if (items.empty() || items.size() != ts_node_named_child_count(target)) return false;
  if (r_.resolve(scope, "zip").source != NameSource::kUnbound) return false;
  bool any = false;
  for (size_t i = 0; i < items.size(); ++i) {
    ExprKind e = element_kind(items[i], scope);
    if (e.confidence == Confidence::kUnknown) continue;
    assign(ts_node_named_child(target, static_cast<uint32_t>(i)), e, scope, false);
    any = true;
  }
  return any;
}

bool TypeInference::parameters_of_module(TSNode value, int32_t scope) const {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_symbol(value) != k.call) return false;
  TSNode fn = m_.function_of(value);
  if (ts_node_symbol(fn) != k.attribute) return false;
  std::string_view m = node_text(m_.attribute_of(fn), src_);
  if (m != "parameters" && m != "named_parameters") return false;
  ExprKind recv = kind_of_depth(m_.object_of(fn), scope, 1);
  return recv.is(ValueKind::kModule) && !recv.callable_ref;
}

}  // namespace t2p::semantic
