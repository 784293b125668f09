#include "emit/call_forms.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <map>
#include <set>
#include <string_view>

#include "rules/call_arguments.h"
#include "semantic/code_names.h"

namespace t2p::emit {
namespace {

using std::string;
using std::string_view;

bool is(TSNode n, const char* type) { return !ts_node_is_null(n) && std::strcmp(ts_node_type(n), type) == 0; }
uint32_t begin_of(TSNode n) { return ts_node_start_byte(n); }
uint32_t end_of(TSNode n) { return ts_node_end_byte(n); }

// Modules a generated test may import besides the converted roots (torch, torchvision, ...):
// the standard library and numpy, which both halves have.
const std::set<string, std::less<>> kPlainModules = {"numpy", "math", "collections", "functools", "itertools",
                                                     "operator", "typing", "string"};

// What a name of the file is bound to by an import: the statement that binds it alone, and the
// root of the module it comes from.
struct ImportedAs {
  string statement;  // `import torch.nn as nn`, `from torch.nn import functional as F`
  string root;       // `torch`; empty for a relative import (the project's own code)
};

string root_of(string_view dotted) { return string(dotted.substr(0, dotted.find('.'))); }

// Every name an import statement of the file binds (the last one wins, as at run time mostly).
std::map<string, ImportedAs, std::less<>> imports_of(TSNode root, string_view src) {
  std::map<string, ImportedAs, std::less<>> out;
  std::vector<TSNode> stack{root};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (is(n, "import_statement")) {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (is(c, "dotted_name")) {
          string name(parse::node_text(c, src));
          out[root_of(name)] = {"import " + name, root_of(name)};
        } else if (is(c, "aliased_import")) {
          string name(parse::node_text(ts_node_child_by_field_name(c, "name", 4), src));
          string alias(parse::node_text(ts_node_child_by_field_name(c, "alias", 5), src));
          out[alias] = {"import " + name + " as " + alias, root_of(name)};
        }
      }
      continue;
    }
    if (is(n, "import_from_statement")) {
      TSNode module = ts_node_child_by_field_name(n, "module_name", 11);
      string mod(parse::node_text(module, src));
      bool relative = is(module, "relative_import");
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_eq(c, module)) continue;
        string name, alias;
        if (is(c, "dotted_name")) {
          name = alias = string(parse::node_text(c, src));
        } else if (is(c, "aliased_import")) {
          name = string(parse::node_text(ts_node_child_by_field_name(c, "name", 4), src));
          alias = string(parse::node_text(ts_node_child_by_field_name(c, "alias", 5), src));
        } else {
          continue;  // `*`
        }
        string stmt = "from " + mod + " import " + name + (alias != name ? " as " + alias : "");
        out[alias] = {stmt, relative ? string() : root_of(mod)};
      }
      continue;
    }
    for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) stack.push_back(ts_node_named_child(n, i));
  }
  return out;
}

// A constant expression: numbers, strings (no f-string fields), True/False/None, and lists,
// tuples, parentheses and operators over them (`3`, `(4,)`, `64 * 8 * 8`, `-1.0`, `"nearest"`).
bool is_literal(TSNode n) {
  static const std::set<string, std::less<>> leaves = {"integer", "float", "true", "false", "none", "ellipsis"};
  static const std::set<string, std::less<>> nodes = {"unary_operator", "binary_operator", "parenthesized_expression",
                                                      "list", "tuple", "concatenated_string", "boolean_operator",
                                                      "comparison_operator", "not_operator"};
  string_view type = ts_node_type(n);
  if (leaves.count(type)) return true;
  if (type == "string") {
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      if (is(ts_node_named_child(n, i), "interpolation")) return false;
    }
    return true;
  }
  if (!nodes.count(type)) return false;
  for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
    if (!is_literal(ts_node_named_child(n, i))) return false;
  }
  return true;
}

// `torch.float32`, `np.pi`: an attribute chain of names; its root name.
bool dotted_root(TSNode n, string_view src, string* root) {
  while (is(n, "attribute")) {
    if (!is(ts_node_child_by_field_name(n, "attribute", 9), "identifier")) return false;
    n = ts_node_child_by_field_name(n, "object", 6);
  }
  if (!is(n, "identifier")) return false;
  *root = string(parse::node_text(n, src));
  return true;
}

// The function or module whose body holds `n` (the scope a name used at `n` is bound in).
TSNode scope_of(TSNode n) {
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (is(p, "function_definition") || is(p, "module")) return p;
  }
  return n;
}

// The literal `name` is bound to in `scope` when the scope binds it exactly once, by `name =
// LITERAL` (not as a parameter, loop target, augmented assignment, ...); else empty.
string literal_binding(TSNode scope, string_view name, string_view src, int* count = nullptr) {
  string literal;
  int bindings = 0;
  std::vector<TSNode> stack{scope};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    bool nested = (is(n, "function_definition") || is(n, "class_definition") || is(n, "lambda")) && !ts_node_eq(n, scope);
    if (nested) {
      // A nested function's own names are not the scope's, but its name is.
      TSNode fname = ts_node_child_by_field_name(n, "name", 4);
      if (!ts_node_is_null(fname) && parse::node_text(fname, src) == name) ++bindings;
      continue;
    }
    if (is(n, "assignment") || is(n, "augmented_assignment") || is(n, "for_statement") || is(n, "as_pattern") ||
        is(n, "named_expression")) {
      TSNode left = ts_node_child_by_field_name(n, is(n, "named_expression") ? "name" : "left", is(n, "named_expression") ? 4 : 4);
      if (is(n, "as_pattern")) left = ts_node_child_by_field_name(n, "alias", 5);
      if (!ts_node_is_null(left) && parse::node_text(left, src) == name) {
        ++bindings;
        TSNode right = ts_node_child_by_field_name(n, "right", 5);
        if (is(n, "assignment") && !ts_node_is_null(right) && is_literal(right)) literal = string(parse::node_text(right, src));
      } else if (!ts_node_is_null(left) && !is(left, "identifier")) {
        // `a, b = ...`, `for i, x in ...`: any name inside binds too.
        std::vector<TSNode> inner{left};
        while (!inner.empty()) {
          TSNode m = inner.back();
          inner.pop_back();
          if (is(m, "identifier") && parse::node_text(m, src) == name) ++bindings;
          for (uint32_t i = 0; i < ts_node_named_child_count(m); ++i) inner.push_back(ts_node_named_child(m, i));
        }
      }
    }
    if (is(n, "parameters") || is(n, "global_statement") || is(n, "nonlocal_statement")) {
      std::vector<TSNode> inner{n};
      while (!inner.empty()) {
        TSNode m = inner.back();
        inner.pop_back();
        if (is(m, "identifier") && parse::node_text(m, src) == name) ++bindings;
        for (uint32_t i = 0; i < ts_node_named_child_count(m); ++i) inner.push_back(ts_node_named_child(m, i));
      }
      continue;
    }
    for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) stack.push_back(ts_node_named_child(n, i));
  }
  if (count) *count = bindings;
  return bindings == 1 ? literal : string();
}

// Whether a call's text asks for a GPU: a "cuda" device string, `.cuda(`, `pin_memory=True`.
bool asks_for_cuda(string_view text) {
  return text.find("\"cuda") != string_view::npos || text.find("'cuda") != string_view::npos ||
         text.find(".cuda(") != string_view::npos || text.find("pin_memory=True") != string_view::npos;
}

// Whether `code` starts with a statement keyword (`assert False, "..."`): no expression.
bool is_statement(string_view code) {
  size_t i = code.find_first_not_of(" \t\n(");
  if (i == string_view::npos) return false;
  size_t j = i;
  while (j < code.size() && (std::isalnum(static_cast<unsigned char>(code[j])) || code[j] == '_')) ++j;
  static const std::set<string, std::less<>> statements = {"assert", "del", "raise", "import", "from", "pass",
                                                           "return", "if", "for", "while", "with", "global"};
  return statements.count(code.substr(i, j - i)) > 0 && (j == code.size() || code[j] == ' ');
}

// One place of the call the test fills: a range of the input replaced by an input's name.
struct Placeholder {
  uint32_t begin = 0, end = 0;
  string name;
};

// Replaces the one copy of `arg` (a whole expression: not inside a longer name or attribute
// chain) in a template's output `text` with `name`. False when `arg` is not there exactly once:
// the template changed it, or it is ambiguous, and no input can stand for it.
bool substitute_copy(string* text, string_view arg, const string& name) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
  size_t found = string::npos;
  for (size_t at = text->find(arg); at != string::npos; at = text->find(arg, at + 1)) {
    const bool open = at == 0 || !word((*text)[at - 1]);
    const bool close = at + arg.size() == text->size() || !word((*text)[at + arg.size()]) || (*text)[at + arg.size()] == '.';
    if (!open || !close) continue;
    if (found != string::npos) return false;
    found = at;
  }
  if (found == string::npos) return false;
  text->replace(found, arg.size(), name);
  return true;
}

// The call's bytes [b, e) of `src` with `edits` (sorted, non-overlapping) applied.
string splice(string_view src, uint32_t b, uint32_t e, std::vector<base::Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const base::Edit& x, const base::Edit& y) {
    if (x.begin != y.begin) return x.begin < y.begin;
    return (x.begin == x.end) && (y.begin != y.end);  // insertions before a replacement at one offset
  });
  string out;
  uint32_t cursor = b;
  for (const auto& ed : edits) {
    if (ed.begin < cursor) continue;  // inside a placeholder already written
    out.append(src.substr(cursor, ed.begin - cursor));
    out.append(ed.text);
    cursor = ed.end;
  }
  out.append(src.substr(cursor, e - cursor));
  return out;
}

string sanitize(string_view name) {
  string out;
  for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "a_" + out;
  return out;
}

class FormBuilder {
 public:
  FormBuilder(const FileReport& file, const kg::KnowledgeGraph& graph, const TestInputSpecs& specs, TSNode root)
      : file_(file), src_(file.input), graph_(graph), specs_(specs), imports_(imports_of(root, file.input)) {
    for (const auto& r : graph.converted_roots().roots()) converted_roots_.insert(r);
  }

  // The form of the converted use `use` whose call is `call`.
  CallForm build(const rules::ApiUse& use, TSNode call) {
    CallForm f;
    f.line = use.line;
    f.torch_api = use.torch_api;
    f.paddle_api = use.paddle_api;
    f.written = string(parse::node_text(call, src_));
    form_ = &f;
    placeholders_.clear();
    used_names_.clear();
    ApiTestSpec spec = specs_.lookup(use.torch_api);
    spec_ = &spec;
    if (spec.kind == "layer") f.kind = FormKind::kLayer;
    if (spec.kind == "random") f.kind = FormKind::kRandom;
    if (spec.kind == "optimizer") f.kind = FormKind::kOptimizer;
    if (spec.kind == "context") f.kind = FormKind::kContext;
    if (spec.kind == "module") f.kind = FormKind::kModule;
    // A container of layers built in place: tested as one layer, called with its first layer's input.
    sequential_ = spec.kind == "sequential";
    if (sequential_) f.kind = FormKind::kLayer;

    const kg::ApiRecord* record = graph_.find(use.torch_api);
    TSNode function = ts_node_child_by_field_name(call, "function", 8);
    rules::CallArguments args = rules::read_arguments(call, src_);
    const std::vector<kg::Param>* params = record ? rules::bind_any_signature(*record, &args) : nullptr;
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
    // A class (or factory) that makes a module needs to be called to give a value: a layer spec.
    const bool makes_module = record && ((record->kind == "class" && record->returns != kg::ValueKind::kTensor) ||
                                         record->returns == kg::ValueKind::kModule);
    const bool object_kind = f.kind == FormKind::kLayer || f.kind == FormKind::kOptimizer || f.kind == FormKind::kContext;
    if (makes_module && !object_kind) {
      return fail("no input spec", f.torch_api + " makes an object, not a value: no `layer` entry with its `layer_input` in knowledge_graph/test_inputs/");
    }
    // `x.to(0)`: a device index, a GPU.
    const bool device_index = f.torch_api == "torch.Tensor.to" && !args.args.empty() && args.args[0].keyword.empty() &&
                              is(args.args[0].value, "integer");
    if (asks_for_cuda(f.written) || device_index) return fail("needs a GPU", "the call asks for a CUDA device or pinned memory, which a test cannot assume");
    given_text_.clear();
    if (!ts_node_is_null(receiver) && !fill_slot(receiver, "self")) return f;
    for (size_t i = 0; i < args.args.size(); ++i) {
      const auto& a = args.args[i];
      if (a.splat || a.kwsplat) return fail("unpacked arguments", "argument `" + string(parse::node_text(a.node, src_)) + "` unpacks values the program makes");
      string param = given[ts_node_is_null(receiver) ? i : i + 1];
      if (!fill_slot(a.value, param)) return f;
    }
    if (f.kind == FormKind::kLayer && sequential_) {
      if (f.layer_inputs.empty()) return fail("no input spec", "no layer with a `layer_input` spec among the arguments of " + f.torch_api);
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
    if (f.kind == FormKind::kOptimizer &&
        std::none_of(f.inputs.begin(), f.inputs.end(), [](const TestInput& in) { return in.spec.parameters; })) {
      return fail("no input spec", "an optimizer test steps the parameters an input spec marks `parameters`: the call passes none there");
    }

    const uint32_t b = begin_of(call), e = end_of(call);
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
    if (is_statement(f.paddle_call)) {
      return fail("converted to a statement", "the Paddle form is a statement (`" + f.paddle_call.substr(0, 40) +
                                                   "`), not a value to compare");
    }
    if (!bind_names(f.torch_call, /*paddle=*/false) || !bind_names(f.paddle_call, /*paddle=*/true)) return f;
    return f;
  }

 private:
  CallForm& fail(const string& why, const string& reason) {
    form_->why = why;
    form_->reason = reason;
    return *form_;
  }

  string fresh_name(string_view wanted) {
    string base = sanitize(wanted);
    if (base == "self" || base == "paddle" || base == "t2p" || base.rfind("t2p_", 0) == 0 || semantic::is_reserved_word(base) || semantic::is_builtin_name(base) || imports_.count(base)) base += "_";
    string name = base;
    for (int i = 2; used_names_.count(name); ++i) name = base + std::to_string(i);
    used_names_.insert(name);
    return name;
  }

  bool add_input(const string& name, const string& param, string_view text) {
    auto it = spec_->inputs.find(param);
    if (it == spec_->inputs.end()) {
      fail("no input spec", "no input spec for parameter `" + param + "` of " + form_->torch_api + " (argument `" + string(text) +
           "`): add one to knowledge_graph/test_inputs/");
      return false;
    }
    InputSpec spec = it->second;
    if (!whole_slot_) spec.count.clear();  // an element of a list the call writes: one tensor
    form_->inputs.push_back({name, spec, false});
    return true;
  }

  // Fills one argument (or the receiver): kept as written when constant, bound when a name bound
  // to a literal, else an input from the spec of `param`. False (with the reason) when it cannot.
  bool fill(TSNode value, const string& param, bool whole_slot) {
    whole_slot_ = whole_slot;
    string_view text = parse::node_text(value, src_);
    string root;
    auto own = spec_->inputs.find(param);
    const bool replaces_literal = own != spec_->inputs.end() && own->second.replaces_literal;
    if (is_literal(value) && !replaces_literal) return true;
    if (dotted_root(value, src_, &root) && !is(value, "identifier")) {
      if (allowed_import(root)) return true;  // `torch.float32`, `math.pi`: the import is bound below
    }
    if (is(value, "identifier")) {
      string name(text);
      if (imports_.count(name)) return true;  // a module or class passed as such; bound below
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
    if (sequential_ && inner_depth_ == 0 && whole_slot && is(value, "call")) return fill_inner_layer(value);
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

  // An argument of a container (`nn.Sequential(nn.Linear(d, 8), nn.ReLU())`): a converted layer
  // construction with a `layer` spec, kept in the call with its own arguments filled by its own
  // specs. The first one's `layer_input` is the container's.
  bool fill_inner_layer(TSNode call) {
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

  bool allowed_import(const string& name) {
    auto it = imports_.find(name);
    if (it == imports_.end()) return false;
    return converted_roots_.count(it->second.root) || kPlainModules.count(it->second.root);
  }

  // Fills an argument (or the receiver) and notes the text the call passes for `param` there:
  // the input standing for it, or the argument's text (for dimensions written `{param}`).
  bool fill_slot(TSNode value, const string& param) {
    if (is(value, "list_comprehension") || is(value, "generator_expression") || is(value, "set_comprehension") ||
        is(value, "dictionary_comprehension")) {
      fail("a value of the program", "argument `" + string(parse::node_text(value, src_)) +
                                          "` is a comprehension over values the program makes");
      return false;
    }
    if (!fill(value, param, true)) return false;
    string text = "(" + string(parse::node_text(value, src_)) + ")";
    for (const auto& p : placeholders_) {
      if (p.begin == begin_of(value) && p.end == end_of(value)) text = p.name;
    }
    given_text_[param].push_back(text);
    return true;
  }

  // Dimensions written `{param}` in a spec become the number of elements of what the call passes
  // for that parameter (`compare.numel(...)`: a size, a shape, several varargs sizes; -1 counts 3),
  // or of the parameter's spec value when the call passes nothing there.
  bool resolve_dims(InputSpec* in, const string& what) {
    for (auto& d : in->shape) {
      if (d.empty() || d.front() != '{') continue;
      string param = d.substr(1, d.size() - 2);
      const bool rank = !param.empty() && param.back() == '*';  // `{dims*}`: one dimension per value
      if (rank) param.pop_back();
      std::vector<string> texts = given_text_[param];
      if (texts.empty()) {
        auto it = spec_->inputs.find(param);
        if (it != spec_->inputs.end() && !it->second.value.empty()) texts.push_back("(" + it->second.value + ")");
      }
      if (texts.empty()) {
        fail("no input spec", what + " needs `" + param + "`, which the call does not give");
        return false;
      }
      d = rank ? "*t2p.rank_shape(" : "t2p.numel(";
      for (size_t i = 0; i < texts.size(); ++i) d += (i ? ", " : "") + texts[i];
      d += ")";
    }
    return true;
  }

  // The engine's edits inside the call [b, e), less those inside a placeholder (the conversions
  // of the calls in that argument: tested on their own), added to `out`.
  bool paddle_edits_of(const rules::ApiUse& use, uint32_t b, uint32_t e, std::vector<base::Edit>* out) {
    std::set<uint32_t> own;
    if (use.fix >= 0 && static_cast<size_t>(use.fix) < file_.fixes.size()) {
      for (uint32_t i : file_.fixes[use.fix].edits) {
        own.insert(i);
        const base::Edit& ed = file_.edits[i];
        if (ed.begin < b || ed.end > e) {
          fail("converted with the code around it", "converted together with the code around it (one fix): that code's test covers it");
          return false;
        }
      }
    }
    for (uint32_t i = 0; i < file_.edits.size(); ++i) {
      const base::Edit& ed = file_.edits[i];
      if (ed.owner == base::kFileEdit || ed.owner == base::kNoteEdit) continue;
      if (ed.end < b || ed.begin > e) continue;
      const bool insertion = ed.begin == ed.end;
      if ((ed.begin == e || ed.end == b) && !own.count(i)) continue;  // another use's, outside
      if (ed.begin < b || ed.end > e) continue;                       // an outer rewrite's
      bool inside_placeholder = false;
      base::Edit edit = ed;  // with the placeholders' names where a template copies their text
      for (const auto& p : placeholders_) {
        const bool at_open = insertion && ed.begin == p.begin && own.count(i);
        const bool at_close = insertion && ed.begin == p.end && own.count(i);
        if (at_open || at_close) continue;
        if (ed.begin >= p.begin && ed.end <= p.end) {
          inside_placeholder = true;
        } else if (ed.begin <= p.begin && ed.end >= p.end && ed.text.empty()) {
          // The conversion drops the argument (`device=x.device`): the Paddle call has no input there.
        } else if (ed.begin <= p.begin && ed.end >= p.end && substitute_copy(&edit.text, src_.substr(p.begin, p.end - p.begin), p.name)) {
          // A template that rewrites the whole call copies the argument's text once: the input stands there.
        } else if (ed.begin < p.end && ed.end > p.begin) {
          fail("argument rewritten with the call", "the conversion rewrites the argument `" + string(src_.substr(p.begin, p.end - p.begin)) +
               "` together with the call, so no input can stand for it");
          return false;
        }
      }
      if (!inside_placeholder) out->push_back(edit);
    }
    return true;
  }

  // Every name `code` uses is an input, a builtin, or bound by an import the test can copy.
  bool bind_names(const string& code, bool paddle) {
    auto& imports = paddle ? form_->paddle_imports : form_->torch_imports;
    for (const auto& n : semantic::code_names(code)) {
      if (n.role != semantic::NameRole::kUse) continue;
      string name(n.name);
      bool input = false;
      for (const auto& in : form_->inputs) input = input || in.name == name;
      if (input || semantic::is_builtin_name(name)) continue;
      if (paddle && name == "paddle") continue;
      auto it = imports_.find(name);
      if (it == imports_.end()) {
        fail("a value of the program", string(paddle ? "the Paddle call" : "the call") + " uses `" + name +
             "`, which the program binds: no literal in its scope, no input spec");
        return false;
      }
      if (it->second.root.empty() || (!converted_roots_.count(it->second.root) && !kPlainModules.count(it->second.root))) {
        fail("the project's own code", "the call uses `" + name + "` from the project's own code (`" + it->second.statement + "`)");
        return false;
      }
      if (paddle && converted_roots_.count(it->second.root)) {
        fail("torch left in the Paddle call", "the Paddle call still uses `" + name + "` (`" + it->second.statement + "`)");
        return false;
      }
      if (std::find(imports.begin(), imports.end(), it->second.statement) == imports.end()) imports.push_back(it->second.statement);
    }
    return true;
  }

  const FileReport& file_;
  string_view src_;
  const kg::KnowledgeGraph& graph_;
  const TestInputSpecs& specs_;
  std::map<string, ImportedAs, std::less<>> imports_;
  std::set<string, std::less<>> converted_roots_;
  CallForm* form_ = nullptr;
  const ApiTestSpec* spec_ = nullptr;
  std::vector<Placeholder> placeholders_;
  std::set<string> used_names_;
  std::map<string, std::vector<string>> given_text_;
  bool sequential_ = false;  // the form's arguments are layers built in place (kind `sequential`)
  int inner_depth_ = 0;      // > 0 while filling the arguments of such a layer
  bool whole_slot_ = true;  // the argument being filled is a whole argument, not a list element  // parameter -> what the call passes (Python text)
};

// The call whose bytes are exactly [b, e), or a null node.
TSNode call_at(TSNode root, uint32_t b, uint32_t e) {
  TSNode n = ts_node_descendant_for_byte_range(root, b, e);
  while (!ts_node_is_null(n) && begin_of(n) == b && end_of(n) == e) {
    if (is(n, "call")) return n;
    n = ts_node_parent(n);
  }
  return TSNode{};
}

}  // namespace

std::vector<CallForm> extract_call_forms(const FileReport& file, const kg::KnowledgeGraph& graph,
                                         const TestInputSpecs& specs, parse::PythonParser& parser) {
  std::vector<CallForm> forms;
  if (file.status != FileStatus::kConverted || file.input.empty()) return forms;
  parse::TreeArena::Scope memory(parser.arena());
  parse::SyntaxTree tree = parser.parse(file.input);
  if (!tree.valid()) return forms;
  FormBuilder builder(file, graph, specs, tree.root());
  std::map<string, size_t> by_key;  // key -> index in forms
  for (const auto& use : file.uses) {
    const bool converted = use.status == rules::UseStatus::kConverted ||
                           (use.status == rules::UseStatus::kNeedsReview && use.applied);
    if (!converted || use.end <= use.offset) continue;
    TSNode call = call_at(tree.root(), use.offset, use.end);
    if (ts_node_is_null(call)) continue;  // a name or attribute use: no call form
    CallForm f = builder.build(use, call);
    auto it = by_key.find(f.key);
    if (it == by_key.end()) {
      by_key[f.key] = forms.size();
      forms.push_back(std::move(f));
    } else if (!forms[it->second].reason.empty() && f.reason.empty()) {
      forms[it->second] = std::move(f);  // a later occurrence that can be built
    }
  }
  std::stable_sort(forms.begin(), forms.end(), [](const CallForm& a, const CallForm& b) { return a.line < b.line; });
  return forms;
}

}  // namespace t2p::emit
