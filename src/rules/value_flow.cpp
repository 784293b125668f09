// rules: where a callable named as a value goes (see value_flow.h). Walks only the functions
// the value reaches, and runs only for callables named as values: off the hot path.
#include "rules/value_flow.h"

#include <algorithm>
#include <string>
#include <utility>

#include "parse/syntax_tree.h"
#include "rules/call_arguments.h"
#include "rules/partial_arguments.h"

namespace t2p::rules {
namespace {

using parse::node_text;

constexpr int kMaxDepth = 4;  // functions followed through keyword arguments

bool is(TSNode n, std::string_view type) { return parse::has_type(n, type); }
using parse::field;
using parse::same_node;

// What a call passes: its keywords, how many positional arguments, whether a star argument.
void read_call(TSNode call, std::string_view source, CallThrough* out) {
  for (const CallArg& a : read_arguments(call, source).args) {
    if (a.splat || a.kwsplat) out->star = true;
    else if (!a.keyword.empty()) out->keywords.push_back(a.keyword);
    else ++out->positional;
  }
}

TSNode definition_of(TSNode n) { return is(n, "decorated_definition") ? field(n, "definition") : n; }

// The module node holding `node`.
TSNode root_of(TSNode node) {
  TSNode root = node;
  for (TSNode p = ts_node_parent(root); !ts_node_is_null(p); p = ts_node_parent(p)) root = p;
  return root;
}

// The nearest class_definition around `node` (itself included); null at module level.
TSNode enclosing_class(TSNode node) {
  TSNode cls = node;
  while (!ts_node_is_null(cls) && !is(cls, "class_definition")) cls = ts_node_parent(cls);
  return cls;
}

// The function or class named `name` at the top level of the module holding `node`.
TSNode top_level_definition(TSNode node, std::string_view name, std::string_view source) {
  TSNode root = root_of(node);
  for (uint32_t i = 0; i < ts_node_named_child_count(root); ++i) {
    TSNode d = definition_of(ts_node_named_child(root, i));
    if ((is(d, "function_definition") || is(d, "class_definition")) && node_text(field(d, "name"), source) == name) return d;
  }
  return TSNode{};
}

// The `__init__` of a class's own body; null when it has none (its base's is called).
TSNode init_of(TSNode cls, std::string_view source) {
  TSNode body = field(cls, "body");
  for (uint32_t i = 0; !ts_node_is_null(body) && i < ts_node_named_child_count(body); ++i) {
    TSNode d = definition_of(ts_node_named_child(body, i));
    if (is(d, "function_definition") && node_text(field(d, "name"), source) == "__init__") return d;
  }
  return TSNode{};
}

// The name a parameter node binds (`x`, `x=1`, `x: T`, `x: T = 1`), or null for `*args`,
// `**kwargs`, `/` and `*`.
TSNode parameter_identifier(TSNode p) {
  TSNode id = is(p, "identifier") ? p
              : is(p, "default_parameter") || is(p, "typed_default_parameter") ? field(p, "name")
              : is(p, "typed_parameter") ? ts_node_named_child(p, 0)
                                         : TSNode{};
  return is(id, "identifier") ? id : TSNode{};
}

// The name of the parameter of `fn` that the positional argument number `index` binds (`skip`
// leading ones, `self`, not counted), or empty when a `*args` or a keyword-only marker comes first.
std::string_view positional_parameter(TSNode fn, size_t index, size_t skip, std::string_view source) {
  TSNode params = field(fn, "parameters");
  size_t at = 0;
  for (uint32_t i = 0; !ts_node_is_null(params) && i < ts_node_named_child_count(params); ++i) {
    TSNode p = ts_node_named_child(params, i);
    if (is(p, "comment")) continue;
    TSNode id = parameter_identifier(p);
    if (ts_node_is_null(id)) return {};  // `*args`, `*`, `**kwargs`: positions end here
    if (at++ < skip) continue;
    if (index-- == 0) return node_text(id, source);
  }
  return {};
}

// Whether function `fn` has a parameter `name` a keyword can name (not `*args`, `**kwargs`,
// positional-only ones are rare and taken as named).
bool has_parameter(TSNode fn, std::string_view name, std::string_view source) {
  TSNode params = field(fn, "parameters");
  for (uint32_t i = 0; !ts_node_is_null(params) && i < ts_node_named_child_count(params); ++i) {
    TSNode id = parameter_identifier(ts_node_named_child(params, i));
    if (!ts_node_is_null(id) && node_text(id, source) == name) return true;
  }
  return false;
}

class Tracer {
 public:
  Tracer(std::string_view source, bool partial_converted) : source_(source), partial_converted_(partial_converted) {}

  ValueFlow run(TSNode value) {
    CallThrough bound;  // what a `partial` around the value binds
    TSNode n = value;
    TSNode p = ts_node_parent(n);
    if (TSNode partial = partial_around(n, source_); !ts_node_is_null(partial)) {
      n = partial;
      read_call(n, source_, &bound);
      bound.positional -= 1;  // the callable itself
      if (bound.star) return flow_;
      if (partial_converted_) bound.keywords.clear();
      p = ts_node_parent(n);
    }
    flow_.escapes = false;
    // `F.gelu if approximate else F.relu`: a branch goes where the whole expression goes.
    while ((is(p, "conditional_expression") && !same_node(ts_node_named_child(p, 1), n)) ||
           is(p, "parenthesized_expression")) {
      n = p;
      p = ts_node_parent(p);
    }
    if ((is(p, "default_parameter") || is(p, "typed_default_parameter")) && same_node(field(p, "value"), n)) {
      TSNode fn = ts_node_parent(ts_node_parent(p));
      if (!is(fn, "function_definition")) return escape();
      uses_in(fn, node_text(field(p, "name"), source_), bound, 0);
    } else if (is(p, "assignment") && same_node(field(p, "right"), n) && is(field(p, "left"), "identifier")) {
      TSNode fn = enclosing_function(p);
      if (ts_node_is_null(fn)) return escape();  // a module's or a class's name: read from anywhere
      uses_in(fn, node_text(field(p, "left"), source_), bound, 0);
    } else if (is(p, "assignment") && same_node(field(p, "right"), n) && is(field(p, "left"), "attribute")) {
      into_self_attribute(field(p, "left"), bound, 0);
    } else if (is(p, "keyword_argument") && same_node(field(p, "value"), n)) {
      into_keyword(p, bound, 0);
    } else if (is(p, "argument_list")) {
      into_positional(n, bound, 0);
    } else {
      escape();
    }
    return flow_;
  }

 private:
  ValueFlow& escape() {
    flow_.escapes = true;
    return flow_;
  }

  // The function a statement is in, directly (not through a class body); null at module level.
  static TSNode enclosing_function(TSNode n) {
    for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
      if (is(p, "function_definition")) return p;
      if (is(p, "class_definition") || is(p, "lambda")) return TSNode{};
    }
    return TSNode{};
  }

  // The function a call runs when it is one of the file's: `f(...)` of a function or class
  // defined at its top level (a class: its own `__init__`), or `super().__init__(...)` in a
  // method of a class whose first base is such a class. `*skip`: leading parameters a positional
  // argument does not fill (`self`). Null otherwise.
  TSNode callee_definition(TSNode call, size_t* skip) {
    TSNode callee = is(call, "call") ? field(call, "function") : TSNode{};
    *skip = 0;
    if (is(callee, "attribute") && node_text(field(callee, "attribute"), source_) == "__init__") {
      // `super().__init__(...)`: the base's `__init__`, the base a class of this file.
      TSNode sup = field(callee, "object");
      if (!is(sup, "call") || node_text(field(sup, "function"), source_) != "super") return TSNode{};
      TSNode method = enclosing_function(call);
      TSNode cls = ts_node_is_null(method) ? TSNode{} : enclosing_class(method);
      TSNode bases = is(cls, "class_definition") ? field(cls, "superclasses") : TSNode{};
      TSNode base = ts_node_is_null(bases) ? TSNode{} : ts_node_named_child(bases, 0);
      if (!is(base, "identifier")) return TSNode{};
      TSNode def = top_level_definition(call, node_text(base, source_), source_);
      *skip = 1;
      return is(def, "class_definition") ? init_of(def, source_) : TSNode{};
    }
    if (!is(callee, "identifier")) return TSNode{};
    // A function enclosing the call may bind the name to something else (`block` a parameter).
    for (TSNode fn = enclosing_function(call); !ts_node_is_null(fn); fn = enclosing_function(fn)) {
      if (has_parameter(fn, node_text(callee, source_), source_)) return TSNode{};
    }
    TSNode def = top_level_definition(call, node_text(callee, source_), source_);
    if (is(def, "class_definition")) {
      *skip = 1;
      def = init_of(def, source_);
    }
    return is(def, "function_definition") ? def : TSNode{};
  }

  // `f(..., norm_layer=<value>)`: into `f`'s parameter when callee_definition finds `f`.
  void into_keyword(TSNode keyword, const CallThrough& bound, int depth) {
    TSNode call = ts_node_parent(ts_node_parent(keyword));
    size_t skip = 0;
    TSNode def = depth >= kMaxDepth ? TSNode{} : callee_definition(call, &skip);
    const std::string_view name = node_text(field(keyword, "name"), source_);
    if (ts_node_is_null(def) || !has_parameter(def, name, source_)) {
      escape();
      return;
    }
    uses_in(def, name, bound, depth + 1);
  }

  // `super().__init__(a, b, <value>)`: into the parameter at the argument's position, when
  // every argument before it is positional (no splat).
  void into_positional(TSNode argument, const CallThrough& bound, int depth) {
    TSNode list = ts_node_parent(argument);
    TSNode call = ts_node_parent(list);
    size_t index = 0;
    for (uint32_t i = 0; i < ts_node_named_child_count(list); ++i) {
      TSNode a = ts_node_named_child(list, i);
      if (same_node(a, argument)) break;
      if (is(a, "comment")) continue;
      if (!is(a, "keyword_argument") && !is(a, "list_splat") && !is(a, "dictionary_splat") &&
          !is(a, "parenthesized_list_splat")) {
        ++index;
        continue;
      }
      escape();  // a splat or a keyword before it: its position is not known
      return;
    }
    size_t skip = 0;
    TSNode def = depth >= kMaxDepth || !is(call, "call") ? TSNode{} : callee_definition(call, &skip);
    const std::string_view name = ts_node_is_null(def) ? std::string_view() : positional_parameter(def, index, skip, source_);
    if (name.empty()) {
      escape();
      return;
    }
    uses_in(def, name, bound, depth + 1);
  }

  // The top-level classes related to `cls` by inheritance in the file (its bases, their bases,
  // the classes deriving from any of them), when each derives only from those or from
  // nn.Module: then no code outside the file's classes reads their attributes through `self`.
  // Empty when another base could.
  std::vector<TSNode> class_family(TSNode cls) {
    struct Class {
      TSNode node;
      std::string_view name;
      std::vector<std::string_view> bases;
      bool in_family = false;
    };
    std::vector<Class> classes;
    TSNode root = root_of(cls);
    for (uint32_t i = 0; i < ts_node_named_child_count(root); ++i) {
      TSNode d = definition_of(ts_node_named_child(root, i));
      if (!is(d, "class_definition")) continue;
      Class c{d, node_text(field(d, "name"), source_), {}, same_node(d, cls)};
      TSNode bases = field(d, "superclasses");
      for (uint32_t j = 0; !ts_node_is_null(bases) && j < ts_node_named_child_count(bases); ++j) {
        c.bases.push_back(node_text(ts_node_named_child(bases, j), source_));
      }
      classes.push_back(std::move(c));
    }
    auto named = [](const std::vector<std::string_view>& names, std::string_view n) {
      return std::find(names.begin(), names.end(), n) != names.end();
    };
    // A class joins when it is a base of a member or derives from one, until none does.
    for (bool grew = true; grew;) {
      grew = false;
      for (Class& c : classes) {
        if (c.in_family) continue;
        for (const Class& f : classes) {
          if (f.in_family && (named(f.bases, c.name) || named(c.bases, f.name))) {
            c.in_family = grew = true;
            break;
          }
        }
      }
    }
    std::vector<TSNode> family;
    std::vector<std::string_view> names;
    for (const Class& c : classes) {
      if (!c.in_family) continue;
      family.push_back(c.node);
      names.push_back(c.name);
    }
    for (const Class& c : classes) {
      if (!c.in_family) continue;
      for (std::string_view b : c.bases) {
        if (!named(names, b) && b != "nn.Module" && b != "torch.nn.Module" && b != "Module") return {};
      }
    }
    return family;
  }

  // `self.activation = <value>` in a method of a top-level class: every `.activation` of the file
  // must be `self`'s (in a class of the family class_family gives, or in a class outside it,
  // another object's), and each one of the family a call (recorded), an assignment to it or a
  // test; anything else (`layer.activation`, a read passed on) lets the value escape.
  void into_self_attribute(TSNode target, const CallThrough& bound, int depth) {
    TSNode object = field(target, "object");
    TSNode cls = enclosing_class(target);
    std::vector<TSNode> family;
    if (is(object, "identifier") && node_text(object, source_) == "self" && !ts_node_is_null(cls) && depth < kMaxDepth) {
      family = class_family(cls);
    }
    if (family.empty()) {
      escape();
      return;
    }
    const std::string_view attr = node_text(field(target, "attribute"), source_);
    const std::pair<const void*, std::string> key{cls.id, "self." + std::string(attr)};
    if (std::find(visited_.begin(), visited_.end(), key) != visited_.end()) return;
    visited_.push_back(key);
    walk(root_of(cls), [&](TSNode n) {
      if (is(n, "attribute") && node_text(field(n, "attribute"), source_) == attr) self_attribute_use(n, family, bound);
    });
  }

  void self_attribute_use(TSNode n, const std::vector<TSNode>& family, const CallThrough& bound) {
    TSNode object = field(n, "object");
    if (!is(object, "identifier") || node_text(object, source_) != "self") {
      escape();
      return;
    }
    TSNode cls = enclosing_class(n);
    if (ts_node_is_null(cls) || std::none_of(family.begin(), family.end(), [&](TSNode f) { return same_node(f, cls); })) {
      if (ts_node_is_null(cls)) escape();  // `self` outside any class: not known whose
      return;                              // another class's attribute of that name
    }
    TSNode p = ts_node_parent(n);
    if (is(p, "call") && same_node(field(p, "function"), n)) return record_call(p, bound);
    if (is(p, "comparison_operator")) return;
    // `self.activation = ...`: this value or another one, checked where it is named.
    if (is(p, "assignment") && same_node(field(p, "left"), n)) return;
    escape();
  }

  // Every identifier `name` in `fn`'s body: calls are recorded, tests and rebindings pass,
  // keyword arguments to the file's functions are followed, anything else escapes.
  void uses_in(TSNode fn, std::string_view name, const CallThrough& bound, int depth) {
    const std::pair<const void*, std::string> key{fn.id, std::string(name)};
    if (std::find(visited_.begin(), visited_.end(), key) != visited_.end()) return;
    visited_.push_back(key);
    TSNode body = field(fn, "body");
    if (ts_node_is_null(body)) return;
    walk(body, [&](TSNode n) {
      if (is(n, "identifier") && node_text(n, source_) == name) use(n, bound, depth);
    });
  }

  // Visits every node under `root` (itself included), in order, until the value escapes.
  template <typename Visit>
  void walk(TSNode root, Visit visit) {
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    bool more = true;
    while (more && !flow_.escapes) {
      visit(ts_tree_cursor_current_node(&cursor));
      if (ts_tree_cursor_goto_first_child(&cursor)) continue;
      while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
        if (!ts_tree_cursor_goto_parent(&cursor) || same_node(ts_tree_cursor_current_node(&cursor), root)) {
          more = false;
          break;
        }
      }
    }
    ts_tree_cursor_delete(&cursor);
  }

  // A call made through the value, with what a `partial` on the way bound already.
  void record_call(TSNode call, const CallThrough& bound) {
    CallThrough c = bound;
    c.call = call;
    read_call(call, source_, &c);
    flow_.calls.push_back(std::move(c));
  }

  void use(TSNode id, const CallThrough& bound, int depth) {
    TSNode p = ts_node_parent(id);
    if (is(p, "call") && same_node(field(p, "function"), id)) return record_call(p, bound);
    if (is(p, "comparison_operator")) return;  // `norm_layer is None`
    if (is(p, "interpolation")) return;  // `f"{activation}"`: its text only
    if (is(p, "argument_list")) {
      // `isinstance(activation, str)`, `callable(fn)`: a test of the value, not a use.
      TSNode callee = field(ts_node_parent(p), "function");
      const std::string_view f = is(callee, "identifier") ? node_text(callee, source_) : std::string_view();
      if (f == "isinstance" || f == "callable") return;
    }
    // Another name: `self.norm_layer`, a keyword's name, a parameter of a nested function.
    if (is(p, "attribute") && same_node(field(p, "attribute"), id)) return;
    if (is(p, "keyword_argument") && same_node(field(p, "name"), id)) return;
    if (is(p, "parameters") || is(p, "lambda_parameters") || is(p, "typed_parameter") ||
        ((is(p, "default_parameter") || is(p, "typed_default_parameter")) && same_node(field(p, "name"), id)) ||
        ((is(p, "function_definition") || is(p, "class_definition")) && same_node(field(p, "name"), id))) {
      return;
    }
    // A rebinding: the new value is another callable, and the calls after it are checked too.
    if (is(p, "assignment") && same_node(field(p, "left"), id)) return;
    if (is(p, "keyword_argument") && same_node(field(p, "value"), id)) {
      into_keyword(p, bound, depth);
      return;
    }
    if (is(p, "argument_list")) {
      into_positional(id, bound, depth);
      return;
    }
    if (is(p, "assignment") && same_node(field(p, "right"), id) && is(field(p, "left"), "attribute")) {
      into_self_attribute(field(p, "left"), bound, depth);
      return;
    }
    escape();  // stored, passed on, returned, read by `global`/`nonlocal` code, ...
  }

  std::string_view source_;
  bool partial_converted_;
  ValueFlow flow_;
  std::vector<std::pair<const void*, std::string>> visited_;
};

}  // namespace

ValueFlow trace_value(TSNode value, std::string_view source, bool partial_converted) {
  return Tracer(source, partial_converted).run(value);
}

}  // namespace t2p::rules
