#include "cxx/cpp_converter.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "cxx/pd_op_builder.h"
#include "rewrite/apply_edits.h"

namespace t2p::cxx {
namespace {

using rules::ApiUse;
using rules::Applicability;
using rules::UseStatus;

constexpr std::string_view kTodo = "// TODO(torch2paddle): ";

bool is_torch_root(std::string_view root) { return root == "torch" || root == "at" || root == "c10"; }
bool is_torch_macro_name(std::string_view id) {
  return id.starts_with("TORCH_") || id.starts_with("AT_") || id.starts_with("C10_");
}
bool is_torch_header(std::string_view path) {
  for (const char* root : {"torch/", "ATen/", "c10/", "THC/", "caffe2/"}) {
    if (path.starts_with(root)) return true;
  }
  return false;
}
bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
std::string without_spaces(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out += c;
  }
  return out;
}
bool is_kind(TSNode n, const char* kind) { return !ts_node_is_null(n) && std::strcmp(ts_node_type(n), kind) == 0; }
TSNode field(TSNode n, const char* name) { return ts_node_child_by_field_name(n, name, static_cast<uint32_t>(std::strlen(name))); }

// The statements and declarations a TODO line goes above (the nearest one starting its line).
bool statement_like(TSNode n) {
  std::string_view k = ts_node_type(n);
  return k.ends_with("_statement") || k.ends_with("declaration") || k == "function_definition" ||
         k == "field_declaration" || k == "template_declaration";
}
// Directives end at the end of their (continued) line: a TODO goes above the whole directive.
bool directive(TSNode n) {
  std::string_view k = ts_node_type(n);
  return k == "preproc_def" || k == "preproc_function_def" || k == "preproc_include" || k == "preproc_call";
}

struct FunctionInfo {
  uint32_t begin = 0, end = 0;
  std::set<std::string, std::less<>> tensors;  // names of tensor parameters and locals
  std::string first_tensor_param;
};

class Converter {
 public:
  Converter(std::string_view src, const CppFacts& facts) : src_(src), facts_(facts) {
    for (const auto& [name, f] : facts.names) {
      if (f.kind == "name" && f.tensor) tensor_types_.push_back(name);
    }
  }

  void run(TSNode root) {
    collect_includes(root);
    collect_functions(root);
    collect_body_renames(root);
    walk(root);
  }

  // The edits in apply order, with the TODO lines; the uses with their fixes.
  void finish(CppResult* r);

 private:
  std::string_view text(TSNode n) const { return src_.substr(ts_node_start_byte(n), ts_node_end_byte(n) - ts_node_start_byte(n)); }

  // ---- uses, edits, TODOs --------------------------------------------------------------------
  uint32_t add_use(uint32_t begin, uint32_t end, std::string torch, std::string paddle, UseStatus status,
                   std::string reason, uint32_t anchor) {
    ApiUse u;
    u.offset = begin;
    u.end = end;
    u.torch_api = std::move(torch);
    u.paddle_api = std::move(paddle);
    u.status = status;
    u.rule = "cpp:" + u.torch_api;
    u.reason = std::move(reason);
    uses_.push_back(std::move(u));
    anchors_.push_back(anchor);
    dropped_.push_back(false);
    return static_cast<uint32_t>(uses_.size() - 1);
  }
  void unsupported(TSNode at, std::string torch, std::string reason) {
    add_use(ts_node_start_byte(at), ts_node_end_byte(at), std::move(torch), "", UseStatus::kUnsupported,
            std::move(reason), anchor_of(at));
  }
  void review(TSNode at, std::string torch, std::string reason) {
    add_use(ts_node_start_byte(at), ts_node_end_byte(at), std::move(torch), "", UseStatus::kNeedsReview,
            std::move(reason), anchor_of(at));
  }
  uint32_t converted(TSNode at, std::string torch, std::string paddle) {
    uint32_t u = add_use(ts_node_start_byte(at), ts_node_end_byte(at), std::move(torch), std::move(paddle),
                         UseStatus::kConverted, "", UINT32_MAX);
    uses_[u].applicability = Applicability::kSafe;
    return u;
  }

  // The offset of the start of the line a TODO about `n` goes above.
  uint32_t anchor_of(TSNode n) const {
    TSNode anchor = n, outer_directive = {};
    bool found = false;
    for (TSNode p = n; !ts_node_is_null(p); p = ts_node_parent(p)) {
      if (directive(p)) outer_directive = p;
      if (!found && statement_like(p) && starts_line(ts_node_start_byte(p))) {
        anchor = p;
        found = true;
      }
    }
    if (!ts_node_is_null(outer_directive)) anchor = outer_directive;
    return line_start(ts_node_start_byte(anchor));
  }
  uint32_t line_start(uint32_t at) const {
    while (at > 0 && src_[at - 1] != '\n') --at;
    return at;
  }
  bool starts_line(uint32_t at) const {
    for (uint32_t p = line_start(at); p < at; ++p) {
      if (src_[p] != ' ' && src_[p] != '\t') return false;
    }
    return true;
  }

  // Adds the edit [begin, end) -> text for use `owner`. Edits inside it are folded (their text
  // must already be in `text`: render() wrote it) and their uses join its fix. A partial overlap
  // is a bug of ours: the edit is refused.
  bool add_edit(uint32_t begin, uint32_t end, std::string t, uint32_t owner) {
    for (const auto& e : edits_) {
      const bool inside = e.begin >= begin && e.end <= end && begin < end;
      const bool disjoint = e.end <= begin || e.begin >= end;
      if (!inside && !disjoint) return false;
    }
    std::erase_if(edits_, [&](const base::Edit& e) {
      if (e.begin >= begin && e.end <= end && begin < end) {
        merged_into_[e.owner] = owner;
        return true;
      }
      return false;
    });
    base::Edit e;
    e.begin = begin;
    e.end = end;
    e.text = std::move(t);
    e.owner = owner;
    edits_.push_back(std::move(e));
    return true;
  }
  // The converted text of [begin, end): the source with the edits inside applied.
  std::string render(uint32_t begin, uint32_t end) const {
    std::vector<const base::Edit*> inside;
    for (const auto& e : edits_) {
      if (e.begin >= begin && e.end <= end) inside.push_back(&e);
    }
    std::sort(inside.begin(), inside.end(), [](auto* a, auto* b) { return a->begin < b->begin; });
    std::string out;
    uint32_t cursor = begin;
    for (const auto* e : inside) {
      out.append(src_.substr(cursor, e->begin - cursor));
      out += e->text;
      cursor = e->end;
    }
    out.append(src_.substr(cursor, end - cursor));
    return out;
  }
  std::string render(TSNode n) const { return render(ts_node_start_byte(n), ts_node_end_byte(n)); }

  // Whether the file includes a torch header (anywhere, #if branches too): unknown TORCH_/AT_/C10_
  // names and tensor-only methods on unknown receivers are reported only then.
  void collect_includes(TSNode root) {
    std::vector<TSNode> stack{root};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (is_kind(n, "preproc_include")) {
        std::string_view p = text(field(n, "path"));
        if (p.size() >= 2 && (is_torch_header(p.substr(1, p.size() - 2)) || facts_.include(p.substr(1, p.size() - 2)))) {
          includes_torch_ = true;
        }
        continue;
      }
      std::string_view k = ts_node_type(n);
      if (k == "translation_unit" || k.starts_with("preproc_if") || k.starts_with("preproc_else") ||
          k == "preproc_elif" || k == "linkage_specification" || k == "declaration_list" || k == "namespace_definition") {
        for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) stack.push_back(ts_node_named_child(n, i));
      }
    }
  }

  // ---- functions: tensor names and signatures --------------------------------------------------
  bool tensor_type(std::string_view type_text) const {
    std::string t = without_spaces(type_text);
    for (const char* q : {"const", "&"}) {
      for (size_t p; (p = t.find(q)) != std::string::npos;) t.erase(p, std::strlen(q));
    }
    return std::find(tensor_types_.begin(), tensor_types_.end(), t) != tensor_types_.end();
  }
  // The identifier a declarator declares (through references, pointers, initialisers).
  std::string declared_name(TSNode d) const {
    while (!ts_node_is_null(d)) {
      std::string_view k = ts_node_type(d);
      if (k == "identifier" || k == "field_identifier") return std::string(text(d));
      if (k == "qualified_identifier") return std::string(text(d));
      TSNode inner = field(d, "declarator");
      if (ts_node_is_null(inner)) {
        // reference_declarator has no field for its declarator: its last named child
        uint32_t n = ts_node_named_child_count(d);
        if (n == 0) return {};
        inner = ts_node_named_child(d, n - 1);
      }
      d = inner;
    }
    return {};
  }
  void collect_functions(TSNode root) {
    std::vector<TSNode> stack{root};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      std::string_view k = ts_node_type(n);
      if (k == "function_definition" || k == "declaration") note_signature(n);
      if (k == "function_definition") {
        FunctionInfo f;
        f.begin = ts_node_start_byte(n);
        f.end = ts_node_end_byte(n);
        collect_tensors(n, &f);
        functions_.push_back(std::move(f));
      }
      for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) stack.push_back(ts_node_named_child(n, i));
    }
  }
  void collect_tensors(TSNode fn, FunctionInfo* f) {
    std::vector<TSNode> stack{fn};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      std::string_view k = ts_node_type(n);
      if (k == "parameter_declaration" || k == "optional_parameter_declaration") {
        TSNode type = field(n, "type");
        if (!ts_node_is_null(type) && tensor_type(text(type))) {
          // the type field leaves out `const`: the whole declaration minus the declarator
          std::string name = declared_name(field(n, "declarator"));
          if (!name.empty()) {
            f->tensors.insert(name);
            if (f->first_tensor_param.empty()) f->first_tensor_param = name;
          }
        }
      } else if (k == "declaration") {
        TSNode type = field(n, "type");
        const bool is_tensor = !ts_node_is_null(type) && tensor_type(text(type));
        const bool is_auto = !ts_node_is_null(type) && text(type) == "auto";
        for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
          TSNode d = ts_node_named_child(n, i);
          if (!ts_node_eq(field(n, "declarator"), d) && !is_kind(d, "init_declarator") && !is_kind(d, "identifier")) continue;
          if (ts_node_eq(d, type)) continue;
          bool tensor = is_tensor;
          if (is_auto && is_kind(d, "init_declarator")) tensor = returns_tensor(field(d, "value"), *f);
          if (tensor) f->tensors.insert(declared_name(d));
        }
      }
      for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) stack.push_back(ts_node_named_child(n, i));
    }
  }
  // A call of a fact that makes a tensor (torch::empty_like(x), ...).
  bool returns_tensor(TSNode value, const FunctionInfo&) const {
    if (!is_kind(value, "call_expression")) return false;
    TSNode fn = field(value, "function");
    if (!is_kind(fn, "qualified_identifier")) return false;
    const CppFact* f = facts_.name(without_spaces(text(fn)));
    return f && f->tensor;
  }
  void note_signature(TSNode n) {
    TSNode d = field(n, "declarator");
    if (!is_kind(d, "function_declarator")) return;  // a reference or pointer return: not an operator
    OpSignature sig;
    sig.name = declared_name(field(d, "declarator"));
    TSNode type = field(n, "type");
    if (sig.name.empty() || ts_node_is_null(type)) return;
    sig.return_type = std::string(text(type));
    TSNode params = field(d, "parameters");
    for (uint32_t i = 0; i < ts_node_named_child_count(params); ++i) {
      TSNode p = ts_node_named_child(params, i);
      if (!is_kind(p, "parameter_declaration") && !is_kind(p, "optional_parameter_declaration")) continue;
      TSNode pd = field(p, "declarator");
      OpParam op;
      op.name = declared_name(pd);
      // The type as written: from the declaration's start to its declarator's name (qualifiers,
      // reference marks included).
      uint32_t type_end = ts_node_is_null(pd) ? ts_node_end_byte(p) : ts_node_start_byte(pd);
      op.type = std::string(src_.substr(ts_node_start_byte(p), type_end - ts_node_start_byte(p)));
      if (is_kind(pd, "reference_declarator")) op.type += "&";
      sig.params.push_back(std::move(op));
    }
    signatures_[sig.name] = std::move(sig);
  }
  const FunctionInfo* function_at(uint32_t offset) const {
    const FunctionInfo* best = nullptr;
    for (const auto& f : functions_) {
      if (offset >= f.begin && offset < f.end && (!best || f.begin >= best->begin)) best = &f;
    }
    return best;
  }
  bool is_tensor_expr(TSNode n) const {
    if (is_kind(n, "parenthesized_expression") && ts_node_named_child_count(n) == 1) return is_tensor_expr(ts_node_named_child(n, 0));
    if (is_kind(n, "identifier")) {
      const FunctionInfo* f = function_at(ts_node_start_byte(n));
      return f && f->tensors.count(text(n));
    }
    if (is_kind(n, "call_expression")) {
      TSNode fn = field(n, "function");
      if (is_kind(fn, "field_expression")) {
        std::string_view m = text(field(fn, "field"));
        // methods that return the tensor itself or a copy of it
        if ((m == "contiguous" || m == "clone") && is_tensor_expr(field(fn, "argument"))) return true;
      }
      if (is_kind(fn, "qualified_identifier")) {
        const CppFact* f = facts_.name(without_spaces(text(fn)));
        return f && f->tensor;
      }
    }
    return false;
  }

  // The identifiers a converted macro renames in its arguments (`scalar_t` -> `data_t` in
  // PD_DISPATCH_*), found before the walk: the walk then renames each where it stands, before the
  // calls around it (`x.data_ptr<scalar_t>()`) render their text, and the renames join the
  // macro's fix.
  void collect_body_renames(TSNode root) {
    std::vector<TSNode> stack{root};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) stack.push_back(ts_node_named_child(n, i));
      if (!is_kind(n, "call_expression")) continue;
      TSNode fn = field(n, "function");
      if (!is_kind(fn, "identifier")) continue;
      const CppFact* f = facts_.name(text(fn));
      if (!f || f->kind != "macro" || f->body_renames.empty() || f->paddle.empty() || !f->unsupported.empty()) continue;
      uint32_t u = converted(fn, f->torch, f->paddle);
      macro_use_[ts_node_start_byte(n)] = u;
      std::vector<TSNode> inner{field(n, "arguments")};
      while (!inner.empty()) {
        TSNode c = inner.back();
        inner.pop_back();
        if (is_kind(c, "identifier") || is_kind(c, "type_identifier")) {
          if (auto it = f->body_renames.find(std::string(text(c))); it != f->body_renames.end()) {
            renames_[ts_node_start_byte(c)] = {it->second, u};
          }
        }
        for (uint32_t i = 0; i < ts_node_named_child_count(c); ++i) inner.push_back(ts_node_named_child(c, i));
      }
    }
  }

  // ---- the walk ------------------------------------------------------------------------------
  void walk(TSNode root) {
    // Post-order: the inner conversions first, so an outer template renders their text.
    struct Item {
      TSNode node;
      bool children_done;
    };
    std::vector<Item> stack{{root, false}};
    while (!stack.empty()) {
      Item it = stack.back();
      stack.pop_back();
      if (it.children_done) {
        visit(it.node);
        continue;
      }
      if (is_pybind_module(it.node)) {
        convert_pybind_module(it.node);
        continue;
      }
      stack.push_back({it.node, true});
      for (uint32_t i = ts_node_named_child_count(it.node); i-- > 0;) stack.push_back({ts_node_named_child(it.node, i), false});
    }
  }
  void visit(TSNode n) {
    std::string_view k = ts_node_type(n);
    if (k == "preproc_include") return visit_include(n);
    if (k == "qualified_identifier") return visit_qualified(n);
    if (k == "call_expression") return visit_call(n);
    if (k == "identifier" || k == "type_identifier") {
      if (auto it = renames_.find(ts_node_start_byte(n)); it != renames_.end()) {
        add_edit(ts_node_start_byte(n), ts_node_end_byte(n), it->second.first, it->second.second);
        return;
      }
    }
    if (k == "identifier") return visit_identifier(n);
    if (k == "preproc_arg") return visit_macro_body(n);
  }

  void visit_include(TSNode n) {
    TSNode path = field(n, "path");
    if (ts_node_is_null(path)) return;
    std::string_view p = text(path);
    if (p.size() < 2) return;
    std::string_view inner = p.substr(1, p.size() - 2);
    const CppFact* f = facts_.include(inner);
    if (!f) {
      if (is_torch_header(inner)) unsupported(path, std::string(inner), "no Paddle header is known for it (knowledge_graph/cpp/includes.jsonl)");
      return;
    }
    if (!f->unsupported.empty()) return unsupported(path, f->torch, f->unsupported);
    uint32_t u = converted(path, f->torch, f->paddle);
    add_edit(ts_node_start_byte(path), ts_node_end_byte(path), f->paddle, u);
  }

  void visit_qualified(TSNode n) {
    TSNode parent = ts_node_parent(n);
    if (is_kind(parent, "qualified_identifier")) return;  // the outermost one speaks for all
    if (is_kind(parent, "call_expression") && ts_node_eq(field(parent, "function"), n)) return;  // visit_call
    std::string q = without_spaces(text(n));
    if (q.starts_with("::")) q.erase(0, 2);
    std::string_view root = std::string_view(q).substr(0, q.find("::"));
    if (!is_torch_root(root)) return;
    // `torch::Tensor` inside `std::vector<torch::Tensor>` is its own qualified identifier; a
    // template type `torch::Foo<T>` is looked up by its name without arguments.
    std::string key = q.substr(0, q.find('<'));
    const CppFact* f = facts_.name(key);
    if (!f) return unsupported(n, key, "no Paddle counterpart is known (knowledge_graph/cpp/)");
    if (!f->unsupported.empty()) return unsupported(n, f->torch, f->unsupported);
    if (f->kind != "name") return unsupported(n, f->torch, "used without a call: convert it by hand");
    if (key != q) return unsupported(n, f->torch, "written with template arguments: convert it by hand");
    uint32_t u = converted(n, f->torch, f->paddle);
    add_edit(ts_node_start_byte(n), ts_node_end_byte(n), f->paddle, u);
  }

  void visit_identifier(TSNode n) {
    std::string_view id = text(n);
    if (!is_torch_macro_name(id)) return;
    TSNode parent = ts_node_parent(n);
    if (is_kind(parent, "call_expression") && ts_node_eq(field(parent, "function"), n)) return;  // visit_call
    const CppFact* f = facts_.name(id);
    if (!f && !includes_torch_) return;  // AT_FDCWD of <fcntl.h> in a file that is not an extension
    if (f && !f->unsupported.empty()) return unsupported(n, f->torch, f->unsupported);
    if (f && f->kind == "macro" && !f->paddle.empty()) {
      uint32_t u = converted(n, f->torch, f->paddle);
      add_edit(ts_node_start_byte(n), ts_node_end_byte(n), f->paddle, u);
      return;
    }
    unsupported(n, std::string(id), "no Paddle counterpart is known (knowledge_graph/cpp/macros.jsonl)");
  }

  // The arguments of a call, comments left out.
  std::vector<TSNode> arguments(TSNode call) const {
    std::vector<TSNode> out;
    TSNode list = field(call, "arguments");
    for (uint32_t i = 0; i < ts_node_named_child_count(list); ++i) {
      TSNode a = ts_node_named_child(list, i);
      if (!is_kind(a, "comment")) out.push_back(a);
    }
    return out;
  }

  // Fills `templ`'s placeholders for `call`; false when a placeholder has no value here.
  struct Fill {
    std::string receiver, template_args, options, tensor;
    std::vector<TSNode> args;
    TSNode options_arg{};
    bool has_options = false;
  };
  bool matches(const CppCase& c, TSNode call, Fill* fill) const {
    if (c.nargs >= 0 && static_cast<int>(fill->args.size()) != c.nargs) return false;
    if (c.arg0 == "index") {
      if (fill->args.empty()) return false;
      std::string_view a = text(fill->args[0]);
      if (a.empty() || a.find_first_not_of("0123456789") != std::string_view::npos) return false;
    }
    if (c.arg1 == "options") {
      if (fill->args.size() < 2) return false;
      TSNode a = fill->args[1];
      if (!is_kind(a, "call_expression")) return false;
      TSNode fn = field(a, "function");
      if (!is_kind(fn, "field_expression") || text(field(fn, "field")) != "options" || !arguments(a).empty()) return false;
      TSNode recv = field(fn, "argument");
      if (!is_tensor_expr(recv)) return false;
      fill->options = render(recv);
      fill->options_arg = a;
      fill->has_options = true;
    }
    if (c.template_args && fill->template_args.empty()) return false;
    if (c.templ.find("{tensor}") != std::string::npos) {
      const FunctionInfo* f = function_at(ts_node_start_byte(call));
      if (!f || f->first_tensor_param.empty()) return false;
      fill->tensor = f->first_tensor_param;
    }
    return true;
  }
  std::string expand(const std::string& templ, const Fill& fill) const {
    std::string out;
    for (size_t i = 0; i < templ.size();) {
      if (templ[i] != '{') {
        out += templ[i++];
        continue;
      }
      size_t close = templ.find('}', i);
      std::string key = close == std::string::npos ? "" : templ.substr(i + 1, close - i - 1);
      if (key == "receiver") out += fill.receiver;
      else if (key == "template_args") out += fill.template_args;
      else if (key == "options") out += fill.options;
      else if (key == "tensor") out += fill.tensor;
      else if (key == "args" && !fill.args.empty()) out += render(ts_node_start_byte(fill.args.front()), ts_node_end_byte(fill.args.back()));
      else if (key.starts_with("arg") && key.size() > 3 && std::isdigit(static_cast<unsigned char>(key[3])) &&
               static_cast<size_t>(std::stoi(key.substr(3))) < fill.args.size()) out += render(fill.args[std::stoi(key.substr(3))]);
      else {  // a literal brace: `{arg0}` is a placeholder, `{` of an initialiser list is text
        out += templ[i++];
        continue;
      }
      i = close + 1;
    }
    return out;
  }
  // Applies the first matching case of `f` to `call`; false when none matches.
  bool apply_cases(const CppFact& f, TSNode call, Fill fill, uint32_t* use) {
    for (const auto& c : f.cases) {
      Fill tried = fill;
      if (!matches(c, call, &tried)) continue;
      std::string out = expand(c.templ, tried);
      if (tried.has_options) drop_uses_in(tried.options_arg);  // `t.options()` became dtype and place
      *use = converted(call, f.torch, f.paddle.empty() ? paddle_name(c.templ) : f.paddle);
      if (!add_edit(ts_node_start_byte(call), ts_node_end_byte(call), out, *use)) {
        uses_[*use].status = UseStatus::kUnsupported;
        uses_[*use].applicability = Applicability::kNone;
        uses_[*use].reason = "internal: the rewrite overlaps another one; left as written";
        anchors_[*use] = anchor_of(call);
      }
      return true;
    }
    return false;
  }
  // The Paddle API a template writes, for the report: "Tensor::shape" for "{receiver}.shape()[{arg0}]".
  static std::string paddle_name(const std::string& templ) {
    std::string t = templ;
    std::string prefix;
    if (t.starts_with("{receiver}.")) {
      t = t.substr(11);
      prefix = "Tensor::";
    }
    return prefix + t.substr(0, std::min(t.find('('), t.find('{')));
  }
  void drop_uses_in(TSNode n) {
    for (size_t i = 0; i < uses_.size(); ++i) {
      if (uses_[i].offset >= ts_node_start_byte(n) && uses_[i].end <= ts_node_end_byte(n) &&
          uses_[i].status != UseStatus::kConverted) dropped_[i] = true;
    }
  }

  void visit_call(TSNode call) {
    TSNode fn = field(call, "function");
    Fill fill;
    fill.args = arguments(call);
    if (is_kind(fn, "qualified_identifier")) {
      std::string q = without_spaces(text(fn));
      if (q.starts_with("::")) q.erase(0, 2);
      if (!is_torch_root(std::string_view(q).substr(0, q.find("::")))) return;
      const CppFact* f = facts_.name(q);
      if (!f) return unsupported(fn, q, "no Paddle counterpart is known (knowledge_graph/cpp/)");
      if (!f->unsupported.empty()) return unsupported(fn, f->torch, f->unsupported);
      if (f->kind == "name") {  // a type used as a constructor, a renamed function
        uint32_t u = converted(fn, f->torch, f->paddle);
        add_edit(ts_node_start_byte(fn), ts_node_end_byte(fn), f->paddle, u);
        return;
      }
      uint32_t u;
      if (!apply_cases(*f, call, fill, &u)) unsupported(call, f->torch, f->reason.empty() ? "this form has no Paddle counterpart" : f->reason);
      return;
    }
    if (is_kind(fn, "identifier")) {
      std::string_view id = text(fn);
      const CppFact* f = facts_.name(id);
      if (!f || f->kind != "macro") {
        if (is_torch_macro_name(id) && includes_torch_) unsupported(fn, std::string(id), "no Paddle counterpart is known (knowledge_graph/cpp/macros.jsonl)");
        return;
      }
      if (!f->unsupported.empty()) return unsupported(fn, f->torch, f->unsupported);
      if (!f->cases.empty()) {
        uint32_t u;
        if (!apply_cases(*f, call, fill, &u)) unsupported(call, f->torch, "this form has no Paddle counterpart");
        return;
      }
      // PD_DISPATCH_* name the element type data_t where AT_DISPATCH_* name it scalar_t: those
      // renames were made by the walk (collect_body_renames), under the use made there.
      auto known = macro_use_.find(ts_node_start_byte(call));
      uint32_t u = known != macro_use_.end() ? known->second : converted(fn, f->torch, f->paddle);
      add_edit(ts_node_start_byte(fn), ts_node_end_byte(fn), f->paddle, u);
      return;
    }
    if (is_kind(fn, "field_expression")) {
      TSNode recv = field(fn, "argument");
      TSNode member = field(fn, "field");
      std::string_view name = text(member);
      if (is_kind(member, "template_method")) {
        name = text(field(member, "name"));
        fill.template_args = render(field(member, "arguments"));
      }
      const CppFact* f = facts_.method(name);
      if (!f) return;
      const bool arrow = text(fn).find("->") != std::string_view::npos;
      if (arrow || !is_tensor_expr(recv)) {
        // data_ptr, is_cuda ... name tensors by themselves; size or dim do not.
        if (!f->generic && includes_torch_) review(call, "Tensor::" + std::string(name), "the receiver is not known to be a tensor: convert by hand if it is one");
        return;
      }
      if (!f->unsupported.empty()) return unsupported(call, "Tensor::" + f->torch, f->unsupported);
      fill.receiver = render(recv);
      uint32_t u;
      if (!apply_cases(*f, call, fill, &u)) unsupported(call, "Tensor::" + f->torch, f->reason.empty() ? "this form has no Paddle counterpart" : f->reason);
      else uses_[u].torch_api = "Tensor::" + f->torch, uses_[u].rule = "cpp:" + uses_[u].torch_api;
    }
  }

  // A macro's replacement text is not parsed by the grammar: its tokens are read here. Names
  // and plain macro renames convert; a method of a macro parameter converts when its fact is a
  // plain rename (`x.is_cuda()` -> `x.is_gpu()`), else it is reported.
  void visit_macro_body(TSNode n) {
    const uint32_t base = ts_node_start_byte(n);
    std::string_view body = text(n);
    const uint32_t anchor = anchor_of(n);
    auto report = [&](size_t b, size_t e, std::string torch, std::string reason) {
      add_use(base + b, base + e, std::move(torch), "", UseStatus::kUnsupported, std::move(reason), anchor);
    };
    size_t i = 0;
    while (i < body.size()) {
      char c = body[i];
      if (c == '"' || c == '\'') {
        char q = c;
        for (++i; i < body.size() && body[i] != q; ++i) {
          if (body[i] == '\\') ++i;
        }
        ++i;
        continue;
      }
      if (body.compare(i, 2, "//") == 0 || body.compare(i, 2, "/*") == 0) {
        size_t e = body.compare(i, 2, "//") == 0 ? body.find('\n', i) : body.find("*/", i);
        i = e == std::string_view::npos ? body.size() : e + 2;
        continue;
      }
      if (!ident_char(c) || (i > 0 && ident_char(body[i - 1]))) {
        ++i;
        continue;
      }
      // ident(::ident)*
      size_t e = i;
      for (;;) {
        while (e < body.size() && ident_char(body[e])) ++e;
        if (body.compare(e, 2, "::") == 0 && e + 2 < body.size() && ident_char(body[e + 2])) {
          e += 2;
          continue;
        }
        break;
      }
      std::string_view word = body.substr(i, e - i);
      const bool member = i > 0 && (body[i - 1] == '.' || (i > 1 && body.compare(i - 2, 2, "->") == 0));
      if (member) {
        if (const CppFact* f = facts_.method(word); f && !f->generic) {
          // `.name()` with a template "{receiver}.other()": the name alone changes
          const std::string simple = f->cases.size() == 1 ? f->cases[0].templ : "";
          const bool call0 = body.compare(e, 2, "()") == 0;
          if (f->unsupported.empty() && call0 && f->cases[0].nargs == 0 && simple.starts_with("{receiver}.") &&
              simple.ends_with("()") && simple.find('{', 1) == std::string::npos) {
            std::string to = simple.substr(11, simple.size() - 13);
            uint32_t u = add_use(base + i, base + e + 2, "Tensor::" + f->torch, "Tensor::" + to, UseStatus::kConverted, "", UINT32_MAX);
            // The receiver is a macro parameter: a tensor by the method's name only.
            uses_[u].applicability = Applicability::kReview;
            add_edit(base + static_cast<uint32_t>(i), base + static_cast<uint32_t>(e), to, u);
          } else {
            report(i, e, "Tensor::" + f->torch, f->unsupported.empty() ? "a method in a macro body: convert it by hand" : f->unsupported);
          }
        }
      } else if (word.find("::") != std::string_view::npos) {
        std::string q(word);
        if (is_torch_root(std::string_view(q).substr(0, q.find("::")))) {
          const CppFact* f = facts_.name(q);
          if (f && f->kind == "name" && f->unsupported.empty()) {
            uint32_t u = add_use(base + i, base + e, f->torch, f->paddle, UseStatus::kConverted, "", UINT32_MAX);
            uses_[u].applicability = Applicability::kSafe;
            add_edit(base + static_cast<uint32_t>(i), base + static_cast<uint32_t>(e), f->paddle, u);
          } else {
            report(i, e, q, f && !f->unsupported.empty() ? f->unsupported : "in a macro body: convert it by hand");
          }
        }
      } else if (const CppFact* f = facts_.name(word); f && f->kind == "macro") {
        if (f->unsupported.empty() && !f->paddle.empty() && f->cases.empty()) {
          uint32_t u = add_use(base + i, base + e, f->torch, f->paddle, UseStatus::kConverted, "", UINT32_MAX);
          uses_[u].applicability = Applicability::kSafe;
          add_edit(base + static_cast<uint32_t>(i), base + static_cast<uint32_t>(e), f->paddle, u);
        } else {
          report(i, e, f->torch, !f->unsupported.empty() ? f->unsupported : "in a macro body: convert it by hand");
        }
      } else if (is_torch_macro_name(word) && includes_torch_) {
        report(i, e, std::string(word), "no Paddle counterpart is known (knowledge_graph/cpp/macros.jsonl)");
      }
      i = e;
    }
  }

  // ---- PYBIND11_MODULE -> PD_BUILD_OP ---------------------------------------------------------
  bool is_pybind_module(TSNode n) const {
    if (!is_kind(n, "function_definition")) return false;
    TSNode d = field(n, "declarator");
    return is_kind(d, "function_declarator") && text(field(d, "declarator")) == "PYBIND11_MODULE";
  }
  void convert_pybind_module(TSNode n) {
    TSNode d = field(n, "declarator");
    TSNode params = field(d, "parameters");
    TSNode body = field(n, "body");
    auto give_up = [&](const std::string& why) { unsupported(n, "PYBIND11_MODULE", why); };
    if (ts_node_named_child_count(params) != 2) return give_up("expected PYBIND11_MODULE(name, module)");
    const std::string module(without_spaces(text(ts_node_named_child(params, 1))));
    std::vector<std::string> blocks, comments;
    std::vector<std::pair<TSNode, std::string>> defs;  // each m.def and its Python name
    std::vector<std::string> reviews;
    for (uint32_t i = 0; i < ts_node_named_child_count(body); ++i) {
      TSNode s = ts_node_named_child(body, i);
      if (is_kind(s, "comment")) {
        comments.emplace_back(text(s));
        continue;
      }
      TSNode call = is_kind(s, "expression_statement") ? ts_node_named_child(s, 0) : TSNode{};
      TSNode fn = is_kind(call, "call_expression") ? field(call, "function") : TSNode{};
      if (!is_kind(fn, "field_expression") || text(field(fn, "argument")) != module || text(field(fn, "field")) != "def") {
        return give_up("the module does more than m.def(\"name\", &function, ...) (line " +
                       std::to_string(ts_node_start_point(s).row + 1) + "): register it with PD_BUILD_OP by hand");
      }
      std::vector<TSNode> args = arguments(call);
      if (args.size() < 2 || !is_kind(args[0], "string_literal")) return give_up("an m.def without a name and a function");
      std::string_view lit = text(args[0]);
      std::string py_name(lit.substr(1, lit.size() - 2));
      if (py_name.empty() || !std::all_of(py_name.begin(), py_name.end(), ident_char)) return give_up("operator name " + std::string(lit) + " is no identifier");
      TSNode target = args[1];
      if (is_kind(target, "pointer_expression")) target = field(target, "argument");
      if (!is_kind(target, "identifier")) return give_up("m.def(" + std::string(lit) + ", ...) binds no plain function (a lambda or member): register it with PD_BUILD_OP by hand");
      auto sig = signatures_.find(std::string(text(target)));
      if (sig == signatures_.end()) return give_up("the signature of " + std::string(text(target)) + " is not in this file");
      OpBinding b;
      b.py_name = py_name;
      b.signature = sig->second;
      // py::arg("name") gives the Python keyword of each parameter: the operator's input and
      // attribute names, so `ext.f(input=t)` call sites keep working. A default value
      // (py::arg("a") = 0.5) has no Paddle form: callers must pass it.
      std::vector<std::string> py_args;
      bool defaults = false;
      for (size_t k = 2; k < args.size(); ++k) {
        TSNode a = args[k];
        if (is_kind(a, "assignment_expression")) {
          defaults = true;
          a = field(a, "left");
        }
        if (!is_kind(a, "call_expression") || without_spaces(text(field(a, "function"))) != "py::arg") continue;
        std::vector<TSNode> pa = arguments(a);
        if (pa.size() != 1 || !is_kind(pa[0], "string_literal")) continue;
        std::string_view l = text(pa[0]);
        py_args.emplace_back(l.substr(1, l.size() - 2));
      }
      if (!py_args.empty() && py_args.size() != b.signature.params.size()) {
        return give_up("m.def(" + std::string(lit) + ", ...) names " + std::to_string(py_args.size()) + " of " +
                       std::to_string(b.signature.params.size()) + " parameters with py::arg: register it by hand");
      }
      for (size_t k = 0; k < py_args.size(); ++k) {
        if (py_args[k] != b.signature.params[k].name) b.signature.params[k].py_name = py_args[k];
      }
      const std::string defaults_review =
          defaults ? "py::arg defaults of " + py_name + " have no Paddle form: every call must pass every argument" : "";
      // The signatures may be Paddle's already (a file converted before, its module left as
      // written): the reasons must come out the same.
      std::vector<std::string> tensor_types = tensor_types_;
      tensor_types.push_back("paddle::Tensor");
      PdOpBlock block = build_pd_op(b, tensor_types);
      if (!block.problems.empty()) {
        std::string why;
        for (const auto& p : block.problems) why += (why.empty() ? "" : "; ") + p;
        return give_up(why);
      }
      if (!defaults_review.empty()) {
        block.text = "// TODO(torch2paddle): review: " + defaults_review + "\n" + block.text;
        block.reviews.push_back(defaults_review);
      }
      blocks.push_back(block.text);
      defs.emplace_back(call, py_name);
      for (auto& r : block.reviews) reviews.push_back(r);
    }
    if (blocks.empty()) return give_up("the module binds no function");
    std::string out;
    for (const auto& c : comments) out += c + "\n";
    for (size_t i = 0; i < blocks.size(); ++i) out += (i ? "\n" : "") + blocks[i];
    // The node ends at the closing brace; the newline after it stays. Drop the one we wrote.
    if (!out.empty() && out.back() == '\n') out.pop_back();
    uint32_t owner = UINT32_MAX;
    for (const auto& [call, py_name] : defs) {
      uint32_t u = converted(call, "PYBIND11_MODULE", "PD_BUILD_OP(" + py_name + ")");
      if (owner == UINT32_MAX) owner = u;
      else merged_into_[u] = owner;
    }
    for (const auto& r : reviews) {
      uint32_t u = add_use(ts_node_start_byte(n), ts_node_start_byte(n), "PYBIND11_MODULE", "PD_BUILD_OP", UseStatus::kNeedsReview, r, UINT32_MAX);
      uses_[u].applied = true;  // converted; the TODO line is in the generated block
      merged_into_[u] = owner;
    }
    add_edit(ts_node_start_byte(n), ts_node_end_byte(n), out, owner);
  }

  std::string_view src_;
  const CppFacts& facts_;
  std::vector<std::string> tensor_types_;
  std::vector<FunctionInfo> functions_;
  std::map<std::string, OpSignature> signatures_;
  std::vector<ApiUse> uses_;
  std::vector<uint32_t> anchors_;  // per use: where its TODO line goes (UINT32_MAX: none)
  std::vector<bool> dropped_;      // per use: taken into an outer conversion, not reported
  std::vector<base::Edit> edits_;
  std::map<uint32_t, uint32_t> merged_into_;  // use -> the use whose fix took its edits
  bool includes_torch_ = false;  // a torch header is included (collect_includes)
  std::map<uint32_t, uint32_t> macro_use_;     // macro call offset -> its use (collect_body_renames)
  std::map<uint32_t, std::pair<std::string, uint32_t>> renames_;  // identifier offset -> new text, use
};

void Converter::finish(CppResult* r) {
  // TODO lines above the unsupported uses: one per distinct text and line, not added again when
  // the line above already says it (converting the output again changes nothing).
  std::set<std::pair<uint32_t, std::string>> todos;
  for (size_t i = 0; i < uses_.size(); ++i) {
    if (dropped_[i] || anchors_[i] == UINT32_MAX) continue;
    if (uses_[i].status == UseStatus::kNeedsReview && uses_[i].applied) continue;
    const bool review = uses_[i].status == UseStatus::kNeedsReview;
    std::string line = std::string(kTodo) + (review ? "review: " : "") + uses_[i].torch_api + ": " + uses_[i].reason;
    todos.emplace(anchors_[i], std::move(line));
  }
  for (const auto& [at, line] : todos) {
    uint32_t e = at;
    while (e < src_.size() && (src_[e] == ' ' || src_[e] == '\t')) ++e;
    std::string indent(src_.substr(at, e - at));
    // the TODO lines right above (a line may carry several)
    bool said = false;
    for (uint32_t cur = at; cur > 0 && !said;) {
      uint32_t prev = line_start(cur - 1);
      std::string_view above = src_.substr(prev, cur - 1 - prev);
      size_t b = above.find_first_not_of(" \t");
      if (b == std::string_view::npos || !above.substr(b).starts_with(kTodo)) break;
      said = above.substr(b) == line;
      cur = prev;
    }
    if (said) continue;
    // inside a replaced range (a multi-line template rewrite), the finding alone speaks
    // (a copy: clang before 16 cannot capture a structured binding)
    const uint32_t offset = at;
    bool inside = std::any_of(edits_.begin(), edits_.end(), [&](const base::Edit& x) { return x.begin < offset && offset < x.end; });
    if (inside) continue;
    base::Edit ed;
    ed.begin = ed.end = at;
    ed.text = indent + line + "\n";
    ed.owner = base::kNoteEdit;
    ed.side = base::EditSide::kOpen;
    edits_.push_back(std::move(ed));
  }
  std::stable_sort(edits_.begin(), edits_.end(), [](const base::Edit& a, const base::Edit& b) {
    if (a.begin != b.begin) return a.begin < b.begin;
    return (a.begin == a.end) > (b.begin == b.end);  // an insertion before a replacement there
  });
  auto owner_of = [&](uint32_t u) {
    for (auto it = merged_into_.find(u); it != merged_into_.end(); it = merged_into_.find(u)) u = it->second;
    return u;
  };
  std::map<uint32_t, int32_t> fix_of_owner;
  for (uint32_t i = 0; i < edits_.size(); ++i) {
    uint32_t o = edits_[i].owner;
    if (o >= base::kNoteEdit) continue;
    o = owner_of(o);
    edits_[i].owner = o;
    auto [it, fresh] = fix_of_owner.emplace(o, static_cast<int32_t>(r->fixes.size()));
    if (fresh) r->fixes.push_back(rules::Fix{});
    r->fixes[it->second].edits.push_back(i);
  }
  for (uint32_t i = 0; i < uses_.size(); ++i) {
    if (dropped_[i]) continue;
    ApiUse u = uses_[i];
    if (u.status == UseStatus::kConverted || u.applied) {
      auto it = fix_of_owner.find(owner_of(i));
      if (it != fix_of_owner.end()) {
        u.fix = it->second;
        if (u.applicability == Applicability::kReview || u.applied) r->fixes[u.fix].applicability = Applicability::kReview;
        if (u.applied) u.applicability = Applicability::kReview;
      }
    }
    r->uses.push_back(std::move(u));
  }
  std::stable_sort(r->uses.begin(), r->uses.end(), [](const ApiUse& a, const ApiUse& b) { return a.offset < b.offset; });
  r->edits = std::move(edits_);
}

// Tokens only PyTorch's extension API writes: a file with none is left unparsed (a C header that
// says "pytorch" in a comment, uses POSIX's AT_FDCWD or a TORCH_LIGHT macro of its own is not
// ours to parse, and so not ours to fail on when the grammar cannot read it).
bool mentions_torch(std::string_view s) {
  for (const char* w : {"torch/", "torch::", "at::", "c10::", "ATen/", "c10/", "TORCH_CHECK", "TORCH_EXTENSION_NAME",
                        "TORCH_LIBRARY", "AT_DISPATCH", "AT_CUDA_CHECK", "AT_ASSERT", "C10_CUDA", "PYBIND11_MODULE"}) {
    if (s.find(w) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

bool is_cpp_source(std::string_view path) {
  for (const char* ext : {".cpp", ".cc", ".cxx", ".cu", ".h", ".hpp", ".cuh"}) {
    if (path.ends_with(ext)) return true;
  }
  return false;
}

CppResult convert_cpp_source(std::string_view source, const CppFacts& facts, CppParser& parser) {
  CppResult r;
  r.output = std::string(source);
  r.lines = static_cast<uint32_t>(std::count(source.begin(), source.end(), '\n')) +
            (source.empty() || source.back() == '\n' ? 0 : 1);
  if (source.find('\0') != std::string_view::npos) {
    r.status = emit::FileStatus::kFailed;
    r.error = base::Diagnostic{base::Severity::kError, 0, 0, "binary-file", "contains NUL bytes: not a C++ source"};
    return r;
  }
  if (!mentions_torch(source)) return r;
  if (!parser.ok()) {
    r.status = emit::FileStatus::kFailed;
    r.error = base::Diagnostic{base::Severity::kError, 0, 0, "parser-abi", "the C++ grammar's ABI does not load in this tree-sitter"};
    return r;
  }
  // The grammar is C++'s: CUDA's qualifiers and launches are masked (same offsets) to parse.
  const std::string masked = mask_cuda(source);
  CppTree tree = parser.parse(masked);
  if (auto e = first_cpp_syntax_error(tree.get(), masked)) {
    r.status = emit::FileStatus::kFailed;
    e->message = "the C++ grammar cannot parse this file (" + e->message + "); copied unchanged";
    r.error = std::move(e);
    return r;
  }
  Converter c(source, facts);
  c.run(ts_tree_root_node(tree.get()));
  CppResult converted;
  c.finish(&converted);
  r.uses = std::move(converted.uses);
  if (converted.edits.empty()) return r;
  // The edits are computed on the source's offsets; one that would change a masked CUDA byte
  // cannot be written back into the unmasked text.
  for (const auto& e : converted.edits) {
    if (masked.compare(e.begin, e.end - e.begin, source.substr(e.begin, e.end - e.begin)) != 0) {
      r.status = emit::FileStatus::kFailed;
      r.error = base::Diagnostic{base::Severity::kError, 0, 0, "internal-error",
                                 "internal: a rewrite covers a CUDA launch or qualifier; input kept"};
      for (auto& u : r.uses) u.fix = -1, u.applicability = Applicability::kNone;
      return r;
    }
  }
  // Self-check: the output (masked the same way: edits never touch masked bytes) must parse.
  std::string masked_out = rewrite::apply_edits(masked, converted.edits);
  CppTree check = parser.parse(masked_out);
  if (auto e = first_cpp_syntax_error(check.get(), masked_out)) {
    r.status = emit::FileStatus::kFailed;
    r.error = base::Diagnostic{base::Severity::kError, e->line, e->column, "internal-error",
                               "internal: the converted C++ would not parse (" + e->message + "); input kept"};
    for (auto& u : r.uses) {
      u.fix = -1;
      u.applicability = Applicability::kNone;
    }
    return r;
  }
  r.output = rewrite::apply_edits(source, converted.edits);
  r.edits = std::move(converted.edits);
  r.fixes = std::move(converted.fixes);
  r.status = emit::FileStatus::kConverted;
  return r;
}

}  // namespace t2p::cxx
