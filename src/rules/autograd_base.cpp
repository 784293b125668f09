#include "rules/autograd_base.h"

#include "parse/node_kinds.h"
#include "semantic/autograd_function.h"

namespace t2p::rules {

const std::string* pylayer_base_problem(TSNode parent, std::string_view api, const semantic::TypeInference& types) {
  if (api != semantic::kAutogradFunction || ts_node_is_null(parent)) return nullptr;
  const auto& k = parse::NodeKinds::get();
  if (ts_node_symbol(parent) != k.argument_list) return nullptr;
  // Only references to this API pay for ts_node_parent (O(depth) in tree-sitter 0.20).
  TSNode cls = ts_node_parent(parent);
  if (ts_node_is_null(cls) || ts_node_symbol(cls) != k.class_definition) return nullptr;
  return types.pylayer_problem(cls);
}

}  // namespace t2p::rules
