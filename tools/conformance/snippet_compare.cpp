// tools/conformance: compares two Python snippets modulo formatting (tokens) or by meaning (calls bound to
// the Paddle signatures of the knowledge graph); used by the docs conformance check.
#include "conformance/snippet_compare.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <utility>

#include "kg/api_record.h"
#include "parse/node_kinds.h"

namespace t2p::driver {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

// A string literal as one token with normalised quotes: `r'a'` -> `r"a"`, `'''a'''` -> `"""a"""`.
std::string string_token(TSNode node, std::string_view source) {
  std::string text(parse::node_text(node, source));
  size_t prefix = 0;
  while (prefix < text.size() && text[prefix] != '\'' && text[prefix] != '"') ++prefix;
  size_t open = prefix;
  while (open < text.size() && open < prefix + 3 && text[open] == text[prefix]) ++open;
  size_t quotes = open - prefix;
  if (quotes == 2) quotes = 1;  // the empty string '' / ""
  if (text.size() < prefix + 2 * quotes) return text;
  for (size_t i = 0; i < quotes; ++i) {
    text[prefix + i] = '"';
    text[text.size() - 1 - i] = '"';
  }
  // Prefix letters are case-insensitive in Python.
  for (size_t i = 0; i < prefix; ++i) text[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  return text;
}

}  // namespace

bool comparable_tokens(std::string_view source, parse::PythonParser& parser,
                       std::vector<ConformanceToken>* tokens) {
  tokens->clear();
  parse::SyntaxTree tree = parser.parse(source);
  if (!tree.valid() || parse::first_syntax_error(tree, source)) return false;
  const parse::NodeKinds& k = parse::NodeKinds::get();

  struct Item {
    TSNode node;
    bool leave;  // the end of a block: emit `<dedent>`
  };
  struct Raw {
    ConformanceToken token;
    bool droppable_comma = false;
  };
  std::vector<Raw> raw;
  std::vector<Item> stack{{tree.root(), false}};
  while (!stack.empty()) {
    Item it = stack.back();
    stack.pop_back();
    TSNode n = it.node;
    uint32_t line = ts_node_start_point(n).row + 1;
    if (it.leave) {
      raw.push_back({{"<dedent>", line}, false});
      continue;
    }
    TSSymbol s = ts_node_symbol(n);
    if (s == k.comment || s == k.import_statement || s == k.import_from_statement || s == k.future_import_statement) {
      continue;
    }
    if (s == k.string) {
      raw.push_back({{string_token(n, source), line}, false});
      continue;
    }
    uint32_t count = ts_node_child_count(n);
    if (count == 0) {
      std::string text(parse::node_text(n, source));
      if (text.empty()) continue;  // zero-width (MISSING cannot occur: the tree is clean)
      bool droppable = false;
      if (text == ",") {
        TSNode parent = ts_node_parent(n);
        TSSymbol ps = ts_node_symbol(parent);
        droppable = !((ps == k.tuple || ps == k.tuple_pattern) && ts_node_named_child_count(parent) == 1);
      }
      raw.push_back({{std::move(text), line}, droppable});
      continue;
    }
    if (s == k.block) {
      raw.push_back({{"<indent>", line}, false});
      stack.push_back({n, true});
    }
    for (uint32_t i = count; i-- > 0;) stack.push_back({ts_node_child(n, i), false});
  }
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i].droppable_comma && i + 1 < raw.size()) {
      const std::string& next = raw[i + 1].token.text;
      if (next == ")" || next == "]" || next == "}") continue;
    }
    tokens->push_back(std::move(raw[i].token));
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Comparison by meaning (semantic_tokens).

namespace {

const std::set<std::string>& dtype_names() {
  static const std::set<std::string> names = {
      "bool",    "uint8",     "int8",       "int16",         "int32",        "int64",
      "float16", "bfloat16",  "float32",    "float64",       "complex64",    "complex128",
      "float8_e4m3fn", "float8_e5m2"};
  return names;
}

// Classes whose methods a receiver of unknown kind is tried against, in order.
constexpr const char* kMethodOwners[] = {"paddle.Tensor", "paddle.nn.Layer", "paddle.optimizer.Optimizer"};

// A Paddle API's signatures, from its knowledge-graph node.
struct PaddleApi {
  std::string kind;     // function, class, method, ...
  std::string returns;  // Tensor, Module, ...
  std::vector<std::vector<kg::Param>> signatures;  // params, then overloads
};

std::string shortest_float(double v) {
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s(buf);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";  // keep floats apart from ints
  return s;
}

class Normaliser {
 public:
  Normaliser(std::string_view source, parse::PythonParser& parser, const kg::KnowledgeGraph* graph)
      : src_(source), parser_(parser), graph_(graph), k_(parse::NodeKinds::get()) {}

  bool run(std::vector<ConformanceToken>* tokens) {
    tokens->clear();
    parse::SyntaxTree tree = parser_.parse(src_);
    if (!tree.valid() || parse::first_syntax_error(tree, src_)) return false;
    TSNode root = tree.root();
    root_ = root;
    collect_bindings(root);
    collect_receiver_kinds(root);
    statements(root, tokens);
    return true;
  }

  // The canonical form of a standalone expression (a default value's source text).
  std::string expression_only() {
    parse::SyntaxTree tree = parser_.parse(src_);
    if (!tree.valid() || parse::first_syntax_error(tree, src_)) return std::string(trim(src_));
    TSNode root = tree.root();
    if (ts_node_named_child_count(root) != 1) return std::string(trim(src_));
    return expr(ts_node_named_child(root, 0));
  }

 private:
  std::string_view text(TSNode n) const { return parse::node_text(n, src_); }
  bool is(TSNode n, const char* type) const { return std::strcmp(ts_node_type(n), type) == 0; }
  bool skipped(TSNode n) const {
    TSSymbol s = ts_node_symbol(n);
    return s == k_.comment || s == k_.import_statement || s == k_.import_from_statement ||
           s == k_.future_import_statement;
  }

  // --- names ------------------------------------------------------------------------------

  // `import a.b as c` -> c: a.b; `from a.b import c as d` -> d: a.b.c. Names assigned, defined
  // or taken as parameters are bound too (they shadow the default `nn` / `F`).
  void collect_bindings(TSNode n) {
    TSSymbol s = ts_node_symbol(n);
    if (s == k_.import_statement) {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_symbol(c) == k_.aliased_import) {
          TSNode name = ts_node_child_by_field_id(c, parse::NodeFields::get().name);
          TSNode alias = ts_node_child_by_field_id(c, parse::NodeFields::get().alias);
          if (!ts_node_is_null(name) && !ts_node_is_null(alias)) aliases_[std::string(text(alias))] = dotted(name);
        } else if (ts_node_symbol(c) == k_.dotted_name) {
          std::string d = dotted(c);
          std::string root = d.substr(0, d.find('.'));
          aliases_[root] = root;
        }
      }
      return;
    }
    if (s == k_.import_from_statement) {
      TSNode module = ts_node_child_by_field_id(n, parse::NodeFields::get().module_name);
      if (ts_node_is_null(module) || ts_node_symbol(module) != k_.dotted_name) return;  // relative
      std::string base = dotted(module);
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_eq(c, module)) continue;
        if (ts_node_symbol(c) == k_.aliased_import) {
          TSNode name = ts_node_child_by_field_id(c, parse::NodeFields::get().name);
          TSNode alias = ts_node_child_by_field_id(c, parse::NodeFields::get().alias);
          if (!ts_node_is_null(name) && !ts_node_is_null(alias)) aliases_[std::string(text(alias))] = base + "." + dotted(name);
        } else if (ts_node_symbol(c) == k_.dotted_name) {
          std::string d = dotted(c);
          aliases_[d] = base + "." + d;
        }
      }
      return;
    }
    if (s == k_.assignment || s == k_.augmented_assignment || s == k_.for_statement) {
      TSNode left = ts_node_child_by_field_id(n, parse::NodeFields::get().left);
      if (!ts_node_is_null(left)) bind_target(left);
    } else if (s == k_.function_definition || s == k_.class_definition) {
      TSNode name = ts_node_child_by_field_id(n, parse::NodeFields::get().name);
      if (!ts_node_is_null(name)) bound_.insert(std::string(text(name)));
    } else if (s == k_.parameters || s == k_.lambda_parameters) {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode p = ts_node_named_child(n, i);
        if (ts_node_symbol(p) == k_.identifier) {
          bound_.insert(std::string(text(p)));
        } else {
          TSNode name = ts_node_child_by_field_id(p, parse::NodeFields::get().name);
          if (!ts_node_is_null(name)) bound_.insert(std::string(text(name)));
        }
      }
    }
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) collect_bindings(ts_node_named_child(n, i));
  }
  void bind_target(TSNode t) {
    if (ts_node_symbol(t) == k_.identifier) {
      bound_.insert(std::string(text(t)));
      return;
    }
    TSSymbol s = ts_node_symbol(t);
    if (s == k_.pattern_list || s == k_.tuple_pattern || s == k_.list_pattern || s == k_.tuple || s == k_.list) {
      for (uint32_t i = 0; i < ts_node_named_child_count(t); ++i) bind_target(ts_node_named_child(t, i));
    }
  }
  std::string dotted(TSNode n) const {
    std::string out;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      if (!out.empty()) out += '.';
      out += text(ts_node_named_child(n, i));
    }
    return out.empty() ? std::string(text(n)) : out;
  }
  std::string resolve(std::string_view name) const {
    std::string key(name);
    if (auto it = aliases_.find(key); it != aliases_.end()) return it->second;
    if (!bound_.count(key)) {
      if (key == "nn") return "paddle.nn";
      if (key == "F") return "paddle.nn.functional";
    }
    return key;
  }
  // The dotted name an expression spells (`nn.Conv2D` -> paddle.nn.Conv2D), or empty.
  std::string dotted_name(TSNode n) const {
    TSSymbol s = ts_node_symbol(n);
    if (s == k_.identifier) {
      if (auto it = inline_.find(std::string(text(n))); it != inline_.end()) return it->second;
      return resolve(text(n));
    }
    if (s == k_.attribute) {
      std::string obj = dotted_name(ts_node_child_by_field_id(n, parse::NodeFields::get().object));
      if (obj.empty()) return "";
      return obj + "." + std::string(text(ts_node_child_by_field_id(n, parse::NodeFields::get().attribute)));
    }
    return "";
  }
  // Whether the dotted name names a module rather than a value: rooted at an import or `paddle`.
  bool module_rooted(TSNode n) const {
    while (ts_node_symbol(n) == k_.attribute) n = ts_node_child_by_field_id(n, parse::NodeFields::get().object);
    if (ts_node_symbol(n) != k_.identifier) return false;
    std::string name(text(n));
    if (aliases_.count(name)) return true;
    return !bound_.count(name) && (name == "paddle" || name == "nn" || name == "F" || name == "paddlenlp");
  }

  // --- the knowledge graph ------------------------------------------------------------------

  const PaddleApi* api(const std::string& id) {
    if (!graph_ || id.empty()) return nullptr;
    auto it = apis_.find(id);
    if (it != apis_.end()) return it->second ? &*it->second : nullptr;
    std::optional<PaddleApi> found;
    std::string node = graph_->paddle_node(id);
    if (!node.empty()) {
      auto j = nlohmann::json::parse(node, nullptr, false);
      if (j.is_object() && j.contains("params")) {
        PaddleApi a;
        a.kind = j.value("kind", "");
        a.returns = j.value("returns", "");
        a.signatures.push_back(kg::parse_signature(j["params"]));
        if (auto o = j.find("overloads"); o != j.end() && o->is_array()) {
          for (const auto& sig : *o) a.signatures.push_back(kg::parse_signature(sig));
        }
        found = std::move(a);
      }
    }
    auto [pos, inserted] = apis_.emplace(id, std::move(found));
    return pos->second ? &*pos->second : nullptr;
  }

  // `m = paddle.nn.Conv2D(...)` -> m: paddle.nn.Conv2D; `t = paddle.ones(...)` -> t: paddle.Tensor.
  // A name assigned values of two kinds has no kind.
  void collect_receiver_kinds(TSNode n) {
    if (ts_node_symbol(n) == k_.assignment) {
      TSNode left = ts_node_child_by_field_id(n, parse::NodeFields::get().left);
      TSNode right = ts_node_child_by_field_id(n, parse::NodeFields::get().right);
      if (!ts_node_is_null(left) && !ts_node_is_null(right) && ts_node_symbol(left) == k_.identifier) {
        std::string kind;
        if (ts_node_symbol(right) == k_.call) {
          std::string callee = dotted_name(ts_node_child_by_field_id(right, parse::NodeFields::get().function));
          if (const PaddleApi* a = api(callee)) {
            if (a->kind == "class") kind = callee;
            else if (a->returns == "Tensor") kind = "paddle.Tensor";
            else if (a->returns == "Module") kind = "paddle.nn.Layer";
          }
        }
        std::string name(text(left));
        auto [it, inserted] = receiver_kinds_.emplace(name, kind);
        if (!inserted && it->second != kind) it->second.clear();
      }
    }
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) collect_receiver_kinds(ts_node_named_child(n, i));
  }

  // The Paddle API a method call binds to: the receiver's class (then its base by `returns`), or
  // for a receiver of unknown kind the first of kMethodOwners that has the method.
  const PaddleApi* method_api(TSNode receiver, const std::string& method, std::string* owner) {
    owner->clear();
    if (ts_node_symbol(receiver) == k_.identifier) {
      auto it = receiver_kinds_.find(std::string(text(receiver)));
      if (it != receiver_kinds_.end()) {
        const std::string& cls = it->second;
        if (cls.empty()) return nullptr;  // assigned values of different kinds
        if (const PaddleApi* a = api(cls + "." + method)) {
          *owner = cls;
          return a;
        }
        const PaddleApi* c = api(cls);
        std::string base = cls == "paddle.Tensor" ? cls
                           : c && c->returns == "Module" ? "paddle.nn.Layer"
                           : c && c->returns == "Optimizer" ? "paddle.optimizer.Optimizer" : "";
        const PaddleApi* a = base.empty() ? nullptr : api(base + "." + method);
        if (a) *owner = base;
        return a;
      }
    }
    for (const char* o : kMethodOwners) {
      if (const PaddleApi* a = api(std::string(o) + "." + method)) {
        *owner = o;
        return a;
      }
    }
    return nullptr;
  }

  // The function a Tensor method is: `paddle.<name>` (`paddle.cast` for `astype`) when its
  // signature is the method's with the tensor parameter in front (`paddle.divide(x, y)` for
  // `Tensor.divide(y)`): `x.divide(y)` then compares as `paddle.divide(x, y)`. Null otherwise.
  const PaddleApi* function_form(const std::string& method, const PaddleApi& m, std::string* id) {
    *id = "paddle." + std::string(method == "astype" ? "cast" : method);
    const PaddleApi* f = api(*id);
    if (!f || f->kind != "function" || f->signatures.empty() || m.signatures.empty()) return nullptr;
    const auto& fp = f->signatures[0];
    const auto& mp = m.signatures[0];
    if (fp.size() != mp.size() + 1 || fp[0].kind != kg::ParamKind::kNormal || fp[0].has_default ||
        fp[0].keyword_only) {
      return nullptr;
    }
    for (size_t i = 0; i < mp.size(); ++i) {
      const kg::Param& a = fp[i + 1];
      const kg::Param& b = mp[i];
      if (a.name != b.name || a.kind != b.kind || a.has_default != b.has_default ||
          a.default_value != b.default_value || a.keyword_only != b.keyword_only) {
        return nullptr;
      }
    }
    return f;
  }

  std::string default_canon(const std::string& default_text) {
    auto it = defaults_.find(default_text);
    if (it != defaults_.end()) return it->second;
    Normaliser sub(default_text, parser_, nullptr);
    std::string c = sub.expression_only();
    defaults_.emplace(default_text, c);
    return c;
  }

  // --- statements -----------------------------------------------------------------------------

  bool contains_block(TSNode n) const {
    if (ts_node_symbol(n) == k_.block) return true;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      if (contains_block(ts_node_named_child(n, i))) return true;
    }
    return false;
  }

  void statements(TSNode n, std::vector<ConformanceToken>* out) {
    std::vector<TSNode> body;
    for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
      TSNode c = ts_node_child(n, i);
      if (skipped(c) || !ts_node_is_named(c) || ts_node_symbol(c) == k_.comment) continue;
      body.push_back(c);
    }
    // Temporaries are found from the last statement back, so that a chain of them folds into
    // the statement that uses them all; their values are rendered in order.
    std::vector<bool> temporary(body.size(), false);
    std::vector<bool> rebound(body.size(), false);  // `t = E` then `t = F(t)`: E stands in F(t)
    size_t next = body.size();
    for (size_t i = body.size(); i-- > 0;) {
      if (next < body.size() && is_temporary(body[i], body[next])) {
        temporary[i] = true;
        continue;
      }
      if (next < body.size() && next == i + 1 && is_rebinding(body[i], body[next])) {
        rebound[i] = true;
        continue;
      }
      next = i;
    }
    for (size_t i = 0; i < body.size(); ++i) {
      if (!temporary[i] && !rebound[i] && i + 1 < body.size() && tuple_temporaries(body[i], body[i + 1], out)) continue;
      if (temporary[i]) {
        TSNode a = ts_node_named_child(body[i], 0);
        inline_[std::string(text(ts_node_child_by_field_name(a, "left", 4)))] =
            expr(ts_node_child_by_field_name(a, "right", 5));
        continue;
      }
      if (rebound[i]) {
        TSNode a = ts_node_named_child(body[i], 0);
        std::string name(text(ts_node_child_by_field_name(a, "left", 4)));
        inline_[name] = expr(ts_node_child_by_field_name(a, "right", 5));
        keep_name_ = ts_node_child_by_field_name(ts_node_named_child(body[i + 1], 0), "left", 4);
        statement(body[i + 1], out);
        inline_.erase(name);
        keep_name_ = TSNode{};
        ++i;
        continue;
      }
      statement(body[i], out);
    }
  }

  // `a, b = E` (E not a literal sequence) followed by the statement that is the only use of each
  // name in the snippet: the names are temporaries whose spelling does not matter, so they
  // compare as `$0`, `$1`, ... in order (`out0, out1 = f(x)` + `g(out0, out1)` ==
  // `o1, o2 = f(x)` + `g(o1, o2)`). Emits the assignment's token; the names stay mapped for the
  // next statement. When the next statement passes them on, in order, as consecutive positional
  // arguments of one call, that call takes `*E` instead and the assignment goes
  // (`lu, p = paddle.linalg.lu(x)` + `paddle.linalg.lu_unpack(lu, p)` ==
  // `paddle.linalg.lu_unpack(*paddle.linalg.lu(x))`).
  bool tuple_temporaries(TSNode stmt, TSNode next, std::vector<ConformanceToken>* out) {
    if (ts_node_symbol(stmt) != k_.expression_statement || ts_node_named_child_count(stmt) != 1) return false;
    TSNode a = ts_node_named_child(stmt, 0);
    if (ts_node_symbol(a) != k_.assignment) return false;
    TSNode left = ts_node_child_by_field_name(a, "left", 4);
    TSNode right = ts_node_child_by_field_name(a, "right", 5);
    if (ts_node_is_null(left) || ts_node_is_null(right) || contains_block(right)) return false;
    if (!(ts_node_symbol(left) == k_.pattern_list || ts_node_symbol(left) == k_.tuple_pattern)) return false;
    TSSymbol rs = ts_node_symbol(right);
    if (rs == k_.tuple || rs == k_.list || rs == k_.assignment || is(right, "expression_list")) return false;
    std::vector<std::string> names;
    for (uint32_t i = 0; i < ts_node_named_child_count(left); ++i) {
      TSNode n = ts_node_named_child(left, i);
      if (ts_node_symbol(n) != k_.identifier) return false;
      std::string name(text(n));
      if (std::find(names.begin(), names.end(), name) != names.end()) return false;
      if (count_identifier(root_, name) != 2 || count_identifier(next, name) != 1 || count_identifier(right, name) != 0) {
        return false;
      }
      names.push_back(name);
    }
    if (names.size() < 2) return false;
    // `a, b = E` + `f(a, b)`, the names consecutive positional arguments in order: `f(*E)`.
    std::vector<TSNode> stack{next};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (ts_node_symbol(n) == k_.argument_list) {
        std::vector<TSNode> items;
        for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
          TSNode c = ts_node_named_child(n, i);
          if (ts_node_symbol(c) != k_.comment) items.push_back(c);
        }
        for (size_t j = 0; j + names.size() <= items.size(); ++j) {
          bool all = true;
          for (size_t m = 0; m < names.size() && all; ++m) {
            all = ts_node_symbol(items[j + m]) == k_.identifier && text(items[j + m]) == names[m];
          }
          if (!all) continue;
          spread_[names[0]] = "(* " + expr(right) + ")";
          for (size_t m = 1; m < names.size(); ++m) spread_[names[m]] = "";
          return true;
        }
      }
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) stack.push_back(ts_node_named_child(n, i));
    }
    std::string lhs;
    for (const auto& name : names) {
      std::string fresh = "$" + std::to_string(fresh_++);
      lhs += (lhs.empty() ? "" : ", ") + fresh;
      inline_[name] = fresh;
    }
    out->push_back({"(" + lhs + " = " + expr(right) + ")", ts_node_start_point(stmt).row + 1});
    return true;
  }

  // `t = E` followed by `t = F(t)`, t read once in F and nowhere else in the snippet: the pair is
  // `t = F(E)` (`x = paddle.divide(a, b)` + `x = paddle.trunc(x)` == `x = paddle.trunc(paddle.divide(a, b))`).
  bool is_rebinding(TSNode stmt, TSNode next) const {
    auto simple_assignment = [&](TSNode st, TSNode* left, TSNode* right) {
      if (ts_node_symbol(st) != k_.expression_statement || ts_node_named_child_count(st) != 1) return false;
      TSNode a = ts_node_named_child(st, 0);
      if (ts_node_symbol(a) != k_.assignment) return false;
      *left = ts_node_child_by_field_name(a, "left", 4);
      *right = ts_node_child_by_field_name(a, "right", 5);
      if (ts_node_is_null(*left) || ts_node_is_null(*right) || ts_node_symbol(*left) != k_.identifier) return false;
      if (!ts_node_is_null(ts_node_child_by_field_name(a, "type", 4)) || contains_block(*right)) return false;
      return ts_node_symbol(*right) != k_.assignment;
    };
    TSNode l1, r1, l2, r2;
    if (!simple_assignment(stmt, &l1, &r1) || !simple_assignment(next, &l2, &r2)) return false;
    std::string name(text(l1));
    if (text(l2) != name) return false;
    return count_identifier(root_, name) == 3 && count_identifier(r1, name) == 0 && count_identifier(r2, name) == 1;
  }

  // `t = E` followed by a statement that is the only use of `t` in the snippet: `t` stands for
  // `E` there and the assignment goes (`init = Constant(1.0)` + `init(w)` == `Constant(1.0)(w)`).
  bool is_temporary(TSNode stmt, TSNode next) const {
    if (ts_node_symbol(stmt) != k_.expression_statement || ts_node_named_child_count(stmt) != 1) return false;
    TSNode a = ts_node_named_child(stmt, 0);
    if (ts_node_symbol(a) != k_.assignment) return false;
    TSNode left = ts_node_child_by_field_name(a, "left", 4);
    TSNode right = ts_node_child_by_field_name(a, "right", 5);
    if (ts_node_is_null(left) || ts_node_is_null(right) || ts_node_symbol(left) != k_.identifier) return false;
    if (!ts_node_is_null(ts_node_child_by_field_name(a, "type", 4)) || contains_block(right)) return false;
    if (ts_node_symbol(right) == k_.assignment) return false;  // `a = b = E`
    std::string name(text(left));
    if (count_identifier(root_, name) != 2 || count_identifier(next, name) != 1) return false;
    if (ts_node_symbol(next) == k_.expression_statement && ts_node_named_child_count(next) == 1) {
      // `t = E` then `t = F(t)` rebinds t: not a temporary.
      TSNode na = ts_node_named_child(next, 0);
      if ((ts_node_symbol(na) == k_.assignment || ts_node_symbol(na) == k_.augmented_assignment) &&
          count_identifier(ts_node_child_by_field_name(na, "left", 4), name) > 0) {
        return false;
      }
    }
    return true;
  }

  // Uses of the variable `name` in n: identifiers, not attribute names (`x.std`) or keywords.
  size_t count_identifier(TSNode n, const std::string& name) const {
    if (ts_node_symbol(n) == k_.identifier) return text(n) == name ? 1 : 0;
    size_t count = 0;
    TSNode skip{};
    if (ts_node_symbol(n) == k_.attribute) skip = ts_node_child_by_field_name(n, "attribute", 9);
    if (ts_node_symbol(n) == k_.keyword_argument) skip = ts_node_child_by_field_name(n, "name", 4);
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      TSNode c = ts_node_named_child(n, i);
      if (!ts_node_is_null(skip) && ts_node_eq(c, skip)) continue;
      count += count_identifier(c, name);
    }
    return count;
  }

  // `a, b = E1, E2` where no E reads a or b: the assignments one by one (`a = E1`, `b = E2`).
  bool split_tuple_assignment(TSNode n, uint32_t line, std::vector<ConformanceToken>* out) {
    if (ts_node_symbol(n) != k_.expression_statement || ts_node_named_child_count(n) != 1) return false;
    TSNode a = ts_node_named_child(n, 0);
    if (ts_node_symbol(a) != k_.assignment) return false;
    TSNode left = ts_node_child_by_field_name(a, "left", 4);
    TSNode right = ts_node_child_by_field_name(a, "right", 5);
    if (ts_node_is_null(left) || ts_node_is_null(right)) return false;
    while (ts_node_symbol(right) == k_.parenthesized_expression && ts_node_named_child_count(right) == 1) {
      right = ts_node_named_child(right, 0);
    }
    TSSymbol ls = ts_node_symbol(left), rs = ts_node_symbol(right);
    if (!(ls == k_.pattern_list || ls == k_.tuple_pattern || ls == k_.list_pattern)) return false;
    if (!(rs == k_.tuple || rs == k_.list || is(right, "expression_list"))) return false;
    std::vector<TSNode> names, values;
    for (uint32_t i = 0; i < ts_node_named_child_count(left); ++i) names.push_back(ts_node_named_child(left, i));
    for (uint32_t i = 0; i < ts_node_named_child_count(right); ++i) {
      TSNode v = ts_node_named_child(right, i);
      if (ts_node_symbol(v) != k_.comment) values.push_back(v);
    }
    if (names.size() < 2 || names.size() != values.size()) return false;
    for (TSNode name : names) {
      if (ts_node_symbol(name) != k_.identifier) return false;
      for (TSNode v : values) {
        if (count_identifier(v, std::string(text(name))) > 0) return false;
      }
    }
    for (size_t i = 0; i < names.size(); ++i) out->push_back({"(" + expr(names[i]) + " = " + expr(values[i]) + ")", line});
    return true;
  }

  void statement(TSNode n, std::vector<ConformanceToken>* out) {
    uint32_t line = ts_node_start_point(n).row + 1;
    if (split_tuple_assignment(n, line, out)) return;
    if (!contains_block(n)) {
      std::string e = expr(n);
      if (!e.empty()) out->push_back({std::move(e), line});
      return;
    }
    if (ts_node_symbol(n) == k_.block) {
      out->push_back({"<indent>", line});
      statements(n, out);
      out->push_back({"<dedent>", ts_node_end_point(n).row + 1});
      return;
    }
    for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
      TSNode c = ts_node_child(n, i);
      if (ts_node_symbol(c) == k_.comment) continue;
      if (contains_block(c)) {
        statement(c, out);
      } else {
        std::string e = expr(c);
        if (e.empty() || e == ":") continue;
        out->push_back({std::move(e), static_cast<uint32_t>(ts_node_start_point(c).row + 1)});
      }
    }
  }

  // --- expressions ----------------------------------------------------------------------------

  std::string string_canon(TSNode n) const {
    std::string t(text(n));
    size_t prefix = 0;
    while (prefix < t.size() && t[prefix] != '\'' && t[prefix] != '"') ++prefix;
    if (prefix >= t.size()) return t;
    char q = t[prefix];
    size_t quotes = (t.size() >= prefix + 6 && t[prefix + 1] == q && t[prefix + 2] == q) ? 3 : 1;
    if (t.size() < prefix + 2 * quotes) return t;
    std::string letters;
    for (size_t i = 0; i < prefix; ++i) {
      char c = static_cast<char>(std::tolower(static_cast<unsigned char>(t[i])));
      if (c != 'u') letters += c;  // u'' is ''
    }
    std::string content = t.substr(prefix + quotes, t.size() - prefix - 2 * quotes);
    if (letters.find('r') == std::string::npos) {
      std::string unescaped;  // \' and \" are the quote characters
      for (size_t i = 0; i < content.size(); ++i) {
        if (content[i] == '\\' && i + 1 < content.size() && (content[i + 1] == '\'' || content[i + 1] == '"')) continue;
        if (content[i] == '\\' && i + 1 < content.size()) {
          unescaped += content[i];
          unescaped += content[++i];
          continue;
        }
        unescaped += content[i];
      }
      content = std::move(unescaped);
    }
    return letters + "\"" + content + "\"";
  }

  std::string number_canon(TSNode n) const {
    std::string t;
    for (char c : text(n)) {
      if (c != '_') t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (t.empty() || t.back() == 'j' || t.back() == 'l') return t;  // complex: as written
    if (ts_node_symbol(n) == k_.integer) {
      if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'o' || t[1] == 'b')) {
        int base = t[1] == 'x' ? 16 : t[1] == 'o' ? 8 : 2;
        errno = 0;
        unsigned long long v = std::strtoull(t.c_str() + 2, nullptr, base);
        if (errno == 0) return std::to_string(v);
      }
      return t;
    }
    errno = 0;
    double v = std::strtod(t.c_str(), nullptr);
    return errno == 0 ? shortest_float(v) : t;
  }

  // The value of a constant expression on number literals with + - * / ** (`1 - 0.1` == `0.9`,
  // `10.0 ** 2` == `1e2`, as Python computes it); `has_float` tells whether a float literal takes part.
  std::optional<double> float_value(TSNode n, bool* has_float) const {
    TSSymbol s = ts_node_symbol(n);
    if (s == k_.integer || s == k_.float_) {
      std::string t = number_canon(n);
      if (t.empty() || t.back() == 'j' || t.back() == 'l' || (s == k_.integer && !integer_value(n))) return std::nullopt;
      if (s == k_.float_) *has_float = true;
      return std::strtod(t.c_str(), nullptr);
    }
    if (s == k_.parenthesized_expression && ts_node_named_child_count(n) == 1) {
      return float_value(ts_node_named_child(n, 0), has_float);
    }
    if (s == k_.unary_operator) {
      TSNode op = ts_node_child_by_field_name(n, "operator", 8);
      TSNode arg = ts_node_child_by_field_name(n, "argument", 8);
      if (ts_node_is_null(op) || ts_node_is_null(arg)) return std::nullopt;
      auto v = float_value(arg, has_float);
      if (!v || (text(op) != "-" && text(op) != "+")) return std::nullopt;
      return text(op) == "-" ? -*v : *v;
    }
    if (s == k_.binary_operator) {
      TSNode l = ts_node_child_by_field_name(n, "left", 4);
      TSNode r = ts_node_child_by_field_name(n, "right", 5);
      TSNode op = ts_node_child_by_field_name(n, "operator", 8);
      if (ts_node_is_null(l) || ts_node_is_null(r) || ts_node_is_null(op)) return std::nullopt;
      auto a = float_value(l, has_float), b = float_value(r, has_float);
      if (!a || !b) return std::nullopt;
      std::string_view o = text(op);
      if (o == "+") return *a + *b;
      if (o == "-") return *a - *b;
      if (o == "*") return *a * *b;
      if (o == "/" && *b != 0) {
        *has_float = true;  // true division gives a float
        return *a / *b;
      }
      if (o == "**" && (*a != 0 || *b >= 0) && std::abs(*b) <= 64) {
        if (*b < 0) *has_float = true;  // `10 ** -2` is 0.01
        return std::pow(*a, *b);
      }
      return std::nullopt;
    }
    return std::nullopt;
  }

  // The value of an integer constant expression (`1 + 4`, `-2`, `2 * (3 - 1)`): folded so that
  // `[1 + 4]` == `[5]`. Only +, -, * on integer literals; nothing on overflow.
  std::optional<long long> integer_value(TSNode n) const {
    TSSymbol s = ts_node_symbol(n);
    if (s == k_.integer) {
      std::string t = number_canon(n);
      if (t.empty() || !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }) || t.size() > 15) {
        return std::nullopt;
      }
      return std::stoll(t);
    }
    if (s == k_.parenthesized_expression && ts_node_named_child_count(n) == 1) {
      return integer_value(ts_node_named_child(n, 0));
    }
    if (s == k_.unary_operator) {
      TSNode op = ts_node_child_by_field_id(n, parse::NodeFields::get().operator_);
      TSNode arg = ts_node_child_by_field_id(n, parse::NodeFields::get().argument);
      if (ts_node_is_null(op) || ts_node_is_null(arg)) return std::nullopt;
      auto v = integer_value(arg);
      if (!v) return std::nullopt;
      std::string_view o = text(op);
      if (o == "-") return -*v;
      if (o == "+") return *v;
      return std::nullopt;
    }
    if (s == k_.binary_operator) {
      TSNode l = ts_node_child_by_field_id(n, parse::NodeFields::get().left);
      TSNode r = ts_node_child_by_field_id(n, parse::NodeFields::get().right);
      TSNode op = ts_node_child_by_field_id(n, parse::NodeFields::get().operator_);
      if (ts_node_is_null(l) || ts_node_is_null(r) || ts_node_is_null(op)) return std::nullopt;
      auto a = integer_value(l), b = integer_value(r);
      if (!a || !b) return std::nullopt;
      long long out = 0;
      std::string_view o = text(op);
      if (o == "+" ? __builtin_add_overflow(*a, *b, &out)
                   : o == "-" ? __builtin_sub_overflow(*a, *b, &out)
                              : o == "*" ? __builtin_mul_overflow(*a, *b, &out) : true) {
        return std::nullopt;
      }
      return out;
    }
    return std::nullopt;
  }

  std::string sequence(TSNode n) {
    std::string out = "[";
    bool first = true;
    for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
      TSNode c = ts_node_named_child(n, i);
      if (ts_node_symbol(c) == k_.comment) continue;
      if (!first) out += ", ";
      first = false;
      out += expr(c);
    }
    return out + "]";
  }

  std::string expr(TSNode n) {
    TSSymbol s = ts_node_symbol(n);
    if (s == k_.comment) return "";
    if (s == k_.parenthesized_expression) {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_symbol(c) != k_.comment) return expr(c);
      }
      return "()";
    }
    if (s == k_.string) return string_canon(n);
    if (s == k_.integer || s == k_.float_) return number_canon(n);
    if (s == k_.identifier) {
      if (ts_node_is_null(keep_name_) || !ts_node_eq(n, keep_name_)) {
        if (auto it = inline_.find(std::string(text(n))); it != inline_.end()) return it->second;
      }
      return resolve(text(n));
    }
    if (s == k_.attribute) {
      TSNode obj = ts_node_child_by_field_id(n, parse::NodeFields::get().object);
      std::string attr(text(ts_node_child_by_field_id(n, parse::NodeFields::get().attribute)));
      std::string o = expr(obj);
      if (o == "paddle" && dtype_names().count(attr)) return "\"" + attr + "\"";
      return o + "." + attr;
    }
    if (s == k_.list || s == k_.tuple || s == k_.pattern_list || s == k_.tuple_pattern || s == k_.list_pattern ||
        is(n, "expression_list") || (s == k_.expression_statement && ts_node_named_child_count(n) > 1)) {
      // (`a, b` as a statement is an expression_statement with two children: a bare tuple)
      return sequence(n);
    }
    if (s == k_.call) return call(n);
    if (std::optional<long long> v = integer_value(n)) return std::to_string(*v);
    if (s == k_.binary_operator || s == k_.unary_operator) {
      bool has_float = false;
      if (std::optional<double> v = float_value(n, &has_float); v && has_float) return shortest_float(*v);
    }
    if (s == k_.keyword_argument) {
      TSNode name = ts_node_child_by_field_id(n, parse::NodeFields::get().name);
      TSNode value = ts_node_child_by_field_id(n, parse::NodeFields::get().value);
      return std::string(text(name)) + "=" + expr(value);
    }
    uint32_t count = ts_node_child_count(n);
    if (count == 0) return std::string(text(n));
    std::vector<std::string> parts;
    for (uint32_t i = 0; i < count; ++i) {
      TSNode c = ts_node_child(n, i);
      if (ts_node_symbol(c) == k_.comment) continue;
      std::string p = expr(c);
      if (p.empty()) continue;
      if (p == "," && i + 1 < count) {
        std::string_view next = ts_node_type(ts_node_child(n, i + 1));
        if (next == ")" || next == "]" || next == "}") continue;  // trailing comma
      }
      parts.push_back(std::move(p));
    }
    if (parts.size() == 1) return parts[0];
    std::string out = "(";
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? " " : "") + parts[i];
    return out + ")";
  }

  struct Args {
    std::vector<std::string> positional;
    std::vector<std::pair<std::string, std::string>> keywords;
    bool splat = false;  // *args / **kwargs: cannot be bound
  };

  std::string call(TSNode n) {
    TSNode fn = ts_node_child_by_field_id(n, parse::NodeFields::get().function);
    TSNode arguments = ts_node_child_by_field_id(n, parse::NodeFields::get().arguments);
    std::string callee;
    const PaddleApi* sig = nullptr;
    std::optional<std::string> self_arg;  // a Tensor method compared as its function
    if (ts_node_symbol(fn) == k_.attribute && !module_rooted(fn)) {
      // A method call: `x.cast(d)` is `x.astype(d)`.
      TSNode receiver = ts_node_child_by_field_id(fn, parse::NodeFields::get().object);
      std::string method(text(ts_node_child_by_field_id(fn, parse::NodeFields::get().attribute)));
      if (method == "cast") method = "astype";
      callee = expr(receiver) + "." + method;
      std::string owner, id;
      sig = method_api(receiver, method, &owner);
      if (sig && owner == "paddle.Tensor") {
        if (const PaddleApi* f = function_form(method, *sig, &id)) {
          self_arg = expr(receiver);
          callee = id;
          sig = f;
        }
      }
    } else {
      callee = expr(fn);
      std::string id = dotted_name(fn);
      sig = api(id);
      if (sig && (sig->kind == "attribute" || sig->kind == "method" || sig->kind == "module")) sig = nullptr;
    }
    if (ts_node_is_null(arguments) || ts_node_symbol(arguments) != k_.argument_list) {
      return callee + "(" + (self_arg ? *self_arg + ", " : std::string()) +
             (ts_node_is_null(arguments) ? std::string() : expr(arguments)) + ")";
    }
    // `list([a, b])` / `tuple((a, b))` are the literal itself.
    if ((callee == "list" || callee == "tuple") && ts_node_named_child_count(arguments) == 1) {
      TSNode only = ts_node_named_child(arguments, 0);
      TSSymbol s = ts_node_symbol(only);
      if (s == k_.list || s == k_.tuple) return expr(only);
    }
    Args args;
    if (self_arg) args.positional.push_back(*self_arg);
    for (uint32_t i = 0; i < ts_node_named_child_count(arguments); ++i) {
      TSNode a = ts_node_named_child(arguments, i);
      TSSymbol s = ts_node_symbol(a);
      if (s == k_.comment) continue;
      if (s == k_.keyword_argument) {
        TSNode name = ts_node_child_by_field_id(a, parse::NodeFields::get().name);
        TSNode value = ts_node_child_by_field_id(a, parse::NodeFields::get().value);
        args.keywords.emplace_back(std::string(text(name)), expr(value));
      } else if (auto it = s == k_.identifier ? spread_.find(std::string(text(a))) : spread_.end(); it != spread_.end()) {
        // Tuple temporaries passed on as they come (`a, b = E` + `f(a, b)`): `f(*E)`.
        if (!it->second.empty()) {
          args.positional.push_back(it->second);
          args.splat = true;
        }
      } else {
        // `f(*(a, b))` is `f(a, b)`: a splat of a literal sequence.
        TSNode inner = s == k_.list_splat && ts_node_named_child_count(a) == 1 ? ts_node_named_child(a, 0) : TSNode{};
        while (!ts_node_is_null(inner) && ts_node_symbol(inner) == k_.parenthesized_expression &&
               ts_node_named_child_count(inner) == 1) {
          inner = ts_node_named_child(inner, 0);
        }
        if (!ts_node_is_null(inner) && (ts_node_symbol(inner) == k_.list || ts_node_symbol(inner) == k_.tuple)) {
          for (uint32_t j = 0; j < ts_node_named_child_count(inner); ++j) {
            TSNode e = ts_node_named_child(inner, j);
            if (ts_node_symbol(e) == k_.comment) continue;
            if (ts_node_symbol(e) == k_.list_splat || ts_node_symbol(e) == k_.dictionary_splat) args.splat = true;
            args.positional.push_back(expr(e));
          }
          continue;
        }
        if (s == k_.list_splat || s == k_.dictionary_splat) args.splat = true;
        args.positional.push_back(expr(a));
      }
    }
    if (sig && !args.splat) {
      for (const auto& params : sig->signatures) {
        std::string bound;
        if (bind(params, args, &bound)) return callee + "(" + bound + ")";
      }
    }
    std::string out = callee + "(";
    bool first = true;
    for (const auto& p : args.positional) {
      out += (first ? "" : ", ") + p;
      first = false;
    }
    auto kw = args.keywords;
    std::sort(kw.begin(), kw.end());
    for (const auto& [name, value] : kw) {
      out += (first ? "" : ", ") + name + "=" + value;
      first = false;
    }
    return out + ")";
  }

  // Binds `args` to `params` as Python does; false when they do not fit (too many positionals,
  // an unknown or repeated keyword, a keyword for a positional-only parameter).
  bool bind(const std::vector<kg::Param>& params, const Args& args, std::string* out) {
    std::vector<std::optional<std::string>> values(params.size());
    std::vector<std::string> rest;                                 // into *args
    std::vector<std::pair<std::string, std::string>> extra_kw;     // into **kwargs
    size_t next = 0;
    for (const auto& a : args.positional) {
      while (next < params.size() && params[next].kind == kg::ParamKind::kNormal && params[next].keyword_only) ++next;
      if (next >= params.size() || params[next].kind == kg::ParamKind::kVarKwargs) return false;
      if (params[next].kind == kg::ParamKind::kVarArgs) {
        rest.push_back(a);
        continue;
      }
      values[next++] = a;
    }
    size_t kwargs_param = params.size();
    for (size_t i = 0; i < params.size(); ++i) {
      if (params[i].kind == kg::ParamKind::kVarKwargs) kwargs_param = i;
    }
    for (const auto& [name, value] : args.keywords) {
      size_t i = 0;
      while (i < params.size() && !(params[i].kind == kg::ParamKind::kNormal && params[i].name == name)) ++i;
      if (i < params.size() && !params[i].positional_only) {
        if (values[i]) return false;
        values[i] = value;
      } else if (kwargs_param < params.size()) {
        extra_kw.emplace_back(name, value);
      } else {
        return false;
      }
    }
    std::string result;
    auto add = [&](const std::string& s) {
      if (!result.empty()) result += ", ";
      result += s;
    };
    for (size_t i = 0; i < params.size(); ++i) {
      const kg::Param& p = params[i];
      if (p.kind == kg::ParamKind::kVarArgs) {
        if (rest.empty()) continue;
        std::string list = "[";
        for (size_t j = 0; j < rest.size(); ++j) list += (j ? ", " : "") + rest[j];
        add("*" + p.name + "=" + list + "]");
        continue;
      }
      if (p.kind != kg::ParamKind::kNormal || !values[i]) continue;
      if (p.has_default && *values[i] == default_canon(p.default_value)) continue;
      add(p.name + "=" + *values[i]);
    }
    std::sort(extra_kw.begin(), extra_kw.end());
    for (const auto& [name, value] : extra_kw) add("**" + name + "=" + value);
    *out = std::move(result);
    return true;
  }

  std::string_view src_;
  parse::PythonParser& parser_;
  const kg::KnowledgeGraph* graph_;
  const parse::NodeKinds& k_;
  std::map<std::string, std::string> aliases_;        // name -> dotted module or API
  std::set<std::string> bound_;                        // names assigned / defined / parameters
  std::map<std::string, std::string> receiver_kinds_;  // name -> Paddle class ("" ambiguous)
  std::map<std::string, std::optional<PaddleApi>> apis_;
  std::map<std::string, std::string> defaults_;
  TSNode root_{};
  std::map<std::string, std::string> inline_;  // single-use temporary -> its value's canonical form
  int fresh_ = 0;       // tuple temporaries named so far (`$0`, `$1`, ...)
  std::map<std::string, std::string> spread_;  // tuple temporaries passed on: first -> `*E`, rest -> ""
  TSNode keep_name_{};  // the target of a rebinding `t = F(t)`: t itself, not its inlined value
};

}  // namespace

bool semantic_tokens(std::string_view source, parse::PythonParser& parser, const kg::KnowledgeGraph* graph,
                     std::vector<ConformanceToken>* tokens) {
  Normaliser n(source, parser, graph);
  return n.run(tokens);
}

bool same_meaning(std::string_view a, std::string_view b, parse::PythonParser& parser,
                  const kg::KnowledgeGraph* graph) {
  std::vector<ConformanceToken> ta, tb;
  if (!semantic_tokens(a, parser, graph, &ta) || !semantic_tokens(b, parser, graph, &tb)) return false;
  return std::equal(ta.begin(), ta.end(), tb.begin(), tb.end(),
                    [](const auto& x, const auto& y) { return x.text == y.text; });
}

}  // namespace t2p::driver
