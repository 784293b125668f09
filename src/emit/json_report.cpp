#include "emit/json_report.h"

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>

#include "emit/finding_text.h"

namespace t2p::emit {
namespace {

using json = nlohmann::ordered_json;

// The document without its file entries: `"files": []` stands where they go.
std::string head_of(const RunSummary& s, const std::vector<std::string>& notices) {
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
  if (!s.min_paddle.empty()) doc["summary"]["min_paddle"] = s.min_paddle;
  doc["files"] = json::array();
  if (!notices.empty()) doc["notices"] = notices;
  return doc.dump(2);
}

// One file's entry, indented as dump(2) indents it inside the document, with its separator.
std::string entry_of(const FileReport& f, bool first) {
  json jf;
  jf["path"] = f.path;
  jf["status"] = to_string(f.status);
  if (!f.min_paddle.empty()) jf["min_paddle"] = f.min_paddle;
  if (f.error) {
    jf["error"] = {{"code", f.error->code}, {"message", f.error->message}};
    if (f.error->cell) jf["error"]["cell"] = f.error->cell;
    if (f.error->line) {
      jf["error"]["line"] = f.error->line;
      jf["error"]["column"] = f.error->column;
    }
  }
  json uses = json::array();
  for (const auto& u : f.uses) {
    json ju;
    ju["id"] = rules::rule_id(u);
    if (u.cell) ju["cell"] = u.cell;  // a notebook: line and columns are in this cell
    ju["line"] = u.line;
    ju["column"] = u.column;
    ju["end_line"] = u.end_line;
    ju["end_column"] = u.end_column;
    ju["level"] = level_name(level_of(u));
    ju["torch_api"] = u.torch_api;
    if (!u.paddle_api.empty() && (u.status == rules::UseStatus::kConverted || u.applied)) ju["paddle_api"] = u.paddle_api;
    ju["status"] = rules::to_string(u.status);
    if (u.applied) ju["applied"] = true;
    ju["rule"] = u.rule;
    if (!u.reason.empty()) ju["reason"] = u.reason;
    ju["message"] = rules::finding_message(u);
    if (u.fix >= 0 && static_cast<size_t>(u.fix) < f.fixes.size()) {
      const rules::Fix& fix = f.fixes[u.fix];
      json edits = json::array();
      for (uint32_t i : fix.edits) {
        const base::Edit& e = f.edits[i];
        edits.push_back({{"offset", e.begin}, {"length", e.end - e.begin}, {"text", e.text}});
      }
      ju["fix"] = {{"applicability", rules::to_string(fix.applicability)}, {"edits", std::move(edits)}};
    }
    uses.push_back(std::move(ju));
  }
  jf["uses"] = std::move(uses);
  std::string text = jf.dump(2);
  std::string out = first ? "\n    " : ",\n    ";
  out.reserve(out.size() + text.size() + text.size() / 8);
  for (char c : text) {
    out += c;
    if (c == '\n') out += "    ";
  }
  return out;
}

}  // namespace

void JsonReportWriter::add(const FileReport& f) {
  if (!f.python && f.status != FileStatus::kFailed) return;
  entries_.append(entry_of(f, !any_));
  any_ = true;
}

std::string JsonReportWriter::write(int fd, const RunSummary& summary, const std::vector<std::string>& notices) const {
  return write_to([fd](std::string_view d) { return write_fd(fd, d); }, summary, notices);
}

std::string JsonReportWriter::write_to(const Out& out, const RunSummary& summary,
                                       const std::vector<std::string>& notices) const {
  const std::string head = head_of(summary, notices);
  const std::string empty = "\"files\": []";
  const size_t at = head.find(empty);
  if (std::string e = out(head.substr(0, at) + "\"files\": ["); !e.empty()) return e;
  if (std::string e = entries_.copy_to(out); !e.empty()) return e;
  std::string after = any_ ? "\n  ]" : "]";
  after.append(head, at + empty.size(), std::string::npos);
  after += "\n";
  return out(after);
}

std::string json_report(const RunReport& report) {
  JsonReportWriter writer(/*spool=*/false);
  for (const auto& f : report.files) writer.add(f);
  std::string text;
  writer.write_to([&](std::string_view d) { text.append(d); return std::string(); }, report.summary, report.notices);
  return text;
}

}  // namespace t2p::emit
