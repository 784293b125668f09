// An optimizer's parameter groups: PyTorch's dicts carry per-group options (`lr`, `momentum`,
// `betas`, ...) that Paddle's groups do not read (its `learning_rate` key is a factor of the
// optimizer's rate, and it ignores keys it does not know), so a group with such a key would be
// trained with the optimizer's defaults, silently.
#include <algorithm>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/handlers/argument_plan.h"
#include "semantic/code_names.h"

namespace t2p::rules {

bool check_parameter_groups(const ArgumentContext& c, std::string* reason) {
  const auto& k = parse::NodeKinds::get();
  TSNode list = c.arg.value;
  if (ts_node_symbol(list) != k.list && ts_node_symbol(list) != k.tuple) return true;  // params, or unseen groups
  const std::vector<std::string>& allowed = c.rule->group_keys;
  for (uint32_t i = 0, n = ts_node_named_child_count(list); i < n; ++i) {
    TSNode group = ts_node_named_child(list, i);
    if (ts_node_symbol(group) != k.dictionary) continue;
    for (uint32_t j = 0, m = ts_node_named_child_count(group); j < m; ++j) {
      TSNode item = ts_node_named_child(group, j);
      if (ts_node_symbol(item) == k.comment) continue;
      std::string key;
      if (ts_node_symbol(item) == k.pair && ts_node_symbol(ts_node_named_child(item, 0)) == k.string) {
        key = std::string(semantic::string_content(parse::node_text(ts_node_named_child(item, 0), c.site.source)));
      }
      if (!key.empty() && std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
      std::string what = key.empty() ? "a key or entry the converter cannot read (" +
                                           std::string(parse::node_text(item, c.site.source)) + ")"
                                     : "the option '" + key + "'";
      *reason = "a parameter group of " + c.record.torch + " holds " + what +
                ": Paddle's groups read no PyTorch options (their 'learning_rate' is a factor of the optimizer's, "
                "and keys they do not know are ignored), so the group would train with the optimizer's settings: "
                "give such a group an optimizer of its own, or scale its rate by hand";
      return false;
    }
  }
  return true;
}

}  // namespace t2p::rules
