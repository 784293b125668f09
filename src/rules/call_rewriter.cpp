#include "rules/call_rewriter.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/argument_value_forms.h"
#include "rules/call_arguments.h"
#include "rules/device_text.h"
#include "rules/handlers/argument_plan.h"
#include "rules/handlers/result_arguments.h"
#include "rules/str_operands.h"
#include "rules/tensor_operands.h"
#include "rules/star_arguments.h"
#include "rules/target_spellings.h"

namespace t2p::rules {
namespace {

using base::Edit;
using base::EditSide;
using kg::ArgAction;
using parse::node_text;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string last_component(const std::string& id) { return id.substr(id.rfind('.') + 1); }

// A rule's torch name may be written `*size` for the varargs parameter `size`.
const kg::ArgRule* rule_for(const kg::ApiRecord& r, const kg::Param& p) {
  if (const kg::ArgRule* a = r.arg_for_torch(p.name)) return a;
  std::string_view stars = p.kind == kg::ParamKind::kVarArgs ? "*" : p.kind == kg::ParamKind::kVarKwargs ? "**" : "";
  if (stars.empty()) return nullptr;
  // The first rule named `*size` (as arg_for_torch would find it), without building the name.
  for (const auto& a : r.args) {
    std::string_view t = a.torch;
    if (t.size() == stars.size() + p.name.size() && t.substr(0, stars.size()) == stars && t.substr(stars.size()) == p.name) {
      return &a;
    }
  }
  return nullptr;
}

}  // namespace

namespace {

// `shape[:-1] + x.shape[-2:]`, `[-1] + list(s)`, `[1] * n`: a sum (or repetition) of sequences is
// a sequence (a shape), not a number; a sequence operand is a list or tuple literal, `list(...)` / `tuple(...)`, a slice, a
// shape (`x.shape`, `x.size()`), or a value the type inference knows as one.
bool is_sequence_sum(TSNode value, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  if (ts_node_symbol(value) != k.binary_operator) return false;
  TSNode op = ts_node_child_by_field_id(value, f.operator_);
  if (ts_node_is_null(op) || (node_text(op, site.source) != "+" && node_text(op, site.source) != "*")) return false;
  auto sequence = [&](TSNode v) {
    const TSSymbol s = ts_node_symbol(v);
    if (s == k.list || s == k.tuple || s == k.list_comprehension) return true;
    if (s == k.binary_operator) return is_sequence_sum(v, site, types);
    if (parse::is_sliced_subscript(v) || is_shape_value(v, site, types)) return true;
    if (s == k.call) {
      std::string_view fn = node_text(ts_node_child_by_field_id(v, f.function), site.source);
      if (fn == "list" || fn == "tuple") return true;
    }
    const semantic::ExprKind kind = types.kind_of(v, site.scope);
    return kind.is(kg::ValueKind::kList) || kind.is(kg::ValueKind::kTuple);
  };
  return sequence(ts_node_child_by_field_id(value, f.left)) || sequence(ts_node_child_by_field_id(value, f.right));
}

}  // namespace

bool is_shape_value(TSNode v, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  if (types.kind_of(v, site.scope).is(kg::ValueKind::kSize)) return true;
  const TSSymbol s = ts_node_symbol(v);
  if (s == k.attribute) return node_text(ts_node_child_by_field_id(v, f.attribute), site.source) == "shape";
  if (s != k.call) return false;
  TSNode fn = ts_node_child_by_field_id(v, f.function);
  return ts_node_symbol(fn) == k.attribute && ts_node_named_child_count(ts_node_child_by_field_id(v, f.arguments)) == 0 &&
         node_text(ts_node_child_by_field_id(fn, f.attribute), site.source) == "size";
}

bool is_single_dimension(TSNode value, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSSymbol s = ts_node_symbol(value);
  if (s == k.list || s == k.tuple || s == k.list_comprehension) return false;
  if (s == k.binary_operator && is_sequence_sum(value, site, types)) return false;
  if (s == k.integer || s == k.unary_operator || s == k.binary_operator) return true;
  // `x.size()[:-1]`, `shape[1:]`: a slice of a sequence is a sequence, never one dimension.
  if (parse::is_sliced_subscript(value)) return false;
  semantic::ExprKind kind = types.kind_of(value, site.scope);
  if (kind.is(kg::ValueKind::kInt)) return true;
  if (kind.is(kg::ValueKind::kSize) || kind.is(kg::ValueKind::kList) ||
      kind.is(kg::ValueKind::kTuple) || kind.tensor_like()) {
    return false;
  }
  std::string_view text = node_text(value, site.source);
  if (is_shape_value(value, site, types)) return false;  // `x.shape`, `x.size()`
  if (s == k.call) return text.rfind("len(", 0) == 0 || text.rfind("int(", 0) == 0;
  // A bare name: names that say "shape" hold one; anything else is taken as a dimension.
  std::string lower(text);
  for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto ends_with = [&](std::string_view suf) {
    return lower.size() >= suf.size() && lower.compare(lower.size() - suf.size(), suf.size(), suf) == 0;
  };
  if (ends_with("shape") || ends_with("shapes") || lower == "size" || lower == "sizes" ||
      ends_with("dims") || lower == "sz") {
    return false;
  }
  return true;
}

TSNode assignment_target(const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSNode parent = site.parent;
  if (ts_node_is_null(parent) || ts_node_symbol(parent) != k.assignment || ts_node_is_null(site.statement) ||
      ts_node_symbol(site.statement) != k.expression_statement ||
      !ts_node_eq(ts_node_named_child(site.statement, 0), parent) ||
      !ts_node_eq(ts_node_child_by_field_id(parent, parse::NodeFields::get().right), site.call)) {
    return TSNode{};
  }
  TSNode lhs = ts_node_child_by_field_id(parent, parse::NodeFields::get().left);
  if (ts_node_symbol(lhs) == k.identifier) return lhs;
  if (ts_node_symbol(lhs) != k.attribute) return TSNode{};
  TSNode root = lhs;
  while (ts_node_symbol(root) == k.attribute) root = ts_node_child_by_field_id(root, parse::NodeFields::get().object);
  const bool object = ts_node_symbol(root) == k.identifier && types.kind_of(root, site.scope).api.empty();
  return object ? lhs : TSNode{};
}

bool spells_identifier(std::string_view source, const std::string& word) {
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80); };
  for (size_t p = source.find(word); p != std::string_view::npos; p = source.find(word, p + 1)) {
    bool before = p > 0 && ident(source[p - 1]);
    bool after = p + word.size() < source.size() && ident(source[p + word.size()]);
    if (!before && !after) return true;
  }
  return false;
}

namespace {

RewriteOutcome rewrite_call_itself(const CallSite& site, const kg::ApiRecord& record,
                                   const semantic::TypeInference& types, rewrite::EditSet* edits);

// `torch.max(x, 1).indices`: PyTorch's named tuple becomes Paddle's plain tuple, so a field
// read right on the call becomes an index (`[1]`).
bool rewrite_result_field(const CallSite& site, const kg::ApiRecord& record, rewrite::EditSet* edits) {
  const auto& k = parse::NodeKinds::get();
  if (record.result_fields.empty() || ts_node_is_null(site.parent) || ts_node_symbol(site.parent) != k.attribute) {
    return true;
  }
  TSNode object = ts_node_child_by_field_id(site.parent, parse::NodeFields::get().object);
  if (!ts_node_eq(object, site.call)) return true;
  std::string_view field = parse::node_text(ts_node_child_by_field_id(site.parent, parse::NodeFields::get().attribute), site.source);
  for (size_t i = 0; i < record.result_fields.size(); ++i) {
    if (record.result_fields[i] != field) continue;
    return edits->add({ts_node_end_byte(site.call), ts_node_end_byte(site.parent), "[" + std::to_string(i) + "]"});
  }
  return true;
}

}  // namespace

RewriteOutcome rewrite_call(const CallSite& site, const kg::ApiRecord& record,
                            const semantic::TypeInference& types, rewrite::EditSet* edits) {
  if (ts_node_is_null(site.receiver) && record.kind == "method") {
    // `torch.nn.Module.zero_grad(model)`: a method called through its class takes the object as
    // its first argument, which the method's signature and templates do not list.
    RewriteOutcome through_class;
    through_class.reason = record.torch + " is a method called through its class; call it on the object instead";
    return through_class;
  }
  edits->commit();  // earlier rewrites are final; the journal holds only this call's edits
  const size_t mark = edits->checkpoint();
  RewriteOutcome o = rewrite_call_itself(site, record, types, edits);
  if (o.ok && !o.replaced_parent && !rewrite_result_field(site, record, edits)) {
    edits->rollback(mark);
    RewriteOutcome conflict;
    conflict.reason = "conflicting edits";
    return conflict;
  }
  return o;
}

namespace {

RewriteOutcome rewrite_call_itself(const CallSite& site, const kg::ApiRecord& record,
                                   const semantic::TypeInference& types, rewrite::EditSet* edits) {
  // The one binding step: both paths read the arguments bound to the same signature.
  BoundCall call = bind_call(site.call, site.source, &types.model(), record);
  if (!record.cases.empty()) {
    RewriteOutcome t = rewrite_with_template(site, record, call, types, edits);
    // No case fits: the argument map (when the graph has one) handles the call.
    if (t.ok || record.paddle.empty() || !record.argmap_fallback || t.reason.rfind("no case", 0) != 0) return t;
  }
  RewriteOutcome result;
  const std::string_view src = site.source;
  CallArguments& ca = call.args;
  const bool is_method = !ts_node_is_null(site.receiver);
  if (is_method && record.form == kg::Form::kCall && record.self_param.empty()) {
    result.reason = record.torch + " maps to " + record.paddle + ", which does not take the tensor first";
    return result;
  }
  const std::vector<kg::Param>* signature = call.signature;
  // --- star arguments (rules/star_arguments.h): `f(*args)`, `f(a, **kw)` ---
  StarBinding stars;
  const bool starred = !signature && !record.torch_params.empty() && has_star_arguments(ca);
  if (starred) {
    signature = bind_star_arguments(record, &ca, types.model(), src, site.scope, &stars, &result.reason);
    if (!signature) return result;
  }
  size_t splat_position = 0;  // the Paddle position a `*args` starts at
  bool splat_demoted = false;
  // --- end star arguments ---
  const bool bound = signature != nullptr;
  const std::vector<kg::Param>& torch_params = bound ? *signature : record.torch_params;
  if (!bound) {
    bool passthrough = torch_params.empty() &&
                       (record.category == "same" || record.category == "no_args" ||
                        record.category.empty());
    if (!passthrough) {
      result.reason = "the arguments do not match the signature of " + record.torch;
      return result;
    }
    // The docs map it without arguments ("no_args"); PyTorch's may still take some (`train(mode)`),
    // and passing them on to a Paddle API that takes none fails at run time.
    if (record.category == "no_args" && !ca.args.empty() && record.paddle_params.empty()) {
      result.reason = record.torch + " is mapped without arguments, and " + record.paddle + " takes none: this call passes " +
                      std::to_string(ca.args.size());
      return result;
    }
    for (auto& a : ca.args) a.param = -1;
  }

  // Paddle's positional parameter names, in order, and whether `*args` follows them.
  std::vector<std::string_view> paddle_positional;  // views of the record's names: no copies
  bool paddle_varargs = false;
  for (const auto& p : record.paddle_params) {
    if (p.kind == kg::ParamKind::kVarArgs) paddle_varargs = true;
    if (p.kind != kg::ParamKind::kNormal || p.keyword_only) break;
    paddle_positional.push_back(p.name);
  }
  const size_t offset = is_method && record.form == kg::Form::kCall ? 1 : 0;

  std::vector<ArgPlan> plan(ca.args.size());
  LegacyReduction legacy;    // `size_average=` / `reduce=`
  ResultArguments results;   // out=, requires_grad=, pin_memory= (rules/handlers/result_arguments.h)
  std::vector<bool> given(torch_params.size(), false);
  for (const auto& key : stars.visible_keys) given[key.second] = true;  // star arguments
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const CallArg& a = ca.args[i];
    if (a.param < 0) continue;  // passthrough
    const kg::Param& p = torch_params[a.param];
    given[a.param] = true;
    const kg::ArgRule* rule = rule_for(record, p);
    if (p.kind == kg::ParamKind::kVarKwargs) {
      // `**kwargs` collects keywords Paddle passes on the same way: keep them as written,
      // unless a rule names that very keyword.
      rule = record.arg_for_torch(a.keyword);
      if (!rule) continue;
    }
    ArgAction action = rule ? rule->action : ArgAction::kSame;
    std::string paddle_name = rule ? rule->paddle : p.name;
    if (!paddle_name.empty() && paddle_name[0] == '*') {
      // Paddle takes these as `*args`/`**kwargs` too: positions and keywords carry over.
      if (p.kind == kg::ParamKind::kNormal && !a.keyword.empty()) {
        result.reason = "argument '" + p.name + "' of " + record.torch + " maps to Paddle's " + paddle_name;
        return result;
      }
      paddle_name.clear();
      plan[i].fate = Fate::kKeep;
      continue;
    }
    std::string_view value = trim(node_text(a.value, src));
    bool is_default = p.has_default && value == trim(p.default_value);
    ArgPlan& ap = plan[i];
    // One handler per argument action (rules/handlers/argument_plan.h).
    const ArgumentContext actx{site, record, types, edits, a, p, rule, paddle_name, value, is_default};
    bool planned = true;
    switch (action) {
      case ArgAction::kUnsupported: planned = plan_unsupported(actx, &ap, &result.reason); break;
      case ArgAction::kDrop:
      case ArgAction::kDevice: planned = plan_drop(actx, &ap, &result.reason); break;
      case ArgAction::kRewrite: planned = plan_rewrite(actx, &ap, &result.reason); break;
      case ArgAction::kValueMap: planned = plan_value_map(actx, &ap, &result.reason); break;
      case ArgAction::kLegacyReduction: planned = plan_legacy_reduction(actx, &ap, &legacy, &result.reason); break;
      case ArgAction::kTensorOperand: planned = plan_tensor_operand(actx, &ap, &result.reason); break;
      case ArgAction::kDeviceString: planned = plan_device_string(actx, &ap, &result.reason); break;
      case ArgAction::kValueExpr: planned = plan_value_expr(actx, &ap, &result.reason); break;
      case ArgAction::kUnpack: planned = plan_unpack(actx, &ap, &result.reason); break;
      case ArgAction::kOut:
      case ArgAction::kRequiresGrad:
      case ArgAction::kPinMemory: planned = plan_result_argument(actx, &ap, &results, &result.reason); break;
      default: planned = plan_keep(actx, &ap, &result.reason); break;
    }
    if (!planned) return result;
    if (!record.layout_perm.empty() && ap.fate != Fate::kDrop && value != "None" &&
        std::find(record.layout_params.begin(), record.layout_params.end(), p.name) != record.layout_params.end()) {
      // A layout-changing API: the tensor goes in with its axes permuted (`q.transpose([0, 2, 1, 3])`).
      ap.new_value = substitute_value(fill(target().permuted, {{"{perm}", record.layout_perm}}),
                                      ap.replace_value ? ap.new_value
                                                       : edits->render(ts_node_start_byte(a.value), ts_node_end_byte(a.value)));
      ap.replace_value = true;
    }
    if (a.splat && ap.fate != Fate::kDrop && action != ArgAction::kVarargsToList &&
        p.kind != kg::ParamKind::kVarArgs) {
      result.reason = "a `*` argument of " + record.torch + " cannot be mapped";
      return result;
    }
  }

  {
    // A Python number where Paddle takes only a Tensor (its reference, or the action says so).
    std::vector<bool> operands(ca.args.size(), false);
    std::vector<std::string_view> names(ca.args.size());
    bool any = false;
    for (size_t i = 0; i < ca.args.size(); ++i) {
      const ArgPlan& ap = plan[i];
      if (ca.args[i].param < 0 || ap.fate == Fate::kDrop || ap.replace_value || !ap.whole.empty()) continue;
      names[i] = ap.paddle_name;
      operands[i] = ap.tensor_operand ||
                    (!ap.paddle_name.empty() && std::find(record.paddle_tensor_only.begin(), record.paddle_tensor_only.end(),
                                                          ap.paddle_name) != record.paddle_tensor_only.end());
      any = any || operands[i];
    }
    if (any) {
      std::vector<std::string> wrapped;
      if (!wrap_tensor_operands(site, record, ca, operands, names, types, edits, &wrapped, &result.reason)) return result;
      for (size_t i = 0; i < ca.args.size(); ++i) {
        if (wrapped[i].empty()) continue;
        plan[i].new_value = std::move(wrapped[i]);
        plan[i].replace_value = true;
      }
    }
  }

  if (!record.paddle_str_only.empty()) {
    // A pathlib path or an open file where Paddle's reference documents a string.
    std::vector<std::string_view> names(ca.args.size());
    for (size_t i = 0; i < ca.args.size(); ++i) {
      const ArgPlan& ap = plan[i];
      if (ca.args[i].param >= 0 && ap.fate != Fate::kDrop && !ap.replace_value && ap.whole.empty()) names[i] = ap.paddle_name;
    }
    std::vector<std::string> written;
    if (!write_str_operands(site, record, ca, names, types, edits, &written, &result.reason)) return result;
    for (size_t i = 0; i < ca.args.size(); ++i) {
      if (written[i].empty()) continue;
      plan[i].new_value = std::move(written[i]);
      plan[i].replace_value = true;
    }
  }

  const std::string legacy_reduction = legacy.reduction();
  if (!legacy_reduction.empty()) {
    // The pair decides over an explicit `reduction=`, as PyTorch itself does.
    for (size_t i = 0; i < ca.args.size(); ++i) {
      if (ca.args[i].param >= 0 && torch_params[ca.args[i].param].name == "reduction") plan[i].fate = Fate::kDrop;
    }
  }

  // Varargs groups: `torch.zeros(2, 3)` -> one list argument.
  std::vector<std::pair<uint32_t, uint32_t>> splat_stars;
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const CallArg& a = ca.args[i];
    if (a.param < 0 || !a.keyword.empty()) continue;
    const kg::Param& p = torch_params[a.param];
    if (p.kind != kg::ParamKind::kVarArgs) continue;
    const kg::ArgRule* rule = rule_for(record, p);
    if (!rule || rule->action != ArgAction::kVarargsToList) continue;
    size_t j = i;
    while (j + 1 < ca.args.size() && ca.args[j + 1].param == a.param && ca.args[j + 1].keyword.empty()) ++j;
    if (i == j && a.splat) {
      // `torch.zeros(*shape)`: Paddle takes the iterable itself: drop the star.
      TSNode inner = ts_node_named_child(a.node, 0);
      splat_stars.emplace_back(ts_node_start_byte(a.node), ts_node_start_byte(inner));
      continue;
    }
    bool single_shape = i == j && !is_single_dimension(a.value, site, types);
    if (!single_shape) {
      plan[i].list_open = true;
      plan[j].list_close = true;
    }
    for (size_t m = i + 1; m <= j; ++m) plan[m].fate = Fate::kKeep, plan[m].paddle_name.clear();
    i = j;
  }

  // Positional arguments stay positional while Paddle has the same parameter at that position;
  // from the first that differs on, they become keywords.
  size_t out_pos = offset;
  bool demote = false;
  // Paddle parameters the converted call passes: views of the record's, the source's or the
  // plan's strings, which outlive this function's use of them (`plan` is never resized).
  std::vector<std::string_view> supplied;
  if (offset == 1) supplied.push_back(record.self_param);
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const CallArg& a = ca.args[i];
    if (static_cast<int>(i) == stars.splat) splat_position = out_pos, splat_demoted = demote;  // star arguments
    if (plan[i].fate == Fate::kDrop || a.param < 0) continue;
    if (!plan[i].whole.empty()) {
      // Several keywords in place of one argument: later positionals must become keywords.
      if (a.keyword.empty()) demote = true;
      continue;
    }
    if (!a.keyword.empty()) {
      supplied.push_back(plan[i].paddle_name.empty() ? a.keyword : std::string_view(plan[i].paddle_name));
      continue;
    }
    if (a.splat) continue;
    if (!plan[i].paddle_name.empty()) supplied.push_back(plan[i].paddle_name);
    const kg::Param& p = torch_params[a.param];
    bool group_member = p.kind == kg::ParamKind::kVarArgs && i > 0 && ca.args[i - 1].param == a.param;
    if (group_member) continue;
    if (!demote && (paddle_positional.empty() || plan[i].paddle_name.empty() ||
                    (out_pos < paddle_positional.size() && paddle_positional[out_pos] == plan[i].paddle_name) ||
                    (out_pos >= paddle_positional.size() && paddle_varargs &&
                     p.kind == kg::ParamKind::kVarArgs))) {
      ++out_pos;
      continue;
    }
    if (plan[i].paddle_name.empty() || plan[i].paddle_name[0] == '*') {
      result.reason = "positional argument of " + record.torch + " has no Paddle keyword";
      return result;
    }
    demote = true;
    plan[i].fate = Fate::kToKeyword;
  }
  if (demote) {
    // A varargs group cannot become a keyword unless it is a list.
    for (size_t i = 0; i < ca.args.size(); ++i) {
      if (plan[i].fate == Fate::kToKeyword && ca.args[i].param >= 0 &&
          torch_params[ca.args[i].param].kind == kg::ParamKind::kVarArgs && ca.args[i].splat) {
        result.reason = "a `*` argument of " + record.torch + " cannot be mapped";
        return result;
      }
    }
  }

  // Star arguments: refused, exact, or converted with a review note (rules/star_arguments.h).
  std::vector<KeywordExpansion> expansions;
  if (starred && !check_star_arguments(record, torch_params, ca, stars, splat_position, splat_demoted, src,
                                       &expansions, &result.review, &result.reason)) {
    return result;
  }
  for (const auto& expansion : expansions) {
    std::string text;
    for (const auto& item : expansion.items) {
      text += (text.empty() ? "" : ", ") + item.keyword + "=" +
              (ts_node_is_null(item.value) ? item.value_text
                                           : edits->render(ts_node_start_byte(item.value), ts_node_end_byte(item.value)));
    }
    if (text.empty()) plan[expansion.arg].fate = Fate::kDrop;
    else plan[expansion.arg].whole = std::move(text);
  }

  // Arguments Paddle needs that the user did not pass.
  std::vector<std::string> appended;
  if (!legacy_reduction.empty()) {
    appended.push_back("reduction=" + legacy_reduction);
    supplied.push_back("reduction");
  }
  // `default` and `value_map` entries with a `value`: what Paddle needs when the user omitted
  // the argument (the defaults differ).
  for (const auto& rule : record.args) {
    if (rule.omitted.empty() || rule.torch.empty()) continue;
    bool passed = false;
    for (size_t pi = 0; pi < torch_params.size(); ++pi) {
      if (torch_params[pi].name == rule.torch && given[pi]) passed = true;
    }
    if (!passed) {
      result.reason = "without '" + rule.torch + "=', " + record.torch + " " + rule.omitted;
      return result;
    }
  }
  auto omitted_value = [](const kg::ArgRule& rule) {
    return (rule.action == ArgAction::kDefault || rule.action == ArgAction::kValueMap) && !rule.paddle.empty() &&
           !rule.value.empty();
  };
  for (const auto& rule : record.args) {
    if ((rule.action == ArgAction::kPaddleOnly || omitted_value(rule)) && !rule.paddle.empty() && !rule.value.empty()) {
      supplied.push_back(rule.paddle);
    }
  }
  if (bound) {
    // A required Paddle parameter nobody passes: the converted call would fail at run time.
    for (const auto& p : record.paddle_params) {
      if (p.kind != kg::ParamKind::kNormal || p.has_default) continue;
      // The docs' signatures sometimes omit defaults (`synchronize(device)` on both sides), so
      // a parameter PyTorch also has is trusted to be optional when PyTorch's is.
      // Only a Paddle parameter with no PyTorch counterpart at all is checked.
      bool paired = false;
      for (const auto& rule : record.args) paired |= rule.paddle == p.name && !rule.torch.empty();
      for (const auto& tp : torch_params) paired |= tp.name == p.name;
      if (paired) continue;
      if (std::find(supplied.begin(), supplied.end(), p.name) == supplied.end()) {
        result.reason = record.paddle + " needs '" + p.name + "', which this call does not give";
        return result;
      }
    }
  }
  for (const auto& rule : record.args) {
    if (rule.action == ArgAction::kPaddleOnly && !rule.paddle.empty() && !rule.value.empty()) {
      appended.push_back(rule.paddle + "=" + rule.value);
    }
    if (omitted_value(rule)) {
      bool passed = false;
      for (size_t pi = 0; pi < torch_params.size(); ++pi) {
        if (torch_params[pi].name == rule.torch && given[pi]) passed = true;
      }
      if (!passed) appended.push_back(rule.paddle + "=" + rule.value);
    }
  }

  // --- edits -----------------------------------------------------------------------------------
  const uint32_t call_begin = ts_node_start_byte(site.call);
  const uint32_t call_end = ts_node_end_byte(site.call);
  const uint32_t span = call_end - call_begin;
  const semantic::FileModel& model = types.model();
  TSNode fn = model.function_of(site.call);
  size_t kept = 0;
  for (const auto& ap : plan) kept += ap.fate != Fate::kDrop;

  std::string out_text;
  if (results.out) out_text = edits->render(ts_node_start_byte(results.out->value), ts_node_end_byte(results.out->value));

  // Deletions and value replacements first: they fold nested edits inside those arguments.
  std::vector<std::pair<uint32_t, uint32_t>> deletions;
  std::vector<std::pair<TSNode, std::string>> value_replacements;
  for (size_t i = 0; i < ca.args.size(); ++i) {
    if (plan[i].fate != Fate::kDrop && plan[i].replace_value) value_replacements.emplace_back(ca.args[i].value, plan[i].new_value);
    if (plan[i].fate != Fate::kDrop && !plan[i].whole.empty()) value_replacements.emplace_back(ca.args[i].node, plan[i].whole);
  }
  for (size_t i = 0; i < ca.args.size(); ++i) {
    if (plan[i].fate != Fate::kDrop) continue;
    size_t j = i;
    while (j + 1 < ca.args.size() && plan[j + 1].fate == Fate::kDrop) ++j;
    if (j + 1 < ca.args.size()) {
      deletions.emplace_back(ts_node_start_byte(ca.args[i].node), ts_node_start_byte(ca.args[j + 1].node));
    } else if (i > 0) {
      deletions.emplace_back(ts_node_end_byte(ca.args[i - 1].node), ts_node_end_byte(ca.args[j].node));
    } else {
      deletions.emplace_back(ca.open_paren, ca.close_paren);
    }
    i = j;
  }

  std::vector<Edit> batch;
  batch.reserve(ca.args.size() + 2);
  // The callee.
  switch (record.form) {
    case kg::Form::kCall:
      if (!is_method) {
        batch.push_back({ts_node_start_byte(fn), ts_node_end_byte(fn), record.paddle});
        edits->note_name_node(fn);
      }
      break;
    case kg::Form::kMethod: {
      TSNode attr = model.attribute_of(fn);
      std::string name = last_component(record.paddle);
      if (ts_node_symbol(fn) != parse::NodeKinds::get().attribute) {
        result.reason = record.torch + " is a method but is called as a function";
        return result;
      }
      if (node_text(attr, src) != name) {
        batch.push_back({ts_node_start_byte(attr), ts_node_end_byte(attr), name});
        edits->note_name_node(attr);
      }
      break;
    }
    case kg::Form::kAttribute: {
      if (!ca.args.empty() || !is_method) {
        result.reason = record.torch + " with arguments has no attribute form in Paddle";
        return result;
      }
      TSNode attr = model.attribute_of(fn);
      batch.push_back({ts_node_start_byte(attr), call_end, last_component(record.paddle)});
      break;
    }
    case kg::Form::kDrop: {
      // `x.contiguous(memory_format=torch.contiguous_format)`: arguments that the argument map
      // drops or that repeat PyTorch's default go with the call.
      bool only_defaults = true;
      for (size_t i = 0; i < ca.args.size(); ++i) {
        const CallArg& a = ca.args[i];
        bool is_default = a.param >= 0 && !a.splat && !a.kwsplat && torch_params[a.param].has_default &&
                          trim(node_text(a.value, src)) == trim(torch_params[a.param].default_value);
        only_defaults &= plan[i].fate == Fate::kDrop || is_default;
      }
      // Arguments whose action adds something (out=, requires_grad=, pin_memory=) cannot go.
      only_defaults &= !results.any() && appended.empty();
      if (!is_method || !only_defaults) {
        result.reason = record.torch + " has no Paddle counterpart";
        return result;
      }
      break;
    }
  }
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const CallArg& a = ca.args[i];
    const ArgPlan& ap = plan[i];
    std::string open;
    if (ap.fate == Fate::kRename) {
      batch.push_back({ts_node_start_byte(a.keyword_node), ts_node_end_byte(a.keyword_node), ap.paddle_name});
      edits->note_name_node(a.keyword_node);
    } else if (ap.fate == Fate::kToKeyword) {
      open = ap.paddle_name + "=";
    }
    if (ap.list_open) open += "[";
    if (!open.empty()) batch.push_back({ts_node_start_byte(a.node), ts_node_start_byte(a.node), open, EditSide::kOpen, span});
    if (ap.list_close) batch.push_back({ts_node_end_byte(a.node), ts_node_end_byte(a.node), "]", EditSide::kClose, 0});
  }
  if (!appended.empty()) {
    std::string text;
    bool need_comma = (kept > 0 || (is_method && record.form == kg::Form::kCall)) &&
                      !(ca.trailing_comma && kept == ca.args.size());
    for (const auto& s : appended) {
      if (need_comma) text += ", ";
      text += s;
      need_comma = true;
    }
    batch.push_back({ca.close_paren, ca.close_paren, text, EditSide::kClose, 0});
  }
  if (!record.layout_perm.empty()) {
    // ... and the result comes back in Paddle's layout: permute it back.
    if (is_method || results.out || !results.out_unpack.empty()) {
      result.reason = record.torch + " changes the layout of its tensors: this form needs a rewrite by hand";
      return result;
    }
    auto [before, after] = TargetSpellings::around(fill(target().permuted, {{"{perm}", record.layout_result_perm}}), "{value}");
    if (!before.empty()) batch.push_back({call_begin, call_begin, std::move(before), EditSide::kOpen, span});
    batch.push_back({call_end, call_end, std::move(after), EditSide::kClose, span});
  }
  if (results.out) {
    auto [before, after] = TargetSpellings::around(target().write_into, "{result}");
    batch.push_back({call_begin, call_begin, std::move(before), EditSide::kOpen, span});
    batch.push_back({call_end, call_end, fill(after, {{"{out}", out_text}}), EditSide::kClose, span});
  }
  if (!results.out_unpack.empty()) batch.push_back({call_begin, call_begin, results.out_unpack + " = ", EditSide::kOpen, span});
  if (results.pin_memory) {
    auto [before, after] = TargetSpellings::around(target().pinned, "{result}");
    if (!before.empty()) batch.push_back({call_begin, call_begin, std::move(before), EditSide::kOpen, span});
    batch.push_back({call_end, call_end, std::move(after), EditSide::kClose, span});
  }
  for (const auto& [b, e] : splat_stars) batch.push_back({b, e, ""});
  result.after_statement = results.out_assigns;
  if (results.requires_grad && !results.out_assigns.empty()) {
    // Both would add a statement after the call; no API has both arguments today.
    result.reason = "requires_grad= together with out= of several results needs a rewrite by hand";
    return result;
  }
  if (results.requires_grad && !is_parameter_data(site, types)) {  // rules/argument_value_forms.h
    result.after_statement = stop_gradient_statement(site, types, &result.reason);
    if (result.after_statement.empty()) return result;
  }

  // Commit: subsuming replacements, then the batch; on a conflict the set is restored.
  edits->commit();  // earlier rewrites are final; journal only this one
  const size_t checkpoint = edits->checkpoint();
  auto fail = [&](const char* why) {
    edits->rollback(checkpoint);
    result.reason = why;
    return result;
  };
  if (is_method && record.form == kg::Form::kCall) {
    std::string head = record.paddle + "(" +
                       edits->render(ts_node_start_byte(site.receiver), ts_node_end_byte(site.receiver)) +
                       (kept > 0 ? ", " : "");
    for (const auto& e : batch) {
      if (e.begin < ca.open_paren) {
        result.reason = "internal: overlapping receiver edit";
        return result;
      }
    }
    if (!edits->replace_subsuming(call_begin, ca.open_paren, head)) return fail("conflicting edits around the receiver");
  }
  if (record.form == kg::Form::kDrop) {
    std::string recv = edits->render(ts_node_start_byte(site.receiver), ts_node_end_byte(site.receiver));
    if (!edits->replace_subsuming(call_begin, call_end, recv)) return fail("conflicting edits around the receiver");
    if (!ca.args.empty()) result.removed.emplace_back(ca.open_paren, ca.close_paren);  // uses inside are gone
    result.ok = true;
    return result;
  }
  for (const auto& [node, text] : value_replacements) {
    if (!edits->replace_subsuming(ts_node_start_byte(node), ts_node_end_byte(node), text)) return fail("conflicting edits inside an argument");
    result.removed.emplace_back(ts_node_start_byte(node), ts_node_end_byte(node));
  }
  for (const auto& [b, e] : deletions) {
    result.removed.emplace_back(b, e);
    if (!edits->replace_subsuming(b, e, "")) return fail("conflicting edits inside a dropped argument");
  }
  if (!edits->add_all(std::move(batch))) return fail("conflicting edits");
  result.ok = true;
  return result;
}

}  // namespace

}  // namespace t2p::rules
