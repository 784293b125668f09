#include "emit/json_report.h"

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>

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
    if (!u.paddle_api.empty() && (u.status == rules::UseStatus::kConverted || u.applied)) ju["paddle_api"] = u.paddle_api;
    ju["status"] = rules::to_string(u.status);
    if (u.applied) ju["applied"] = true;
    ju["rule"] = u.rule;
    if (!u.reason.empty()) ju["reason"] = u.reason;
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

std::string write_all(int fd, const char* data, size_t n) {
  for (size_t done = 0; done < n;) {
    ssize_t m = ::write(fd, data + done, n - done);
    if (m < 0 && errno == EINTR) continue;
    if (m < 0) return std::strerror(errno);
    done += static_cast<size_t>(m);
  }
  return {};
}

// An anonymous temporary file in $TMPDIR (else /tmp), removed from the directory at once: it
// goes away with the process whatever happens. Null when none can be made (entries then stay in
// memory). std::tmpfile() would ignore TMPDIR.
std::FILE* anonymous_temporary_file() {
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/t2p-report.XXXXXX";
  int fd = ::mkstemp(path.data());
  if (fd < 0) return nullptr;
  ::unlink(path.c_str());
  std::FILE* f = ::fdopen(fd, "w+");
  if (!f) ::close(fd);
  return f;
}

}  // namespace

JsonReportWriter::JsonReportWriter(bool spool) : spool_(spool ? anonymous_temporary_file() : nullptr) {}

JsonReportWriter::~JsonReportWriter() {
  if (spool_) std::fclose(spool_);
}

void JsonReportWriter::add(const FileReport& f) {
  if (!f.python && f.status != FileStatus::kFailed) return;
  std::string entry = entry_of(f, !any_);
  any_ = true;
  if (!spool_) {
    memory_ += entry;
  } else if (std::fwrite(entry.data(), 1, entry.size(), spool_) != entry.size() && error_.empty()) {
    error_ = std::string("cannot spool the report: ") + std::strerror(errno);
  }
}

std::string JsonReportWriter::write(int fd, const RunSummary& summary, const std::vector<std::string>& notices) const {
  return write_to([fd](std::string_view d) { return write_all(fd, d.data(), d.size()); }, summary, notices);
}

std::string JsonReportWriter::write_to(const Out& out, const RunSummary& summary,
                                       const std::vector<std::string>& notices) const {
  if (!error_.empty()) return error_;
  const std::string head = head_of(summary, notices);
  const std::string empty = "\"files\": []";
  const size_t at = head.find(empty);
  if (std::string e = out(head.substr(0, at) + "\"files\": ["); !e.empty()) return e;
  if (any_ && !spool_) {
    if (std::string e = out(memory_); !e.empty()) return e;
  } else if (any_) {
    if (std::fflush(spool_) != 0 || std::fseek(spool_, 0, SEEK_SET) != 0) {
      return std::string("cannot read the spooled report: ") + std::strerror(errno);
    }
    char buf[1 << 16];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, spool_)) > 0;) {
      if (std::string e = out(std::string_view(buf, n)); !e.empty()) return e;
    }
    const bool failed = std::ferror(spool_);
    std::fseek(spool_, 0, SEEK_END);
    if (failed) return std::string("cannot read the spooled report: ") + std::strerror(errno);
  }
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
