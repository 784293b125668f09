// emit: the JSON report (`--report json=PATH`), the format CI and scripts read. See docs/report.md.
#pragma once

#include <string>

#include "emit/run_report.h"

namespace t2p::emit {

inline constexpr int kJsonReportVersion = 1;

// The whole report as one JSON document (pretty-printed, deterministic order).
std::string json_report(const RunReport& report);

}  // namespace t2p::emit
