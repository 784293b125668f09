// driver: conformance check for development: converts the PyTorch side of every conversion
// example in PaddlePaddle's mapping docs and compares the result with the docs' Paddle side.
#include "driver/conformance.h"

#include <algorithm>
#include <cctype>
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

#include "driver/repo_runner.h"
#include "driver/source_converter.h"
#include "kg/api_record.h"
#include "parse/node_kinds.h"

namespace t2p::driver {
namespace fs = std::filesystem;

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

// Line `line` (1-based) of `text`, trimmed; empty when out of range.
std::string line_at(std::string_view text, uint32_t line) {
  uint32_t n = 1;
  size_t start = 0;
  while (n < line) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return "";
    start = nl + 1;
    ++n;
  }
  size_t end = text.find('\n', start);
  return std::string(trim(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
}

// The first line that is not blank and not a comment.
std::string first_code_line(std::string_view code) {
  size_t start = 0;
  while (start < code.size()) {
    size_t end = code.find('\n', start);
    if (end == std::string_view::npos) end = code.size();
    std::string_view l = trim(code.substr(start, end - start));
    if (!l.empty() && l.front() != '#') return std::string(l);
    start = end + 1;
  }
  return "";
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

// Names bound by the import statements of a snippet (`import a.b` -> a, `import a.b as c` -> c,
// `from m import x as y, z` -> y, z). Text based: the snippet need not parse.
std::set<std::string> imported_names(std::string_view code) {
  std::set<std::string> names;
  static const std::regex ident(R"([A-Za-z_][A-Za-z_0-9]*)");
  size_t start = 0;
  while (start < code.size()) {
    size_t end = code.find('\n', start);
    if (end == std::string_view::npos) end = code.size();
    std::string line(trim(code.substr(start, end - start)));
    start = end + 1;
    std::string list;
    if (line.rfind("import ", 0) == 0) {
      list = line.substr(7);
    } else if (line.rfind("from ", 0) == 0) {
      size_t imp = line.find(" import ");
      if (imp == std::string::npos) continue;
      list = line.substr(imp + 8);
    } else {
      continue;
    }
    list.erase(std::remove_if(list.begin(), list.end(), [](char c) { return c == '(' || c == ')'; }), list.end());
    std::stringstream parts(list);
    std::string part;
    while (std::getline(parts, part, ',')) {
      std::string p(trim(part));
      size_t as = p.find(" as ");
      std::string name = as == std::string::npos ? p.substr(0, p.find('.')) : std::string(trim(p.substr(as + 4)));
      std::smatch m;
      if (std::regex_search(name, m, ident)) names.insert(m.str());
    }
  }
  return names;
}

}  // namespace

const char* to_string(ExampleOutcome o) {
  switch (o) {
    case ExampleOutcome::kPass: return "pass";
    case ExampleOutcome::kDiffers: return "differs";
    case ExampleOutcome::kNotConverted: return "not_converted";
    case ExampleOutcome::kParseError: return "parse_error";
    case ExampleOutcome::kEngineError: return "engine_error";
  }
  return "?";
}

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
          TSNode name = ts_node_child_by_field_name(c, "name", 4);
          TSNode alias = ts_node_child_by_field_name(c, "alias", 5);
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
      TSNode module = ts_node_child_by_field_name(n, "module_name", 11);
      if (ts_node_is_null(module) || ts_node_symbol(module) != k_.dotted_name) return;  // relative
      std::string base = dotted(module);
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_eq(c, module)) continue;
        if (ts_node_symbol(c) == k_.aliased_import) {
          TSNode name = ts_node_child_by_field_name(c, "name", 4);
          TSNode alias = ts_node_child_by_field_name(c, "alias", 5);
          if (!ts_node_is_null(name) && !ts_node_is_null(alias)) aliases_[std::string(text(alias))] = base + "." + dotted(name);
        } else if (ts_node_symbol(c) == k_.dotted_name) {
          std::string d = dotted(c);
          aliases_[d] = base + "." + d;
        }
      }
      return;
    }
    if (s == k_.assignment || s == k_.augmented_assignment || s == k_.for_statement) {
      TSNode left = ts_node_child_by_field_name(n, "left", 4);
      if (!ts_node_is_null(left)) bind_target(left);
    } else if (s == k_.function_definition || s == k_.class_definition) {
      TSNode name = ts_node_child_by_field_name(n, "name", 4);
      if (!ts_node_is_null(name)) bound_.insert(std::string(text(name)));
    } else if (s == k_.parameters || s == k_.lambda_parameters) {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode p = ts_node_named_child(n, i);
        if (ts_node_symbol(p) == k_.identifier) {
          bound_.insert(std::string(text(p)));
        } else {
          TSNode name = ts_node_child_by_field_name(p, "name", 4);
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
    if (s == k_.identifier) return resolve(text(n));
    if (s == k_.attribute) {
      std::string obj = dotted_name(ts_node_child_by_field_name(n, "object", 6));
      if (obj.empty()) return "";
      return obj + "." + std::string(text(ts_node_child_by_field_name(n, "attribute", 9)));
    }
    return "";
  }
  // Whether the dotted name names a module rather than a value: rooted at an import or `paddle`.
  bool module_rooted(TSNode n) const {
    while (ts_node_symbol(n) == k_.attribute) n = ts_node_child_by_field_name(n, "object", 6);
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
      TSNode left = ts_node_child_by_field_name(n, "left", 4);
      TSNode right = ts_node_child_by_field_name(n, "right", 5);
      if (!ts_node_is_null(left) && !ts_node_is_null(right) && ts_node_symbol(left) == k_.identifier) {
        std::string kind;
        if (ts_node_symbol(right) == k_.call) {
          std::string callee = dotted_name(ts_node_child_by_field_name(right, "function", 8));
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
    for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
      TSNode c = ts_node_child(n, i);
      if (skipped(c) || !ts_node_is_named(c)) continue;
      statement(c, out);
    }
  }

  void statement(TSNode n, std::vector<ConformanceToken>* out) {
    uint32_t line = ts_node_start_point(n).row + 1;
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
      TSNode op = ts_node_child_by_field_name(n, "operator", 8);
      TSNode arg = ts_node_child_by_field_name(n, "argument", 8);
      if (ts_node_is_null(op) || ts_node_is_null(arg)) return std::nullopt;
      auto v = integer_value(arg);
      if (!v) return std::nullopt;
      std::string_view o = text(op);
      if (o == "-") return -*v;
      if (o == "+") return *v;
      return std::nullopt;
    }
    if (s == k_.binary_operator) {
      TSNode l = ts_node_child_by_field_name(n, "left", 4);
      TSNode r = ts_node_child_by_field_name(n, "right", 5);
      TSNode op = ts_node_child_by_field_name(n, "operator", 8);
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
    if (s == k_.identifier) return resolve(text(n));
    if (s == k_.attribute) {
      TSNode obj = ts_node_child_by_field_name(n, "object", 6);
      std::string attr(text(ts_node_child_by_field_name(n, "attribute", 9)));
      std::string o = expr(obj);
      if (o == "paddle" && dtype_names().count(attr)) return "\"" + attr + "\"";
      return o + "." + attr;
    }
    if (s == k_.list || s == k_.tuple || s == k_.pattern_list || s == k_.tuple_pattern || s == k_.list_pattern ||
        is(n, "expression_list")) {
      return sequence(n);
    }
    if (s == k_.call) return call(n);
    if (std::optional<long long> v = integer_value(n)) return std::to_string(*v);
    if (s == k_.keyword_argument) {
      TSNode name = ts_node_child_by_field_name(n, "name", 4);
      TSNode value = ts_node_child_by_field_name(n, "value", 5);
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
    TSNode fn = ts_node_child_by_field_name(n, "function", 8);
    TSNode arguments = ts_node_child_by_field_name(n, "arguments", 9);
    std::string callee;
    const PaddleApi* sig = nullptr;
    std::optional<std::string> self_arg;  // a Tensor method compared as its function
    if (ts_node_symbol(fn) == k_.attribute && !module_rooted(fn)) {
      // A method call: `x.cast(d)` is `x.astype(d)`.
      TSNode receiver = ts_node_child_by_field_name(fn, "object", 6);
      std::string method(text(ts_node_child_by_field_name(fn, "attribute", 9)));
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
        TSNode name = ts_node_child_by_field_name(a, "name", 4);
        TSNode value = ts_node_child_by_field_name(a, "value", 5);
        args.keywords.emplace_back(std::string(text(name)), expr(value));
      } else {
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

std::string torch_preamble(std::string_view torch_code, std::string_view api_id) {
  std::set<std::string> bound = imported_names(torch_code);
  std::string code(torch_code);
  auto used = [&](const std::string& name) {
    return std::regex_search(code, std::regex("(^|[^\\w.])" + name + "\\."));
  };
  std::string out;
  if (!bound.count("torch")) out += "import torch\n";
  if (!bound.count("nn") && used("nn")) out += "import torch.nn as nn\n";
  if (!bound.count("F") && used("F")) out += "import torch.nn.functional as F\n";
  std::vector<std::string> roots = {"torchvision", "transformers", "fairscale", "flash_attn"};
  std::string api_root(api_id.substr(0, api_id.find('.')));
  if (!api_root.empty() && std::find(roots.begin(), roots.end(), api_root) == roots.end() && api_root != "torch") {
    roots.push_back(api_root);
  }
  for (const auto& root : roots) {
    if (!bound.count(root) && used(root)) out += "import " + root + "\n";
  }
  // The doc's API called by its bare name (`PositiveDefiniteTransform()` in the doc of
  // torch.distributions.transforms.PositiveDefiniteTransform): import it from its module.
  size_t dot = api_id.rfind('.');
  if (dot != std::string_view::npos && dot > 0) {
    std::string module(api_id.substr(0, dot));
    std::string name(api_id.substr(dot + 1));
    bool method = module.size() >= 7 && module.compare(module.size() - 7, 7, ".Tensor") == 0;
    if (!method && !name.empty() && !bound.count(name) &&
        std::regex_search(code, std::regex("(^|[^\\w.])" + name + "\\s*\\("))) {
      out += "from " + module + " import " + name + "\n";
    }
  }
  return out;
}

ExampleResult check_example(const kg::DocExample& example, std::string_view api_id, const kg::KnowledgeGraph& graph,
                            const rules::ConvertOptions& options, parse::PythonParser& parser) {
  ExampleResult r;
  r.heading = example.heading;
  r.line = example.line;
  r.torch_code = example.torch_code;
  r.expected = example.paddle_code;
  std::string preamble = torch_preamble(example.torch_code, api_id);
  std::string source = preamble + example.torch_code;
  r.got = source;
  uint32_t preamble_lines = static_cast<uint32_t>(std::count(preamble.begin(), preamble.end(), '\n'));

  std::vector<ConformanceToken> expected, got;
  auto parse_failure = [&](const char* side, std::string_view text) {
    r.outcome = ExampleOutcome::kParseError;
    r.parse_side = side;
    parse::SyntaxTree t = parser.parse(text);
    if (auto e = parse::first_syntax_error(t, text)) {
      // Lines of the doc's snippet: the preamble does not count.
      uint32_t line = side == std::string_view("torch") && e->line > preamble_lines ? e->line - preamble_lines : e->line;
      r.error = "line " + std::to_string(line) + ": " + e->message;
    }
    return r;
  };
  std::vector<ConformanceToken> original;
  if (!comparable_tokens(source, parser, &original)) return parse_failure("torch", source);
  if (!semantic_tokens(example.paddle_code, parser, &graph, &expected)) return parse_failure("paddle", example.paddle_code);

  SourceResult conv = convert_source(source, graph, options, parser);
  if (conv.status == FileStatus::kFailed) {
    r.outcome = ExampleOutcome::kEngineError;
    if (conv.error) r.error = conv.error->message;
    return r;
  }
  r.got = conv.output;
  if (!semantic_tokens(r.got, parser, &graph, &got)) {
    r.outcome = ExampleOutcome::kEngineError;
    r.error = "converted output does not parse";
    return r;
  }
  size_t i = 0;
  while (i < expected.size() && i < got.size() && expected[i].text == got[i].text) ++i;
  if (i == expected.size() && i == got.size()) {
    r.outcome = ExampleOutcome::kPass;
    return r;
  }
  if (i < expected.size()) r.expected_line = line_at(r.expected, expected[i].line);
  if (i < got.size()) r.got_line = line_at(r.got, got[i].line);

  for (const auto& u : conv.uses) {
    if (u.status == rules::UseStatus::kConverted) continue;
    r.left.push_back(u.torch_api + ": " + rules::to_string(u.status) + (u.reason.empty() ? "" : " (" + u.reason + ")"));
  }
  std::vector<ConformanceToken> got_text;
  comparable_tokens(r.got, parser, &got_text);
  bool torch_left = std::any_of(got_text.begin(), got_text.end(), [](const ConformanceToken& t) {
    return t.text == "torch" || t.text == "torchvision";
  });
  bool unchanged = std::equal(got_text.begin(), got_text.end(), original.begin(), original.end(),
                              [](const auto& a, const auto& b) { return a.text == b.text; });
  if (unchanged && r.left.empty()) r.left.push_back("nothing converted (no PyTorch use recognised)");
  if (torch_left && r.left.empty()) r.left.push_back("`torch` still referenced");
  r.outcome = r.left.empty() ? ExampleOutcome::kDiffers : ExampleOutcome::kNotConverted;
  return r;
}

std::vector<ExampleResult> check_doc(std::string_view text, const std::string& doc,
                                     const kg::KnowledgeGraph& graph,
                                     const rules::ConvertOptions& options, parse::PythonParser& parser) {
  std::vector<ExampleResult> out;
  std::vector<kg::DocExample> examples = kg::parse_doc_examples(text);
  if (examples.empty()) return out;
  // Only API docs count: the format guide (pytorch_api_mapping_format_cn.md) has template examples.
  std::string error;
  auto page = kg::parse_doc_page(text, error);
  if (!page) return out;
  const std::string& category = page->title.category;
  const std::string& torch_id = page->title.torch_id;
  for (const auto& ex : examples) {
    ExampleResult r = check_example(ex, torch_id, graph, options, parser);
    r.doc = doc;
    r.pair = static_cast<uint32_t>(out.size());
    r.category = category;
    r.torch_id = torch_id;
    out.push_back(std::move(r));
  }
  return out;
}

ConformanceReport run_conformance(const fs::path& docs_root, const kg::KnowledgeGraph& graph,
                                  const rules::ConvertOptions& options) {
  ConformanceReport report;
  std::vector<std::pair<std::string, fs::path>> docs;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(docs_root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".md") {
      docs.emplace_back(it->path().lexically_relative(docs_root).generic_string(), it->path());
    }
  }
  if (ec) report.problems.push_back(docs_root.string() + ": " + ec.message());
  std::sort(docs.begin(), docs.end());
  parse::PythonParser parser;
  for (const auto& [rel, path] : docs) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      report.problems.push_back(rel + ": cannot read");
      continue;
    }
    std::stringstream buf;
    buf << in.rdbuf();
    ++report.docs_read;
    std::vector<ExampleResult> rs = check_doc(buf.str(), rel, graph, options, parser);
    if (!rs.empty()) ++report.docs_with_examples;
    for (auto& r : rs) report.results.push_back(std::move(r));
  }
  return report;
}

bool load_known_doc_errors(const fs::path& path, std::vector<KnownDocError>* entries, std::string* error) {
  entries->clear();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path.string() + ": cannot read";
    return false;
  }
  std::string line;
  uint32_t n = 0;
  std::set<std::pair<std::string, uint32_t>> seen;
  while (std::getline(in, line)) {
    ++n;
    std::string_view l = trim(line);
    if (l.empty() || l.rfind("//", 0) == 0) continue;
    auto fail = [&](const std::string& why) {
      *error = path.string() + ":" + std::to_string(n) + ": " + why;
      return false;
    };
    auto j = nlohmann::json::parse(l, nullptr, false);
    if (!j.is_object()) return fail("not a JSON object");
    auto doc = j.find("doc");
    auto pair = j.find("pair");
    auto reason = j.find("reason");
    if (doc == j.end() || !doc->is_string() || doc->get<std::string>().empty()) return fail("`doc` must be a non-empty string");
    if (pair == j.end() || !pair->is_number_unsigned()) return fail("`pair` must be a non-negative integer");
    if (reason == j.end() || !reason->is_string() || reason->get<std::string>().empty()) return fail("`reason` must be a non-empty string");
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it.key() != "doc" && it.key() != "pair" && it.key() != "reason") return fail("unknown field `" + it.key() + "`");
    }
    KnownDocError e{doc->get<std::string>(), pair->get<uint32_t>(), reason->get<std::string>()};
    if (!seen.emplace(e.doc, e.pair).second) return fail("duplicate entry for " + e.doc + " pair " + std::to_string(e.pair));
    entries->push_back(std::move(e));
  }
  return true;
}

void apply_known_doc_errors(ConformanceReport& report, const std::vector<KnownDocError>& entries) {
  std::map<std::pair<std::string, uint32_t>, ExampleResult*> by_key;
  for (auto& r : report.results) by_key[{r.doc, r.pair}] = &r;
  for (const auto& e : entries) {
    std::string name = e.doc + " pair " + std::to_string(e.pair);
    auto it = by_key.find({e.doc, e.pair});
    if (it == by_key.end()) {
      report.stale_known_errors.push_back(name + ": no such pair");
      continue;
    }
    ExampleResult& r = *it->second;
    if (r.outcome == ExampleOutcome::kPass) {
      report.stale_known_errors.push_back(name + ": passes");
      continue;
    }
    r.docs_error = true;
    r.docs_error_reason = e.reason;
  }
}

namespace {

constexpr int kOutcomes = 5;

struct Tally {
  uint32_t total = 0;
  uint32_t docs_errors = 0;
  uint32_t by_outcome[kOutcomes] = {0, 0, 0, 0, 0};  // pairs that are not docs errors
  void add(const ExampleResult& r) {
    ++total;
    if (r.docs_error) {
      ++docs_errors;
      return;
    }
    ++by_outcome[static_cast<int>(r.outcome)];
  }
  uint32_t pass() const { return by_outcome[0]; }
  uint32_t checked() const { return total - docs_errors; }
  double rate() const { return total ? 100.0 * pass() / total : 0.0; }
  double rate_excluding() const { return checked() ? 100.0 * pass() / checked() : 0.0; }
};

std::map<std::string, Tally> per_category(const ConformanceReport& report) {
  std::map<std::string, Tally> m;
  for (const auto& r : report.results) m[r.category].add(r);
  return m;
}

std::string clip(std::string s, size_t n = 110) {
  if (s.size() > n) {
    size_t cut = n;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
    s = s.substr(0, cut) + "...";
  }
  return s;
}

void print_failure(std::ostream& out, const ExampleResult& r) {
  out << "  " << r.doc << ":" << r.line << " #" << r.pair;
  if (!r.heading.empty()) out << " (" << clip(r.heading, 60) << ")";
  out << "\n    torch:    " << clip(first_code_line(r.torch_code)) << "\n";
  if (r.docs_error) out << "    docs:     " << r.docs_error_reason << "\n";
  switch (r.outcome) {
    case ExampleOutcome::kParseError:
      out << "    " << r.parse_side << " side does not parse: " << r.error << "\n";
      break;
    case ExampleOutcome::kEngineError:
      out << "    error:    " << r.error << "\n";
      break;
    default:
      out << "    expected: " << (r.expected_line.empty() ? "(end)" : clip(r.expected_line)) << "\n";
      out << "    got:      " << (r.got_line.empty() ? "(end)" : clip(r.got_line)) << "\n";
      for (const auto& l : r.left) out << "    left:     " << clip(l) << "\n";
  }
}

}  // namespace

void print_conformance(std::ostream& out, const ConformanceReport& report, size_t show) {
  Tally all;
  uint32_t torch_side = 0;
  for (const auto& r : report.results) {
    all.add(r);
    torch_side += !r.docs_error && r.outcome == ExampleOutcome::kParseError && r.parse_side == "torch";
  }
  out << std::fixed << std::setprecision(1);
  out << "conformance: " << all.total << " example pairs in " << report.docs_with_examples << " docs ("
      << report.docs_read << " docs read), compared by meaning\n";
  out << "  pass            " << std::setw(5) << all.pass() << "  " << all.rate() << "% of all pairs, "
      << all.rate_excluding() << "% of the " << all.checked() << " pairs that are not docs errors\n";
  out << "  differs         " << std::setw(5) << all.by_outcome[1] << "  (converted, but not as the docs)\n";
  out << "  not converted   " << std::setw(5) << all.by_outcome[2] << "  (unsupported / needs review / torch left)\n";
  out << "  parse error     " << std::setw(5) << all.by_outcome[3] << "  (PyTorch side " << torch_side
      << ", Paddle side " << all.by_outcome[3] - torch_side << ")\n";
  out << "  engine error    " << std::setw(5) << all.by_outcome[4] << "\n";
  out << "  docs error      " << std::setw(5) << all.docs_errors << "  (known wrong pairs, "
      << (report.known_errors_file.empty() ? std::string("no known-errors file") : report.known_errors_file) << ")\n";
  for (const auto& p : report.problems) out << "  problem: " << p << "\n";
  for (const auto& s : report.stale_known_errors) out << "  stale known-error entry: " << s << "\n";

  auto cats = per_category(report);
  std::vector<std::pair<std::string, Tally>> sorted(cats.begin(), cats.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.total > b.second.total; });
  out << "per category (pairs, pass rate, pass rate without docs errors; differs / not converted / "
         "parse error / engine error / docs error):\n";
  for (const auto& [cat, t] : sorted) {
    out << "  " << std::left << std::setw(18) << cat << std::right << std::setw(5) << t.total << "  "
        << std::setw(5) << t.rate() << "%  " << std::setw(5) << t.rate_excluding() << "%   " << t.by_outcome[1]
        << " / " << t.by_outcome[2] << " / " << t.by_outcome[3] << " / " << t.by_outcome[4] << " / "
        << t.docs_errors << "\n";
  }

  if (show == 0) return;
  struct Group {
    const char* title;
    std::function<bool(const ExampleResult&)> member;
  };
  const Group groups[] = {
      {"differs", [](const ExampleResult& r) { return !r.docs_error && r.outcome == ExampleOutcome::kDiffers; }},
      {"not converted", [](const ExampleResult& r) { return !r.docs_error && r.outcome == ExampleOutcome::kNotConverted; }},
      {"parse error", [](const ExampleResult& r) { return !r.docs_error && r.outcome == ExampleOutcome::kParseError; }},
      {"engine error", [](const ExampleResult& r) { return !r.docs_error && r.outcome == ExampleOutcome::kEngineError; }},
      {"docs error", [](const ExampleResult& r) { return r.docs_error; }},
  };
  for (const auto& g : groups) {
    size_t count = std::count_if(report.results.begin(), report.results.end(), g.member);
    if (count == 0) continue;
    out << g.title << ": " << count << " pairs" << (count > show ? ", first " + std::to_string(show) : std::string())
        << ":\n";
    size_t shown = 0;
    for (const auto& r : report.results) {
      if (shown >= show) break;
      if (!g.member(r)) continue;
      ++shown;
      print_failure(out, r);
    }
  }
}

std::string conformance_json(const ConformanceReport& report) {
  using nlohmann::ordered_json;
  ordered_json j;
  Tally all;
  for (const auto& r : report.results) all.add(r);
  auto tally_json = [](const Tally& t) {
    ordered_json o;
    o["pairs"] = t.total;
    o["pass"] = t.pass();
    o["pass_rate"] = t.total ? static_cast<double>(t.pass()) / t.total : 0.0;
    o["docs_errors"] = t.docs_errors;
    o["pass_rate_excluding_docs_errors"] = t.checked() ? static_cast<double>(t.pass()) / t.checked() : 0.0;
    o["differs"] = t.by_outcome[1];
    o["not_converted"] = t.by_outcome[2];
    o["parse_error"] = t.by_outcome[3];
    o["engine_error"] = t.by_outcome[4];
    return o;
  };
  j["docs_read"] = report.docs_read;
  j["docs_with_examples"] = report.docs_with_examples;
  j["known_errors_file"] = report.known_errors_file;
  j["summary"] = tally_json(all);
  ordered_json cats = ordered_json::object();
  for (const auto& [cat, t] : per_category(report)) cats[cat] = tally_json(t);
  j["per_category"] = cats;
  j["problems"] = report.problems;
  j["stale_known_errors"] = report.stale_known_errors;
  ordered_json results = ordered_json::array();
  for (const auto& r : report.results) {
    ordered_json o;
    o["doc"] = r.doc;
    o["pair"] = r.pair;
    o["line"] = r.line;
    o["category"] = r.category;
    o["torch_id"] = r.torch_id;
    o["heading"] = r.heading;
    o["outcome"] = to_string(r.outcome);
    if (r.docs_error) {
      o["docs_error"] = true;
      o["docs_error_reason"] = r.docs_error_reason;
    }
    o["torch"] = r.torch_code;
    o["expected"] = r.expected;
    o["got"] = r.got;
    if (!r.parse_side.empty()) o["parse_side"] = r.parse_side;
    if (!r.error.empty()) o["error"] = r.error;
    if (r.outcome == ExampleOutcome::kDiffers || r.outcome == ExampleOutcome::kNotConverted) {
      o["expected_line"] = r.expected_line;
      o["got_line"] = r.got_line;
    }
    if (!r.left.empty()) o["left"] = r.left;
    results.push_back(std::move(o));
  }
  j["results"] = results;
  return j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

int conformance_command(const fs::path& docs_root, const kg::KnowledgeGraph& graph, size_t show,
                        const std::string& json_path, std::ostream& out, const std::string& known_errors_path) {
  std::vector<KnownDocError> known;
  std::string known_file = known_errors_path;
  if (known_file.empty()) {
    std::error_code ec;
    if (fs::is_regular_file(kDefaultKnownErrorsPath, ec)) known_file = kDefaultKnownErrorsPath;
  } else if (known_file == "none") {
    known_file.clear();
  }
  if (!known_file.empty()) {
    std::string error;
    if (!load_known_doc_errors(known_file, &known, &error)) {
      out << "torch2paddle: " << error << "\n";
      return 1;
    }
  }
  ConformanceReport report = run_conformance(docs_root, graph, rules::ConvertOptions{});
  report.known_errors_file = known_file;
  apply_known_doc_errors(report, known);
  print_conformance(out, report, show);
  if (!json_path.empty()) {
    std::string e = write_file_atomic(json_path, conformance_json(report),
                                      fs::perms::owner_read | fs::perms::owner_write |
                                          fs::perms::group_read | fs::perms::others_read);
    if (!e.empty()) {
      out << "torch2paddle: " << e << "\n";
      return 1;
    }
  }
  return report.docs_read > 0 ? 0 : 1;
}

}  // namespace t2p::driver
