#include "rules/argument_value_forms.h"

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::rules {

bool truth_value_form(const kg::ArgRule& rule, const kg::ApiRecord& record, std::string_view paddle_name,
                      TSNode value, const std::string& rendered, ValueForm* form, std::string* reason) {
  const auto& k = parse::NodeKinds::get();
  TSSymbol s = ts_node_symbol(value);
  // A literal the table does not list stays an error of the caller ("no Paddle equivalent value").
  if (s == k.string || s == k.concatenated_string || s == k.integer || s == k.float_ || s == k.none || s == k.true_ ||
      s == k.false_ || s == k.unary_operator || s == k.list || s == k.tuple || s == k.dictionary || s == k.set) {
    return false;
  }
  const std::string* when_true = nullptr;
  const std::string* when_false = nullptr;
  for (const auto& kv : rule.values) {
    if (kv.first == "*") return false;
    if (kv.first == "True") when_true = &kv.second;
    if (kv.first == "False") when_false = &kv.second;
  }
  if (!when_true || !when_false) return false;
  const std::string what = "argument '" + rule.torch + "' of " + record.torch;
  // An empty entry drops the argument: Paddle's default, which its signature must give.
  auto resolve = [&](const std::string& entry, std::string* out) {
    if (entry.find(',') != std::string::npos || entry.find('{') != std::string::npos) {
      *reason = what + " sets further Paddle arguments for some values; a value that is not True or False needs a rewrite by hand";
      return false;
    }
    if (!entry.empty()) {
      *out = entry;
      return true;
    }
    for (const auto& p : record.paddle_params) {
      if (p.name == paddle_name && p.has_default) {
        *out = p.default_value;
        return true;
      }
    }
    *reason = what + ": Paddle's default for '" + std::string(paddle_name) + "' is unknown; pass True or False";
    return false;
  };
  std::string t, f;
  if (!resolve(*when_true, &t) || !resolve(*when_false, &f)) return false;
  if (t == f) {
    // Either way the same Paddle value: the user's value is not needed, unless evaluating it does something.
    if (!evaluates_alike_twice(value)) {
      *reason = what + " is a call whose value Paddle does not need; needs a rewrite by hand";
      return false;
    }
    form->drop = when_true->empty();
    form->text = t;
    return true;
  }
  // The condition of `a if c else b` and the operand of `not` need parentheses around anything
  // looser than a primary expression.
  const bool primary = s == k.identifier || s == k.attribute || s == k.call || s == k.subscript ||
                       s == k.parenthesized_expression || s == k.comparison_operator;
  const std::string cond = primary ? rendered : "(" + rendered + ")";
  if (t == "True" && f == "False") {
    form->text = rendered;
  } else if (t == "False" && f == "True") {
    form->text = "not " + cond;
  } else {
    form->text = t + " if " + cond + " else " + f;
  }
  return true;
}

bool is_parameter_data(const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  if (ts_node_is_null(site.parent)) return false;
  TSNode list = site.parent;
  bool by_keyword = false;
  if (ts_node_symbol(list) == k.keyword_argument) {
    if (parse::node_text(ts_node_child_by_field_id(list, f.name), site.source) != "data") return false;
    list = ts_node_parent(list);
    by_keyword = true;
  }
  if (ts_node_symbol(list) != k.argument_list) return false;
  TSNode outer = ts_node_parent(list);
  if (ts_node_symbol(outer) != k.call) return false;
  semantic::ExprKind callee = types.kind_of(ts_node_child_by_field_id(outer, f.function), site.scope);
  if (callee.api != "torch.nn.Parameter" && callee.api != "torch.nn.parameter.Parameter") return false;
  // The data argument, then `requires_grad` (positional or keyword) True or absent.
  uint32_t positional = 0;
  for (uint32_t i = 0, n = ts_node_named_child_count(list); i < n; ++i) {
    TSNode item = ts_node_named_child(list, i);
    TSSymbol s = ts_node_symbol(item);
    if (s == k.comment) continue;
    if (s == k.list_splat || s == k.dictionary_splat) return false;
    if (s == k.keyword_argument) {
      std::string_view name = parse::node_text(ts_node_child_by_field_id(item, f.name), site.source);
      if (name == "requires_grad" &&
          parse::node_text(ts_node_child_by_field_id(item, f.value), site.source) != "True") {
        return false;
      }
      continue;
    }
    if (positional == 0 && !by_keyword && !ts_node_eq(item, site.call)) return false;
    if (positional == 1 && parse::node_text(item, site.source) != "True") return false;
    ++positional;
  }
  return true;
}

}  // namespace t2p::rules
