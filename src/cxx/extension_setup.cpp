#include "cxx/extension_setup.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "parse/tree_arena.h"

namespace t2p::cxx {
namespace {

bool is(TSNode n, const char* type) { return !ts_node_is_null(n) && std::strcmp(ts_node_type(n), type) == 0; }
TSNode field(TSNode n, const char* name) { return ts_node_child_by_field_name(n, name, static_cast<uint32_t>(std::strlen(name))); }

constexpr const char* kPaddleSetup = "paddle.utils.cpp_extension.setup";

class SetupCall {
 public:
  SetupCall(std::string_view text, deps::FileResult* out) : text_(text), out_(out) {}

  void run(TSNode root) {
    // setup bound by `from setuptools import setup` (or distutils'): the callee to replace.
    std::vector<TSNode> stack{root};
    while (!stack.empty()) {
      TSNode n = stack.back();
      stack.pop_back();
      if (is(n, "call")) call(n);
      for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) stack.push_back(ts_node_named_child(n, i));
    }
  }

 private:
  std::string_view text(TSNode n) const { return parse::node_text(n, text_); }

  bool is_setup(TSNode fn) const {
    std::string_view f = text(fn);
    return f == "setup" || f == "setuptools.setup";
  }
  // The extensions of a list: calls of CUDAExtension/CppExtension (however they are qualified).
  static bool is_extension_call(std::string_view fn) {
    return fn.ends_with("CUDAExtension") || fn.ends_with("CppExtension");
  }

  void call(TSNode c) {
    TSNode fn = field(c, "function");
    if (!is_setup(fn)) return;
    TSNode args = field(c, "arguments");
    TSNode ext = {}, name_value = {};
    for (uint32_t i = 0; i < ts_node_named_child_count(args); ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (!is(a, "keyword_argument")) continue;
      std::string_view k = text(field(a, "name"));
      if (k == "ext_modules") ext = field(a, "value");
      if (k == "name") name_value = field(a, "value");
    }
    if (ts_node_is_null(ext)) return;
    std::vector<TSNode> calls;
    bool other = false;
    if (is(ext, "list") || is(ext, "tuple")) {
      for (uint32_t i = 0; i < ts_node_named_child_count(ext); ++i) {
        TSNode item = ts_node_named_child(ext, i);
        if (is(item, "comment")) continue;
        if (is(item, "call") && is_extension_call(text(field(item, "function")))) calls.push_back(item);
        else other = true;
      }
    } else if (is(ext, "call") && is_extension_call(text(field(ext, "function")))) {
      calls.push_back(ext);
    } else {
      return report(c, "ext_modules is not a list of CUDAExtension/CppExtension calls: Paddle's setup() names the module "
                       "after its own name=; convert the call by hand");
    }
    if (calls.empty()) return;
    if (calls.size() > 1 || other) {
      // The Python conversion drops each extension's name (Paddle's have none): say them here.
      std::string names;
      for (TSNode e : calls) {
        TSNode n = extension_name(e);
        if (!ts_node_is_null(n)) names += (names.empty() ? "" : ", ") + std::string(text(n));
      }
      return report(c, "Paddle's setup() builds exactly one extension: merge the sources into one CUDAExtension" +
                           (names.empty() ? std::string() : " (torch named them " + names + ")"));
    }
    TSNode ext_name = extension_name(calls[0]);
    if (ts_node_is_null(ext_name) || !(is(ext_name, "string") || is(ext_name, "identifier"))) {
      return report(c, "the extension's name is not a string or a name: give Paddle's setup() the module name by hand");
    }
    rules::ApiUse use;
    use.offset = ts_node_start_byte(fn);
    use.end = ts_node_end_byte(fn);
    use.torch_api = "setuptools.setup";
    use.paddle_api = kPaddleSetup;
    use.rule = "cpp_extension:setup";
    use.applicability = rules::Applicability::kSafe;
    use.fix = 0;
    rules::Fix fix;
    auto edit = [&](uint32_t b, uint32_t e, std::string t) {
      base::Edit ed;
      ed.begin = b;
      ed.end = e;
      ed.text = std::move(t);
      ed.owner = static_cast<uint32_t>(out_->fixes.size());
      fix.edits.push_back(static_cast<uint32_t>(out_->edits.size()));
      out_->edits.push_back(std::move(ed));
    };
    edit(ts_node_start_byte(fn), ts_node_end_byte(fn), kPaddleSetup);
    // The module is named by setup(name=...) in Paddle, by the extension's name in torch.
    if (ts_node_is_null(name_value)) {
      edit(ts_node_start_byte(args) + 1, ts_node_start_byte(args) + 1, "name=" + std::string(text(ext_name)) + ", ");
    } else if (text(name_value) != text(ext_name)) {
      edit(ts_node_start_byte(name_value), ts_node_end_byte(name_value), std::string(text(ext_name)));
    }
    use.fix = static_cast<int32_t>(out_->fixes.size());
    out_->fixes.push_back(std::move(fix));
    out_->uses.push_back(std::move(use));
  }

  // The extension's name: its first positional argument or name=.
  TSNode extension_name(TSNode ext_call) const {
    TSNode ext_args = field(ext_call, "arguments");
    TSNode ext_name = {};
    for (uint32_t i = 0; i < ts_node_named_child_count(ext_args); ++i) {
      TSNode a = ts_node_named_child(ext_args, i);
      if (is(a, "keyword_argument") && text(field(a, "name")) == "name") ext_name = field(a, "value");
    }
    if (ts_node_is_null(ext_name) && ts_node_named_child_count(ext_args) > 0 &&
        !is(ts_node_named_child(ext_args, 0), "keyword_argument")) {
      ext_name = ts_node_named_child(ext_args, 0);
    }
    return ext_name;
  }

  void report(TSNode c, std::string reason) {
    rules::ApiUse use;
    use.offset = ts_node_start_byte(c);
    use.end = ts_node_end_byte(c);
    use.torch_api = "setuptools.setup";
    use.status = rules::UseStatus::kUnsupported;
    use.rule = "cpp_extension:setup";
    use.reason = reason;
    // The TODO line above the statement holding the call.
    TSNode stmt = c;
    for (TSNode p = ts_node_parent(c); !ts_node_is_null(p) && !is(p, "module") && !is(p, "block"); p = ts_node_parent(p)) stmt = p;
    uint32_t at = ts_node_start_byte(stmt);
    uint32_t line = at;
    while (line > 0 && text_[line - 1] != '\n') --line;
    std::string indent(text_.substr(line, at - line));
    std::string todo = "# TODO(torch2paddle): setuptools.setup: " + reason;
    // not twice (converting the output again)
    if (line > 0) {
      uint32_t prev = line - 1;
      while (prev > 0 && text_[prev - 1] != '\n') --prev;
      std::string_view above = text_.substr(prev, line - 1 - prev);
      size_t b = above.find_first_not_of(" \t");
      if (b != std::string_view::npos && above.substr(b) == todo) {
        out_->uses.push_back(std::move(use));
        return;
      }
    }
    base::Edit ed;
    ed.begin = ed.end = line;
    ed.text = indent + todo + "\n";
    ed.owner = base::kNoteEdit;
    out_->edits.push_back(std::move(ed));
    out_->uses.push_back(std::move(use));
  }

  std::string_view text_;
  deps::FileResult* out_;
};

}  // namespace

deps::FileResult convert_extension_setup(std::string_view text, parse::PythonParser& parser) {
  deps::FileResult r;
  r.output = std::string(text);
  if (text.find("cpp_extension") == std::string_view::npos) return r;
  parse::TreeArena::Scope memory(parser.arena());
  parse::SyntaxTree tree = parser.parse(text);
  if (!tree.valid() || parse::first_syntax_error(tree, text)) return r;  // the Python conversion reports it
  SetupCall(text, &r).run(tree.root());
  std::stable_sort(r.edits.begin(), r.edits.end(), [](const base::Edit& a, const base::Edit& b) { return a.begin < b.begin; });
  // the fixes' indices follow the sort
  if (!r.fixes.empty()) {
    for (auto& f : r.fixes) f.edits.clear();
    for (uint32_t i = 0; i < r.edits.size(); ++i) {
      if (r.edits[i].owner < base::kNoteEdit) r.fixes[r.edits[i].owner].edits.push_back(i);
    }
  }
  return r;
}

}  // namespace t2p::cxx
