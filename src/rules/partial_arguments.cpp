// rules: the arguments a partial binds to a torch callable (see partial_arguments.h).
#include "rules/partial_arguments.h"

#include <algorithm>

#include "parse/syntax_tree.h"
#include "rules/handlers/argument_plan.h"

namespace t2p::rules {
namespace {

using parse::node_text;

bool is(TSNode n, std::string_view type) { return parse::has_type(n, type); }
using parse::field;

// A value an expression may be written around without converting anything inside it.
bool simple_value(TSNode v) {
  if (is(v, "unary_operator")) v = ts_node_named_child(v, 0);
  return is(v, "integer") || is(v, "float") || is(v, "true") || is(v, "false") || is(v, "none") || is(v, "identifier");
}

std::vector<TSNode> items_of(TSNode call) {
  std::vector<TSNode> items;
  TSNode args = field(call, "arguments");
  for (uint32_t i = 0; !ts_node_is_null(args) && i < ts_node_named_child_count(args); ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (!is(a, "comment")) items.push_back(a);
  }
  return items;
}

}  // namespace

TSNode partial_around(TSNode callable, std::string_view source) {
  TSNode args = ts_node_parent(callable);
  TSNode call = ts_node_parent(args);
  if (!is(args, "argument_list") || !is(call, "call")) return TSNode{};
  const std::string_view callee = node_text(field(call, "function"), source);
  if (callee != "partial" && callee != "functools.partial") return TSNode{};
  std::vector<TSNode> items = items_of(call);
  return !items.empty() && items[0].id == callable.id ? call : TSNode{};
}

PartialPlan plan_partial_arguments(TSNode partial, std::string_view source, const kg::ApiRecord& rec) {
  PartialPlan plan;
  if (!rec.cases.empty()) {
    plan.reason = "a call of " + rec.torch + " is rewritten, not renamed";
    return plan;
  }
  std::vector<const kg::Param*> positional;  // PyTorch's, in order
  for (const kg::Param& p : rec.torch_params) {
    if (p.kind == kg::ParamKind::kNormal && !p.keyword_only && p.name != "self") positional.push_back(&p);
  }
  std::vector<std::string_view> paddle_positional;
  for (const kg::Param& p : rec.paddle_params) {
    if (p.kind != kg::ParamKind::kNormal || p.keyword_only) break;
    paddle_positional.push_back(p.name);
  }
  std::vector<TSNode> items = items_of(partial);
  for (size_t i = 1; i < items.size(); ++i) {
    TSNode a = items[i];
    if (is(a, "list_splat") || is(a, "dictionary_splat")) {
      plan.reason = "the partial passes * or ** arguments";
      return plan;
    }
    const bool keyword = is(a, "keyword_argument");
    const kg::Param* p = nullptr;
    if (keyword) {
      const std::string_view name = node_text(field(a, "name"), source);
      for (const kg::Param& q : rec.torch_params) {
        if (q.name == name && q.kind == kg::ParamKind::kNormal) p = &q;
      }
    } else if (i - 1 < positional.size()) {
      p = positional[i - 1];
    }
    if (!p) {
      plan.reason = "the partial passes an argument " + rec.torch + " does not take";
      return plan;
    }
    const kg::ArgRule* rule = rec.arg_for_torch(p->name);
    const kg::ArgAction action = rule ? rule->action : kg::ArgAction::kSame;
    std::string to = rule && !rule->paddle.empty() ? rule->paddle : p->name;
    if (action == kg::ArgAction::kDrop) to.clear();
    if (!rule && std::none_of(rec.paddle_params.begin(), rec.paddle_params.end(),
                              [&](const kg::Param& q) { return q.name == p->name; })) {
      to.clear();  // no Paddle parameter of that name: not passed
      if (!rec.paddle_params.empty()) {
        plan.reason = "the partial passes " + p->name + ", which " + rec.paddle + " does not take";
        return plan;
      }
    }
    if (!keyword && (to.empty() || i - 1 >= paddle_positional.size() || paddle_positional[i - 1] != to)) {
      plan.reason = "the partial passes " + p->name + " by position, which " + rec.paddle + " takes at another place";
      return plan;
    }
    TSNode value = keyword ? field(a, "value") : a;
    switch (action) {
      case kg::ArgAction::kSame:
        break;
      case kg::ArgAction::kRename:
      case kg::ArgAction::kDefault:  // passed: Paddle's other default does not matter
        if (keyword && to != p->name) {
          TSNode name = field(a, "name");
          plan.edits.push_back({ts_node_start_byte(name), ts_node_end_byte(name), to});
        }
        break;
      case kg::ArgAction::kValueExpr:
        if (!simple_value(value)) {
          plan.reason = "the partial's " + p->name + " is an expression the map of " + rec.torch + " would be written around";
          return plan;
        }
        if (keyword && to != p->name) {
          TSNode name = field(a, "name");
          plan.edits.push_back({ts_node_start_byte(name), ts_node_end_byte(name), to});
        }
        plan.edits.push_back({ts_node_start_byte(value), ts_node_end_byte(value),
                              substitute_value(rule->expr, std::string(node_text(value, source)))});
        break;
      case kg::ArgAction::kDrop:
        if (!simple_value(value) || !keyword) {
          plan.reason = "the partial passes " + p->name + ", which Paddle does not take";
          return plan;
        }
        // From the end of the argument before (the callable at least) to this one's end.
        plan.edits.push_back({ts_node_end_byte(items[i - 1]), ts_node_end_byte(a), ""});
        break;
      default:
        plan.reason = "the partial passes " + p->name + ", which " + rec.paddle + " takes as other values";
        return plan;
    }
  }
  for (const kg::ArgRule& r : rec.args) {
    if (r.action == kg::ArgAction::kPaddleOnly && !r.value.empty()) {
      plan.reason = rec.paddle + " needs " + r.paddle + "=" + r.value;
      return plan;
    }
  }
  plan.ok = true;
  return plan;
}

}  // namespace t2p::rules
