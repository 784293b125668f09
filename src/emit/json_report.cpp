#include "emit/json_report.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace t2p::emit {

std::string json_report(const RunReport& report) {
  using json = nlohmann::ordered_json;
  const RunSummary& s = report.summary;
  json doc;
  doc["version"] = kJsonReportVersion;
  doc["summary"] = {
      {"files", s.files},
      {"files_converted", s.files_converted},
      {"files_unchanged", s.files_unchanged},
      {"files_failed", s.files_failed},
      {"files_copied", s.files_copied},
      {"copies_failed", s.copies_failed},
      {"lines", s.lines},
      {"api_uses", s.api_uses},
      {"converted", s.converted},
      {"unsupported", s.unsupported},
      {"needs_review", s.needs_review},
      {"convert_rate", std::round(s.convert_rate() * 10000.0) / 10000.0},
  };
  json files = json::array();
  for (const auto& f : report.files) {
    if (!f.python && f.status != FileStatus::kFailed) continue;
    json jf;
    jf["path"] = f.path;
    jf["status"] = to_string(f.status);
    if (f.error) {
      jf["error"] = {{"code", f.error->code}, {"message", f.error->message}};
      if (f.error->line) {
        jf["error"]["line"] = f.error->line;
        jf["error"]["column"] = f.error->column;
      }
    }
    json uses = json::array();
    for (const auto& u : f.uses) {
      json ju;
      ju["line"] = u.line;
      ju["column"] = u.column;
      ju["torch_api"] = u.torch_api;
      if (!u.paddle_api.empty() && u.status == rules::UseStatus::kConverted) ju["paddle_api"] = u.paddle_api;
      ju["status"] = rules::to_string(u.status);
      ju["rule"] = u.rule;
      if (!u.reason.empty()) ju["reason"] = u.reason;
      uses.push_back(std::move(ju));
    }
    jf["uses"] = std::move(uses);
    files.push_back(std::move(jf));
  }
  doc["files"] = std::move(files);
  if (!report.notices.empty()) doc["notices"] = report.notices;
  return doc.dump(2) + "\n";
}

}  // namespace t2p::emit
