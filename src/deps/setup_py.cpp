// deps: setup.py. The tree-sitter Python parser finds the string literals of the keyword
// arguments `install_requires=`, `extras_require=`, `setup_requires=` and `tests_require=` of a
// call (a list or tuple, a sum of them, a dict of them, or a module-level name bound to one), and the
// requirement inside each literal is converted in place. Everything else is the Python
// converter's job (the runner converts the file as Python afterwards).
#include <cstring>
#include <map>
#include <set>

#include "deps/dependency_file.h"
#include "parse/tree_arena.h"

namespace t2p::deps {
namespace {

bool is(TSNode n, const char* type) { return std::strcmp(ts_node_type(n), type) == 0; }

TSNode field(TSNode n, const char* name) {
  return ts_node_child_by_field_name(n, name, static_cast<uint32_t>(std::strlen(name)));
}

class SetupPy {
 public:
  SetupPy(std::string_view text, const DependencyTable& table, std::vector<Change>* out)
      : text_(text), table_(table), out_(out) {}

  void run(TSNode root) {
    // Module-level `NAME = [...]`: what `install_requires=NAME` may refer to.
    for (uint32_t i = 0; i < ts_node_named_child_count(root); ++i) {
      TSNode stmt = ts_node_named_child(root, i);
      if (!is(stmt, "expression_statement") || ts_node_named_child_count(stmt) == 0) continue;
      TSNode assign = ts_node_named_child(stmt, 0);
      if (!is(assign, "assignment")) continue;
      TSNode left = field(assign, "left"), right = field(assign, "right");
      if (!ts_node_is_null(left) && !ts_node_is_null(right) && is(left, "identifier")) {
        assigned_[std::string(parse::node_text(left, text_))].push_back(right);
      }
    }
    std::vector<TSNode> stack{root};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (is(n, "keyword_argument")) keyword(n);
      for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) stack.push_back(ts_node_named_child(n, i));
    }
  }

 private:
  void keyword(TSNode kw) {
    TSNode name = field(kw, "name"), value = field(kw, "value");
    if (ts_node_is_null(name) || ts_node_is_null(value)) return;
    std::string_view n = parse::node_text(name, text_);
    if (n == "install_requires" || n == "setup_requires" || n == "tests_require") list(value, 0);
    if (n == "extras_require") extras(value, 0);
  }

  // A list or tuple of requirement strings (or a name bound to one).
  void list(TSNode value, int depth) {
    if (is(value, "identifier") && depth == 0) {
      auto it = assigned_.find(std::string(parse::node_text(value, text_)));
      if (it == assigned_.end()) return;
      for (TSNode v : it->second) {
        if (is(v, "dictionary")) extras(v, 1);
        else list(v, 1);
      }
      return;
    }
    if (is(value, "binary_operator")) {  // BASE + ["torch>=2.0"]
      TSNode l = field(value, "left"), r = field(value, "right");
      if (!ts_node_is_null(l)) list(l, depth);
      if (!ts_node_is_null(r)) list(r, depth);
      return;
    }
    if (!is(value, "list") && !is(value, "tuple")) return;
    for (uint32_t i = 0; i < ts_node_named_child_count(value); ++i) {
      TSNode item = ts_node_named_child(value, i);
      if (is(item, "string")) literal(item);
    }
  }

  void extras(TSNode value, int depth) {
    if (is(value, "identifier") && depth == 0) {
      auto it = assigned_.find(std::string(parse::node_text(value, text_)));
      if (it == assigned_.end()) return;
      for (TSNode v : it->second) extras(v, 1);
      return;
    }
    if (!is(value, "dictionary")) return;
    for (uint32_t i = 0; i < ts_node_named_child_count(value); ++i) {
      TSNode pair = ts_node_named_child(value, i);
      if (!is(pair, "pair")) continue;
      TSNode v = field(pair, "value");
      if (ts_node_is_null(v)) continue;
      if (is(v, "string")) literal(v);  // extras_require={"gpu": "torch"}
      else list(v, 1);
    }
  }

  // One string literal: plain (no f/b prefix, no escapes, one piece) -> its requirement converted.
  void literal(TSNode s) {
    uint32_t b = ts_node_start_byte(s), e = ts_node_end_byte(s);
    if (!seen_.insert(b).second) return;  // a list reached twice through a name
    std::string_view t = text_.substr(b, e - b);
    size_t q = t.find_first_of("\"'");
    if (q == std::string_view::npos) return;
    std::string_view prefix = t.substr(0, q);
    bool raw = prefix.find_first_of("rR") != std::string_view::npos;
    bool plain = prefix.find_first_not_of("rRuU") == std::string_view::npos;
    size_t quote = t.substr(q, 3) == "\"\"\"" || t.substr(q, 3) == "'''" ? 3 : 1;
    if (t.size() < q + 2 * quote) return;
    size_t cb = q + quote, ce = t.size() - quote;
    std::string_view content = t.substr(cb, ce - cb);
    auto name = leading_name(content);
    const PackageRule* rule = name ? table_.package(content.substr(name->first, name->second - name->first)) : nullptr;
    if (!rule) return;
    if (!plain || (!raw && content.find('\\') != std::string_view::npos) || quote == 3) {
      Change c;
      c.begin = c.end = b;
      c.package = std::string(content.substr(name->first, name->second - name->first));
      c.status = rules::UseStatus::kUnsupported;
      c.reason = "written as an f-string, bytes, escaped or multi-line string: convert it by hand";
      out_->push_back(std::move(c));
      return;
    }
    auto c = convert_requirement(content, table_, FileContext{});
    if (!c) return;
    c->begin += b + static_cast<uint32_t>(cb);
    c->end += b + static_cast<uint32_t>(cb);
    out_->push_back(std::move(*c));
  }

  std::string_view text_;
  const DependencyTable& table_;
  std::vector<Change>* out_;
  std::map<std::string, std::vector<TSNode>> assigned_;
  std::set<uint32_t> seen_;
};

}  // namespace

bool setup_py_changes(std::string_view text, const DependencyTable& table, parse::PythonParser& parser,
                      std::vector<Change>* out, base::Diagnostic* error) {
  parse::TreeArena::Scope memory(parser.arena());
  parse::SyntaxTree tree = parser.parse(text);
  if (!tree.valid()) {
    *error = base::Diagnostic{base::Severity::kError, 0, 0, "internal-error", "the parser gave up on setup.py"};
    return false;
  }
  if (auto e = parse::first_syntax_error(tree, text)) {
    *error = *e;
    return false;
  }
  SetupPy(text, table, out).run(tree.root());
  return true;
}

}  // namespace t2p::deps
