// What a call form keeps or substitutes where an argument is not a plain value: the layers of a
// container (built in place, or a stand-in for one the program makes), an unpacked list, a
// method chain the conversion rewrites whole, a type written as an argument.
#include <set>
#include <vector>

#include "emit/form_builder.h"
#include "emit/python_source.h"

namespace t2p::emit::forms {

using std::string;
using std::string_view;

bool FormBuilder::fill_inner_layer(TSNode call) {
  const rules::ApiUse* inner = nullptr;
  for (const auto& u : file_.uses) {
    const bool converted = u.status == rules::UseStatus::kConverted || (u.status == rules::UseStatus::kNeedsReview && u.applied);
    if (converted && u.offset == begin_of(call) && u.end == end_of(call)) inner = &u;
  }
  const string text(parse::node_text(call, src_));
  ApiTestSpec inner_spec = inner ? specs_.lookup(inner->torch_api) : ApiTestSpec{};
  if (!inner || inner_spec.kind != "layer" || inner_spec.layer_inputs.empty()) {
    fail("no input spec", "argument `" + text.substr(0, 60) + "` of " + form_->torch_api +
         " is not a converted layer with a `layer` spec in knowledge_graph/test_inputs/");
    return false;
  }
  const ApiTestSpec* outer_spec = spec_;
  auto outer_given = std::move(given_text_);
  given_text_.clear();
  spec_ = &inner_spec;
  ++inner_depth_;
  bool ok = true;
  const kg::ApiRecord* record = graph_.find(inner->torch_api);
  rules::CallArguments args = rules::read_arguments(call, src_);
  const std::vector<kg::Param>* params = record ? rules::bind_any_signature(*record, &args) : nullptr;
  for (size_t i = 0; ok && i < args.args.size(); ++i) {
    const auto& a = args.args[i];
    if (a.splat || a.kwsplat) {
      fail("unpacked arguments", "argument `" + string(parse::node_text(a.node, src_)) + "` unpacks values the program makes");
      ok = false;
      break;
    }
    string param = params && a.param >= 0 ? (*params)[a.param].name : (a.keyword.empty() ? "arg" + std::to_string(i) : string(a.keyword));
    ok = fill_slot(a.value, param);
  }
  if (ok) {
    SeqLayer layer{inner->torch_api, {}};
    for (const auto& [param, texts] : given_text_) {
      if (texts.size() == 1) layer.args[param] = texts[0];
    }
    seq_layers_.push_back(std::move(layer));
  }
  if (ok && form_->layer_inputs.empty()) {
    form_->layer_inputs = inner_spec.layer_inputs;
    for (auto& li : form_->layer_inputs) ok = ok && resolve_dims(&li, "the first layer's input");
    if (!ok) form_->layer_inputs.clear();
  }
  --inner_depth_;
  spec_ = outer_spec;
  given_text_ = std::move(outer_given);
  whole_slot_ = true;
  return ok;
}

bool FormBuilder::is_type_expression(TSNode value, bool in_generic) const {
  static const std::set<string, std::less<>> types = {"int", "float", "str", "bool", "bytes", "complex", "list",
                                                      "tuple", "dict", "set", "object", "type"};
  if (is(value, "identifier")) {
    string_view name = parse::node_text(value, src_);
    if (!types.count(name)) return false;
    if (in_generic) return true;  // `List[int]`: a type in any case
    int bindings = 0;
    literal_binding(scope_of(value), name, src_, &bindings);
    return bindings == 0;  // the builtin type, not a name the program binds (annotations count: refused)
  }
  if (!is(value, "subscript")) return false;
  // `List[int]`, `Dict[str, Tensor]`: a generic of `typing` over types or imported classes.
  string root;
  TSNode generic = ts_node_child_by_field_name(value, "value", 5);
  if (!dotted_root(generic, src_, &root) || !imports_.count(root) || imports_.at(root).root != "typing") return false;
  for (uint32_t i = 0; i < ts_node_named_child_count(value); ++i) {
    TSNode arg = ts_node_named_child(value, i);
    if (ts_node_eq(arg, generic)) continue;
    std::vector<TSNode> args{arg};
    if (is(arg, "tuple")) {
      args.clear();
      for (uint32_t j = 0; j < ts_node_named_child_count(arg); ++j) args.push_back(ts_node_named_child(arg, j));
    }
    for (TSNode a : args) {
      string r;
      const bool imported = dotted_root(a, src_, &r) && (imports_.count(r) ? allowed_import_const(r) : false);
      if (!is_type_expression(a, /*in_generic=*/true) && !imported) return false;
    }
  }
  return true;
}

bool FormBuilder::fill_chain(TSNode value, const string& param, bool whole_slot, bool* ok) {
  if (is(value, "parenthesized_expression") && ts_node_named_child_count(value) == 1) value = ts_node_named_child(value, 0);
  if (!is(value, "call")) return false;
  TSNode fn = ts_node_child_by_field_name(value, "function", 8);
  TSNode list = ts_node_child_by_field_name(value, "arguments", 9);
  if (!is(fn, "attribute") || !is(list, "argument_list")) return false;
  for (uint32_t i = 0; i < ts_node_named_child_count(list); ++i) {
    TSNode a = ts_node_named_child(list, i);
    if (is(a, "keyword_argument")) a = ts_node_child_by_field_name(a, "value", 5);
    if (is(a, "comment")) continue;
    if (ts_node_is_null(a) || !is_literal(a)) return false;
  }
  // The innermost receiver gets the input the chained method's own spec makes where it has one
  // (`x.permute(1, 2, 0).contiguous()`: a tensor of three dimensions, as permute's spec shapes
  // it from the permutation), else the outer parameter's.
  TSNode object = ts_node_child_by_field_name(fn, "object", 6);
  const string method(parse::node_text(ts_node_child_by_field_name(fn, "attribute", 9), src_));
  const kg::ApiRecord* record = graph_.find("torch.Tensor." + method);
  ApiTestSpec chained = record ? specs_.lookup("torch.Tensor." + method) : ApiTestSpec{};
  auto own = chained.inputs.find("self");
  // Only a spec of the method's own (permute's, reshape's): the default every API gets says less
  // than the outer parameter's.
  const ApiTestSpec fallback = specs_.lookup("");
  auto general = fallback.inputs.find("self");
  const bool specific = own != chained.inputs.end() &&
                        (general == fallback.inputs.end() || own->second.shape != general->second.shape ||
                         own->second.dtype != general->second.dtype || own->second.low != general->second.low ||
                         own->second.high != general->second.high);
  if (record && specific && own->second.tensor() && is(object, "identifier")) {
    rules::CallArguments args = rules::read_arguments(value, src_);
    const std::vector<kg::Param>* params = rules::bind_any_signature(*record, &args);
    if (params) {
      const ApiTestSpec* outer_spec = spec_;
      auto outer_given = given_text_;
      for (const auto& a : args.args) {
        if (a.param >= 0) given_text_[(*params)[a.param].name].push_back("(" + string(parse::node_text(a.value, src_)) + ")");
      }
      spec_ = &chained;
      const size_t before = form_->inputs.size();
      bool done = fill(object, "self", whole_slot);
      for (size_t i = before; done && i < form_->inputs.size(); ++i) {
        if (form_->inputs[i].spec.tensor()) done = resolve_dims(&form_->inputs[i].spec, "input `" + form_->inputs[i].name + "`");
      }
      spec_ = outer_spec;
      given_text_ = std::move(outer_given);
      if (done) {
        *ok = true;
        return true;
      }
      // Not filled by the chained method's spec: by the outer parameter's, as before.
      form_->inputs.resize(before);
      form_->why.clear();
      form_->reason.clear();
    }
  }
  *ok = fill(object, param, whole_slot);
  return true;
}

bool FormBuilder::is_spec_layer(TSNode call) const {
  for (const auto& u : file_.uses) {
    const bool converted = u.status == rules::UseStatus::kConverted || (u.status == rules::UseStatus::kNeedsReview && u.applied);
    if (!converted || u.offset != begin_of(call) || u.end != end_of(call)) continue;
    ApiTestSpec s = specs_.lookup(u.torch_api);
    return s.kind == "layer" && !s.layer_inputs.empty();
  }
  return false;
}

bool FormBuilder::fill_unpacked(TSNode splat, const string& param) {
  TSNode inner = ts_node_named_child(splat, 0);
  const string text(parse::node_text(splat, src_));
  if (ts_node_is_null(inner) || !spec_->inputs.count("*" + param)) {
    fail("unpacked arguments", "argument `" + text + "` unpacks values the program makes (no `*" + param +
                                   "` input spec stands for them)");
    return false;
  }
  whole_slot_ = true;
  element_ = false;
  string name = fresh_name(param);
  if (!add_input(name, "*" + param, text)) return false;
  placeholders_.push_back({begin_of(inner), end_of(inner), name});
  given_text_[param].push_back(name);  // the values unpacked, as one tuple
  return true;
}

}  // namespace t2p::emit::forms
