// semantic: the kind a type annotation declares (TypeInference's part): `x: torch.Tensor`,
// `layer: nn.Conv2d`, `Optional[...]`, builtin types, NumPy and pathlib classes, and a
// module-level alias of a torch class (`Tensor = torch.Tensor`).
#include <string>
#include <string_view>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "semantic/builtin_kinds.h"
#include "semantic/type_inference.h"
#include "semantic/type_inference_internal.h"

namespace t2p::semantic {

using detail::make;
using kg::ValueKind;
using parse::node_text;

namespace {

// `Tensor = torch.Tensor` at module level: the torch name a module-level alias stands for, when
// the file binds that name once, by that plain assignment only (no import, def, loop or second
// assignment), so that it holds the same class wherever it is read.
const std::string* module_alias_of(const NameResolver& r, const FileModel& m, std::string_view src,
                                          TSNode ident, int32_t scope) {
  if (ts_node_symbol(ident) != parse::NodeKinds::get().identifier) return nullptr;
  std::string_view name = node_text(ident, src);
  ResolvedName rn = r.resolve(scope, name);
  if (rn.source != NameSource::kLocal || rn.scope != 0) return nullptr;
  const Binding* b = m.bindings.find(0, m.bindings.id_of(name));
  if (!b || b->other_count != 1 || b->import_count != 0 || b->global) return nullptr;
  for (const auto& a : m.assignments) {
    if (a.scope != 0 || node_text(a.target, src) != name) continue;
    if (a.is_for || a.is_with || ts_node_is_null(a.value) ||
        ts_node_symbol(a.target) != parse::NodeKinds::get().identifier) {
      return nullptr;
    }
    return r.qualified_name_of(a.value, 0, nullptr);
  }
  return nullptr;
}

}  // namespace

ExprKind TypeInference::annotation_kind(TSNode annotation, int32_t scope) const {
  if (ts_node_is_null(annotation)) return {};
  const auto& k = parse::NodeKinds::get();
  TSNode node = annotation;
  if (ts_node_symbol(node) == k.type && ts_node_named_child_count(node) > 0) node = ts_node_named_child(node, 0);
  if (ts_node_symbol(node) == k.string) return {};
  if (std::string_view(ts_node_type(node)) == "generic_type") {
    // `Optional[torch.Tensor]` (generic_type: identifier, type_parameter(type ...)).
    std::string_view head = ts_node_named_child_count(node) > 0 ? node_text(ts_node_named_child(node, 0), src_) : "";
    TSNode params = ts_node_named_child(node, ts_node_named_child_count(node) - 1);
    if (head == "Optional" && ts_node_named_child_count(params) == 1) {
      return detail::at_most_likely(annotation_kind(ts_node_named_child(params, 0), scope));
    }
    if (head == "List" || head == "list") return make(ValueKind::kList);
    if (head == "Dict" || head == "dict") return make(ValueKind::kDict);
    if (head == "Tuple" || head == "tuple") return make(ValueKind::kTuple);
    return {};
  }
  const std::string* found = r_.qualified_name_of(node, scope, nullptr);
  if (!found) found = module_alias_of(r_, m_, src_, node, scope);
  if (found) return type_name_kind(*found);
  std::string_view text = node_text(node, src_);
  if (ExprKind b = builtin_type_kind(text); b.confidence != Confidence::kUnknown) return b;
  if (text == "list" || text.rfind("List[", 0) == 0 || text.rfind("list[", 0) == 0) return make(ValueKind::kList);
  if (text == "dict" || text.rfind("Dict[", 0) == 0 || text.rfind("dict[", 0) == 0) return make(ValueKind::kDict);
  if (text.rfind("Optional[", 0) == 0 && ts_node_named_child_count(node) > 0) {
    // Optional[torch.Tensor]: look inside the subscript.
    TSNode inner = ts_node_named_child(node, ts_node_named_child_count(node) - 1);
    return detail::at_most_likely(annotation_kind(inner, scope));
  }
  return {};
}

ExprKind TypeInference::declared_kind(const Parameter& p, int32_t scope) const {
  if (!ts_node_is_null(p.annotation)) return annotation_kind(p.annotation, scope);
  if (comment_types_.empty()) return {};
  auto it = comment_types_.find(VarKey{p.scope, p.name});
  return it == comment_types_.end() ? ExprKind{} : type_text_kind(it->second, scope, false);
}

// The kind an annotation naming the class `q` (a qualified name) declares.
ExprKind TypeInference::type_name_kind(const std::string& q) const {
  if (q == "torch.Tensor") return make(ValueKind::kTensor);
  if (const kg::ApiRecord* rec = kg_.find(kg_.canonical(q)); rec && rec->kind == "class") {
    // `idxs: torch.IntTensor`: the legacy typed tensor classes (their instances are tensors).
    if (rec->returns == ValueKind::kTensor) return make(ValueKind::kTensor);
    // `layer: nn.Conv2d`: a torch layer class, whose attribute records apply.
    if (rec->returns == ValueKind::kModule) {
      ExprKind e = make(ValueKind::kModule);
      e.api = rec->torch;
      return e;
    }
  }
  if (q == "torch.nn.Module") return make(ValueKind::kModule);
  if (q == "torch.nn.Parameter" || q == "torch.nn.parameter.Parameter") return make(ValueKind::kParameter);
  if (q == "torch.device") return make(ValueKind::kDevice);
  if (q == "torch.dtype") return make(ValueKind::kDtype);
  if (q == "torch.Size") return make(ValueKind::kSize);
  if (kg_.canonical(q) == "torch.autograd.function.FunctionCtx") return make(ValueKind::kFunctionCtx);
  if (q.rfind("numpy.", 0) == 0) return make(ValueKind::kNdarray);
  if (q.rfind("pandas.", 0) == 0) return make(ValueKind::kDataFrame);
  if (stdlib_call_result(q) == ValueKind::kPath) return make(ValueKind::kPath);  // `p: Path`
  return {};
}

// `int`, `float`, `str`, `bool` as a type.
ExprKind TypeInference::builtin_type_kind(std::string_view text) {
  if (text == "int") return make(ValueKind::kInt);
  if (text == "float") return make(ValueKind::kFloat);
  if (text == "str") return make(ValueKind::kStr);
  if (text == "bool") return make(ValueKind::kBool);
  return {};
}

}  // namespace t2p::semantic
