#include "rules/handlers/template_context.h"

#include <algorithm>

#include "parse/syntax_tree.h"

namespace t2p::rules {

const CallArg* argument_for(const CallArguments& ca, const std::vector<kg::Param>& params, std::string_view name) {
  for (const auto& a : ca.args) {
    if (a.keyword == name) return &a;
    if (a.keyword.empty() && a.param >= 0 && params[a.param].name == name) return &a;
  }
  return nullptr;
}

bool is_atomic(std::string_view text) {
  return kg::for_each_code_char(text, [](size_t, char c, int depth) {
    return depth != 0 || std::string_view(" +-*/%<>=!&|^~,:@").find(c) == std::string_view::npos;
  });
}

std::string TemplateContext::render(TSNode n) const {
  if (!ts_node_is_null(hoisted) && ts_node_eq(n, hoisted)) return hoisted_name;
  return edits->render(ts_node_start_byte(n), ts_node_end_byte(n));
}

const CallArg* TemplateContext::argument(std::string_view name) const { return argument_for(ca, params, name); }

bool TemplateContext::write_once_or_alike(TSNode v, std::string& out) {
  const uint32_t at = ts_node_start_byte(v);
  const bool held = !ts_node_is_null(hoisted) && ts_node_eq(v, hoisted);  // computed once, before
  if (!held && std::find(written.begin(), written.end(), at) != written.end() && !evaluates_alike_twice(v)) {
    reason = "the Paddle form of " + record.torch + " writes the argument `" +
             std::string(parse::node_text(v, site.source).substr(0, 40)) +
             "` twice, which would run it twice: assign it to a name first";
    return false;
  }
  written.push_back(at);
  out += render(v);
  return true;
}

bool TemplateContext::missing(std::string_view name) {
  reason = "rule " + record.torch + " needs argument '" + std::string(name) + "'";
  return false;
}

int varargs_param(const std::vector<kg::Param>& params, const std::string& name) {
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == kg::ParamKind::kVarArgs && params[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace t2p::rules
