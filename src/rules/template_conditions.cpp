#include "rules/template_conditions.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/handlers/template_context.h"

namespace t2p::rules {

// `x`, `self.x`: a name or attribute chain, which evaluating twice does not change.
bool is_plain_reference(TSNode v) {
  const auto& k = parse::NodeKinds::get();
  while (!ts_node_is_null(v) && ts_node_symbol(v) == k.attribute) v = ts_node_child_by_field_id(v, parse::NodeFields::get().object);
  return !ts_node_is_null(v) && ts_node_symbol(v) == k.identifier;
}


namespace {

bool is_integer(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSNode v = a.value;
  if (ts_node_symbol(v) == k.unary_operator) v = ts_node_child_by_field_id(v, parse::NodeFields::get().argument);
  if (ts_node_symbol(v) == k.integer) return true;
  return types.kind_of(a.value, site.scope).is(kg::ValueKind::kInt);
}

// What a legacy constructor (`torch.FloatTensor(v)`) takes as data rather than as a size: a
// list or tuple literal or comprehension, or a list, tuple, ndarray or tensor by inference.
bool is_constructor_data(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSSymbol s = ts_node_symbol(a.value);
  if (a.splat || a.kwsplat) return false;
  if (s == k.list || s == k.tuple || s == k.list_comprehension) return true;
  semantic::ExprKind kind = types.kind_of(a.value, site.scope);
  return kind.is(kg::ValueKind::kList) || kind.is(kg::ValueKind::kTuple) || kind.is(kg::ValueKind::kNdarray) ||
         kind.tensor_like();
}

// A whole shape: `*shape`, or a shape value (`x.size()`, `x.shape`, a torch.Size by inference).
bool is_whole_shape(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  if (a.kwsplat) return false;
  return a.splat || is_shape_value(a.value, site, types);
}

// A call of `OrderedDict` (`collections.OrderedDict(...)` too).
bool is_ordered_dict_call(TSNode v, std::string_view source) {
  if (ts_node_symbol(v) != parse::NodeKinds::get().call) return false;
  std::string_view fn = parse::node_text(ts_node_child_by_field_id(v, parse::NodeFields::get().function), source);
  return fn == "OrderedDict" || (fn.size() > 12 && fn.substr(fn.size() - 12) == ".OrderedDict");
}

// Whether the call's scope binds `name` (no parameter of that name) and every assignment of
// it gives a value `holds`: `x = v`, or `v`'s element beside the name in `a, x = u, v`. A `for`
// or `with` target, or an unpacking whose value's elements cannot be told, holds nothing.
template <typename Pred>
bool every_binding_holds(std::string_view name, const CallSite& site, const semantic::FileModel& m, Pred holds) {
  const auto& k = parse::NodeKinds::get();
  for (const auto& p : m.parameters) {
    if (p.scope == site.scope && p.name == name) return false;
  }
  bool bound = false;
  for (const semantic::Assignment& a : m.assignments) {
    if (a.scope != site.scope) continue;
    TSNode value{};
    if (ts_node_symbol(a.target) == k.identifier) {
      if (parse::node_text(a.target, site.source) != name) continue;
      value = a.value;
    } else if (ts_node_symbol(a.target) == k.pattern_list || ts_node_symbol(a.target) == k.tuple_pattern) {
      const uint32_t n = ts_node_named_child_count(a.target);
      uint32_t i = 0;
      while (i < n && parse::node_text(ts_node_named_child(a.target, i), site.source) != name) ++i;
      if (i == n) continue;
      const bool pairwise = !ts_node_is_null(a.value) && ts_node_named_child_count(a.value) == n &&
                            (ts_node_symbol(a.value) == k.expression_list || ts_node_symbol(a.value) == k.tuple);
      if (pairwise) value = ts_node_named_child(a.value, i);
    } else {
      continue;
    }
    if (a.is_for || a.is_with || ts_node_is_null(value) || !holds(value)) return false;
    bound = true;
  }
  return bound;
}

// What `nn.Sequential` takes as named layers: a call of `OrderedDict`, or a name that every
// assignment of the call's scope binds to one (`layers = OrderedDict()`, then `layers['fc'] =
// ...`); not a parameter. A plain dict is not one (PyTorch takes it for a module and fails).
bool is_ordered_dict(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  if (a.splat || a.kwsplat) return false;
  if (is_ordered_dict_call(a.value, site.source)) return true;
  if (ts_node_symbol(a.value) != k.identifier) return false;
  return every_binding_holds(parse::node_text(a.value, site.source), site, types.model(),
                             [&](TSNode v) { return is_ordered_dict_call(v, site.source); });
}

// A number: an int or float literal (signed) or a value the type inference knows as int or float.
bool is_number(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSNode v = a.value;
  if (ts_node_symbol(v) == k.unary_operator) v = ts_node_child_by_field_id(v, parse::NodeFields::get().argument);
  if (ts_node_symbol(v) == k.integer || ts_node_symbol(v) == k.float_) return true;
  const auto kind = types.kind_of(a.value, site.scope);
  return kind.is(kg::ValueKind::kInt) || kind.is(kg::ValueKind::kFloat);
}

// `self.fc.weight`: the weight of an object the type inference knows as a torch layer
// (`self.fc = nn.Linear(...)`). Not a module class of the file (`self.weight` in a Module's
// forward): its weight is the user's own tensor, of the shape the user wrote.
bool is_layer_weight(TSNode v, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_is_null(v) || ts_node_symbol(v) != k.attribute) return false;
  TSNode attr = ts_node_child_by_field_name(v, "attribute", 9);
  if (parse::node_text(attr, site.source) != "weight") return false;
  semantic::ExprKind owner = types.kind_of(ts_node_child_by_field_name(v, "object", 6), site.scope);
  return owner.user_class < 0 && owner.is(kg::ValueKind::kModule);
}

// `grid[..., 0]`, `x[i, :n]`, `t[0]` of a known tensor: a subscript of a tensor. A single plain
// index of a value of unknown kind (`state[k]`) may as well pick a tensor out of a dict or list.
bool is_tensor_subscript(TSNode v, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_is_null(v) || ts_node_symbol(v) != k.subscript) return false;
  const uint32_t count = ts_node_named_child_count(v);
  if (count > 2) return true;  // value and several indices
  for (uint32_t i = 1; i < count; ++i) {
    TSNode index = ts_node_named_child(v, i);
    if (ts_node_symbol(index) == k.slice || std::string_view(ts_node_type(index)) == "ellipsis") return true;
  }
  return types.kind_of(ts_node_child_by_field_name(v, "value", 5), site.scope).tensor_like();
}

// `(y == y_pred)`, `(a < b) & (c > d)`, `~(m == 0)`, `x.isnan()`: a value of bool dtype
// whatever its operands are (tensors, arrays), since a comparison gives bools and `&` / `|` /
// `^` / `~` of bools give bools. A Python bool has no methods to call, so a receiver of this
// shape is an array or tensor of bools.
bool is_bool_valued(TSNode v, std::string_view source, int depth = 0) {
  if (depth > 32) return false;  // `a & b & ...` nests leftwards: a bound on the recursion
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  while (!ts_node_is_null(v) && ts_node_symbol(v) == k.parenthesized_expression) v = ts_node_named_child(v, 0);
  if (ts_node_is_null(v)) return false;
  const TSSymbol s = ts_node_symbol(v);
  if (s == k.comparison_operator) return true;
  if (s == k.attribute) {
    // `(p0 == p1).data`: the tensor's data, of its dtype.
    return parse::node_text(ts_node_child_by_field_name(v, "attribute", 9), source) == "data" &&
           is_bool_valued(ts_node_child_by_field_name(v, "object", 6), source, depth + 1);
  }
  if (s == k.call) {
    // `x.isnan()`, `a.eq(b)`, `m.logical_not()`: PyTorch's comparisons and tests as methods give
    // bools whatever the receiver's dtype; `(a == b).detach()` keeps its receiver's.
    TSNode fn = ts_node_child_by_field_id(v, f.function);
    if (ts_node_is_null(fn) || ts_node_symbol(fn) != k.attribute) return false;
    const std::string_view m = parse::node_text(ts_node_child_by_field_name(fn, "attribute", 9), source);
    static constexpr std::string_view kBoolMethods[] = {"eq", "ne", "lt", "le", "gt", "ge", "isnan", "isinf",
                                                        "isfinite", "isneginf", "isposinf", "logical_not",
                                                        "logical_and", "logical_or", "logical_xor", "isclose"};
    if (std::find(std::begin(kBoolMethods), std::end(kBoolMethods), m) != std::end(kBoolMethods)) return true;
    return (m == "detach" || m == "cpu" || m == "clone") &&
           is_bool_valued(ts_node_child_by_field_name(fn, "object", 6), source, depth + 1);
  }
  if (s == k.unary_operator) {
    TSNode op = ts_node_child_by_field_id(v, f.operator_);
    return !ts_node_is_null(op) && parse::node_text(op, source) == "~" &&
           is_bool_valued(ts_node_child_by_field_id(v, f.argument), source, depth + 1);
  }
  if (s == k.binary_operator) {
    TSNode op = ts_node_child_by_field_id(v, f.operator_);
    const std::string_view o = ts_node_is_null(op) ? "" : parse::node_text(op, source);
    return (o == "&" || o == "|" || o == "^") &&
           is_bool_valued(ts_node_child_by_field_name(v, "left", 4), source, depth + 1) &&
           is_bool_valued(ts_node_child_by_field_name(v, "right", 5), source, depth + 1);
  }
  return false;
}

// `3`, `-1`: the value of an integer literal in plain decimal spelling.
std::optional<long long> integer_literal(TSNode v, std::string_view source) {
  const auto& k = parse::NodeKinds::get();
  bool negative = false;
  if (!ts_node_is_null(v) && ts_node_symbol(v) == k.unary_operator) {
    TSNode op = ts_node_child_by_field_id(v, parse::NodeFields::get().operator_);
    if (ts_node_is_null(op) || parse::node_text(op, source) != "-") return std::nullopt;
    negative = true;
    v = ts_node_child_by_field_id(v, parse::NodeFields::get().argument);
  }
  if (ts_node_is_null(v) || ts_node_symbol(v) != k.integer) return std::nullopt;
  std::string_view text = parse::node_text(v, source);
  if (text.empty() || text.size() > 9) return std::nullopt;
  long long n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return negative ? -n : n;
}

// Integer literals that name different axes whatever the tensor's rank: both from the front or
// both from the back (`1` and `-1` are one axis of a 2-D tensor).
bool distinct_axes(const std::vector<std::optional<long long>>& axes) {
  for (size_t i = 0; i < axes.size(); ++i) {
    if (!axes[i]) return false;
    for (size_t j = 0; j < i; ++j) {
      if (*axes[i] == *axes[j] || (*axes[i] < 0) != (*axes[j] < 0)) return false;
    }
  }
  return true;
}

// A bare name that is a parameter of the function the call is in.
bool is_function_parameter(TSNode v, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_is_null(v) || ts_node_symbol(v) != k.identifier) return false;
  std::string_view name = parse::node_text(v, site.source);
  for (const semantic::Parameter& p : types.model().parameters) {
    if (p.scope == site.scope && p.name == name) return true;
  }
  return false;
}

// `next(<node>, ...)` with `next` the builtin, where `node` is its first argument
// (`next(m.parameters())`, `next((it), None)`, parentheses allowed): the call of `next` or null.
TSNode next_call_of(TSNode node, TSNode up, const CallSite& site, const semantic::TypeInference& types, int32_t scope) {
  const auto& k = parse::NodeKinds::get();
  while (!ts_node_is_null(up) && ts_node_symbol(up) == k.parenthesized_expression) {
    node = up;
    up = ts_node_parent(up);
  }
  if (ts_node_is_null(up) || ts_node_symbol(up) != k.argument_list || ts_node_named_child_count(up) == 0 ||
      !parse::same_node(ts_node_named_child(up, 0), node)) {
    return {};
  }
  TSNode outer = ts_node_parent(up);
  if (ts_node_is_null(outer) || ts_node_symbol(outer) != k.call) return {};
  TSNode fn = ts_node_child_by_field_id(outer, parse::NodeFields::get().function);
  if (ts_node_is_null(fn) || ts_node_symbol(fn) != k.identifier || parse::node_text(fn, site.source) != "next") return {};
  return types.kind_of(fn, scope).builtin ? outer : TSNode{};
}

// The name of `name = call` when the call is the whole value assigned to one name, else empty.
std::string_view assigned_name(const CallSite& site) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_is_null(site.parent) || ts_node_symbol(site.parent) != k.assignment) return {};
  const auto& fields = parse::NodeFields::get();
  TSNode target = ts_node_child_by_field_id(site.parent, fields.left);
  TSNode value = ts_node_child_by_field_id(site.parent, fields.right);
  if (ts_node_is_null(target) || ts_node_symbol(target) != k.identifier || !parse::same_node(value, site.call)) return {};
  return parse::node_text(target, site.source);
}

// The call is given to the builtin `next`, or is the value of `it = call` in a scope that gives
// `it` to `next` (`it = model.parameters()` ... `next(it)`): PyTorch's generator is one
// iterator, which `iter(...)` of Paddle's list is too.
bool is_next_iterator(const CallSite& site, const semantic::TypeInference& types) {
  if (!ts_node_is_null(next_call_of(site.call, site.parent, site, types, site.scope))) return true;
  const auto& k = parse::NodeKinds::get();
  std::string_view name = assigned_name(site);
  if (name.empty()) return false;
  const semantic::FileModel& m = types.model();
  for (const semantic::Reference& r : m.calls) {
    if (r.scope != site.scope || parse::node_text(m.function_of(r.node), site.source) != "next") continue;
    const TSNode* items = nullptr;
    uint32_t count = 0;
    bool trailing = false;
    if (!m.argument_list_items(m.arguments_of(r.node), &items, &count, &trailing) || count == 0) continue;
    TSNode first = items[0];
    if (ts_node_symbol(first) != k.identifier || parse::node_text(first, site.source) != name) continue;
    if (!ts_node_is_null(next_call_of(first, ts_node_parent(first), site, types, r.scope))) return true;
  }
  return false;
}

// `<node>.manual_seed(...)`: `node`, parentheses allowed, is the object of a call of the method.
bool seeds(TSNode node, TSNode up, const CallSite& site) {
  const auto& k = parse::NodeKinds::get();
  while (!ts_node_is_null(up) && ts_node_symbol(up) == k.parenthesized_expression) {
    node = up;
    up = ts_node_parent(up);
  }
  if (ts_node_is_null(up) || ts_node_symbol(up) != k.attribute) return false;
  const auto& fields = parse::NodeFields::get();
  if (!parse::same_node(ts_node_child_by_field_id(up, fields.object), node)) return false;
  if (parse::node_text(ts_node_child_by_field_id(up, fields.attribute), site.source) != "manual_seed") return false;
  TSNode call = ts_node_parent(up);
  return !ts_node_is_null(call) && ts_node_symbol(call) == k.call &&
         parse::same_node(ts_node_child_by_field_id(call, fields.function), up);
}

// The call is seeded: `torch.Generator().manual_seed(s)`, or `g = torch.Generator()` in a scope
// that calls `g.manual_seed(s)`.
bool is_seeded(const CallSite& site, const semantic::TypeInference& types) {
  if (seeds(site.call, site.parent, site)) return true;
  const auto& k = parse::NodeKinds::get();
  std::string_view name = assigned_name(site);
  if (name.empty()) return false;
  const semantic::FileModel& m = types.model();
  for (const semantic::Reference& r : m.calls) {
    if (r.scope != site.scope) continue;
    TSNode fn = m.function_of(r.node);
    if (ts_node_symbol(fn) != k.attribute) continue;
    TSNode object = ts_node_child_by_field_id(fn, parse::NodeFields::get().object);
    if (ts_node_symbol(object) == k.identifier && parse::node_text(object, site.source) == name &&
        seeds(object, fn, site)) {
      return true;
    }
  }
  return false;
}

// `device == torch.device("cpu")` with `device = x.device` (x a tensor) in the call's scope: the
// call becomes a device string and `x.device` a Place, which never equal each other.
bool is_place_compared(const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSNode cmp = site.parent;
  if (ts_node_is_null(cmp) || !parse::is_equality_comparison(cmp) || ts_node_named_child_count(cmp) != 2) return false;
  TSNode other = ts_node_named_child(cmp, parse::same_node(ts_node_named_child(cmp, 0), site.call) ? 1 : 0);
  const semantic::FileModel& m = types.model();
  // `x.device` of a known tensor, or `x.place`: what it becomes (a second run reads the output).
  auto tensor_device = [&](TSNode v) {
    if (ts_node_is_null(v) || ts_node_symbol(v) != k.attribute) return false;
    const std::string_view attr = parse::node_text(m.attribute_of(v), site.source);
    if (attr == "place") return true;
    return attr == "device" && types.kind_of(m.object_of(v), site.scope).tensor_like();
  };
  // `x.device == torch.device(...)` itself is the attribute's to report (its `compare` case).
  if (ts_node_symbol(other) != k.identifier) return false;
  return every_binding_holds(parse::node_text(other, site.source), site, m, tensor_device);
}

// Whether an argument of the call names its receiver, a name or an attribute chain (`v.addmv_(m,
// v)`, `h.addmm_(h[0], w)`): the same text as a name or chain anywhere inside an argument.
bool arguments_read_receiver(const CallSite& site, const CallArguments& ca) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_is_null(site.receiver)) return false;
  const TSSymbol rs = ts_node_symbol(site.receiver);
  if (rs != k.identifier && rs != k.attribute) return false;
  const std::string_view receiver = parse::node_text(site.receiver, site.source);
  std::vector<TSNode> stack;
  for (const auto& a : ca.args) stack.push_back(a.value);
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (ts_node_is_null(n)) continue;
    const TSSymbol s = ts_node_symbol(n);
    if ((s == k.identifier || s == k.attribute) && parse::node_text(n, site.source) == receiver) return true;
    for (uint32_t i = 0, c = ts_node_named_child_count(n); i < c; ++i) stack.push_back(ts_node_named_child(n, i));
  }
  return false;
}

// Whether the call's value is only counted, saved or loaded (TemplateCase::consumed): the one
// argument of `len`, the first positional argument of a function or method named `save`, or the
// one argument of `load_state_dict` / `set_state_dict`.
bool is_consumed(const CallSite& site) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  TSNode args = ts_node_parent(site.call);
  if (ts_node_is_null(args) || ts_node_symbol(args) != k.argument_list) return false;
  TSNode outer = ts_node_parent(args);
  if (ts_node_is_null(outer) || ts_node_symbol(outer) != k.call) return false;
  uint32_t position = 0, count = 0;
  for (uint32_t i = 0; i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (ts_node_symbol(a) == k.comment) continue;
    if (parse::same_node(a, site.call)) position = count;
    ++count;
  }
  TSNode callee = ts_node_child_by_field_id(outer, f.function);
  std::string_view name = parse::node_text(callee, site.source);
  if (ts_node_symbol(callee) == k.attribute) {
    name = parse::node_text(ts_node_child_by_field_id(callee, f.attribute), site.source);
  } else if (ts_node_symbol(callee) != k.identifier) {
    return false;
  }
  if (name == "len" || name == "load_state_dict" || name == "set_state_dict") return count == 1;
  return name == "save" && position == 0;
}

// The value a condition names: the call's receiver for "receiver", else the argument bound to
// that parameter (null when not passed, or passed as `*xs` unless `splat_ok`).
TSNode value_named(const std::string& name, const CallArguments& ca, const std::vector<kg::Param>& params,
                   const CallSite& site, bool splat_ok) {
  if (name == "receiver") return site.receiver;
  const CallArg* a = argument_for(ca, params, name);
  return a && (splat_ok || !a->splat) ? a->value : TSNode{};
}

}  // namespace

bool case_holds(const kg::TemplateCase& c, const CallArguments& ca, const std::vector<kg::Param>& params,
                const CallSite& site, const semantic::TypeInference& types) {
  for (const auto& name : c.ints) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_integer(*a, site, types)) return false;
  }
  for (const auto& name : c.numbers) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || a->splat || !is_number(*a, site, types)) return false;
  }
  if (c.positional >= 0) {
    int n = 0;
    for (const auto& a : ca.args) n += a.keyword.empty() && !a.kwsplat;
    if (n != c.positional) return false;
  }
  for (const auto& [name, expected] : c.values) {
    // Exact value text; quotes of string literals do not matter (`'floor'` == `"floor"`).
    const CallArg* a = argument_for(ca, params, name);
    if (!a) return false;
    std::string got(parse::node_text(a->value, site.source));
    std::string want = expected;
    for (auto* t : {&got, &want}) {
      for (auto& ch : *t) {
        if (ch == '"') ch = '\'';
      }
    }
    if (got != want) return false;
  }
  if (c.statement) {
    // Only a call that is a statement of its own may become a statement (`assert ...`).
    const auto& k = parse::NodeKinds::get();
    if (ts_node_is_null(site.parent) || ts_node_symbol(site.parent) != k.expression_statement ||
        ts_node_named_child_count(site.parent) != 1) {
      return false;
    }
  }
  if (c.next && !is_next_iterator(site, types)) return false;
  if (c.seeded && !is_seeded(site, types)) return false;
  if (c.place_compared && !is_place_compared(site, types)) return false;
  if (c.named_target) {
    const auto& k = parse::NodeKinds::get();
    if (ts_node_is_null(site.parent) || ts_node_symbol(site.parent) != k.assignment ||
        !parse::same_node(ts_node_child_by_field_id(site.parent, parse::NodeFields::get().right), site.call) ||
        ts_node_symbol(ts_node_child_by_field_id(site.parent, parse::NodeFields::get().left)) != k.identifier) {
      return false;
    }
  }
  if (c.consumed && !is_consumed(site)) return false;
  if (c.reads_receiver && !arguments_read_receiver(site, ca)) return false;
  for (const auto& name : c.names) {
    // `x`, `self.x`: evaluating it twice is harmless.
    TSNode v = value_named(name, ca, params, site, /*splat_ok=*/true);
    if (!is_plain_reference(v) && !integer_literal(v, site.source)) return false;
  }
  for (const auto& name : c.sequences) {
    // A list or tuple display, or a value the inference knows is one (`sizes = [...]`,
    // `sizes: List[int]`, a list comprehension).
    const CallArg* a = argument_for(ca, params, name);
    const auto& k = parse::NodeKinds::get();
    if (!a || a->splat) return false;
    if (ts_node_symbol(a->value) == k.list || ts_node_symbol(a->value) == k.tuple) continue;
    const semantic::ExprKind kind = types.kind_of(a->value, site.scope);
    if (!kind.is(kg::ValueKind::kList) && !kind.is(kg::ValueKind::kTuple)) return false;
  }
  for (const auto& name : c.tensors) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !types.kind_of(a->value, site.scope).tensor_like()) return false;
  }
  for (const auto& name : c.dtypes) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !types.kind_of(a->value, site.scope).is(kg::ValueKind::kDtype)) return false;
  }
  for (const auto& name : c.data) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_constructor_data(*a, site, types)) return false;
  }
  for (const auto& name : c.shapes) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_whole_shape(*a, site, types)) return false;
  }
  for (const auto& name : c.ordered_dicts) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_ordered_dict(*a, site, types)) return false;
  }
  for (const auto& name : c.layer_weights) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || a->splat || !is_layer_weight(a->value, site, types)) return false;
  }
  if (!c.distinct_axes.empty()) {
    std::vector<std::optional<long long>> axes;
    for (const auto& name : c.distinct_axes) {
      const CallArg* a = argument_for(ca, params, name);
      axes.push_back(a && !a->splat ? integer_literal(a->value, site.source) : std::nullopt);
    }
    if (!distinct_axes(axes)) return false;
  }
  for (const auto& name : c.subscripts) {
    TSNode v = value_named(name, ca, params, site, /*splat_ok=*/true);
    if (!is_tensor_subscript(v, site, types)) return false;
  }
  for (const auto& name : c.bools) {
    TSNode v = value_named(name, ca, params, site, /*splat_ok=*/false);
    if (!is_bool_valued(v, site.source)) return false;
  }
  for (const auto& name : c.calls) {
    TSNode v = value_named(name, ca, params, site, /*splat_ok=*/false);
    const auto& k = parse::NodeKinds::get();
    while (!ts_node_is_null(v) && ts_node_symbol(v) == k.parenthesized_expression) v = ts_node_named_child(v, 0);
    if (ts_node_is_null(v) || ts_node_symbol(v) != k.call) return false;
  }
  for (const auto& name : c.passed_in) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || a->splat || !is_function_parameter(a->value, site, types)) return false;
  }
  if (c.nargs >= 0 && static_cast<size_t>(c.nargs) != ca.args.size()) return false;
  auto has_keyword = [&](const std::string& name) {
    for (const auto& a : ca.args) {
      if (a.keyword == name) return true;
      if (a.keyword.empty() && a.param >= 0 && params[a.param].name == name) return true;
    }
    return false;
  };
  for (const auto& h : c.has) {
    if (!has_keyword(h)) return false;
  }
  for (const auto& l : c.lacks) {
    if (has_keyword(l)) return false;
  }
  return true;
}

}  // namespace t2p::rules
