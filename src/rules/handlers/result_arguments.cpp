#include "rules/handlers/result_arguments.h"
#include "rules/target_spellings.h"

#include <vector>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/handlers/argument_plan.h"
#include "rules/template_conditions.h"

namespace t2p::rules {

bool read_result_argument(kg::ArgAction action, const kg::ArgRule& rule, const CallArg& a, std::string_view value,
                          const CallSite& site, const kg::ApiRecord& record, rewrite::EditSet* edits,
                          ResultArguments* results, std::string* reason) {
  switch (action) {
    case kg::ArgAction::kOut: {
      if (value == "None") return true;
      if (rule.value == "tuple") {
        // Several results: fresh names, then `paddle.assign` into each output.
        return several_results_out(site, record, a.value, edits, &results->out_unpack, &results->out_assigns, reason);
      }
      const auto& k = parse::NodeKinds::get();
      TSSymbol vs = ts_node_symbol(a.value);
      if (vs == k.tuple || vs == k.list || vs == k.parenthesized_expression) {
        *reason = "out= with several outputs needs a rewrite by hand";
        return false;
      }
      results->out = &a;
      return true;
    }
    case kg::ArgAction::kInplace:
      if (value == "False") return true;
      if (value != "True") {
        *reason = "inplace=" + std::string(value) + ": PyTorch writes the result into the input when it is true; " +
                  record.paddle + " has no inplace: write paddle.assign(<the call>, <the input>) for the true case";
        return false;
      }
      results->inplace = true;
      return true;
    case kg::ArgAction::kRequiresGrad:
    case kg::ArgAction::kPinMemory:
      if (value == "False") return true;
      if (value != "True") {
        *reason = rule.torch + "=" + std::string(value) + " needs a rewrite by hand";
        return false;
      }
      (action == kg::ArgAction::kPinMemory ? results->pin_memory : results->requires_grad) = true;
      return true;
    default:
      return true;
  }
}

bool resolve_inplace(const CallArguments& ca, const CallSite& site, const kg::ApiRecord& record,
                     ResultArguments* results, std::string* reason) {
  if (!results->inplace || results->out) return true;
  for (const CallArg& a : ca.args) {
    if (a.param != 0 || a.splat) continue;
    if (ts_node_symbol(a.value) == parse::NodeKinds::get().subscript) {
      *reason = "inplace=True on " + std::string(parse::node_text(a.value, site.source)) +
                ": PyTorch writes into the tensor it slices; " + record.paddle +
                " has no inplace: assign the result into that slice by hand";
      return false;
    }
    if (is_plain_reference(a.value)) results->out = &a;  // rules/template_conditions.h
  }
  return true;
}

bool plan_result_argument(const ArgumentContext& c, ArgPlan* ap, ResultArguments* results, std::string* reason) {
  ap->fate = Fate::kDrop;  // the argument goes; what it asks of the result is added around the call
  return read_result_argument(c.rule->action, *c.rule, c.arg, c.value, c.site, c.record, c.edits, results, reason);
}

bool several_results_out(const CallSite& site, const kg::ApiRecord& record, TSNode value, rewrite::EditSet* edits,
                         std::string* unpack, std::string* assigns, std::string* reason) {
  const auto& k = parse::NodeKinds::get();
  const std::string manual = "out= of " + record.torch + ", which has several results, needs a rewrite by hand";
  if (ts_node_is_null(site.parent) || ts_node_symbol(site.parent) != k.expression_statement ||
      ts_node_named_child_count(site.parent) != 1) {
    *reason = manual + " where its value is used";
    return false;
  }
  auto render = [&](TSNode n) { return edits->render(ts_node_start_byte(n), ts_node_end_byte(n)); };
  auto target = [&](TSNode n) {
    TSSymbol s = ts_node_symbol(n);
    return s == k.identifier || s == k.attribute || s == k.subscript;
  };
  std::vector<std::string> outputs;
  TSSymbol vs = ts_node_symbol(value);
  if (vs == k.tuple || vs == k.list) {
    bool any_subscript = false;
    for (uint32_t m = 0; m < ts_node_named_child_count(value); ++m) {
      TSNode item = ts_node_named_child(value, m);
      if (ts_node_symbol(item) == k.comment) continue;
      if (!target(item)) {
        *reason = manual;
        return false;
      }
      any_subscript = any_subscript || ts_node_symbol(item) == k.subscript;
      outputs.push_back(render(item));
    }
    if (outputs.empty() || (!record.result_fields.empty() && outputs.size() != record.result_fields.size())) {
      *reason = "out= of " + record.torch + " needs one tensor per result";
      return false;
    }
    if (any_subscript) {
      // `out=(buf[0], buf[1])`: an item assignment writes into the buffer (`buf[0], buf[1] = f(...)`),
      // where `paddle.assign` into `buf[0]` would write into what the subscript returned.
      unpack->clear();
      for (size_t m = 0; m < outputs.size(); ++m) *unpack += (m ? ", " : "") + outputs[m];
      assigns->clear();
      return true;
    }
    // `out=(a, b)` writes into the tensors a and b, which other names may share (`outs = (a, b)`):
    // binding the names to the results would leave those holding the old values, so assign into them.
  } else {
    // `out=y`: y holds the results; it is written once per result, so it must not be a call.
    if (record.result_fields.empty() || !target(value) || !evaluates_alike_twice(value)) {
      *reason = manual;
      return false;
    }
    for (size_t m = 0; m < record.result_fields.size(); ++m) outputs.push_back(render(value) + "[" + std::to_string(m) + "]");
  }
  // Fresh names: `out0`, `out1`, ... unless the file already spells one of them.
  std::string prefix = "out";
  for (int attempt = 0;; ++attempt) {
    bool clash = false;
    for (size_t m = 0; m < outputs.size() && !clash; ++m) clash = spells_identifier(site.source, prefix + std::to_string(m));
    if (!clash) break;
    prefix = "t2p_out" + (attempt == 0 ? std::string() : std::to_string(attempt)) + "_";
  }
  unpack->clear();
  assigns->clear();
  for (size_t m = 0; m < outputs.size(); ++m) {
    std::string name = prefix + std::to_string(m);
    *unpack += (m ? ", " : "") + name;
    *assigns += (m ? ", " : "") + fill(rules::target().write_into, {{"{result}", name}, {"{out}", outputs[m]}});
  }
  return true;
}

std::string stop_gradient_statement(const CallSite& site, const semantic::TypeInference& types, std::string* reason) {
  // `x = torch.zeros(3, requires_grad=True)` -> add `x.stop_gradient = False` after it.
  TSNode target = assignment_target(site, types);
  if (ts_node_is_null(target)) {
    *reason = "requires_grad=True outside a simple assignment needs a rewrite by hand";
    return {};
  }
  return fill(rules::target().trainable, {{"{target}", parse::node_text(target, site.source)}});
}


}  // namespace t2p::rules
