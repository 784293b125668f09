// semantic: the kinds PEP 484 type comments declare for parameters (TypeInference's part).
// TorchScript code written before annotations declares them so, and detection and
// segmentation models still do:
//   def assign(self, proposals, gt_boxes):
//       # type: (List[Tensor], List[Tensor]) -> Tensor
//   def postprocess(
//       self,
//       class_logits,  # type: Tensor
//   ):
// A comment's text is read as an annotation would be: a torch class, a builtin type,
// `Optional[...]`, and the elements of `List[...]` / `Sequence[...]` / `Tuple[X, ...]`.
#include <string>
#include <string_view>
#include <vector>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "semantic/code_names.h"
#include "semantic/type_inference.h"
#include "semantic/type_inference_internal.h"

namespace t2p::semantic {

using detail::make;
using kg::ValueKind;
using parse::node_text;

namespace {

std::string_view trim(std::string_view t) {
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
  while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
  return t;
}

// The comma-separated items of `t` at bracket depth 0 (`List[int], Tensor` gives two).
std::vector<std::string_view> top_level_items(std::string_view t) {
  std::vector<std::string_view> items;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '[' || c == '(') ++depth;
    else if (c == ']' || c == ')') --depth;
    else if (c == ',' && depth == 0) {
      items.push_back(trim(t.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (std::string_view last = trim(t.substr(start)); !last.empty() || !items.empty()) items.push_back(last);
  return items;
}

// `head[inner]` split into head and inner; false when `t` is not of that shape.
bool split_generic(std::string_view t, std::string_view* head, std::string_view* inner) {
  const size_t open = t.find('[');
  if (open == std::string_view::npos || t.back() != ']') return false;
  *head = trim(t.substr(0, open));
  *inner = t.substr(open + 1, t.size() - open - 2);
  return true;
}

bool is_dotted_name(std::string_view t) {
  if (t.empty() || t.front() == '.' || t.back() == '.') return false;
  for (char c : t) {
    if (!(c == '_' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
      return false;
  }
  return true;
}

// The name a parameter node binds (`x`, `x=1`, `x: T`), or empty.
std::string_view parameter_name(TSNode p, std::string_view src) {
  const auto& k = parse::NodeKinds::get();
  TSSymbol s = ts_node_symbol(p);
  if (s == k.identifier) return node_text(p, src);
  if (s == k.default_parameter || s == k.typed_default_parameter)
    return node_text(ts_node_child_by_field_id(p, parse::NodeFields::get().name), src);
  return {};
}

}  // namespace

void TypeInference::collect_type_comments() {
  const auto& k = parse::NodeKinds::get();
  for (const NamedInText& t : m_.named_in_text) {
    if (!t.comment) continue;
    const std::string_view text = type_comment_text(node_text(t.node, src_));
    TSNode parent = ts_node_parent(t.node);
    if (ts_node_symbol(parent) == k.parameters) {
      // `name,  # type: T`: the parameter before the comment, on the comment's line.
      TSNode p = ts_node_prev_named_sibling(t.node);
      while (!ts_node_is_null(p) && ts_node_symbol(p) == k.comment) p = ts_node_prev_named_sibling(p);
      if (ts_node_is_null(p) || ts_node_end_point(p).row != ts_node_start_point(t.node).row) continue;
      const std::string_view name = parameter_name(p, src_);
      if (!name.empty()) comment_types_.emplace(VarKey{t.scope, name}, trim(text));
      continue;
    }
    // `# type: (A, B) -> R` right below a `def`: one type per parameter, `self` left out.
    if (text.empty() || text.front() != '(') continue;
    const size_t arrow = text.find("->");
    const size_t close = text.rfind(')', arrow);
    if (arrow == std::string_view::npos || close == std::string_view::npos || close == 0) continue;
    // Right below the `def`: between its colon and its body, or the body's first line.
    TSNode fn = parent;
    if (ts_node_symbol(parent) == k.block) {
      if (!parse::same_node(ts_node_named_child(parent, 0), t.node)) continue;
      fn = ts_node_parent(parent);
    }
    if (ts_node_symbol(fn) != k.function_definition) continue;
    auto sit = m_.scope_of_node.find(reinterpret_cast<uintptr_t>(fn.id));
    if (sit == m_.scope_of_node.end()) continue;
    const int32_t scope = sit->second;
    const std::vector<std::string_view> types = top_level_items(text.substr(1, close - 1));
    if (types.size() == 1 && types[0] == "...") continue;
    std::vector<const Parameter*> params;
    for (const Parameter& p : m_.parameters) {
      if (p.scope == scope) params.push_back(&p);
    }
    size_t skip = 0;
    if (params.size() == types.size() + 1 && (params[0]->name == "self" || params[0]->name == "cls")) skip = 1;
    if (params.size() != types.size() + skip) continue;
    for (size_t i = 0; i < types.size(); ++i) {
      if (types[i].empty() || types[i].front() == '*') continue;  // `*args` / `**kwargs`
      const Parameter& p = *params[i + skip];
      if (ts_node_is_null(p.annotation)) comment_types_.emplace(VarKey{p.scope, p.name}, types[i]);
    }
  }
}

ExprKind TypeInference::type_text_kind(std::string_view t, int32_t scope, bool element) const {
  t = trim(t);
  if (t.empty()) return {};
  std::string_view head, inner;
  if (split_generic(t, &head, &inner)) {
    if (head == "Optional") return detail::at_most_likely(type_text_kind(inner, scope, element));
    if (!element) {
      if (head == "List" || head == "list" || head == "Sequence") return make(ValueKind::kList);
      if (head == "Tuple" || head == "tuple") return make(ValueKind::kTuple);
      if (head == "Dict" || head == "dict") return make(ValueKind::kDict);
      return {};
    }
    const std::vector<std::string_view> items = top_level_items(inner);
    if (!detail::one_kind_for_every_element(head, items.size(), items.size() > 1 ? items[1] : std::string_view())) {
      return {};
    }
    return detail::at_most_likely(type_text_kind(items[0], scope, false));
  }
  if (element || !is_dotted_name(t)) return {};
  if (ExprKind b = builtin_type_kind(t); b.confidence != Confidence::kUnknown) return b;
  const size_t dot = t.find('.');
  const std::string_view root = t.substr(0, dot);
  const ResolvedName rn = r_.resolve(scope, root);
  if (rn.source != NameSource::kImport || rn.import_index < 0) return {};
  std::string q = m_.imported_names[rn.import_index].qualname;
  if (dot != std::string_view::npos) q.append(t.substr(dot));
  return type_name_kind(q);
}

}  // namespace t2p::semantic
