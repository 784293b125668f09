// driver: when a converted file would not parse, finds the statements whose converted form is
// at fault, so that only they are left as written (the rest of the file stays converted).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/edit.h"
#include "parse/syntax_tree.h"

namespace t2p::driver {

// `statement` (a byte range of `source`) with the `edits` that lie inside it applied: edits in
// EditSet order, as rules::FileConversion::edits holds them. An insertion at the statement's end
// (a statement added after it) belongs to it; one at its start (a comment line above) does not.
std::string render_statement(std::string_view source, std::pair<uint32_t, uint32_t> statement,
                             const std::vector<base::Edit>& edits);

// Of `statements` (sorted by start, as rules::FileConversion::statements), the starts of those
// whose rendering does not parse on its own (wrapped under `if 1:` when indented), sorted and
// appended to `bad` (which stays sorted and free of duplicates). A statement holding a smaller
// failing one is not added in the same call: the smaller one alone may be the culprit.
// Returns how many were added.
size_t find_unparsable_statements(std::string_view source, const std::vector<std::pair<uint32_t, uint32_t>>& statements,
                                  const std::vector<base::Edit>& edits, parse::PythonParser& parser,
                                  std::vector<uint32_t>* bad);

}  // namespace t2p::driver
