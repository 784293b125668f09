// rules: the conditions of a template case's `when` (`nargs`, `has`, `int`, `tensor`, `values`,
// ...): whether a case fits a call. Cases are tried in order; the first that holds is written.
#pragma once

#include <tree_sitter/api.h>

#include <vector>

#include "kg/api_record.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

// Whether every condition of case `c` holds for the call; `params`: the bound PyTorch signature
// (empty when none binds). `has`/`lacks` name parameters passed by keyword or (once bound) by
// position; `int`/`tensor` ask what the argument is (`torch.max(x, 1)` reduces, `torch.max(x, y)`
// compares).
bool case_holds(const kg::TemplateCase& c, const CallArguments& ca, const std::vector<kg::Param>& params,
                const CallSite& site, const semantic::TypeInference& types);

// `x`, `self.x`: a name or attribute chain, which evaluating twice does not change.
bool is_plain_reference(TSNode v);

}  // namespace t2p::rules
