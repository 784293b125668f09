// The arguments of a call form: each kept as written, bound to the literal the file binds it to,
// or replaced by an input from the API's test-input spec.
#include "emit/form_builder.h"

#include <set>

#include "emit/call_text.h"
#include "emit/python_source.h"
#include "semantic/code_names.h"

namespace t2p::emit::forms {

using std::string;
using std::string_view;

bool FormBuilder::bound_in_function(TSNode at, const string& name) const {
  // The functions around `at`, innermost first: a parameter or assignment there hides the import.
  for (TSNode scope = scope_of(at); is(scope, "function_definition"); scope = scope_of(scope)) {
    int bindings = 0;
    literal_binding(scope, name, src_, &bindings);
    if (bindings > 0) return true;
  }
  return false;
}

bool FormBuilder::add_input(const string& name, const string& param, string_view text) {
  // One element of a list the call writes, or one of several variadic arguments (`F.pad(x, (0, p))`,
  // `torch.empty(1, n, d)`): the spec `param[]` when there is one (a number where the whole is a
  // tuple), else the parameter's, one tensor of it.
  const bool one_element = !whole_slot_ || element_;
  auto it = one_element ? spec_->inputs.find(param + "[]") : spec_->inputs.end();
  const bool element_spec = it != spec_->inputs.end();
  if (!element_spec) it = spec_->inputs.find(param);
  if (it == spec_->inputs.end()) {
    fail("no input spec", "no input spec for parameter `" + param + "` of " + form_->torch_api + " (argument `" + string(text) +
         "`): add one to knowledge_graph/test_inputs/");
    return false;
  }
  InputSpec spec = it->second;
  if (!spec.tensor() && (spec.value == name || spec.paddle_value == name)) {
    // `str = str`: the name would stand for itself, unbound inside the test.
    fail("a value of the program", "argument `" + string(text) + "` is bound by the program, and its spec would bind `" + name + "` to itself");
    return false;
  }
  spec.ordinal = ordinals_[param]++;
  if (one_element && !element_spec) spec.count.clear();
  form_->inputs.push_back({name, spec, false});
  return true;
}

bool FormBuilder::fill(TSNode value, const string& param, bool whole_slot) {
  whole_slot_ = whole_slot;
  string_view text = parse::node_text(value, src_);
  string root;
  auto own = spec_->inputs.find(param);
  const bool replaces_literal = own != spec_->inputs.end() && own->second.replaces_literal;
  if (is_literal(value) && !replaces_literal) return true;
  if (dotted_root(value, src_, &root) && !is(value, "identifier")) {
    if (allowed_import(root)) return true;  // `torch.float32`, `math.pi`: the import is bound below
  }
  if (is_type_expression(value)) return true;  // `List[int]`, `str`: a type, the same in both halves
  if (is(value, "identifier")) {
    string name(text);
    if (imports_.count(name) && !bound_in_function(value, name)) return true;  // a module or class passed as such; bound below
    for (const auto& in : form_->inputs) {
      if (in.name == name) return true;  // the same name twice
    }
    int bindings = 0;
    string literal = literal_binding(scope_of(value), name, src_, &bindings);
    if (!literal.empty()) {
      used_names_.insert(name);
      InputSpec s;
      s.value = literal;
      form_->inputs.push_back({name, s, true});
      return true;
    }
    // A builtin's name is an input only where the scope binds it (`def forward(self, input)`).
    // `self.modules()` in a module's method: the receiver a module test builds from its spec.
    const bool module_self = name == "self" && param == "self" && form_->kind == FormKind::kModule;
    if ((semantic::is_builtin_name(name) && bindings == 0) || (name == "self" && !module_self)) {
      fail("a value of the program", "argument `" + name + "` is bound by the program, not by the call");
      return false;
    }
    used_names_.insert(name);
    return add_input(name, param, text);
  }
  if ((is(value, "list") || is(value, "tuple")) && whole_slot) {
    // `[a, b]` for torch.cat: each element on its own, with the parameter's spec.
    for (uint32_t i = 0; i < ts_node_named_child_count(value); ++i) {
      TSNode el = ts_node_named_child(value, i);
      if (is(el, "list_splat") || is(el, "comment")) {
        fail("unpacked arguments", "argument `" + string(text) + "` unpacks values the program makes");
        return false;
      }
      if (!fill(el, param, false)) return false;
    }
    whole_slot_ = true;
    return true;
  }
  if (sequential_ && inner_depth_ == 0 && whole_slot && is(value, "call")) {
    if (is_spec_layer(value)) return fill_inner_layer(value);
    // A layer the program makes (its own class, a factory it was given) stands in as the spec's
    // layer (input below). A call of a standard module (`OrderedDict(...)`) is no layer: refused.
    string fn_root;
    TSNode fn = ts_node_child_by_field_name(value, "function", 8);
    auto imported = dotted_root(fn, src_, &fn_root) ? imports_.find(fn_root) : imports_.end();
    const bool own_or_program = imported == imports_.end() || imported->second.root.empty() ||
                                !is_plain_module(imported->second.root);
    if (!own_or_program || !spec_->inputs.count(param)) return fill_inner_layer(value);  // says why not
  }
  if (bool ok = false; descend_ && fill_chain(value, param, whole_slot, &ok)) return ok;
  if (is(value, "dictionary")) {
    // `[{"params": ..., "lr": ...}]`: an optimizer's parameter group; a tensor cannot stand for it.
    fail("a value of the program", "argument `" + string(text) + "` is a dict the program builds (a parameter group): no input spec makes one");
    return false;
  }
  // Any other expression: replaced by an input in both calls.
  string name = fresh_name(param == "self" ? "x" : param);
  if (!add_input(name, param, text)) return false;
  placeholders_.push_back({begin_of(value), end_of(value), name});
  return true;
}

bool FormBuilder::allowed_import_const(const string& name) const {
  auto it = imports_.find(name);
  if (it == imports_.end()) return false;
  return converted_roots_.count(it->second.root) || is_plain_module(it->second.root);
}

bool FormBuilder::allowed_import(const string& name) {
  auto it = imports_.find(name);
  if (it == imports_.end()) return false;
  return converted_roots_.count(it->second.root) || is_plain_module(it->second.root);
}

bool FormBuilder::fill_slot(TSNode value, const string& param, bool element) {
  // A comprehension over the program's values is an expression like any other where the spec
  // has an input for the whole argument (`torch.cat([f(h) for h in hs])`: the spec's list of
  // tensors); its elements cannot be filled one by one.
  if ((is(value, "list_comprehension") || is(value, "generator_expression") || is(value, "set_comprehension") ||
       is(value, "dictionary_comprehension")) &&
      (!spec_->inputs.count(param) || sequential_)) {
    fail("a value of the program", "argument `" + string(parse::node_text(value, src_)) +
                                        "` is a comprehension over values the program makes");
    return false;
  }
  element_ = element;
  const bool filled = fill(value, param, true);
  element_ = false;
  if (!filled) return false;
  // The text the test passes there: the argument with the inputs that stand inside it
  // (`(total_group_size, shape)` for `(total_group_size, self.group_size)`).
  std::vector<base::Edit> inside;
  for (const auto& p : placeholders_) {
    if (p.begin < begin_of(value) || p.end > end_of(value)) continue;
    base::Edit ed;
    ed.begin = p.begin;
    ed.end = p.end;
    ed.text = p.name;
    inside.push_back(ed);
  }
  string text = "(" + splice(src_, begin_of(value), end_of(value), inside) + ")";
  for (const auto& p : placeholders_) {
    if (p.begin == begin_of(value) && p.end == end_of(value)) text = p.name;
  }
  given_text_[param].push_back(text);
  return true;
}

// Dimensions written `{param}` in a spec become the number of elements of what the call passes

bool FormBuilder::resolve_dims(InputSpec* in, const string& what) {
  for (auto& d : in->shape) {
    if (d.empty() || d.front() != '{') continue;
    string param = d.substr(1, d.size() - 2);
    const bool rank = !param.empty() && param.back() == '*';  // `{dims*}`: one dimension per value
    if (rank) param.pop_back();
    // `{equation|einsum_shape}`: the dimensions a helper of the runtime derives from what the call
    // passes there, for the how-manieth input of its parameter this is (an einsum's operands).
    // `{split_size|split_shape|dim}`: the helper also gets, by keyword, what the call passes for
    // the parameters named after a second bar (left out where the call passes nothing: the
    // helper's default is the API's).
    string helper, extra;
    if (size_t bar = param.find('|'); bar != string::npos) {
      helper = param.substr(bar + 1);
      param.resize(bar);
      if (size_t bar2 = helper.find('|'); bar2 != string::npos) {
        extra = helper.substr(bar2 + 1);
        helper.resize(bar2);
      }
    }
    std::vector<string> texts = given_text_[param];
    if (texts.empty()) {
      auto it = spec_->inputs.find(param);
      if (it != spec_->inputs.end() && !it->second.value.empty()) texts.push_back("(" + it->second.value + ")");
    }
    if (texts.empty()) {
      fail("no input spec", what + " needs `" + param + "`, which the call does not give");
      return false;
    }
    for (const auto& t : texts) {
      // The inputs are made before either half runs, where no framework is imported: a value
      // such as `torch.int32` (`x.view(torch.int32)`, the dtype overload) sizes nothing.
      if (t.find("torch.") != string::npos) {
        fail("no input spec", what + " is sized by `" + param + "`, and the call passes " + t + " there");
        return false;
      }
    }
    if (!helper.empty()) {
      d = "*t2p." + sanitize(helper) + "(";
      for (const auto& t : texts) d += t + ", ";
      for (size_t b = 0; b < extra.size();) {
        size_t comma = extra.find(',', b);
        if (comma == string::npos) comma = extra.size();
        const string name = extra.substr(b, comma - b);
        b = comma + 1;
        auto given = given_text_.find(name);
        if (given != given_text_.end() && given->second.size() == 1) d += sanitize(name) + "=" + given->second[0] + ", ";
      }
      d += "index=" + std::to_string(in->ordinal) + ")";
      continue;
    }
    d = rank ? "*t2p.rank_shape(" : "t2p.numel(";
    for (size_t i = 0; i < texts.size(); ++i) d += (i ? ", " : "") + texts[i];
    d += ")";
  }
  return true;
}

}  // namespace t2p::emit::forms
