// rules: what the argument map does with each argument of a call (rules/call_rewriter.cpp), one
// handler per argument action (kg::ArgAction), each in its own file: action_<name>.cpp.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "kg/api_record.h"
#include "rewrite/edit_set.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "rules/handlers/result_arguments.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

// What becomes of one argument in the Paddle call.
enum class Fate : uint8_t { kKeep, kRename, kToKeyword, kDrop };

struct ArgPlan {
  Fate fate = Fate::kKeep;
  std::string paddle_name;
  std::string new_value;    // replaces the argument's value text when not empty
  bool replace_value = false;
  std::string whole;        // kUnpack: replaces the whole argument (`beta1=0.9, beta2=0.99`)
  bool list_open = false;   // first of a varargs group that becomes a list
  bool list_close = false;  // last of that group
  bool tensor_operand = false;  // kTensorOperand: the value goes where Paddle takes only a Tensor
};

// One bound argument as its handler sees it.
struct ArgumentContext {
  const CallSite& site;
  const kg::ApiRecord& record;
  const semantic::TypeInference& types;
  rewrite::EditSet* edits;
  const CallArg& arg;
  const kg::Param& param;
  const kg::ArgRule* rule;  // null: the graph has no entry for the argument
  std::string paddle_name;  // the rule's Paddle name, else the parameter's own (may be empty)
  std::string_view value;   // the value's text, trimmed
  bool is_default = false;  // the value is PyTorch's default, spelt as the signature spells it

  // The value as converted so far (nested conversions applied).
  std::string rendered() const;
  // Passes the argument as Paddle's `name`: a keyword argument is renamed when the names differ.
  void pass_as(ArgPlan* ap, std::string name) const;
};

// `size_average=` / `reduce=`, PyTorch's deprecated pair: folded into one `reduction=`.
struct LegacyReduction {
  std::string reduce, size_average;  // "True" / "False" as passed; empty: not passed
  // The `reduction=` value PyTorch itself derives from the pair; empty when neither was passed.
  std::string reduction() const;
};

// parameter_groups.cpp: an optimizer's parameter groups (`[{'params': ..., 'lr': 0.1}]`) hold
// only the keys the rule's `group_keys` lists; false (and `reason`) for a dict literal that holds
// another, or a key that is not a string literal.
bool check_parameter_groups(const ArgumentContext& c, std::string* reason);

// Each handler fills `ap`; false (and `reason`) when the argument cannot be converted.
// action_keep.cpp: same, rename, default, dtype and the rest: keep the value under Paddle's name.
bool plan_keep(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
// action_drop.cpp: drop, device: the argument goes.
bool plan_drop(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
// action_unsupported.cpp: unsupported, rewrite: only PyTorch's default may go; anything else is reported.
bool plan_unsupported(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
bool plan_rewrite(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
// action_value_map.cpp: value_map: the value looked up (`True` -> `""`, `'mean'` -> ...).
bool plan_value_map(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
// action_value_expr.cpp: value_expr: an expression of the value (`1 - {value}`).
bool plan_value_expr(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
// action_unpack.cpp: unpack: `betas=(0.9, 0.999)` -> `beta1=0.9, beta2=0.999`.
bool plan_unpack(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
// action_tensor_operand.cpp: tensor_operand: the value is a tensor operand (tensor_operands.h).
bool plan_tensor_operand(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
// action_device_string.cpp: device_string: a device kept as an argument, in Paddle's spelling.
bool plan_device_string(const ArgumentContext& c, ArgPlan* ap, std::string* reason);
// action_legacy_reduction.cpp: legacy_reduction: `size_average=` / `reduce=` go, noted in `legacy`.
bool plan_legacy_reduction(const ArgumentContext& c, ArgPlan* ap, LegacyReduction* legacy, std::string* reason);
// result_arguments.cpp: out, requires_grad, pin_memory: the argument goes, its effect on the result
// noted in `results` (the same reading as for a template's unconsumed arguments).
bool plan_result_argument(const ArgumentContext& c, ArgPlan* ap, ResultArguments* results, std::string* reason);

// `expr` with every `{value}` replaced by `rendered`, parenthesised when compound so that
// `1 - {value}` keeps its meaning.
std::string substitute_value(std::string expr, std::string rendered);

}  // namespace t2p::rules
