#include "emit/form_builder.h"

#include <algorithm>
#include <map>
#include <set>

#include "emit/call_text.h"
#include "emit/python_source.h"
#include "semantic/code_names.h"

namespace t2p::emit::forms {

using std::string;
using std::string_view;

FormBuilder::FormBuilder(const FileReport& file, const kg::KnowledgeGraph& graph, const TestInputSpecs& specs, TSNode root)
    : file_(file), src_(file.input), graph_(graph), specs_(specs), imports_(imports_of(root, file.input)) {
  for (const auto& r : graph.converted_roots().roots()) converted_roots_.insert(r);
}

CallForm FormBuilder::build(const rules::ApiUse& use, TSNode call) {
  descend_ = false;
  CallForm first = build_once(use, call);
  if (first.why != "argument rewritten with the call") return first;
  // The conversion rewrites a method chain as a whole (`x.transpose(1, 2).contiguous()`): test the
  // chain as written, its innermost receiver the input, so no input has to stand inside a rewrite.
  descend_ = true;
  CallForm chain = build_once(use, call);
  descend_ = false;
  return chain.reason.empty() ? chain : first;
}

CallForm FormBuilder::build_once(const rules::ApiUse& use, TSNode call) {
  CallForm f;
  f.line = use.line;
  f.torch_api = use.torch_api;
  f.paddle_api = use.paddle_api;
  f.written = string(parse::node_text(call, src_));
  form_ = &f;
  placeholders_.clear();
  seq_layers_.clear();
  used_names_.clear();
  ordinals_.clear();
  ApiTestSpec spec = specs_.lookup(use.torch_api);
  spec_ = &spec;
  if (spec.kind == "layer") f.kind = FormKind::kLayer;
  if (spec.kind == "random") f.kind = FormKind::kRandom;
  if (spec.kind == "optimizer") f.kind = FormKind::kOptimizer;
  if (spec.kind == "context") f.kind = FormKind::kContext;
  if (spec.kind == "module") f.kind = FormKind::kModule;
  if (spec.kind == "seed") f.kind = FormKind::kSeed;
  if (spec.kind == "raises") f.kind = FormKind::kRaises;
  // A class whose instance is a value to compare (`nn.Parameter(t)`, `torch.finfo(dtype)`).
  const bool value_class = spec.kind == "value";
  // A container of layers built in place: tested as one layer, called with its first layer's input.
  sequential_ = spec.kind == "sequential";
  if (sequential_) f.kind = FormKind::kLayer;

  const kg::ApiRecord* record = graph_.find(use.torch_api);
  TSNode function = ts_node_child_by_field_name(call, "function", 8);
  rules::CallArguments args = rules::read_arguments(call, src_);
  const std::vector<kg::Param>* params = record ? rules::bind_any_signature(*record, &args) : nullptr;
  // `logger.log("...")` taken for `Tensor.log`: arguments that fit no signature of the API make no
  // call of it a test could run.
  // (An argument unpacked with `*` or `**` may fit where it unpacks: not judged here.)
  bool unbound = false;
  if (record && std::none_of(args.args.begin(), args.args.end(), [](const auto& a) { return a.splat || a.kwsplat; })) {
    unbound = !params;
    std::set<int> taken;  // `x.softmax(y, dim=-1)`: one parameter passed twice
    for (const auto& a : args.args) {
      if (!params || a.param < 0 || (*params)[a.param].kind == kg::ParamKind::kVarArgs) continue;
      unbound = unbound || !taken.insert(a.param).second;
    }
  }
  std::vector<string> given;  // the parameters the call passes, for the key
  TSNode receiver{};
  if (record && record->kind == "method" && is(function, "attribute")) {
    receiver = ts_node_child_by_field_name(function, "object", 6);
    given.push_back("self");
  }
  for (size_t i = 0; i < args.args.size(); ++i) {
    const auto& a = args.args[i];
    string param = params && a.param >= 0 ? (*params)[a.param].name
                                          : (a.keyword.empty() ? "arg" + std::to_string(i) : string(a.keyword));
    given.push_back(param);
  }
  std::vector<string> sorted_given = given;
  std::sort(sorted_given.begin(), sorted_given.end());
  f.key = f.torch_api + "|" + f.paddle_api;
  for (const auto& g : sorted_given) f.key += "|" + g;

  if (spec.kind == "untested") return fail("not testable by a per-API test", spec.reason);
  // `super().__init__(...)` in a class deriving from a torch class: its arguments convert as a
  // call of the class would, but the call runs only inside the class's own __init__.
  if (is(function, "attribute")) {
    TSNode object = ts_node_child_by_field_name(function, "object", 6);
    if (is(object, "call") && parse::node_text(ts_node_child_by_field_name(object, "function", 8), src_) == "super") {
      return fail("not testable by a per-API test", "a constructor call through super(), which runs only inside its class");
    }
  }
  if (unbound) {
    return fail("a value of the program", "the call's arguments fit no signature the knowledge graph has for " + f.torch_api +
                                              ": not a call of it (another object's method of that name)");
  }
  // A class (or factory) that makes a module needs to be called to give a value: a layer spec.
  const bool makes_module = record && ((record->kind == "class" && record->returns != kg::ValueKind::kTensor) ||
                                       record->returns == kg::ValueKind::kModule);
  const bool object_kind = f.kind == FormKind::kLayer || f.kind == FormKind::kOptimizer || f.kind == FormKind::kContext ||
                           f.kind == FormKind::kModule || f.kind == FormKind::kSeed || value_class ||
                           !spec.result.empty();  // the spec says what of the object to compare
  if (makes_module && !object_kind) {
    return fail("no input spec", f.torch_api + " makes an object, not a value: no `layer` entry with its `layer_input` in knowledge_graph/test_inputs/");
  }
  // `x.to(0)`: a device index, a GPU.
  const bool device_index = f.torch_api == "torch.Tensor.to" && !args.args.empty() && args.args[0].keyword.empty() &&
                            is(args.args[0].value, "integer");
  if (asks_for_cuda(f.written) || device_index) return fail("needs a GPU", "the call asks for a CUDA device or pinned memory, which a test cannot assume");
  given_text_.clear();
  // `F.softmax(x)` taken for a tensor's method: its receiver is a module the file imports, not a
  // tensor (a class, `Tensor.add(x, y)`, is one the test can call the same way).
  if (!ts_node_is_null(receiver) && is(receiver, "identifier") && f.torch_api.rfind("torch.Tensor.", 0) == 0) {
    const string name(parse::node_text(receiver, src_));
    auto imported = imports_.find(name);
    if (imported != imports_.end() && !bound_in_function(receiver, name) &&
        imported->second.statement.find("Tensor") == string::npos) {
      return fail("a value of the program", "converted as a method of a tensor, but its receiver `" + name +
                                                "` is what `" + imported->second.statement + "` imports, not a tensor");
    }
  }
  if (!ts_node_is_null(receiver) && !fill_slot(receiver, "self")) return f;
  // Several positional arguments bound to one variadic parameter (`torch.empty(1, n, d)`): each
  // is one element of it, filled with the spec's `element`.
  std::map<int, int> per_param;
  for (const auto& a : args.args) {
    if (params && a.param >= 0 && a.keyword.empty() && (*params)[a.param].kind == kg::ParamKind::kVarArgs) ++per_param[a.param];
  }
  for (size_t i = 0; i < args.args.size(); ++i) {
    const auto& a = args.args[i];
    string param = given[ts_node_is_null(receiver) ? i : i + 1];
    if (a.splat && !a.kwsplat) {
      if (!fill_unpacked(a.value, param)) return f;
      continue;
    }
    if (a.splat || a.kwsplat) return fail("unpacked arguments", "argument `" + string(parse::node_text(a.node, src_)) + "` unpacks values the program makes");
    const bool element = a.param >= 0 && per_param.count(a.param) && per_param[a.param] > 1;
    if (!fill_slot(a.value, param, element)) return f;
  }
  if (f.kind == FormKind::kLayer && sequential_) {
    // No layer built in place had a `layer_input` (every argument stands in): the spec's own.
    if (f.layer_inputs.empty()) {
      f.layer_inputs = spec.layer_inputs;
      for (auto& li : f.layer_inputs) {
        if (!resolve_dims(&li, "the container's input")) return f;
      }
    }
    if (f.layer_inputs.empty()) return fail("no input spec", "no layer with a `layer_input` spec among the arguments of " + f.torch_api);
    // The layers built in place fix the input: the first layer's spec input may not suit a later
    // layer (a Linear after a Dropout, convolutions and poolings that shrink a 16x16 image to nothing).
    std::vector<long> shape;
    string why;
    const SeqFit fit = seq_layers_.empty() ? SeqFit::kUnknown : fit_sequential_input(&shape, &why);
    if (fit == SeqFit::kNoFit) {
      return fail("no input fits the layers", "no input of any size fits every layer of " + f.torch_api + " as the test builds them: " + why);
    }
    if (fit == SeqFit::kFits) {
      InputSpec in;
      in.dtype = "float32";
      for (long d : shape) in.shape.push_back(std::to_string(d));
      f.layer_inputs = {in};
    }
  } else if (f.kind == FormKind::kLayer) {
    if (spec.layer_inputs.empty()) return fail("no input spec", "no `layer_input` in the test-input spec of " + f.torch_api);
    f.layer_inputs = spec.layer_inputs;
    for (auto& li : f.layer_inputs) {
      if (!resolve_dims(&li, "the layer's input")) return f;
    }
  }
  for (auto& in : f.inputs) {
    if (in.spec.tensor() && !resolve_dims(&in.spec, "input `" + in.name + "`")) return f;
  }
  if (f.kind == FormKind::kModule && (ts_node_is_null(receiver) || f.inputs.empty() || f.inputs[0].spec.paddle_value.empty())) {
    return fail("no input spec", "a module test builds its receiver from the `self` input (with `paddle_value`): the call has none");
  }
  if (!spec.result.empty() && !resolve_result(spec.result)) return f;
  if (f.kind == FormKind::kOptimizer &&
      std::none_of(f.inputs.begin(), f.inputs.end(), [](const TestInput& in) { return in.spec.parameters; })) {
    return fail("no input spec", "an optimizer test steps the parameters an input spec marks `parameters`: the call passes none there");
  }

  const uint32_t b = begin_of(call);
  uint32_t e = end_of(call);
  // `x.max(dim=1)[0]`, `.indices`: the conversion may rewrite the read of one element together
  // with the call (`paddle.max(x, axis=1)`); both halves then compute that element.
  if (TSNode read = element_read_around(use, call); !ts_node_is_null(read)) e = end_of(read);
  std::vector<base::Edit> torch_edits, paddle_edits;
  for (const auto& p : placeholders_) {
    base::Edit ed;
    ed.begin = p.begin;
    ed.end = p.end;
    ed.text = p.name;
    torch_edits.push_back(ed);
    paddle_edits.push_back(ed);
  }
  if (!paddle_edits_of(use, b, e, &paddle_edits)) return f;
  f.torch_call = splice(src_, b, e, torch_edits);
  f.paddle_call = splice(src_, b, e, paddle_edits);
  if (is_statement(f.paddle_call) && f.kind != FormKind::kRaises) {
    return fail("converted to a statement", "the Paddle form is a statement (`" + f.paddle_call.substr(0, 40) +
                                                 "`), not a value to compare");
  }
  if (!bind_names(f.torch_call, /*paddle=*/false) || !bind_names(f.paddle_call, /*paddle=*/true)) return f;
  return f;
}

CallForm& FormBuilder::fail(const string& why, const string& reason) {
  form_->why = why;
  form_->reason = reason;
  return *form_;
}

string FormBuilder::fresh_name(string_view wanted) {
  string base = sanitize(wanted);
  if (base == "self" || base == "paddle" || base == "t2p" || base.rfind("t2p_", 0) == 0 || semantic::is_reserved_word(base) || semantic::is_builtin_name(base) || imports_.count(base)) base += "_";
  string name = base;
  for (int i = 2; used_names_.count(name); ++i) name = base + std::to_string(i);
  used_names_.insert(name);
  return name;
}

}  // namespace t2p::emit::forms
