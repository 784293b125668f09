// rules: the argument map's path through one call (rules/call_rewriter.cpp, rewrite_call_itself)
// as small stages, each in its own file; the state they share is a CallPlan, the edits a CallEdits.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/edit.h"
#include "kg/api_record.h"
#include "rewrite/edit_set.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "rules/handlers/argument_plan.h"
#include "rules/handlers/result_arguments.h"
#include "rules/star_arguments.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

// One call on the argument map's path, from binding to the edits. Not copied or moved: views
// point into it (`supplied` into `plan`, `torch_params` possibly into `stars`).
struct CallPlan {
  CallPlan(const CallSite& s, const kg::ApiRecord& r, const semantic::TypeInference& t, rewrite::EditSet* e,
           CallArguments& a)
      : site(s), record(r), types(t), edits(e), ca(a), is_method(!ts_node_is_null(s.receiver)) {}
  CallPlan(const CallPlan&) = delete;
  CallPlan& operator=(const CallPlan&) = delete;

  const CallSite& site;
  const kg::ApiRecord& record;
  const semantic::TypeInference& types;
  rewrite::EditSet* edits;
  CallArguments& ca;
  const bool is_method;  // `x.m(...)`: the call has a receiver

  // Binding (call_binding.cpp).
  bool starred = false;            // star arguments bound by rules/star_arguments.h
  StarBinding stars;
  size_t splat_position = 0;       // the Paddle position a `*args` starts at
  bool splat_demoted = false;
  bool bound = false;              // the arguments bind to a signature
  const std::vector<kg::Param>* torch_params = nullptr;  // that signature, else the record's
  // Paddle's positional parameter names, in order (views of the record's names: no copies), and
  // whether `*args` follows them.
  std::vector<std::string_view> paddle_positional;
  bool paddle_varargs = false;
  size_t offset = 0;               // 1: the receiver is Paddle's first positional argument

  // Per argument (argument_actions.cpp and the stages after it).
  std::vector<ArgPlan> plan;       // never resized after binding
  LegacyReduction legacy;          // `size_average=` / `reduce=`
  std::string legacy_reduction;    // the `reduction=` value they fold into (action_legacy_reduction.cpp)
  ResultArguments results;         // out=, requires_grad=, pin_memory= (rules/handlers/result_arguments.h)
  std::vector<bool> given;         // per torch parameter: the call passes it
  std::vector<std::pair<uint32_t, uint32_t>> splat_stars;  // `*` to drop (varargs_lists.cpp)
  // Paddle parameters the converted call passes: views of the record's, the source's or the
  // plan's strings, which outlive the stages' use of them (`plan` is never resized).
  std::vector<std::string_view> supplied;
  std::vector<std::string> appended;  // Paddle-only arguments added at the end (appended_arguments.cpp)

  RewriteOutcome result;  // a stage that fails returns false with `result.reason` set
};

// The edits of one call, gathered before they are committed (argument_edits.cpp).
struct CallEdits {
  uint32_t call_begin = 0;
  uint32_t call_end = 0;
  uint32_t span = 0;
  TSNode fn{};       // the callee
  size_t kept = 0;   // arguments that stay
  std::string out_text;  // the `out=` value as converted so far
  std::vector<std::pair<uint32_t, uint32_t>> deletions;
  std::vector<std::pair<TSNode, std::string>> value_replacements;
  std::vector<base::Edit> batch;
};

// `s` without leading and trailing blanks.
std::string_view trim_blanks(std::string_view s);
// The rule of a torch parameter; a rule's torch name may be written `*size` for the varargs
// parameter `size` (argument_actions.cpp).
const kg::ArgRule* rule_for(const kg::ApiRecord& r, const kg::Param& p);

// The stages, in order. Each returns false (with `cp.result.reason`) when the call cannot be converted.
// call_binding.cpp: the signature the arguments bind to (star arguments included), Paddle's positions.
bool bind_to_signature(CallPlan& cp, const std::vector<kg::Param>* signature);
// argument_actions.cpp: each bound argument planned by its action's handler (action_*.cpp).
bool plan_arguments(CallPlan& cp);
// layout_permutation.cpp: a layout-changing API's tensor argument goes in permuted ...
void permute_layout_argument(const CallPlan& cp, const CallArg& a, const kg::Param& p, std::string_view value,
                             ArgPlan* ap);
// ... and its result comes back permuted.
bool permute_layout_result(CallPlan& cp, CallEdits& e);
// operand_types.cpp: a Python number where Paddle takes only a Tensor; a path where it takes a str.
bool make_tensor_operands(CallPlan& cp);
bool make_str_operands(CallPlan& cp);
// action_legacy_reduction.cpp: the `size_average=` / `reduce=` pair decides over `reduction=`.
void fold_legacy_reduction(CallPlan& cp);
// varargs_lists.cpp: a varargs group becomes one list argument; `*shape` loses its star.
void group_varargs_into_lists(CallPlan& cp);
void drop_splat_stars(const CallPlan& cp, CallEdits& e);
// argument_positions.cpp: positionals stay where Paddle has the same position, else become keywords.
bool place_positionals(CallPlan& cp);
// star_expansions.cpp: star arguments checked, `**kw` expanded (rules/star_arguments.h).
bool expand_star_arguments(CallPlan& cp);
// appended_arguments.cpp: Paddle-only arguments and differing defaults the call must add.
bool append_paddle_arguments(CallPlan& cp);
// argument_edits.cpp: the call's ranges, deletions and value replacements; each argument's own
// edits and the appended arguments; the commit.
CallEdits start_call_edits(const CallPlan& cp);
void write_argument_edits(const CallPlan& cp, CallEdits& e);
RewriteOutcome commit_call_edits(CallPlan& cp, CallEdits& e);
// callee_forms.cpp: the Paddle callee as a function, method, attribute or dropped call; the
// receiver as a function's first argument.
bool write_callee(CallPlan& cp, CallEdits& e);
std::string receiver_head(const CallPlan& cp, const CallEdits& e);
// result_edits.cpp: the result written into `out=`, unpacked, pinned; the statement after the call.
void write_result_wrappers(const CallPlan& cp, CallEdits& e);
bool add_result_statement(CallPlan& cp);

}  // namespace t2p::rules
