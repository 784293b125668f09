// rules: what the handler of a template placeholder reads while a case of a rule is expanded
// (the call, its bound arguments, the edits so far) and the little state the expansion keeps.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kg/api_record.h"
#include "kg/template_text.h"
#include "rewrite/edit_set.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

struct TemplateContext {
  const CallSite& site;
  const kg::ApiRecord& record;
  const CallArguments& ca;
  const std::vector<kg::Param>& params;  // the bound PyTorch signature (empty when none binds)
  bool bound = false;
  const semantic::TypeInference& types;
  rewrite::EditSet* edits = nullptr;
  // A value computed once before the statement into `hoisted_name` (`t2p_input = model(x)`).
  TSNode hoisted{};
  std::string hoisted_name;
  std::string target;              // `{target}`: the name the result is assigned to (`after` only)
  std::vector<uint32_t> written;   // starts of the argument values written so far
  std::string reason;              // why the expansion failed

  // The converted text of `n` (nested conversions applied), or the hoisted name.
  std::string render(TSNode n) const;
  // The argument bound to parameter `name` (by keyword or position), or null.
  const CallArg* argument(std::string_view name) const;
  // Appends the value of `v`, unless it was written before and a second evaluation could differ
  // (`torch.randn(3, 3)` written twice is two matrices): then false, with a reason.
  bool write_once_or_alike(TSNode v, std::string& out);
  // Sets the reason "rule X needs argument 'name'"; returns false.
  bool missing(std::string_view name);
};

// The argument bound to parameter `name` of `params` (by keyword or position), or null.
const CallArg* argument_for(const CallArguments& ca, const std::vector<kg::Param>& params, std::string_view name);

// Index of the `*name` parameter of `params`, or -1.
int varargs_param(const std::vector<kg::Param>& params, const std::string& name);

// Whether `text` is one primary expression (name, call, subscript, literal) that needs no
// parentheses next to an operator: nothing but brackets and strings hold a space or operator.
// (A leading minus counts as an operator: `-x ** 2`.)
bool is_atomic(std::string_view text);

}  // namespace t2p::rules
