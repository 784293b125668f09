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

}  // namespace

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
