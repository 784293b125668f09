// emit: the concise end-of-run summary printed on stderr.
#pragma once

#include <ostream>

#include "emit/run_report.h"

namespace t2p::emit {

// Errors (file: reason), unsupported uses (file:line: api: reason, at most `max_listed`), then
// the counts and the convert rate.
void print_summary(std::ostream& out, const RunReport& report, size_t max_listed = 50);

// Only the failed files, one line each (what `--quiet` still prints).
void print_errors(std::ostream& out, const RunReport& report);

}  // namespace t2p::emit
