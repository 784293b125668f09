#include <string>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
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

bool is_integer(const CallArg& a, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSNode v = a.value;
  if (ts_node_symbol(v) == k.unary_operator) v = ts_node_child_by_field_id(v, parse::NodeFields::get().argument);
  if (ts_node_symbol(v) == k.integer) return true;
  return types.kind_of(a.value, site.scope).is(kg::ValueKind::kInt);
}

// `has`/`lacks` name parameters, passed by keyword or (once bound) by position; `int`/`tensor`
// ask what the argument is (`torch.max(x, 1)` reduces, `torch.max(x, y)` compares).
bool case_holds(const kg::TemplateCase& c, const CallArguments& ca, const std::vector<kg::Param>& params,
                const CallSite& site, const semantic::TypeInference& types) {
  for (const auto& name : c.ints) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !is_integer(*a, site, types)) return false;
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
  for (const auto& name : c.tensors) {
    const CallArg* a = argument_for(ca, params, name);
    if (!a || !types.kind_of(a->value, site.scope).tensor_like()) return false;
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

// Whether `text` is one primary expression (name, call, subscript, literal) that needs no
// parentheses next to an operator: nothing but brackets and strings hold a space or operator.
bool is_atomic(const std::string& text) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    else if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (depth == 0 && std::string_view(" +-*/%<>=!&|^~,:@").find(c) != std::string_view::npos) {
      // A leading minus on a number literal is still one operand for our purposes? No: -x ** 2.
      return false;
    }
  }
  return true;
}

bool needs_parentheses(TSNode parent) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_is_null(parent)) return false;
  TSSymbol p = ts_node_symbol(parent);
  return p == k.binary_operator || p == k.unary_operator || p == k.comparison_operator ||
         p == k.boolean_operator || p == k.not_operator || p == k.attribute || p == k.subscript ||
         p == k.call || p == k.conditional_expression;
}

}  // namespace

std::string fit_to_context(TSNode parent, std::string text) {
  if (!is_atomic(text) && needs_parentheses(parent)) return "(" + text + ")";
  return text;
}

RewriteOutcome rewrite_with_template(const CallSite& site, const kg::ApiRecord& record,
                                     const semantic::TypeInference& types, rewrite::EditSet* edits) {
  RewriteOutcome result;
  CallArguments ca = read_arguments(site.call, site.source);
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
  for (const auto& a : ca.args) {
    if (a.splat || a.kwsplat) {
      result.reason = "a `*` argument of " + record.torch + " cannot be mapped";
      return result;
    }
  }
  auto render = [&](TSNode n) { return edits->render(ts_node_start_byte(n), ts_node_end_byte(n)); };

  std::string out;
  const std::string& t = chosen->template_text;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '{') {
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
        return result;
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
    } else if (key.rfind("opt:", 0) == 0) {
      // `{opt:weight_decay=weight_decay}`: `, weight_decay=<value>` when the user passed it.
      std::string spec = key.substr(4);
      std::string name = spec.substr(0, spec.find('='));
      std::string paddle_name = spec.find('=') == std::string::npos ? name : spec.substr(spec.find('=') + 1);
      if (const CallArg* a = argument_for(ca, torch_params, name)) out += ", " + paddle_name + "=" + render(a->value);
    } else if (key.rfind("arg:", 0) == 0 && varargs_param(torch_params, key.substr(4)) >= 0 && bound) {
      // `{arg:size}` on `*size`: `x.new_zeros(2, 3)` -> `[2, 3]`; one list or tuple stays as is.
      int vp = varargs_param(torch_params, key.substr(4));
      std::vector<const CallArg*> members;
      for (const auto& a : ca.args) {
        if (a.param == vp && (a.keyword.empty() || a.keyword == key.substr(4))) members.push_back(&a);
      }
      const auto& k = parse::NodeKinds::get();
      if (members.size() == 1 && (!members[0]->keyword.empty() || ts_node_symbol(members[0]->value) == k.list ||
                                  ts_node_symbol(members[0]->value) == k.tuple)) {
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
        return result;
      }
    } else if (key.rfind("arg:", 0) == 0) {
      std::string name = key.substr(4);
      const CallArg* a = argument_for(ca, torch_params, name);
      bool found = a != nullptr;
      if (found) out += render(a->value);
      if (!found && has_fallback) {
        out += fallback;
        found = true;
      }
      if (!found) {
        result.reason = "rule " + record.torch + " needs argument '" + name + "'";
        return result;
      }
    } else if (key.rfind("arg", 0) == 0 && key.size() > 3) {
      size_t n = std::stoul(key.substr(3));
      if (n >= ca.args.size() || !ca.args[n].keyword.empty()) {
        result.reason = "rule " + record.torch + " needs positional argument " + key.substr(3);
        return result;
      }
      out += render(ca.args[n].value);
    } else {
      out += "{" + key + "}";
    }
    if (wrap && !is_atomic(out.substr(mark))) out.insert(mark, "("), out += ")";
  }
  // A compound result inside an operator, attribute or subscript keeps its meaning only in
  // parentheses: `y - torch.erfc(x)` -> `y - (1 - paddle.erf(x))`.
  out = fit_to_context(site.parent, std::move(out));
  if (!edits->replace_subsuming(ts_node_start_byte(site.call), ts_node_end_byte(site.call), out)) {
    result.reason = "conflicting edits";
    return result;
  }
  result.ok = true;
  return result;
}

}  // namespace t2p::rules
