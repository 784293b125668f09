#include <algorithm>
#include <cctype>
#include <string>

#include "base/source_text.h"
#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/argument_value_forms.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"

namespace t2p::rules {
namespace {

// Index of the `*name` parameter, or -1.
int varargs_param(const std::vector<kg::Param>& params, const std::string& name) {
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == kg::ParamKind::kVarArgs && params[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

// The argument bound to parameter `name` (by keyword or position), or null.
const CallArg* argument_for(const CallArguments& ca, const std::vector<kg::Param>& params,
                            const std::string& name) {
  for (const auto& a : ca.args) {
    if (a.keyword == name) return &a;
    if (a.keyword.empty() && a.param >= 0 && params[a.param].name == name) return &a;
  }
  return nullptr;
}

// `x`, `self.x`: a name or attribute chain, which evaluating twice does not change.
bool is_plain_reference(TSNode v) {
  const auto& k = parse::NodeKinds::get();
  while (!ts_node_is_null(v) && ts_node_symbol(v) == k.attribute) v = ts_node_child_by_field_id(v, parse::NodeFields::get().object);
  return !ts_node_is_null(v) && ts_node_symbol(v) == k.identifier;
}

}  // namespace

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

bool is_integer(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSNode v = a.value;
  if (ts_node_symbol(v) == k.unary_operator) v = ts_node_child_by_field_id(v, parse::NodeFields::get().argument);
  if (ts_node_symbol(v) == k.integer) return true;
  return types.kind_of(a.value, site.scope).is(kg::ValueKind::kInt);
}

// What a legacy constructor (`torch.FloatTensor(v)`) takes as data rather than as a size: a
// list or tuple literal or comprehension, or a list, tuple, ndarray or tensor by inference.
bool is_constructor_data(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSSymbol s = ts_node_symbol(a.value);
  if (a.splat || a.kwsplat) return false;
  if (s == k.list || s == k.tuple || s == k.list_comprehension) return true;
  semantic::ExprKind kind = types.kind_of(a.value, site.scope);
  return kind.is(kg::ValueKind::kList) || kind.is(kg::ValueKind::kTuple) || kind.is(kg::ValueKind::kNdarray) ||
         kind.tensor_like();
}

// A whole shape: `*shape`, `x.size()`, `x.shape`, or a torch.Size by inference.
bool is_whole_shape(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  if (a.kwsplat) return false;
  if (a.splat) return true;
  TSNode v = a.value;
  if (types.kind_of(v, site.scope).is(kg::ValueKind::kSize)) return true;
  if (ts_node_symbol(v) == k.attribute) {
    return parse::node_text(ts_node_child_by_field_id(v, f.attribute), site.source) == "shape";
  }
  if (ts_node_symbol(v) != k.call) return false;
  TSNode fn = ts_node_child_by_field_id(v, f.function);
  TSNode args = ts_node_child_by_field_id(v, f.arguments);
  return ts_node_symbol(fn) == k.attribute && ts_node_named_child_count(args) == 0 &&
         parse::node_text(ts_node_child_by_field_id(fn, f.attribute), site.source) == "size";
}

// A call of `OrderedDict` (`collections.OrderedDict(...)` too).
bool is_ordered_dict_call(TSNode v, std::string_view source) {
  if (ts_node_symbol(v) != parse::NodeKinds::get().call) return false;
  std::string_view fn = parse::node_text(ts_node_child_by_field_id(v, parse::NodeFields::get().function), source);
  return fn == "OrderedDict" || (fn.size() > 12 && fn.substr(fn.size() - 12) == ".OrderedDict");
}

// What `nn.Sequential` takes as named layers: a call of `OrderedDict`, or a name that every
// assignment of the call's scope binds to one (`layers = OrderedDict()`, then `layers['fc'] =
// ...`); not a parameter. A plain dict is not one (PyTorch takes it for a module and fails).
bool is_ordered_dict(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  if (a.splat || a.kwsplat) return false;
  if (is_ordered_dict_call(a.value, site.source)) return true;
  if (ts_node_symbol(a.value) != k.identifier) return false;
  std::string_view name = parse::node_text(a.value, site.source);
  const semantic::FileModel& m = types.model();
  for (const auto& p : m.parameters) {
    if (p.scope == site.scope && p.name == name) return false;
  }
  bool bound = false;
  for (const auto& as : m.assignments) {
    if (as.scope != site.scope || ts_node_symbol(as.target) != k.identifier ||
        parse::node_text(as.target, site.source) != name) {
      continue;
    }
    if (as.is_for || ts_node_is_null(as.value) || !is_ordered_dict_call(as.value, site.source)) return false;
    bound = true;
  }
  return bound;
}

// A number: an int or float literal (signed) or a value the type inference knows as int or float.
bool is_number(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSNode v = a.value;
  if (ts_node_symbol(v) == k.unary_operator) v = ts_node_child_by_field_id(v, parse::NodeFields::get().argument);
  if (ts_node_symbol(v) == k.integer || ts_node_symbol(v) == k.float_) return true;
  const auto kind = types.kind_of(a.value, site.scope);
  return kind.is(kg::ValueKind::kInt) || kind.is(kg::ValueKind::kFloat);
}

// `has`/`lacks` name parameters, passed by keyword or (once bound) by position; `int`/`tensor`
// ask what the argument is (`torch.max(x, 1)` reduces, `torch.max(x, y)` compares).
bool case_holds(const kg::TemplateCase& c, const CallArguments& ca, const std::vector<kg::Param>& params,
                const CallSite& site, const semantic::TypeInference& types) {
  for (const auto& name : c.ints) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_integer(*a, site, types)) return false;
  }
  for (const auto& name : c.numbers) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || a->splat || !is_number(*a, site, types)) return false;
  }
  if (c.positional >= 0) {
    int n = 0;
    for (const auto& a : ca.args) n += a.keyword.empty() && !a.kwsplat;
    if (n != c.positional) return false;
  }
  for (const auto& [name, expected] : c.values) {
    // Exact value text; quotes of string literals do not matter (`'floor'` == `"floor"`).
    const CallArg* a = argument_for(ca, params, name);
    if (!a) return false;
    std::string got(parse::node_text(a->value, site.source));
    std::string want = expected;
    for (auto* t : {&got, &want}) {
      for (auto& ch : *t) {
        if (ch == '"') ch = '\'';
      }
    }
    if (got != want) return false;
  }
  if (c.statement) {
    // Only a call that is a statement of its own may become a statement (`assert ...`).
    const auto& k = parse::NodeKinds::get();
    if (ts_node_is_null(site.parent) || ts_node_symbol(site.parent) != k.expression_statement ||
        ts_node_named_child_count(site.parent) != 1) {
      return false;
    }
  }
  for (const auto& name : c.names) {
    // `x`, `self.x`: evaluating it twice is harmless.
    const CallArg* a = name == "receiver" ? nullptr : argument_for(ca, params, name);
    TSNode v = name == "receiver" ? site.receiver : a ? a->value : TSNode{};
    if (!is_plain_reference(v)) return false;
  }
  for (const auto& name : c.sequences) {
    const CallArg* a = argument_for(ca, params, name);
    const auto& k = parse::NodeKinds::get();
    if (!a || a->splat || (ts_node_symbol(a->value) != k.list && ts_node_symbol(a->value) != k.tuple)) return false;
  }
  for (const auto& name : c.tensors) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !types.kind_of(a->value, site.scope).tensor_like()) return false;
  }
  for (const auto& name : c.dtypes) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !types.kind_of(a->value, site.scope).is(kg::ValueKind::kDtype)) return false;
  }
  for (const auto& name : c.data) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_constructor_data(*a, site, types)) return false;
  }
  for (const auto& name : c.shapes) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_whole_shape(*a, site, types)) return false;
  }
  for (const auto& name : c.ordered_dicts) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_ordered_dict(*a, site, types)) return false;
  }
  if (c.nargs >= 0 && static_cast<size_t>(c.nargs) != ca.args.size()) return false;
  auto has_keyword = [&](const std::string& name) {
    for (const auto& a : ca.args) {
      if (a.keyword == name) return true;
      if (a.keyword.empty() && a.param >= 0 && params[a.param].name == name) return true;
    }
    return false;
  };
  for (const auto& h : c.has) {
    if (!has_keyword(h)) return false;
  }
  for (const auto& l : c.lacks) {
    if (has_keyword(l)) return false;
  }
  return true;
}

// Calls `visit(i, c, depth)` for each character of `text` outside string literals, `depth`
// being the number of brackets open once `c` is taken into account. Stops, returning false, as
// soon as `visit` returns false.
template <typename Visit>
bool for_each_code_char(std::string_view text, Visit visit) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    if (!visit(i, c, depth)) return false;
  }
  return true;
}

// Whether `text` is one primary expression (name, call, subscript, literal) that needs no
// parentheses next to an operator: nothing but brackets and strings hold a space or operator.
// (A leading minus counts as an operator: `-x ** 2`.)
bool is_atomic(const std::string& text) {
  return for_each_code_char(text, [](size_t, char c, int depth) {
    return depth != 0 || std::string_view(" +-*/%<>=!&|^~,:@").find(c) == std::string_view::npos;
  });
}

// Whether `text` holds a line break outside its brackets and strings: written where no bracket
// of the template is open, it would end the statement there.
bool breaks_line_outside_brackets(std::string_view text) {
  return !for_each_code_char(text, [](size_t, char c, int depth) { return depth > 0 || (c != '\n' && c != '\r'); });
}

bool needs_parentheses(TSNode parent) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_is_null(parent)) return false;
  TSSymbol p = ts_node_symbol(parent);
  return p == k.binary_operator || p == k.unary_operator || p == k.comparison_operator ||
         p == k.boolean_operator || p == k.not_operator || p == k.attribute || p == k.subscript ||
         p == k.call || p == k.conditional_expression;
}

// Calls `fn(key)` for each placeholder `{...}` of template text `t`; the key comes without the
// parentheses of `{(...)}` and without a `|default`.
template <typename Fn>
void for_each_placeholder(const std::string& t, Fn fn) {
  for (size_t open = t.find('{'); open != std::string::npos; open = t.find('{', open + 1)) {
    size_t close = t.find('}', open);
    if (close == std::string::npos) break;
    std::string key = t.substr(open + 1, close - open - 1);
    if (key.size() > 2 && key.front() == '(' && key.back() == ')') key = key.substr(1, key.size() - 2);
    fn(key.substr(0, key.find('|')));
  }
}

// Calls `fn(part)` for each comma-separated part of `list` (`{kw:a=x,b=y}`, `{device:t,i}`).
template <typename Fn>
void for_each_comma_part(const std::string& list, Fn fn) {
  for (size_t pos = 0; pos <= list.size();) {
    size_t comma = list.find(',', pos);
    fn(list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
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
  for (const auto& n : c.names) {
    if (n != "receiver") names.push_back(n);
  }
  for (const auto& [name, value] : c.values) names.push_back(name);
  for_each_placeholder(c.template_text + c.after, [&](const std::string& key) {
    if (key == "args") *all = true;
    if (key.rfind("arg:", 0) == 0) names.push_back(key.substr(4));
    if (key.rfind("opt:", 0) == 0) names.push_back(key.substr(4, key.find('=') - 4));
    if (key.rfind("str:", 0) == 0) names.push_back(key.substr(4));
    if (key.rfind("path:", 0) == 0) names.push_back(key.substr(5, key.find('/') - 5));
    if (key.rfind("item:", 0) == 0) names.push_back(key.substr(5, key.find(',') - 5));
    if (key.rfind("device:", 0) == 0) {
      // `{device:type,index}`: parameter names (quoted parts are literals).
      for_each_comma_part(key.substr(7), [&](const std::string& part) {
        if (!part.empty() && part.front() != '\'' && part.front() != '"') names.push_back(part);
      });
    }
    if (key.rfind("kw:", 0) == 0) {
      for_each_comma_part(key.substr(3), [&](const std::string& spec) { names.push_back(spec.substr(0, spec.find('='))); });
    }
    if (key.rfind("arg", 0) == 0 && key.size() > 3 && std::isdigit(static_cast<unsigned char>(key[3]))) {
      size_t n = std::stoul(key.substr(3));
      if (n < ca.args.size() && ca.args[n].param >= 0) names.push_back(params[ca.args[n].param].name);
    }
  });
  return names;
}

// The argument that template text `t` writes more than once and whose value a second
// evaluation could change: `torch.max(model(x), 1)` -> `(paddle.max(model(x), axis=1),
// paddle.argmax(model(x), axis=1))` would run the model twice. Its name (`receiver` for the
// receiver), or empty when every repeated argument evaluates alike twice.
std::string argument_written_twice(const std::string& t, const CallArguments& ca,
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
  for_each_placeholder(t, [&](const std::string& key) {
    if (key == "receiver") {
      ++receiver_writes;
    } else if (key == "args") {
      for (auto& w : writes) ++w;
    } else if (key.rfind("arg:", 0) == 0) {
      write(key.substr(4));
    } else if (key.rfind("opt:", 0) == 0) {
      write(key.substr(4, key.find('=') - 4));
    } else if (key.rfind("path:", 0) == 0) {
      write(key.substr(5, key.find('/') - 5));
    } else if (key.rfind("item:", 0) == 0) {
      // An element of a list or tuple literal is written alone; `{item:x,N}` of any other value
      // writes `x[N]`, so x once per item.
      std::string name = key.substr(5, key.find(',') - 5);
      const CallArg* a = argument_for(ca, params, name);
      if (a && ts_node_symbol(a->value) != k.tuple && ts_node_symbol(a->value) != k.list) write(name);
    } else if (key.rfind("kw:", 0) == 0) {
      for_each_comma_part(key.substr(3), [&](const std::string& spec) { write(spec.substr(0, spec.find('='))); });
    } else if (key.rfind("device:", 0) == 0) {
      for_each_comma_part(key.substr(7), [&](const std::string& part) {
        if (!part.empty() && part.front() != '\'' && part.front() != '"') write(part);
      });
    } else if (key.rfind("arg", 0) == 0 && key.size() > 3 && std::isdigit(static_cast<unsigned char>(key[3]))) {
      size_t n = std::stoul(key.substr(3));
      if (n < writes.size()) ++writes[n];
    }
  });
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

// The elements of template text that is one tuple, `(e0, e1, ...)`, split at its top-level
// commas (placeholders, brackets and strings kept whole); empty when the text is not one tuple.
std::vector<std::string> tuple_elements(const std::string& t) {
  std::vector<std::string> parts;
  if (t.size() < 2 || t.front() != '(' || t.back() != ')') return {};
  size_t start = 1;
  const bool one_tuple = for_each_code_char(t, [&](size_t i, char c, int depth) {
    if (depth == 0 && i + 1 != t.size()) return false;  // `(a)(b)`: not one tuple
    if (c == ',' && depth == 1) {
      parts.push_back(t.substr(start, i - start));
      start = i + 1;
    }
    return true;
  });
  if (!one_tuple) return {};
  parts.push_back(t.substr(start, t.size() - 1 - start));
  for (auto& p : parts) {
    size_t b = p.find_first_not_of(' '), e = p.find_last_not_of(' ');
    p = b == std::string::npos ? std::string() : p.substr(b, e - b + 1);
  }
  if (parts.size() < 2 || parts.back().empty()) return {};
  return parts;
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
bool names_arguments_by_position(const std::string& t) {
  if (t.find("{args}") != std::string::npos) return true;
  for (size_t i = t.find("arg"); i != std::string::npos; i = t.find("arg", i + 1)) {
    bool opened = i > 0 && (t[i - 1] == '{' || (t[i - 1] == '(' && i > 1 && t[i - 2] == '{'));
    if (opened && i + 3 < t.size() && t[i + 3] >= '0' && t[i + 3] <= '9') return true;
  }
  return false;
}

}  // namespace

RewriteOutcome rewrite_with_template(const CallSite& site, const kg::ApiRecord& record,
                                     const semantic::TypeInference& types, rewrite::EditSet* edits) {
  RewriteOutcome result;
  CallArguments ca = read_arguments(site.call, site.source, &types.model());
  const std::vector<kg::Param>* signature = bind_any_signature(record, &ca);
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
  if (!bound && !ca.args.empty() && !names_arguments_by_position(chosen->template_text)) {
    // Arguments that bind to no parameter and that no `{argN}` / `{args}` spells
    // would vanish from the output: report the call instead.
    result.reason = "the arguments do not match the signature of " + record.torch;
    return result;
  }
  for (const auto& a : ca.args) {
    // `*shape` bound to a `*size` parameter is spelt by `{arg:size}`; other splats cannot be.
    bool varargs_splat = a.splat && bound && a.param >= 0 && torch_params[a.param].kind == kg::ParamKind::kVarArgs &&
                         (chosen->template_text.find("{arg:" + torch_params[a.param].name + "}") != std::string::npos ||
                          chosen->template_text.find("{arg:" + torch_params[a.param].name + "|") != std::string::npos);
    if ((a.splat && !varargs_splat) || a.kwsplat) {
      result.reason = "a `*` argument of " + record.torch + " cannot be mapped";
      return result;
    }
  }
  // A tuple template whose one element the code reads right away (`torch.max(f(x), 1)[1]`,
  // `.indices`) writes that element alone, in place of the whole read, when the full tuple
  // would evaluate an argument twice.
  std::string template_text = chosen->template_text;
  TSNode replaced{};
  TSNode hoisted{};          // a value computed once before the statement (see below)
  std::string hoisted_name;  // the fresh name that holds it
  if (std::string twice = argument_written_twice(template_text + chosen->after, ca, torch_params, site); !twice.empty()) {
    std::vector<std::string> elements = tuple_elements(template_text);
    int read = elements.empty() || !chosen->after.empty() ? -1 : result_read_on_call(site, record);
    if (read >= 0 && static_cast<size_t>(read) < elements.size() &&
        argument_written_twice(elements[read], ca, torch_params, site).empty()) {
      template_text = elements[read];
      replaced = site.parent;
    } else {
      // The value the call evaluates first (the receiver, else the first argument, with nothing
      // before it that a second evaluation could change) can be computed once, by a statement
      // before the call's own when the call is its statement's whole value:
      // `v, i = torch.max(model(x), 1)` -> `t2p_input = model(x)` then `v, i = (paddle.max(t2p_input, ...), ...)`.
      int skip = -2;
      if (whole_value_of_statement(site) && chosen->after.empty() &&
          template_text.find("{args}") == std::string::npos) {
        if (twice == "receiver") {
          skip = -1;
        } else if (!ca.args.empty() && !ca.args[0].splat && !ca.args[0].kwsplat &&
                   (ts_node_is_null(site.receiver) || evaluates_alike_twice(site.receiver)) &&
                   (ca.args[0].keyword == twice || (ca.args[0].keyword.empty() && ca.args[0].param >= 0 &&
                                                    torch_params[ca.args[0].param].name == twice))) {
          skip = 0;
        }
      }
      if (skip == -2 || !argument_written_twice(template_text + chosen->after, ca, torch_params, site, skip).empty()) {
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
  auto render = [&](TSNode n) {
    if (!ts_node_is_null(hoisted) && ts_node_eq(n, hoisted)) return hoisted_name;
    return edits->render(ts_node_start_byte(n), ts_node_end_byte(n));
  };

  // Arguments the case does not consume follow their argument action: `out=` wraps the result
  // in `paddle.assign`, `requires_grad=True` adds `x.stop_gradient = False`, `pin_memory=True`
  // adds `.pin_memory()`, `drop`/`device` vanish; any other argument that is not its default
  // cannot be silently lost: the call is reported.
  std::string out_target, after, out_unpack, out_assigns;
  bool pin_memory = false;
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
      if (action == kg::ArgAction::kOut && value != "None") {
        const auto& k = parse::NodeKinds::get();
        TSSymbol vs = ts_node_symbol(a.value);
        if (rule->value == "tuple") {
          // Several results: fresh names, then `paddle.assign` into each output.
          if (!several_results_out(site, record, a.value, edits, &out_unpack, &out_assigns, &result.reason)) return result;
          continue;
        }
        if (vs == k.tuple || vs == k.list || vs == k.parenthesized_expression) {
          result.reason = "out= with several outputs needs a rewrite by hand";
          return result;
        }
        out_target = render(a.value);
        continue;
      }
      if ((action == kg::ArgAction::kRequiresGrad || action == kg::ArgAction::kPinMemory) && value != "False") {
        if (value != "True") {
          result.reason = p.name + "=" + value + " needs a rewrite by hand";
          return result;
        }
        if (action == kg::ArgAction::kPinMemory) {
          pin_memory = true;
        } else if (!is_parameter_data(site, types) &&  // rules/argument_value_forms.h
                   (after = stop_gradient_statement(site, types, &result.reason)).empty()) {
          return result;
        }
        continue;
      }
      if (p.has_default && value == p.default_value) continue;
      if (action == kg::ArgAction::kOut || action == kg::ArgAction::kRequiresGrad ||
          action == kg::ArgAction::kPinMemory) {
        continue;  // None / False: the default behaviour
      }
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

  // `{target}`: the name the call's result is assigned to (`sched = StepLR(...)`), for `after`.
  std::string target;
  // Writes template text `t` with its placeholders filled into `out`; false (and a reason) when
  // an argument it needs is missing.
  // The argument values written so far: a value written twice is evaluated twice, which only a
  // value without calls survives (`torch.randn(3, 3)` written twice is two different matrices),
  // unless it is the hoisted one, computed once into a fresh name before the statement.
  std::vector<uint32_t> written;
  auto write_once_or_alike = [&](TSNode v, std::string& out) -> bool {
    const uint32_t at = ts_node_start_byte(v);
    const bool held = !ts_node_is_null(hoisted) && ts_node_eq(v, hoisted);  // computed once, before
    if (!held && std::find(written.begin(), written.end(), at) != written.end() && !evaluates_alike_twice(v)) {
      result.reason = "the Paddle form of " + record.torch + " writes the argument `" +
                      std::string(parse::node_text(v, site.source).substr(0, 40)) +
                      "` twice, which would run it twice: assign it to a name first";
      return false;
    }
    written.push_back(at);
    out += render(v);
    return true;
  };
  auto expand = [&](const std::string& t, std::string& out) -> bool {
    int template_depth = 0;  // brackets of the template's own text open at this point
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] != '{') {
        if (t[i] == '(' || t[i] == '[') ++template_depth;
        if ((t[i] == ')' || t[i] == ']') && template_depth > 0) --template_depth;
        out += t[i];
        continue;
      }
      size_t close = t.find('}', i);
      if (close == std::string::npos) {
        out += t.substr(i);
        break;
      }
      std::string key = t.substr(i + 1, close - i - 1);
      i = close;
      // `{(arg:x)}`: parenthesise unless atomic. `{arg:x|1}`: default when x was not passed.
      bool wrap = key.size() > 2 && key.front() == '(' && key.back() == ')';
      if (wrap) key = key.substr(1, key.size() - 2);
      std::string fallback;
      bool has_fallback = false;
      if (auto bar = key.find('|'); bar != std::string::npos) {
        fallback = key.substr(bar + 1);
        key.resize(bar);
        has_fallback = true;
      }
      const size_t mark = out.size();
      if (key == "receiver") {
        if (ts_node_is_null(site.receiver)) {
          result.reason = "rule " + record.torch + " needs a receiver";
          return false;
        }
        out += render(site.receiver);
      } else if (key == "args") {
        if (!ca.args.empty()) {
          out += edits->render(ts_node_start_byte(ca.args.front().node), ts_node_end_byte(ca.args.back().node));
        }
      } else if (key.rfind("kw:", 0) == 0) {
        // `{kw:a=low,b=high}`: `low=<a>, high=<b>` for those the user passed, comma-separated.
        std::string list = key.substr(3);
        bool first = true;
        size_t pos = 0;
        while (pos <= list.size()) {
          size_t comma = list.find(',', pos);
          std::string spec = list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
          std::string name = spec.substr(0, spec.find('='));
          std::string paddle_name = spec.find('=') == std::string::npos ? name : spec.substr(spec.find('=') + 1);
          if (const CallArg* a = argument_for(ca, torch_params, name)) {
            if (!first) out += ", ";
            out += paddle_name + "=" + render(a->value);
            first = false;
          }
          if (comma == std::string::npos) break;
          pos = comma + 1;
        }
      } else if (key.rfind("device:", 0) == 0) {
        // `{device:type}` / `{device:type,index}`: a Paddle device string from PyTorch's device
        // type ("cuda" -> "gpu") and optional index; each part is a parameter name or a quoted
        // literal. Literals fold (`'cuda', 0` -> `'gpu:0'`); other values give
        // `str(type).replace("cuda", "gpu")` and `+ ':' + str(index)`.
        std::string spec = key.substr(7);
        size_t comma = spec.find(',');
        std::string parts[2] = {spec.substr(0, comma), comma == std::string::npos ? std::string() : spec.substr(comma + 1)};
        std::string values[2];  // the part's source text
        bool literal[2] = {false, false};
        bool missing = false;
        for (int pi = 0; pi < 2; ++pi) {
          const std::string& part = parts[pi];
          if (part.empty()) continue;
          if (part.front() == '\'' || part.front() == '"') {
            values[pi] = part;
            literal[pi] = true;
            continue;
          }
          const CallArg* a = argument_for(ca, torch_params, part);
          if (!a) {
            if (pi == 0) missing = true;
            continue;
          }
          // The value as converted (`torch.device('cuda', 1)` inside is already `'gpu:1'`).
          values[pi] = render(a->value);
          const std::string& v = values[pi];
          bool quoted = v.size() >= 2 && (v.front() == '\'' || v.front() == '"') && v.back() == v.front() &&
                        v.find('\\') == std::string::npos && v.find(v.front(), 1) == v.size() - 1;
          bool digits = !v.empty() && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
          literal[pi] = quoted || digits;
        }
        if (missing) {
          result.reason = "rule " + record.torch + " needs argument '" + parts[0] + "'";
          return false;
        }
        auto unquote = [](const std::string& v) { return v.substr(1, v.size() - 2); };
        auto to_gpu = [](std::string t) {
          for (size_t p = t.find("cuda"); p != std::string::npos; p = t.find("cuda", p + 3)) t.replace(p, 4, "gpu");
          return t;
        };
        const bool has_index = !values[1].empty();
        if (literal[0] && values[0].front() != '\'' && values[0].front() != '"') {
          out += "'gpu:" + values[0] + "'";  // `torch.device(0)`: a CUDA index
        } else if (literal[0] && (!has_index || literal[1])) {
          std::string text = to_gpu(unquote(values[0]));
          if (has_index) text += ":" + (values[1].front() == '\'' || values[1].front() == '"' ? unquote(values[1]) : values[1]);
          out += "'" + text + "'";
        } else {
          out += literal[0] ? "'" + to_gpu(unquote(values[0])) + "'" : "str(" + values[0] + ").replace(\"cuda\", \"gpu\")";
          if (has_index) out += " + ':' + str(" + values[1] + ")";
        }
      } else if (key.rfind("item:", 0) == 0) {
        // `{item:out,1}`: element 1 of the argument: written out of a list or tuple literal
        // (`out=(values, indices)` -> `indices`), else subscripted (`outs[1]`).
        std::string spec = key.substr(5);
        size_t comma = spec.find(',');
        std::string name = spec.substr(0, comma);
        size_t index = comma == std::string::npos ? 0 : std::stoul(spec.substr(comma + 1));
        const CallArg* a = argument_for(ca, torch_params, name);
        if (!a) {
          result.reason = "rule " + record.torch + " needs argument '" + name + "'";
          return false;
        }
        const auto& k = parse::NodeKinds::get();
        TSNode v = a->value;
        std::vector<TSNode> elements;
        if (ts_node_symbol(v) == k.tuple || ts_node_symbol(v) == k.list) {
          for (uint32_t e = 0; e < ts_node_named_child_count(v); ++e) {
            TSNode c = ts_node_named_child(v, e);
            if (ts_node_symbol(c) != k.comment) elements.push_back(c);
          }
        }
        if (!elements.empty()) {
          if (index >= elements.size()) {
            result.reason = "argument '" + name + "' of " + record.torch + " has too few elements";
            return false;
          }
          out += render(elements[index]);
        } else {
          std::string text = render(v);
          out += (is_atomic(text) ? text : "(" + text + ")") + "[" + std::to_string(index) + "]";
        }
      } else if (key.rfind("path:", 0) == 0) {
        // `{path:root/MNIST/raw/x.gz}`: the file under the directory `root`; a plain string
        // literal is joined as written ('./data' -> './data/MNIST/raw/x.gz'), any other value
        // becomes `str(root) + '/MNIST/raw/x.gz'`.
        std::string spec = key.substr(5);
        size_t slash = spec.find('/');
        std::string name = spec.substr(0, slash);
        std::string suffix = slash == std::string::npos ? std::string() : spec.substr(slash + 1);
        const CallArg* a = argument_for(ca, torch_params, name);
        if (!a) {
          result.reason = "rule " + record.torch + " needs argument '" + name + "'";
          return false;
        }
        std::string v(parse::node_text(a->value, site.source));
        bool literal = ts_node_symbol(a->value) == parse::NodeKinds::get().string && v.size() >= 2 &&
                       (v.front() == '\'' || v.front() == '"') && v.back() == v.front() &&
                       v.find('\\') == std::string::npos && v.find(v.front(), 1) == v.size() - 1;
        if (literal) {
          std::string dir = v.substr(1, v.size() - 2);
          while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
          out += v.front() + (dir.empty() ? suffix : dir == "/" ? dir + suffix : dir + "/" + suffix) + v.front();
        } else {
          out += "str(" + render(a->value) + ") + '/" + suffix + "'";
        }
      } else if (key.rfind("str:", 0) == 0) {
        // `{str:n}`: the argument as a Python string, for a value that goes into `os.environ`:
        // a string literal as written, a number literal quoted (`2` -> `'2'`), else `str(n)`.
        std::string name = key.substr(4);
        const CallArg* a = argument_for(ca, torch_params, name);
        if (!a) {
          result.reason = "rule " + record.torch + " needs argument '" + name + "'";
          return false;
        }
        const auto& k = parse::NodeKinds::get();
        TSSymbol vs = ts_node_symbol(a->value);
        std::string v = render(a->value);
        if (vs == k.string) {
          out += v;
        } else if (vs == k.integer || vs == k.float_) {
          out += "'" + v + "'";
        } else {
          out += "str(" + v + ")";
        }
      } else if (key.rfind("opt:", 0) == 0) {
        // `{opt:weight_decay=weight_decay}`: `, weight_decay=<value>` when the user passed it.
        std::string spec = key.substr(4);
        std::string name = spec.substr(0, spec.find('='));
        std::string paddle_name = spec.find('=') == std::string::npos ? name : spec.substr(spec.find('=') + 1);
        if (const CallArg* a = argument_for(ca, torch_params, name)) {
            out += ", " + paddle_name + "=" + render(a->value);
        }
      } else if (key.rfind("arg:", 0) == 0 && varargs_param(torch_params, key.substr(4)) >= 0 && bound) {
        // `{arg:size}` on `*size`: `x.new_zeros(2, 3)` -> `[2, 3]`; one list or tuple stays as is.
        int vp = varargs_param(torch_params, key.substr(4));
        std::vector<const CallArg*> members;
        for (const auto& a : ca.args) {
          if (a.param == vp && (a.keyword.empty() || a.keyword == key.substr(4))) members.push_back(&a);
        }
        if (members.size() == 1 && !members[0]->splat &&
            (!members[0]->keyword.empty() || !is_single_dimension(members[0]->value, site, types))) {
          out += render(members[0]->value);
        } else if (members.size() == 1 && members[0]->splat) {
          out += render(ts_node_named_child(members[0]->value, 0));
        } else if (!members.empty()) {
          out += "[";
          for (size_t m = 0; m < members.size(); ++m) out += (m ? ", " : "") + render(members[m]->value);
          out += "]";
        } else if (has_fallback) {
          out += fallback;
        } else {
          result.reason = "rule " + record.torch + " needs argument '" + key.substr(4) + "'";
          return false;
        }
      } else if (key.rfind("arg:", 0) == 0) {
        std::string name = key.substr(4);
        const CallArg* a = argument_for(ca, torch_params, name);
        bool found = a != nullptr;
        if (found && !write_once_or_alike(a->value, out)) return false;
        if (!found && has_fallback) {
          out += fallback;
          found = true;
        }
        if (!found) {
          result.reason = "rule " + record.torch + " needs argument '" + name + "'";
          return false;
        }
      } else if (key.rfind("arg", 0) == 0 && key.size() > 3) {
        size_t n = std::stoul(key.substr(3));
        if (n >= ca.args.size() || !ca.args[n].keyword.empty()) {
          result.reason = "rule " + record.torch + " needs positional argument " + key.substr(3);
          return false;
        }
        if (!write_once_or_alike(ca.args[n].value, out)) return false;
      } else if (key == "target") {
        out += target;
      } else {
        out += "{" + key + "}";
      }
      if (wrap && !is_atomic(out.substr(mark))) {
        out.insert(mark, "("), out += ")";
      } else if (!wrap && template_depth == 0 && breaks_line_outside_brackets(std::string_view(out).substr(mark))) {
        // `torch._assert(c, "a "\n "b")` -> `assert c, ("a "\n "b")`: out of the call's
        // parentheses, the argument's second line would be a statement of its own.
        out.insert(mark, "("), out += ")";
      }
    }
    return true;
  };
  std::string out;
  if (!expand(template_text, out)) return result;
  if (pin_memory) out = (is_atomic(out) ? out : "(" + out + ")") + ".pin_memory()";
  if (!out_target.empty()) out = "paddle.assign(" + out + ", " + out_target + ")";
  if (!out_unpack.empty()) {
    if (!chosen->after.empty() || !after.empty()) {
      result.reason = "out= of " + record.torch + ", which has several results, needs a rewrite by hand";
      return result;
    }
    out = out_unpack + " = " + out;
    after = out_assigns;
  }
  if (!ts_node_is_null(replaced) && (!out_target.empty() || !out_unpack.empty() || pin_memory)) {
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
    for (size_t open = chosen->after.find("{arg:"); open != std::string::npos; open = chosen->after.find("{arg:", open + 1)) {
      std::string name = chosen->after.substr(open + 5, chosen->after.find('}', open) - open - 5);
      const CallArg* a = argument_for(ca, torch_params, name);
      if (a && !is_plain_reference(a->value)) {
        result.reason = "argument '" + name + "' of " + record.torch + " must be a name: the Paddle form uses it twice";
        return result;
      }
    }
    target = std::string(parse::node_text(lhs, site.source));
    if (!expand(chosen->after, after)) return result;
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
  if (!out_target.empty()) result.imports.push_back("paddle");  // the `paddle.assign` written above
  return result;
}

}  // namespace t2p::rules
