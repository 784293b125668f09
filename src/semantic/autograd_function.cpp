#include "semantic/autograd_function.h"

#include <array>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::semantic {
namespace {

using parse::node_text;

// A method defined in a class body: its function_definition and whether `@staticmethod`
// decorates it.
struct Method {
  TSNode function{};
  std::string_view name;
  bool is_static = false;
};

template <typename Visit>
void for_each_method(const ClassInfo& c, std::string_view src, Visit visit) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  TSNode body = ts_node_child_by_field_id(c.node, f.body);
  for (uint32_t i = 0, n = ts_node_named_child_count(body); i < n; ++i) {
    TSNode st = ts_node_named_child(body, i);
    Method m;
    if (ts_node_symbol(st) == k.decorated_definition) {
      for (uint32_t d = 0, nd = ts_node_named_child_count(st); d < nd; ++d) {
        TSNode dec = ts_node_named_child(st, d);
        if (ts_node_symbol(dec) != k.decorator || ts_node_named_child_count(dec) != 1) continue;
        if (node_text(ts_node_named_child(dec, 0), src) == "staticmethod") m.is_static = true;
      }
      st = ts_node_child_by_field_id(st, f.definition);
    }
    if (ts_node_is_null(st) || ts_node_symbol(st) != k.function_definition) continue;
    m.function = st;
    m.name = node_text(ts_node_child_by_field_id(st, f.name), src);
    visit(m);
  }
}

// The names of `function`'s parameters after the first (ctx); false when it takes *args, **kwargs
// or a keyword-only marker, whose positions do not match returned values one to one.
bool input_names(TSNode function, std::string_view src, std::vector<std::string_view>* names) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  TSNode params = ts_node_child_by_field_id(function, f.parameters);
  for (uint32_t i = 0, n = ts_node_named_child_count(params); i < n; ++i) {
    TSNode p = ts_node_named_child(params, i);
    TSSymbol sy = ts_node_symbol(p);
    TSNode name = p;
    if (sy == k.default_parameter || sy == k.typed_default_parameter) {
      name = ts_node_child_by_field_id(p, f.name);
    } else if (sy == k.typed_parameter) {
      name = ts_node_named_child(p, 0);
    } else if (sy != k.identifier) {
      return false;  // *args, **kwargs, `*`, `/`
    }
    if (ts_node_is_null(name) || ts_node_symbol(name) != k.identifier) return false;
    if (i > 0) names->push_back(node_text(name, src));
  }
  return true;
}

// The return statements of a function body, not those of functions, lambdas or classes in it.
void collect_returns(TSNode node, std::vector<TSNode>* out) {
  const auto& k = parse::NodeKinds::get();
  for (uint32_t i = 0, n = ts_node_named_child_count(node); i < n; ++i) {
    TSNode c = ts_node_named_child(node, i);
    TSSymbol sy = ts_node_symbol(c);
    if (sy == k.return_statement) {
      out->push_back(c);
    } else if (sy != k.function_definition && sy != k.class_definition && sy != k.lambda &&
               sy != k.decorated_definition) {
      collect_returns(c, out);
    }
  }
}

}  // namespace

std::vector<BackwardReturn> backward_none_returns(const ClassInfo& c, std::string_view src) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  TSNode forward{}, backward{};
  for_each_method(c, src, [&](const Method& m) {
    if (!m.is_static) return;
    if (m.name == "forward") forward = m.function;
    if (m.name == "backward") backward = m.function;
  });
  std::vector<BackwardReturn> out;
  std::vector<std::string_view> inputs;
  if (ts_node_is_null(forward) || ts_node_is_null(backward) || !input_names(forward, src, &inputs)) return out;
  std::vector<TSNode> returns;
  collect_returns(ts_node_child_by_field_id(backward, f.body), &returns);
  for (TSNode r : returns) {
    if (ts_node_named_child_count(r) != 1) continue;
    TSNode value = ts_node_named_child(r, 0);
    while (ts_node_symbol(value) == k.parenthesized_expression && ts_node_named_child_count(value) == 1) {
      value = ts_node_named_child(value, 0);
    }
    TSSymbol sy = ts_node_symbol(value);
    const bool several = sy == k.expression_list || sy == k.tuple;
    const uint32_t count = several ? ts_node_named_child_count(value) : 1;
    if (count != inputs.size()) continue;  // not one value per input: not this convention
    std::string nones;
    for (uint32_t i = 0; i < count; ++i) {
      TSNode v = several ? ts_node_named_child(value, i) : value;
      if (ts_node_symbol(v) != k.none) continue;
      nones += std::string(nones.empty() ? "" : ", ") + "`" + std::string(inputs[i]) + "`";
    }
    if (nones.empty()) continue;
    out.push_back({r, value,
                   "paddle.autograd.PyLayer.backward returns one gradient per Tensor input of forward and raises "
                   "when given more, while torch's returns one per input, None for the others: drop each None that "
                   "stands for an input that is not a Tensor (here " + nones + "), keep those of Tensors that need "
                   "no gradient"});
  }
  return out;
}

std::vector<TSNode> ctx_methods(const ClassInfo& c, std::string_view src) {
  // `vjp` is PyTorch's alias of `backward`; `jvp` the forward-mode derivative.
  static constexpr std::array<std::string_view, 5> kCtxFirst{"forward", "backward", "setup_context", "jvp", "vjp"};
  bool setup_context = false;
  for_each_method(c, src, [&](const Method& m) { setup_context = setup_context || m.name == "setup_context"; });
  std::vector<TSNode> out;
  for_each_method(c, src, [&](const Method& m) {
    if (!m.is_static || (setup_context && m.name == "forward")) return;
    for (std::string_view name : kCtxFirst) {
      if (m.name == name) out.push_back(m.function);
    }
  });
  return out;
}

std::string pylayer_problem(const ClassInfo& c, std::string_view src) {
  bool setup_context = false, backward = false, vjp = false;
  for_each_method(c, src, [&](const Method& m) {
    setup_context = setup_context || m.name == "setup_context";
    backward = backward || m.name == "backward";
    vjp = vjp || m.name == "vjp";
  });
  if (setup_context) {
    return "`" + c.name +
           "` defines setup_context (forward without ctx): paddle.autograd.PyLayer has no setup_context and "
           "passes ctx as forward's first argument; move the body of setup_context into forward(ctx, ...) by hand";
  }
  if (vjp && !backward) {
    return "`" + c.name + "` defines vjp but no backward: paddle.autograd.PyLayer calls backward only; rename vjp to backward";
  }
  return {};
}

}  // namespace t2p::semantic
