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
  doc["files"] = json::array();
  if (!report.notices.empty()) doc["notices"] = report.notices;
  std::string head = doc.dump(2);

  // The file entries are dumped one at a time and spliced in where `"files": []` stands, indented
  // as dump(2) indents them inside the document: a whole-document tree of every use of a large
  // repository took several times the size of the report in memory.
  std::string files;
  bool any = false;
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
    std::string text = jf.dump(2);
    files += any ? ",\n    " : "\n    ";
    any = true;
    for (char c : text) {
      files += c;
      if (c == '\n') files += "    ";
    }
  }
  const std::string empty = "\"files\": []";
  size_t at = head.find(empty);
  std::string out;
  out.reserve(head.size() + files.size() + 16);
  out.append(head, 0, at);
  out += "\"files\": [";
  if (any) {
    out += files;
    out += "\n  ]";
  } else {
    out += "]";
  }
  out.append(head, at + empty.size(), std::string::npos);
  out += "\n";
  return out;
}

}  // namespace t2p::emit
