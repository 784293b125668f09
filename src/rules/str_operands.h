// rules: values Paddle's reference does not take where it documents a string (`path (str|BytesIO)`
// of paddle.save / paddle.load, ApiRecord::paddle_str_only): a pathlib path is written
// `str(path)`; an open file is reported, since Paddle's file APIs open the path themselves.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

// `paddle_names[i]`: the Paddle parameter argument i of `ca` goes to (empty when it is dropped or
// its value is rewritten already). Sets `(*values)[i]` to the text that replaces the value of
// each argument known to be a pathlib path going to a string parameter:
//   `torch.save(sd, root / "model.pt")` -> `paddle.save(sd, str(root / "model.pt"))`
// Returns false (and `reason`) when an argument is known to be an open file (`with open(p, "wb")
// as f: torch.save(x, f)`): the call is reported, not written to fail at run time. Does nothing
// (returns true) for a record without such parameters.
bool write_str_operands(const CallSite& site, const kg::ApiRecord& record, const CallArguments& ca,
                        const std::vector<std::string_view>& paddle_names, const semantic::TypeInference& types,
                        rewrite::EditSet* edits, std::vector<std::string>* values, std::string* reason);

}  // namespace t2p::rules
