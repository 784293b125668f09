// rules: a call rewritten by a template of rules/*.jsonl: the first case whose conditions hold
// (rules/template_conditions.h) is written (rules/template_expander.h) in place of the call, with
// the arguments it does not consume following their argument action.
#include <algorithm>
#include <cctype>
#include <string>

#include "base/source_text.h"
#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/argument_value_forms.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "rules/handlers/result_arguments.h"
#include "rules/handlers/template_context.h"
#include "rules/template_conditions.h"
#include "rules/target_spellings.h"
#include "rules/template_expander.h"

namespace t2p::rules {

// Whether evaluating `v` twice is the same as once: no call (which may run a model, draw random
// numbers or have effects), no `:=`, `await` or `yield` anywhere inside. Names, attributes,
// literals, operators and subscripts of those qualify.
bool evaluates_alike_twice(TSNode v) {
  const auto& k = parse::NodeKinds::get();
  std::vector<TSNode> stack{v};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (ts_node_is_null(n)) continue;
    TSSymbol s = ts_node_symbol(n);
    if (s == k.call || s == k.named_expression) return false;
    std::string_view type = ts_node_type(n);
    if (type == "await" || type == "yield") return false;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) stack.push_back(ts_node_named_child(n, i));
  }
  return true;
}

namespace {

bool needs_parentheses(TSNode parent) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_is_null(parent)) return false;
  TSSymbol p = ts_node_symbol(parent);
  return p == k.binary_operator || p == k.unary_operator || p == k.comparison_operator ||
         p == k.boolean_operator || p == k.not_operator || p == k.attribute || p == k.subscript ||
         p == k.call || p == k.conditional_expression;
}

// The parameters a case consumes: those its template names (`{arg:x}`, `{opt:x=..}`,
// `{kw:x=..,y=..}`, `{path:x/..}`, `{item:x,N}`, `{device:x,y}`, `{argN}`; `{args}` takes all) and those its conditions test.
std::vector<std::string> consumed_parameters(const kg::TemplateCase& c, const CallArguments& ca,
                                             const std::vector<kg::Param>& params, bool* all) {
  std::vector<std::string> names(c.has.begin(), c.has.end());
  names.insert(names.end(), c.ints.begin(), c.ints.end());
  names.insert(names.end(), c.numbers.begin(), c.numbers.end());
  names.insert(names.end(), c.tensors.begin(), c.tensors.end());
  names.insert(names.end(), c.sequences.begin(), c.sequences.end());
  names.insert(names.end(), c.dtypes.begin(), c.dtypes.end());
  names.insert(names.end(), c.data.begin(), c.data.end());
  names.insert(names.end(), c.shapes.begin(), c.shapes.end());
  names.insert(names.end(), c.ordered_dicts.begin(), c.ordered_dicts.end());
  names.insert(names.end(), c.layer_weights.begin(), c.layer_weights.end());
  names.insert(names.end(), c.passed_in.begin(), c.passed_in.end());
  names.insert(names.end(), c.distinct_axes.begin(), c.distinct_axes.end());
  for (const auto& n : c.subscripts) {
    if (n != "receiver") names.push_back(n);
  }
  for (const auto& n : c.bools) {
    if (n != "receiver") names.push_back(n);
  }
  for (const auto& n : c.calls) {
    if (n != "receiver") names.push_back(n);
  }
  for (const auto& n : c.names) {
    if (n != "receiver") names.push_back(n);
  }
  for (const auto& [name, value] : c.values) names.push_back(name);
  auto consume = [&](const kg::Placeholder& p) {
    using K = kg::PlaceholderKind;
    switch (p.kind) {
      case K::kArgs: *all = true; break;
      case K::kArg: case K::kOpt: case K::kStr: case K::kPath: case K::kItem: names.push_back(p.name); break;
      case K::kTypeCheck:
        for (const auto& part : p.parts) names.push_back(part.first);
        break;
      case K::kDevice:
        // `{device:type,index}`: parameter names (quoted parts are literals).
        for (const auto& part : p.parts) {
          if (!part.first.empty() && part.first.front() != '\'' && part.first.front() != '"') names.push_back(part.first);
        }
        break;
      case K::kKw:
        for (const auto& part : p.parts) names.push_back(part.first);
        break;
      case K::kArgIndex:
        if (p.index < ca.args.size() && ca.args[p.index].param >= 0) names.push_back(params[ca.args[p.index].param].name);
        break;
      default: break;
    }
  };
  c.parsed.for_each_placeholder(consume);
  c.parsed_after.for_each_placeholder(consume);
  return names;
}

// The argument that the templates `texts` write more than once and whose value a second
// evaluation could change: `torch.max(model(x), 1)` -> `(paddle.max(model(x), axis=1),
// paddle.argmax(model(x), axis=1))` would run the model twice. Its name (`receiver` for the
// receiver), or empty when every repeated argument evaluates alike twice.
std::string argument_written_twice(std::initializer_list<const kg::ParsedTemplate*> texts, const CallArguments& ca,
                                   const std::vector<kg::Param>& params, const CallSite& site,
                                   int skip = -2) {
  const auto& k = parse::NodeKinds::get();
  std::vector<int> writes(ca.args.size(), 0);
  int receiver_writes = 0;
  auto write = [&](const std::string& name) {
    int vp = varargs_param(params, name);
    for (size_t i = 0; i < ca.args.size(); ++i) {
      const CallArg& a = ca.args[i];
      bool bound = a.keyword == name || (a.keyword.empty() && a.param >= 0 && params[a.param].name == name);
      if (bound || (vp >= 0 && a.param == vp)) {
        ++writes[i];
        if (vp < 0) return;
      }
    }
  };
  auto count = [&](const kg::Placeholder& p) {
    using K = kg::PlaceholderKind;
    switch (p.kind) {
      case K::kReceiver: ++receiver_writes; break;
      case K::kArgs: for (auto& w : writes) ++w; break;
      case K::kArg: case K::kOpt: case K::kPath: write(p.name); break;
      case K::kItem: {
        // An element of a list or tuple literal is written alone; `{item:x,N}` of any other value
        // writes `x[N]`, so x once per item.
        const CallArg* a = argument_for(ca, params, p.name);
        if (a && ts_node_symbol(a->value) != k.tuple && ts_node_symbol(a->value) != k.list) write(p.name);
        break;
      }
      case K::kKw:
        for (const auto& part : p.parts) write(part.first);
        break;
      case K::kTypeCheck:
        // The object is read by every check of the type: counted twice, so that only a value
        // that evaluates alike twice (a name, an attribute chain) is accepted.
        if (!p.parts.empty()) write(p.parts[0].first), write(p.parts[0].first);
        if (p.parts.size() > 1) write(p.parts[1].first);
        break;
      case K::kDevice:
        for (const auto& part : p.parts) {
          if (!part.first.empty() && part.first.front() != '\'' && part.first.front() != '"') write(part.first);
        }
        break;
      case K::kArgIndex:
        if (p.index < writes.size()) ++writes[p.index];
        break;
      default: break;
    }
  };
  for (const kg::ParsedTemplate* t : texts) t->for_each_placeholder(count);
  // `skip`: the receiver (-1) or argument index whose value is computed once beforehand.
  if (skip != -1 && receiver_writes > 1 && !ts_node_is_null(site.receiver) && !evaluates_alike_twice(site.receiver)) {
    return "receiver";
  }
  for (size_t i = 0; i < ca.args.size(); ++i) {
    if (static_cast<int>(i) == skip || writes[i] < 2 || evaluates_alike_twice(ca.args[i].value)) continue;
    if (!ca.args[i].keyword.empty()) return std::string(ca.args[i].keyword);
    if (ca.args[i].param >= 0) return params[ca.args[i].param].name;
    return "at position " + std::to_string(i);
  }
  return {};
}

// `call[i]` (an integer literal) or `call.field` (a field of the record's result_fields): which
// result the expression around the call reads, or -1.
int result_read_on_call(const CallSite& site, const kg::ApiRecord& record) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  TSNode parent = site.parent;
  if (ts_node_is_null(parent)) return -1;
  if (ts_node_symbol(parent) == k.attribute && ts_node_eq(ts_node_child_by_field_id(parent, f.object), site.call)) {
    std::string_view field = parse::node_text(ts_node_child_by_field_id(parent, f.attribute), site.source);
    for (size_t i = 0; i < record.result_fields.size(); ++i) {
      if (record.result_fields[i] == field) return static_cast<int>(i);
    }
    return -1;
  }
  if (ts_node_symbol(parent) == k.subscript && ts_node_eq(ts_node_child_by_field_id(parent, f.value), site.call) &&
      ts_node_named_child_count(parent) == 2) {
    TSNode index = ts_node_named_child(parent, 1);
    std::string_view text = parse::node_text(index, site.source);
    if (ts_node_symbol(index) == k.integer && text.size() < 4 &&
        std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return std::stoi(std::string(text));
    }
  }
  return -1;
}

// Whether the call is the whole value of its statement (`call`, `a, b = call`, `return call`):
// then a value the call evaluates first may be computed by a statement right before it.
bool whole_value_of_statement(const CallSite& site) {
  const auto& k = parse::NodeKinds::get();
  TSNode st = site.statement;
  if (ts_node_is_null(st) || ts_node_is_null(site.parent)) return false;
  if (ts_node_symbol(st) == k.return_statement) return ts_node_eq(site.parent, st);
  if (ts_node_symbol(st) != k.expression_statement || ts_node_named_child_count(st) != 1) return false;
  TSNode only = ts_node_named_child(st, 0);
  if (ts_node_eq(only, site.call)) return true;
  return ts_node_symbol(only) == k.assignment && ts_node_eq(site.parent, only) &&
         ts_node_eq(ts_node_child_by_field_id(only, parse::NodeFields::get().right), site.call);
}

}  // namespace

std::string fit_to_context(TSNode parent, std::string text) {
  if (!is_atomic(text) && needs_parentheses(parent)) return "(" + text + ")";
  return text;
}

namespace {

// Whether a template spells arguments by position (`{arg0}`, `{(arg1)}`, `{args}`),
// which needs no bound signature.
bool names_arguments_by_position(const kg::ParsedTemplate& t) {
  bool by_position = false;
  t.for_each_placeholder([&](const kg::Placeholder& p) {
    by_position |= p.kind == kg::PlaceholderKind::kArgIndex || (p.kind == kg::PlaceholderKind::kArgs && p.inner == "args");
  });
  return by_position;
}

// Whether the template spells `{args}` (unparenthesised).
bool spells_all_arguments(const kg::ParsedTemplate& t) {
  bool all = false;
  t.for_each_placeholder([&](const kg::Placeholder& p) { all |= p.kind == kg::PlaceholderKind::kArgs && p.inner == "args"; });
  return all;
}

// Whether the template spells `{arg:name}` (or `{arg:name|default}`) unparenthesised: a `*shape`
// bound to the `*name` parameter is then written as the shape itself.
bool spells_varargs(const kg::ParsedTemplate& t, const std::string& name) {
  bool spelt = false;
  t.for_each_placeholder([&](const kg::Placeholder& p) {
    spelt |= p.kind == kg::PlaceholderKind::kArg && !p.wrap && p.name == name;
  });
  return spelt;
}

}  // namespace

RewriteOutcome rewrite_with_template(const CallSite& site, const kg::ApiRecord& record, const BoundCall& call,
                                     const semantic::TypeInference& types, rewrite::EditSet* edits) {
  RewriteOutcome result;
  const CallArguments& ca = call.args;
  const std::vector<kg::Param>* signature = call.signature;
  const bool bound = signature != nullptr;
  const std::vector<kg::Param> no_params;
  const std::vector<kg::Param>& torch_params = bound ? *signature : no_params;
  const kg::TemplateCase* chosen = nullptr;
  for (const auto& c : record.cases) {
    if (case_holds(c, ca, torch_params, site, types)) {
      chosen = &c;
      break;
    }
  }
  if (!chosen) {
    result.reason = "no case of rule " + record.torch + " fits this call";
    return result;
  }
  if (chosen->template_text.empty()) {
    result.reason = chosen->reason;
    return result;
  }
  if (!bound && !ca.args.empty() && !names_arguments_by_position(chosen->parsed)) {
    // Arguments that bind to no parameter and that no `{argN}` / `{args}` spells
    // would vanish from the output: report the call instead.
    result.reason = "the arguments do not match the signature of " + record.torch;
    return result;
  }
  for (const auto& a : ca.args) {
    // `*shape` bound to a `*size` parameter is spelt by `{arg:size}`; other splats cannot be.
    bool varargs_splat = a.splat && bound && a.param >= 0 && torch_params[a.param].kind == kg::ParamKind::kVarArgs &&
                         spells_varargs(chosen->parsed, torch_params[a.param].name);
    if ((a.splat && !varargs_splat) || a.kwsplat) {
      result.reason = "a `*` argument of " + record.torch + " cannot be mapped";
      return result;
    }
  }
  // A tuple template whose one element the code reads right away (`torch.max(f(x), 1)[1]`,
  // `x.sort(1)[1]`, `.indices`) writes that element alone, in place of the whole read: the other
  // elements would be computed for nothing, and an argument might be evaluated twice.
  const kg::ParsedTemplate* text = &chosen->parsed;  // parsed once, when the graph was loaded
  TSNode replaced{};
  TSNode hoisted{};          // a value computed once before the statement (see below)
  std::string hoisted_name;  // the fresh name that holds it
  {
    const std::vector<kg::ParsedTemplate>& elements = chosen->parsed_elements;
    const int read = elements.empty() || !chosen->after.empty() ? -1 : result_read_on_call(site, record);
    if (read >= 0 && static_cast<size_t>(read) < elements.size() &&
        argument_written_twice({&elements[read]}, ca, torch_params, site).empty()) {
      text = &elements[read];
      replaced = site.parent;
    }
  }
  if (std::string twice = argument_written_twice({text, &chosen->parsed_after}, ca, torch_params, site); !twice.empty()) {
    {
      // The value the call evaluates first (the receiver, else the first argument, with nothing
      // before it that a second evaluation could change) can be computed once, by a statement
      // before the call's own when the call is its statement's whole value:
      // `v, i = torch.max(model(x), 1)` -> `t2p_input = model(x)` then `v, i = (paddle.max(t2p_input, ...), ...)`.
      int skip = -2;
      if (whole_value_of_statement(site) && chosen->after.empty() &&
          !spells_all_arguments(*text)) {
        if (twice == "receiver") {
          skip = -1;
        } else if (!ca.args.empty() && !ca.args[0].splat && !ca.args[0].kwsplat &&
                   (ts_node_is_null(site.receiver) || evaluates_alike_twice(site.receiver)) &&
                   (ca.args[0].keyword == twice || (ca.args[0].keyword.empty() && ca.args[0].param >= 0 &&
                                                    torch_params[ca.args[0].param].name == twice))) {
          skip = 0;
        }
      }
      if (skip == -2 || !argument_written_twice({text, &chosen->parsed_after}, ca, torch_params, site, skip).empty()) {
        // The Paddle form writes this argument twice: a call there would run twice.
        result.reason = (twice == "receiver" ? std::string("the receiver") : "argument '" + twice + "'") + " of " +
                        record.torch + " must be a name or a value without calls: the Paddle form writes it twice";
        return result;
      }
      hoisted = skip == -1 ? site.receiver : ca.args[0].value;
      const std::string base = "t2p_" + twice;
      hoisted_name = base;
      for (int n = 1; spells_identifier(site.source, hoisted_name); ++n) hoisted_name = base + std::to_string(n);
    }
  }
  TemplateContext ctx{site, record, ca, torch_params, bound, types, edits, hoisted, hoisted_name, {}, {}, {}};
  auto render = [&](TSNode n) { return ctx.render(n); };


  // Arguments the case does not consume follow their argument action: `out=` wraps the result
  // in `paddle.assign`, `requires_grad=True` adds `x.stop_gradient = False`, `pin_memory=True`
  // adds `.pin_memory()`, `drop`/`device` vanish; any other argument that is not its default
  // cannot be silently lost: the call is reported.
  ResultArguments results;  // out=, requires_grad=, pin_memory=
  std::string after;
  if (bound) {
    bool all = false;
    std::vector<std::string> consumed = consumed_parameters(*chosen, ca, torch_params, &all);
    for (const auto& a : ca.args) {
      if (all || a.param < 0) continue;
      const kg::Param& p = torch_params[a.param];
      if (std::find(consumed.begin(), consumed.end(), p.name) != consumed.end()) continue;
      const kg::ArgRule* rule = record.arg_for_torch(p.name);
      if (!rule && p.kind == kg::ParamKind::kVarArgs) rule = record.arg_for_torch("*" + p.name);
      std::string value(parse::node_text(a.value, site.source));
      const kg::ArgAction action = rule ? rule->action : kg::ArgAction::kSame;
      // Uses inside an argument the output does not keep no longer exist (`layout=torch.strided`).
      const std::pair<uint32_t, uint32_t> span{ts_node_start_byte(a.node), ts_node_end_byte(a.node)};
      if (action != kg::ArgAction::kOut) result.removed.push_back(span);
      if (action == kg::ArgAction::kDrop || action == kg::ArgAction::kDevice) continue;
      if (action == kg::ArgAction::kOut || action == kg::ArgAction::kRequiresGrad ||
          action == kg::ArgAction::kPinMemory || action == kg::ArgAction::kInplace) {
        // Read as for the argument map (rules/handlers/result_arguments.h); `None` / `False`, the
        // default behaviour, change nothing.
        const bool requires_grad = results.requires_grad;
        if (!read_result_argument(action, *rule, a, value, site, record, edits, &results, &result.reason)) return result;
        if (results.requires_grad && !requires_grad && !is_parameter_data(site, types) &&  // rules/argument_value_forms.h
            (after = stop_gradient_statement(site, types, &result.reason)).empty()) {
          return result;
        }
        continue;
      }
      if (p.has_default && value == p.default_value) continue;
      if (action == kg::ArgAction::kUnsupported) {
        result.reason = "argument '" + p.name + "' of " + record.torch + " cannot be converted" +
                        (rule->reason.empty() ? "" : " (" + rule->reason + ")");
      } else {
        std::string name = p.kind == kg::ParamKind::kVarKwargs ? std::string(a.keyword) : p.name;
        result.reason = "argument '" + name + "' of " + record.torch + " is not converted by rule " + record.torch;
      }
      return result;
    }
  }

  if (!resolve_inplace(ca, site, record, &results, &result.reason)) return result;
  std::string out;
  if (!expand_template(*text, ctx, out)) {
    result.reason = std::move(ctx.reason);
    return result;
  }
  if (results.pin_memory) out = fill(target().pinned, {{"{result}", is_atomic(out) ? out : "(" + out + ")"}});
  if (results.out) out = fill(target().write_into, {{"{result}", out}, {"{out}", render(results.out->value)}});
  if (!results.out_unpack.empty()) {
    if (!chosen->after.empty() || !after.empty()) {
      result.reason = "out= of " + record.torch + ", which has several results, needs a rewrite by hand";
      return result;
    }
    out = results.out_unpack + " = " + out;
    after = results.out_assigns;
  }
  if (!ts_node_is_null(replaced) && (results.out || !results.out_unpack.empty() || results.pin_memory)) {
    result.reason = "argument 'out' or 'pin_memory' of " + record.torch + " with one result read needs a rewrite by hand";
    return result;
  }
  // A compound result inside an operator, attribute or subscript keeps its meaning only in
  // parentheses: `y - torch.erfc(x)` -> `y - (1 - paddle.erf(x))`.
  out = fit_to_context(ts_node_is_null(replaced) ? site.parent : ts_node_parent(replaced), std::move(out));
  if (!chosen->after.empty()) {
    // `sched = StepLR(opt, ...)` -> `...`, then `opt.set_lr_scheduler(sched)`: only where the call
    // is the whole value of an assignment the added statement may repeat (`self.sched`).
    TSNode lhs = assignment_target(site, types);
    if (ts_node_is_null(lhs) || !after.empty()) {
      result.reason = record.torch + " needs its result assigned to a name (`x = " + record.torch + "(...)`)";
      return result;
    }
    // An argument written again in the added statement must be a plain name or attribute: a
    // call there (`StepLR(SGD(...), ...)`) would run twice.
    for (const auto& piece : chosen->parsed_after.pieces) {
      const kg::Placeholder& p = piece.placeholder;
      if (!piece.has_placeholder || p.kind != kg::PlaceholderKind::kArg || p.wrap || p.has_fallback) continue;
      const CallArg* a = argument_for(ca, torch_params, p.name);
      if (a && !is_plain_reference(a->value)) {
        result.reason = "argument '" + p.name + "' of " + record.torch + " must be a name: the Paddle form uses it twice";
        return result;
      }
    }
    ctx.target = std::string(parse::node_text(lhs, site.source));
    if (!expand_template(chosen->parsed_after, ctx, after)) {
      result.reason = std::move(ctx.reason);
      return result;
    }
  }
  result.after_statement = after;
  const TSNode span = ts_node_is_null(replaced) ? site.call : replaced;
  result.replaced_parent = !ts_node_is_null(replaced);
  std::string before;  // `t2p_input = model(x)`, before the statement
  if (!ts_node_is_null(hoisted)) {
    const base::StatementLine line = base::statement_line(site.source, ts_node_start_byte(site.statement));
    before = hoisted_name + " = " + edits->render(ts_node_start_byte(hoisted), ts_node_end_byte(hoisted));
    if (!line.starts_logical_line) {
      before += "; ";  // a one-line body (`if c: v, i = ...`) or after another statement on the line
    } else {
      before += std::string(base::line_ending(site.source)) + std::string(line.indent);
    }
  }
  const size_t before_checkpoint = edits->checkpoint();
  if (!edits->replace_subsuming(ts_node_start_byte(span), ts_node_end_byte(span), out)) {
    edits->rollback(before_checkpoint);
    result.reason = "conflicting edits";
    return result;
  }
  // After the replacement, which would fold an insertion at its own start into itself.
  if (!before.empty() && !edits->add({ts_node_start_byte(site.statement), ts_node_start_byte(site.statement), before,
                                      base::EditSide::kOpen, 0})) {
    edits->rollback(before_checkpoint);
    result.reason = "conflicting edits";
    return result;
  }
  result.ok = true;
  result.templated = true;
  result.imports = chosen->imports;
  if (results.out) result.imports.push_back(target().name);  // for `write_into`, written above
  return result;
}

}  // namespace t2p::rules
