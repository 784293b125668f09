#include "emit/python_source.h"

#include <cstring>
#include <set>
#include <vector>

namespace t2p::emit::forms {

using std::string;
using std::string_view;

namespace {

// Whether `scope` calls a method on `name` that changes a container in place (`xs.append(t)`).
bool mutated_in(TSNode scope, string_view name, string_view src) {
  static const std::set<string, std::less<>> mutators = {"append", "extend", "insert", "update", "add", "setdefault",
                                                         "pop", "remove", "clear"};
  std::vector<TSNode> stack{scope};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (is(n, "attribute")) {
      TSNode object = ts_node_child_by_field_name(n, "object", 6);
      TSNode attr = ts_node_child_by_field_name(n, "attribute", 9);
      if (is(object, "identifier") && parse::node_text(object, src) == name && mutators.count(parse::node_text(attr, src))) return true;
    }
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) stack.push_back(ts_node_named_child(n, i));
  }
  return false;
}

}  // namespace

bool is(TSNode n, const char* type) { return !ts_node_is_null(n) && std::strcmp(ts_node_type(n), type) == 0; }

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
string literal_binding(TSNode scope, string_view name, string_view src, int* count) {
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
  if (bindings != 1) return string();
  // `xs = []` then `xs.append(t)`: the program fills the container, the literal is not its value.
  if (!literal.empty() && (literal.front() == '[' || literal.front() == '{') && mutated_in(scope, name, src)) return string();
  return literal;
}

}  // namespace t2p::emit::forms
