// lsp: the Markdown of a hover over a finding: the API, its Paddle counterpart, the finding's
// message and rule, and the mapping's category, reason and argument changes from the graph.
#pragma once

#include <string>

#include "kg/api_record.h"
#include "rules/api_use.h"

namespace t2p::lsp {

// `record` may be null (an API the graph does not hold).
std::string hover_markdown(const rules::ApiUse& u, const kg::ApiRecord* record);

}  // namespace t2p::lsp
