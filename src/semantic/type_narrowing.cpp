// semantic: what a declared or checked type says of a value the assignments leave unknown: one
// element of a parameter annotated `List[Tensor]`, and a name narrowed by `isinstance` in its
// block (TypeInference's part; the constructor collects the narrowings once).
#include <string_view>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "semantic/type_inference.h"
#include "semantic/type_inference_internal.h"

namespace t2p::semantic {
namespace {

using detail::make;
using kg::ValueKind;
using parse::node_text;

// Whether `n` is a name or an attribute chain of names (`m`, `self.conv_proj`).
bool is_name_chain(TSNode n) {
  const auto& k = parse::NodeKinds::get();
  while (ts_node_symbol(n) == k.attribute) n = ts_node_child_by_field_id(n, parse::NodeFields::get().object);
  return ts_node_symbol(n) == k.identifier;
}

}  // namespace

// The kind of one element of a parameter annotated `List[X]`, `Sequence[X]`, `Tuple[X, ...]`
// (or `Optional` of one, or so declared by a type comment): `feature_maps: List[Tensor]` makes
// `feature_maps[0]` a tensor. Only for a name no assignment of its scope rebinds; and of a
// list or tuple literal whose items are all tensors.
ExprKind TypeInference::element_kind(TSNode value, int32_t scope) const {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_symbol(value) == k.list || ts_node_symbol(value) == k.tuple) {
    // `for t in [query, key, value]`: a literal of tensors only (no splat) holds tensors.
    const uint32_t n = ts_node_named_child_count(value);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode item = ts_node_named_child(value, i);
      if (ts_node_symbol(item) == k.comment) continue;
      if (!kind_of_depth(item, scope, 1).tensor_like()) return {};
    }
    return n == 0 ? ExprKind{} : make(ValueKind::kTensor, Confidence::kLikely);
  }
  if (ts_node_symbol(value) != k.identifier) return {};
  std::string_view name = node_text(value, src_);
  ResolvedName rn = r_.resolve(scope, name);
  if (rn.source != NameSource::kLocal || m_.scopes[rn.scope].kind != ScopeKind::kFunction) return {};
  VarKey key{rn.scope, name};
  if (vars_.find(key) != vars_.end()) return {};
  auto pit = parameters_.find(key);
  if (pit == parameters_.end()) return {};
  TSNode node = pit->second->annotation;
  if (ts_node_is_null(node)) {
    auto cit = comment_types_.find(key);
    return cit == comment_types_.end() ? ExprKind{} : type_text_kind(cit->second, m_.scopes[rn.scope].parent, true);
  }
  for (int unwrap = 0; unwrap < 2 && !ts_node_is_null(node); ++unwrap) {
    if (ts_node_symbol(node) == k.type && ts_node_named_child_count(node) > 0) node = ts_node_named_child(node, 0);
    if (std::string_view(ts_node_type(node)) != "generic_type" || ts_node_named_child_count(node) < 2) return {};
    std::string_view head = node_text(ts_node_named_child(node, 0), src_);
    TSNode params = ts_node_named_child(node, ts_node_named_child_count(node) - 1);
    if (head == "Optional" && ts_node_named_child_count(params) == 1) {
      node = ts_node_named_child(params, 0);
      continue;
    }
    const uint32_t count = ts_node_named_child_count(params);
    const std::string_view second = count > 1 ? node_text(ts_node_named_child(params, 1), src_) : std::string_view();
    if (!detail::one_kind_for_every_element(head, count, second)) return {};
    return detail::at_most_likely(annotation_kind(ts_node_named_child(params, 0), scope));
  }
  return {};
}

// `if isinstance(name, C):` / `elif isinstance(name, C):`, also as one operand of an `and`
// chain (`if hasattr(h, "fc") and isinstance(h.fc, nn.Linear):`), C a class the annotations know
// (or a tuple of such classes of one kind), `name` a name or an attribute chain of names
// (`self.conv_proj`): in the block, `name` is a C. Inside the block only, and in its scope only
// (a nested function's `name` is another variable).
void TypeInference::collect_narrowings() {
  const auto& k = parse::NodeKinds::get();
  const auto& fields = parse::NodeFields::get();
  for (const Reference& r : m_.calls) {
    TSNode fn = m_.function_of(r.node);
    if (ts_node_symbol(fn) != k.identifier || node_text(fn, src_) != "isinstance") continue;
    if (r_.resolve(r.scope, "isinstance").source != NameSource::kUnbound) continue;  // the builtin
    const TSNode* items = nullptr;
    uint32_t count = 0;
    bool trailing = false;
    if (!m_.argument_list_items(m_.arguments_of(r.node), &items, &count, &trailing) || count != 2) continue;
    if (!is_name_chain(items[0])) continue;
    TSNode condition = r.node;
    TSNode stmt = ts_node_parent(condition);
    while (!ts_node_is_null(stmt) && ts_node_symbol(stmt) == k.boolean_operator &&
           std::string_view(ts_node_type(ts_node_child_by_field_id(stmt, fields.operator_))) == "and") {
      condition = stmt;
      stmt = ts_node_parent(stmt);
    }
    if (ts_node_is_null(stmt) || (ts_node_symbol(stmt) != k.if_statement && ts_node_symbol(stmt) != k.elif_clause)) continue;
    if (!parse::same_node(ts_node_child_by_field_id(stmt, fields.condition), condition)) continue;
    TSNode block = ts_node_child_by_field_id(stmt, fields.consequence);
    if (ts_node_is_null(block)) continue;
    ExprKind kind;
    TSNode cls = items[1];
    if (ts_node_symbol(cls) == k.tuple) {
      // `isinstance(m, (nn.Conv2d, nn.Linear))`: a Module, of no one class; mixed kinds: none.
      for (uint32_t i = 0, n = ts_node_named_child_count(cls); i < n; ++i) {
        ExprKind one = annotation_kind(ts_node_named_child(cls, i), r.scope);
        if (one.confidence == Confidence::kUnknown || (i > 0 && one.kind != kind.kind)) {
          kind = {};
          break;
        }
        if (i > 0 && one.api != kind.api) one.api.clear();
        kind = one;
      }
    } else {
      kind = annotation_kind(cls, r.scope);
    }
    if (kind.confidence == Confidence::kUnknown) continue;
    narrowings_[node_text(items[0], src_)].push_back(
        Narrowing{r.scope, ts_node_start_byte(block), ts_node_end_byte(block), kind});
  }
}

const ExprKind* TypeInference::narrowed(TSNode expr, int32_t scope) const {
  if (narrowings_.empty()) return nullptr;
  auto it = narrowings_.find(node_text(expr, src_));
  if (it == narrowings_.end()) return nullptr;
  const uint32_t at = ts_node_start_byte(expr);
  for (const Narrowing& n : it->second) {
    if (n.scope == scope && at >= n.begin && at < n.end) return &n.kind;
  }
  return nullptr;
}

}  // namespace t2p::semantic
