#include "emit/markdown_report.h"

#include <algorithm>
#include <cstdio>

namespace t2p::emit {
namespace {

// Text in a table cell: no line breaks, `|` escaped; long reasons shortened.
std::string cell(std::string_view text, size_t max = 160) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r') out += ' ';
    else if (c == '|') out += "\\|";
    else out += c;
  }
  if (out.size() > max) {
    out.resize(max);
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();  // whole characters
    if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
    out += "…";
  }
  return out;
}

std::string code(std::string_view text) { return "`" + cell(text) + "`"; }

// Appends lines while they fit in `limit`, keeping room for the closing note.
class Budget {
 public:
  explicit Budget(size_t limit) : limit_(limit > 400 ? limit - 400 : 0) {}
  bool add(std::string* doc, const std::string& line) {
    if (doc->size() + line.size() + 1 > limit_) {
      ++dropped_;
      return false;
    }
    *doc += line + "\n";
    return true;
  }
  size_t dropped() const { return dropped_; }

 private:
  size_t limit_;
  size_t dropped_ = 0;
};

}  // namespace

void MarkdownReportWriter::add(const FileReport& f) {
  if (!f.python && f.status != FileStatus::kFailed) return;
  FileRow row{f.path, f.status, 0, 0, 0, {}};
  if (f.error) row.error = f.error->message;
  for (const auto& u : f.uses) {
    std::map<std::string, ApiCount>* by_api = nullptr;
    switch (u.status) {
      case rules::UseStatus::kConverted: ++row.converted; break;
      case rules::UseStatus::kUnsupported: ++row.unsupported; by_api = &unsupported_; break;
      case rules::UseStatus::kNeedsReview: ++row.review; by_api = &review_; break;
    }
    if (!by_api) continue;
    ApiCount& c = (*by_api)[u.torch_api];
    if (c.uses++ == 0) c.first_place = f.path + (u.cell ? ":cell " + std::to_string(u.cell) : "") + ":" + std::to_string(u.line);
    ++c.reasons[u.reason];
  }
  if (row.converted + row.unsupported + row.review > 0 || f.status == FileStatus::kFailed) files_.push_back(std::move(row));
}

std::string MarkdownReportWriter::render(const RunSummary& s) const {
  const char* done = checking_ ? "convertible" : "converted";
  std::string doc = "## torch2paddle migration report\n\n";
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.1f%%", s.convert_rate() * 100.0);
  doc += "| | |\n|---|---:|\n";
  doc += "| Python files | " + std::to_string(s.files) + " |\n";
  doc += std::string("| files ") + (checking_ ? "that would change" : "converted") + " | " + std::to_string(s.files_converted) + " |\n";
  doc += "| files failed | " + std::to_string(s.files_failed) + " |\n";
  doc += "| lines | " + std::to_string(s.lines) + " |\n";
  doc += "| PyTorch API uses | " + std::to_string(s.api_uses) + " |\n";
  doc += std::string("| ") + done + " | " + std::to_string(s.converted) + " (" + rate + ") |\n";
  doc += "| unsupported | " + std::to_string(s.unsupported) + " |\n";
  doc += "| needs review | " + std::to_string(s.needs_review) + " |\n";
  if (!s.min_paddle.empty()) doc += "| Paddle version needed | " + s.min_paddle + " or later |\n";

  Budget budget(limit_);
  auto ranked = [&](const std::map<std::string, ApiCount>& apis, const char* title) {
    if (apis.empty()) return;
    std::vector<const std::pair<const std::string, ApiCount>*> order;
    for (const auto& e : apis) order.push_back(&e);
    std::stable_sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->second.uses > b->second.uses; });
    budget.add(&doc, std::string("\n### ") + title + "\n\n| API | uses | reason | first use |\n|---|---:|---|---|");
    for (const auto* e : order) {
      const auto& reasons = e->second.reasons;
      auto top = std::max_element(reasons.begin(), reasons.end(), [](auto& a, auto& b) { return a.second < b.second; });
      std::string reason = top == reasons.end() ? "" : cell(top->first);
      if (reasons.size() > 1) reason += " (and " + std::to_string(reasons.size() - 1) + " other reasons)";
      budget.add(&doc, "| " + code(e->first) + " | " + std::to_string(e->second.uses) + " | " + reason + " | " +
                           code(e->second.first_place) + " |");
    }
  };
  ranked(unsupported_, "Unsupported APIs");
  ranked(review_, "Needs review");

  bool failed_header = false;
  for (const auto& f : files_) {
    if (f.status != FileStatus::kFailed) continue;
    if (!failed_header) budget.add(&doc, "\n### Failed files (left as they were)\n");
    failed_header = true;
    budget.add(&doc, "- " + code(f.path) + ": " + cell(f.error));
  }
  if (!files_.empty()) {
    budget.add(&doc, std::string("\n### Files\n\n| file | status | ") + done + " | unsupported | needs review |\n|---|---|---:|---:|---:|");
    for (const auto& f : files_) {
      const char* status = f.status == FileStatus::kFailed ? "failed"
                           : f.status == FileStatus::kConverted ? (checking_ ? "would change" : "converted")
                                                                : "unchanged";
      budget.add(&doc, "| " + code(f.path) + " | " + status + " | " + std::to_string(f.converted) + " | " +
                           std::to_string(f.unsupported) + " | " + std::to_string(f.review) + " |");
    }
  }
  if (budget.dropped()) {
    doc += "\n_Truncated to fit a comment: " + std::to_string(budget.dropped()) +
           " more rows are in the JSON report (`--report json=PATH`)._\n";
  }
  return doc;
}

}  // namespace t2p::emit
