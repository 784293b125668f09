#include "rules/call_rewriter.h"

#include <cctype>
#include <string>
#include <vector>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/call_arguments.h"
#include "rules/handlers/call_plan.h"

namespace t2p::rules {

using parse::node_text;

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

bool is_dimension_or_shape(TSNode value, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSSymbol s = ts_node_symbol(value);
  if (s != k.identifier && s != k.attribute) return false;
  std::string_view text = node_text(value, site.source);
  std::string_view last = text.substr(text.rfind('.') == std::string_view::npos ? 0 : text.rfind('.') + 1);
  // `new_size`, `input_size`: a shape as often as a count.
  if (last.size() <= 5 || last.compare(last.size() - 5, 5, "_size") != 0) return false;
  return types.kind_of(value, site.scope).confidence == semantic::Confidence::kUnknown;
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

// The index of `field` among the record's result_fields, or -1.
int result_field_index(const kg::ApiRecord& record, std::string_view field) {
  for (size_t i = 0; i < record.result_fields.size(); ++i) {
    if (record.result_fields[i] == field) return static_cast<int>(i);
  }
  return -1;
}

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
  const int i = result_field_index(record, field);
  return i < 0 || edits->add({ts_node_end_byte(site.call), ts_node_end_byte(site.parent), "[" + std::to_string(i) + "]"});
}

// Whether a comprehension's `for` clauses bind `name` (`[top.values for top in results]`: its
// own scope, another `top`).
bool comprehension_binds(TSNode comprehension, std::string_view name, std::string_view source) {
  const auto& k = parse::NodeKinds::get();
  for (uint32_t i = 0; i < ts_node_named_child_count(comprehension); ++i) {
    TSNode clause = ts_node_named_child(comprehension, i);
    if (ts_node_symbol(clause) != k.for_in_clause) continue;
    TSNode left = ts_node_child_by_field_id(clause, parse::NodeFields::get().left);
    std::vector<TSNode> todo{left};
    while (!todo.empty()) {
      TSNode n = todo.back();
      todo.pop_back();
      if (ts_node_is_null(n)) continue;
      if (ts_node_symbol(n) == k.identifier && parse::node_text(n, source) == name) return true;
      for (uint32_t c = 0; c < ts_node_named_child_count(n); ++c) todo.push_back(ts_node_named_child(n, c));
    }
  }
  return false;
}

// `top = torch.topk(x, k)` then `top.indices`: a field read on a name the scope binds once, to
// the call, becomes an index as on the call itself. Nested functions, classes and lambdas, and
// comprehensions binding the name, are not entered (their names are other bindings). False when
// an edit conflicts.
bool rewrite_stored_result_fields(const CallSite& site, const kg::ApiRecord& record, const semantic::FileModel& m,
                                  rewrite::EditSet* edits) {
  const auto& k = parse::NodeKinds::get();
  const auto& fields = parse::NodeFields::get();
  if (record.result_fields.empty() || ts_node_is_null(site.parent) || ts_node_symbol(site.parent) != k.assignment) {
    return true;
  }
  TSNode target = ts_node_child_by_field_id(site.parent, fields.left);
  if (ts_node_is_null(target) || ts_node_symbol(target) != k.identifier ||
      !ts_node_eq(ts_node_child_by_field_id(site.parent, fields.right), site.call)) {
    return true;
  }
  const std::string_view name = parse::node_text(target, site.source);
  const int32_t id = m.bindings.id_of(name);
  const semantic::Binding* b = id < 0 ? nullptr : m.bindings.find(site.scope, id);
  if (!b || b->other_count != 1 || b->import_count != 0 || b->global) return true;
  // The scope's body: the enclosing function's, else the module.
  TSNode body = site.parent;
  while (!ts_node_is_null(ts_node_parent(body)) && ts_node_symbol(body) != k.function_definition) body = ts_node_parent(body);
  TSTreeCursor cursor = ts_tree_cursor_new(body);
  bool ok = true;
  for (bool more = true; more;) {
    TSNode n = ts_tree_cursor_current_node(&cursor);
    const TSSymbol sym = ts_node_symbol(n);
    const bool comprehension = sym == k.list_comprehension || sym == k.set_comprehension ||
                               sym == k.dictionary_comprehension || sym == k.generator_expression;
    const bool nested = !ts_node_eq(n, body) &&
                        (sym == k.function_definition || sym == k.class_definition || sym == k.lambda ||
                         (comprehension && comprehension_binds(n, name, site.source)));
    if (sym == k.attribute) {
      TSNode object = ts_node_child_by_field_id(n, fields.object);
      if (ts_node_symbol(object) == k.identifier && parse::node_text(object, site.source) == name) {
        const int i = result_field_index(record, parse::node_text(ts_node_child_by_field_id(n, fields.attribute), site.source));
        if (i >= 0) ok = ok && edits->add({ts_node_end_byte(object), ts_node_end_byte(n), "[" + std::to_string(i) + "]"});
      }
    }
    if (!nested && ts_tree_cursor_goto_first_child(&cursor)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        more = false;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&cursor);
  return ok;
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
  if (o.ok && !o.replaced_parent &&
      (!rewrite_result_field(site, record, edits) || !rewrite_stored_result_fields(site, record, types.model(), edits))) {
    edits->rollback(mark);
    RewriteOutcome conflict;
    conflict.reason = "conflicting edits";
    return conflict;
  }
  return o;
}

namespace {

// The argument map's path, one stage a step (rules/handlers/call_plan.h).
RewriteOutcome rewrite_call_itself(const CallSite& site, const kg::ApiRecord& record,
                                   const semantic::TypeInference& types, rewrite::EditSet* edits) {
  // The one binding step: both paths read the arguments bound to the same signature.
  BoundCall call = bind_call(site.call, site.source, &types.model(), record);
  if (!record.cases.empty()) {
    RewriteOutcome t = rewrite_with_template(site, record, call, types, edits);
    // No case fits: the argument map (when the graph has one) handles the call.
    if (t.ok || record.paddle.empty() || !record.argmap_fallback || t.reason.rfind("no case", 0) != 0) return t;
  }
  CallPlan cp(site, record, types, edits, call.args);
  // Each argument planned by its action, then what concerns several arguments at once.
  if (!bind_to_signature(cp, call.signature) || !plan_arguments(cp) ||
      !resolve_inplace(cp.ca, site, record, &cp.results, &cp.result.reason) || !make_tensor_operands(cp) ||
      !make_str_operands(cp)) {
    return cp.result;
  }
  fold_legacy_reduction(cp);
  group_varargs_into_lists(cp);
  if (!place_positionals(cp) || !expand_star_arguments(cp) || !append_paddle_arguments(cp)) return cp.result;

  // --- edits -----------------------------------------------------------------------------------
  CallEdits e = start_call_edits(cp);
  if (!write_callee(cp, e)) return cp.result;
  write_argument_edits(cp, e);
  if (!permute_layout_result(cp, e)) return cp.result;
  write_result_wrappers(cp, e);
  drop_splat_stars(cp, e);
  if (!add_result_statement(cp)) return cp.result;
  return commit_call_edits(cp, e);
}

}  // namespace

}  // namespace t2p::rules
