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

bool is_python_number(TSNode value, const CallSite& site, const semantic::TypeInference& types) {
  if (is_number_literal(value)) return true;
  const semantic::ExprKind kind = types.kind_of(value, site.scope);
  return kind.is(kg::ValueKind::kInt) || kind.is(kg::ValueKind::kFloat);
}

namespace {

// A float literal (`0.5`, `-1e-6`) or a value known as a float; otherwise the number is an int.
bool is_python_float(TSNode v, const CallSite& site, const semantic::TypeInference& types) {
  const auto& k = parse::NodeKinds::get();
  TSNode n = ts_node_symbol(v) == k.unary_operator ? ts_node_child_by_field_id(v, parse::NodeFields::get().argument) : v;
  if (ts_node_symbol(n) == k.float_) return true;
  if (ts_node_symbol(n) == k.integer) return false;
  return types.kind_of(v, site.scope).is(kg::ValueKind::kFloat);
}

}  // namespace

bool wrap_tensor_operands(const CallSite& site, const kg::ApiRecord& record, const CallArguments& ca,
                          const std::vector<bool>& operands, const std::vector<std::string_view>& paddle_names,
                          const semantic::TypeInference& types, rewrite::EditSet* edits,
                          std::vector<std::string>* values, std::string* reason) {
  values->assign(ca.args.size(), std::string());
  TSNode dtype_of{};  // the tensor whose dtype the numbers take, found once
  bool looked = false;
  auto text = [&](TSNode n) { return edits->render(ts_node_start_byte(n), ts_node_end_byte(n)); };
  // An in-place method keeps its receiver's dtype (`buf.mul_(0.9)` on a float16 buffer), so a
  // float takes that dtype too when the receiver can be written twice.
  const std::string_view torch_name = record.torch;
  const bool in_place = torch_name.size() > 1 && torch_name.back() == '_' && torch_name[torch_name.size() - 2] != '_' &&
                        !ts_node_is_null(site.receiver) && is_plain_name(site.receiver);
  for (size_t i = 0; i < ca.args.size(); ++i) {
    if (!operands[i] || !is_python_number(ca.args[i].value, site, types)) continue;
    if (is_python_float(ca.args[i].value, site, types) && !in_place) {
      // PyTorch computes a float tensor with a float scalar in the tensor's dtype, but an
      // integer tensor in the default float dtype. Paddle's default float tensor gives the
      // values right for both (Paddle promotes the wider float, or refuses mixing it with
      // integers); the tensor's dtype would truncate 0.5 to 0 on an integer tensor.
      (*values)[i] = fill(target().tensor_of, {{"{value}", text(ca.args[i].value)}});
      continue;
    }
    if (!looked) {
      looked = true;
      if (!ts_node_is_null(site.receiver) && is_plain_name(site.receiver)) dtype_of = site.receiver;
      for (size_t j = 0; j < ca.args.size() && ts_node_is_null(dtype_of); ++j) {
        if (operands[j] && is_plain_name(ca.args[j].value) && !is_python_number(ca.args[j].value, site, types)) {
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
