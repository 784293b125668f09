#include "emit/file_imports.h"

#include <set>
#include <vector>

#include "emit/python_source.h"

namespace t2p::emit::forms {
namespace {

using std::string;
using std::string_view;

const std::set<string, std::less<>> kPlainModules = {"numpy", "math", "collections", "functools", "itertools",
                                                     "operator", "typing", "string"};

string root_of(string_view dotted) { return string(dotted.substr(0, dotted.find('.'))); }

}  // namespace

bool is_plain_module(string_view root) { return kPlainModules.count(root) > 0; }

FileImports imports_of(TSNode root, string_view src) {
  FileImports out;
  std::vector<TSNode> stack{root};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (is(n, "import_statement")) {
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (is(c, "dotted_name")) {
          string name(parse::node_text(c, src));
          out[root_of(name)] = {"import " + name, root_of(name)};
        } else if (is(c, "aliased_import")) {
          string name(parse::node_text(ts_node_child_by_field_name(c, "name", 4), src));
          string alias(parse::node_text(ts_node_child_by_field_name(c, "alias", 5), src));
          out[alias] = {"import " + name + " as " + alias, root_of(name)};
        }
      }
      continue;
    }
    if (is(n, "import_from_statement")) {
      TSNode module = ts_node_child_by_field_name(n, "module_name", 11);
      string mod(parse::node_text(module, src));
      bool relative = is(module, "relative_import");
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        TSNode c = ts_node_named_child(n, i);
        if (ts_node_eq(c, module)) continue;
        string name, alias;
        if (is(c, "dotted_name")) {
          name = alias = string(parse::node_text(c, src));
        } else if (is(c, "aliased_import")) {
          name = string(parse::node_text(ts_node_child_by_field_name(c, "name", 4), src));
          alias = string(parse::node_text(ts_node_child_by_field_name(c, "alias", 5), src));
        } else {
          continue;  // `*`
        }
        string stmt = "from " + mod + " import " + name + (alias != name ? " as " + alias : "");
        out[alias] = {stmt, relative ? string() : root_of(mod)};
      }
      continue;
    }
    for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) stack.push_back(ts_node_named_child(n, i));
  }
  return out;
}

}  // namespace t2p::emit::forms
