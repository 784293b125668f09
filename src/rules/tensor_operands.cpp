// rules: Python numbers passed where Paddle takes only a Tensor become `paddle.to_tensor(...)`.
#include "rules/tensor_operands.h"

#include <algorithm>

#include "parse/node_kinds.h"
#include "rules/target_spellings.h"

namespace t2p::rules {
namespace {

bool is_number_literal(TSNode v) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_symbol(v) == k.unary_operator) v = ts_node_child_by_field_id(v, parse::NodeFields::get().argument);
  return ts_node_symbol(v) == k.integer || ts_node_symbol(v) == k.float_;
}

// A name or a chain of attributes of one (`a`, `self.weight`): written twice, evaluated alike.
bool is_plain_name(TSNode v) {
  const auto& k = parse::NodeKinds::get();
  while (ts_node_symbol(v) == k.attribute) v = ts_node_child_by_field_id(v, parse::NodeFields::get().object);
  return ts_node_symbol(v) == k.identifier;
}

}  // namespace

bool is_tensor_operand(const kg::ApiRecord& record, TSNode value, std::string_view paddle_param) {
  return !paddle_param.empty() && is_number_literal(value) &&
         std::find(record.paddle_tensor_only.begin(), record.paddle_tensor_only.end(), paddle_param) !=
             record.paddle_tensor_only.end();
}

bool wrap_tensor_operands(const CallSite& site, const kg::ApiRecord& record, const CallArguments& ca,
                          const std::vector<std::string_view>& paddle_names, rewrite::EditSet* edits,
                          std::vector<std::string>* values, std::string* reason) {
  values->assign(ca.args.size(), std::string());
  if (record.paddle_tensor_only.empty()) return true;
  auto tensor_only = [&](std::string_view name) {
    return !name.empty() && std::find(record.paddle_tensor_only.begin(), record.paddle_tensor_only.end(), name) !=
                                record.paddle_tensor_only.end();
  };
  TSNode dtype_of{};  // the tensor whose dtype the numbers take, found once
  bool looked = false;
  auto text = [&](TSNode n) { return edits->render(ts_node_start_byte(n), ts_node_end_byte(n)); };
  for (size_t i = 0; i < ca.args.size(); ++i) {
    if (!tensor_only(paddle_names[i]) || !is_number_literal(ca.args[i].value)) continue;
    if (!looked) {
      looked = true;
      if (!ts_node_is_null(site.receiver) && is_plain_name(site.receiver)) dtype_of = site.receiver;
      for (size_t j = 0; j < ca.args.size() && ts_node_is_null(dtype_of); ++j) {
        if (tensor_only(paddle_names[j]) && !is_number_literal(ca.args[j].value) && is_plain_name(ca.args[j].value)) {
          dtype_of = ca.args[j].value;
        }
      }
    }
    if (ts_node_is_null(dtype_of)) {
      *reason = "a Python number passed to '" + std::string(paddle_names[i]) + "' of " + record.paddle +
                ", which takes only a Tensor, needs paddle.to_tensor(..., dtype=<the tensor's dtype>) by hand";
      return false;
    }
    (*values)[i] = fill(target().tensor_of_like, {{"{value}", text(ca.args[i].value)}, {"{like}", text(dtype_of)}});
  }
  return true;
}

}  // namespace t2p::rules
