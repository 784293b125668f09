// emit: what the counts say of code left as written: APIs under a TODO comment of an earlier
// conversion, and the uses of a file whose conversion was not written.
#pragma once

#include <tree_sitter/api.h>

#include <string_view>
#include <vector>

#include "rules/api_use.h"

namespace t2p::emit {

// A file converted before keeps, under `# TODO(torch2paddle): API...`, the calls it could not
// convert; converting it again (a re-run, `--in-place` in a pre-commit hook) records nothing for
// them when the converter leaves them alone (methods in a file that imports paddle, a file that
// imports torch no more). They still fail at run time, so each counts as unsupported: for every
// such comment of `source` (tree `root`) right above a statement that still spells the API's
// name, with no use of that API recorded in the statement, an unsupported use is added to `uses`
// (rule `todo`, reason the comment's). `uses` stays sorted by offset.
void add_todo_uses(std::string_view source, TSNode root, std::vector<rules::ApiUse>* uses);

// A file whose output was not written (it would not parse, or would use a name unbound): none of
// its uses is converted. Converted uses, and converted ones with a review note, become
// unsupported with `why` as their reason; no use keeps a fix.
void mark_not_converted(std::vector<rules::ApiUse>* uses, std::string_view why);

}  // namespace t2p::emit
