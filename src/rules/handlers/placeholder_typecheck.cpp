#include <map>
#include <string>
#include <string_view>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/handlers/placeholders.h"

namespace t2p::rules {
namespace {

// What torch.jit.isinstance checks in eager mode (torch/_jit_internal.py, container_checker):
// a typing container is checked element by element, a tuple of types is any of them, a plain
// class is Python's isinstance. Written out as Python, so the converted code checks the same.
class TypeCheckWriter {
 public:
  explicit TypeCheckWriter(TemplateContext& ctx) : ctx_(ctx), k_(parse::NodeKinds::get()) {}

  // Appends the check of `obj` (an expression that evaluates alike every time) against `type`.
  bool write(const std::string& obj, TSNode type, std::string& out) {
    TSSymbol s = ts_node_symbol(type);
    if (s == k_.parenthesized_expression && ts_node_named_child_count(type) == 1) return write(obj, ts_node_named_child(type, 0), out);
    if (s == k_.tuple) return any_of(obj, type, out);  // `(int, float)`
    if (s == k_.identifier || s == k_.attribute) {
      const std::string_view name = last_component(type);
      if (is_generic(name)) return fail("a bare " + std::string(name) + " without its element types (torch.jit.isinstance raises)");
      out += "isinstance(" + obj + ", " + ctx_.render(type) + ")";
      return true;
    }
    if (s != k_.subscript) return fail("the type `" + std::string(parse::node_text(type, ctx_.site.source)) + "` is not a class or a typing container");
    const std::string_view generic = last_component(ts_node_child_by_field_name(type, "value", 5));
    std::vector<TSNode> args;
    for (uint32_t i = 1, n = ts_node_named_child_count(type); i < n; ++i) {
      TSNode a = ts_node_named_child(type, i);
      if (ts_node_symbol(a) == k_.comment) continue;
      if (ts_node_symbol(a) == k_.tuple) {  // `Dict[str, int]` may parse as one tuple
        for (uint32_t j = 0; j < ts_node_named_child_count(a); ++j) args.push_back(ts_node_named_child(a, j));
      } else {
        args.push_back(a);
      }
    }
    for (TSNode a : args) {
      if (parse::node_text(a, ctx_.site.source) == "...") return fail("a variable-length Tuple[..., ...]");
    }
    if ((generic == "List" || generic == "list") && args.size() == 1) {
      const std::string e = fresh("t2p_e");
      out += "(isinstance(" + obj + ", list) and all(";
      if (!write(e, args[0], out)) return false;
      out += " for " + e + " in " + obj + "))";
      return true;
    }
    if ((generic == "Dict" || generic == "dict") && args.size() == 2) {
      const std::string key = fresh("t2p_k"), value = fresh("t2p_v");
      // Keys are checked by isinstance alone.
      const TSSymbol ks = ts_node_symbol(args[0]);
      if (ks != k_.identifier && ks != k_.attribute) return fail("a Dict whose key type is not a class");
      out += "(isinstance(" + obj + ", dict) and all(";
      if (!write(key, args[0], out)) return false;
      out += " and ";
      if (!write(value, args[1], out)) return false;
      out += " for " + key + ", " + value + " in " + obj + ".items()))";
      return true;
    }
    if ((generic == "Tuple" || generic == "tuple") && !args.empty()) {
      out += "(isinstance(" + obj + ", tuple) and len(" + obj + ") == " + std::to_string(args.size());
      for (size_t i = 0; i < args.size(); ++i) {
        out += " and ";
        if (!write(obj + "[" + std::to_string(i) + "]", args[i], out)) return false;
      }
      out += ")";
      return true;
    }
    if ((generic == "Optional" || generic == "Union") && !args.empty()) {
      // As torch does: None always passes; then the alternatives in order, a plain class by
      // isinstance, and the first container decides alone (later alternatives are not tried).
      out += "(" + obj + " is None";
      for (TSNode a : args) {
        const std::string_view text = parse::node_text(a, ctx_.site.source);
        if (text == "None" || text == "type(None)") continue;
        out += " or ";
        if (!write(obj, a, out)) return false;
        if (ts_node_symbol(a) == k_.subscript) break;
      }
      out += ")";
      return true;
    }
    return fail("the type `" + std::string(parse::node_text(type, ctx_.site.source)) + "` is no List, Dict, Tuple, Optional or Union of known arity");
  }

 private:
  bool any_of(const std::string& obj, TSNode tuple, std::string& out) {
    out += "(";
    for (uint32_t i = 0, n = ts_node_named_child_count(tuple); i < n; ++i) {
      if (i) out += " or ";
      if (!write(obj, ts_node_named_child(tuple, i), out)) return false;
    }
    out += ")";
    return true;
  }
  std::string_view last_component(TSNode n) const {
    std::string_view t = parse::node_text(n, ctx_.site.source);
    size_t dot = t.rfind('.');
    return dot == std::string_view::npos ? t : t.substr(dot + 1);
  }
  static bool is_generic(std::string_view name) {
    return name == "List" || name == "Dict" || name == "Tuple" || name == "Optional" || name == "Union";
  }
  // A loop variable of its own per level and stem (`t2p_e`, `t2p_e1`, ...).
  std::string fresh(const std::string& stem) {
    const int n = counters_[stem]++;
    return n == 0 ? stem : stem + std::to_string(n);
  }
  bool fail(std::string why) {
    ctx_.reason = "torch.jit.isinstance: " + std::move(why) + ": write the check by hand";
    return false;
  }

  TemplateContext& ctx_;
  const parse::NodeKinds& k_;
  std::map<std::string, int> counters_;
};

}  // namespace

bool expand_typecheck(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  if (p.parts.size() != 2) return ctx.missing("typecheck");
  const CallArg* obj = ctx.argument(p.parts[0].first);
  if (!obj) return ctx.missing(p.parts[0].first);
  const CallArg* type = ctx.argument(p.parts[1].first);
  if (!type) return ctx.missing(p.parts[1].first);
  TypeCheckWriter writer(ctx);
  return writer.write(ctx.render(obj->value), type->value, out);
}

}  // namespace t2p::rules
