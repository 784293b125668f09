#include "emit/html_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>

#include "base/source_text.h"
#include "emit/finding_text.h"
#include "emit/unified_diff.h"

namespace t2p::emit {
namespace {

const char* status_word(FileStatus s, bool checking) {
  switch (s) {
    case FileStatus::kConverted: return checking ? "would change" : "converted";
    case FileStatus::kUnchanged: return "unchanged";
    case FileStatus::kFailed: return "failed";
  }
  return "unchanged";
}
const char* status_key(FileStatus s) { return s == FileStatus::kConverted ? "changed" : s == FileStatus::kFailed ? "failed" : "unchanged"; }

std::string line_text(std::string_view l) {
  while (!l.empty() && (l.back() == '\n' || l.back() == '\r')) l.remove_suffix(1);
  return html_escape(l);
}

// The findings on one input line, as list items.
std::string findings_cell(const std::vector<const rules::ApiUse*>& uses) {
  std::string out;
  for (const auto* u : uses) {
    const char* level = level_name(level_of(*u));
    out += "<div class=\"f ";
    out += level;
    out += "\" title=\"" + html_escape(rules::rule_id(*u)) + "\">" + html_escape(rules::finding_message(*u)) + "</div>";
  }
  return out;
}

constexpr const char* kStyle = R"(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1b1f24}
h1{font-size:1.4em}h2{font-size:1.1em;margin-top:1.5em}
table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;text-align:left}
th.n,td.n{text-align:right}#files th{cursor:pointer;user-select:none}#files th:after{content:" \2195";color:#999}
.totals td:first-child{color:#555}
.filters label{margin-right:1em}
details{margin:.5em 0;border:1px solid #ddd;border-radius:4px}summary{padding:4px 8px;background:#f6f8fa;cursor:pointer}
table.code{width:100%;font:12px/1.35 ui-monospace,monospace;table-layout:fixed}
table.code td{border:0;white-space:pre-wrap;word-break:break-all;vertical-align:top}
table.code td.no{width:3.5em;color:#888;text-align:right}table.code td.fs{width:28%;white-space:normal;font-family:system-ui,sans-serif}
td.del{background:#ffebe9}td.add{background:#e6ffec}tr.gap td{background:#f0f3f6;color:#666;text-align:center}
.f{margin:1px 0;padding:0 4px;border-left:3px solid}.f.note{border-color:#2da44e}.f.warning{border-color:#bf8700}.f.error{border-color:#cf222e}
.hidden{display:none}
)";

// Sorting and filters; at the end it marks the page ready (the browser test reads it).
constexpr const char* kScript = R"(
(function(){
  var table=document.getElementById('files');
  var body=table.tBodies[0];
  Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,col){
    th.addEventListener('click',function(){
      var numeric=th.classList.contains('n');
      var dir=th.dataset.dir==='asc'?'desc':'asc';th.dataset.dir=dir;
      var rows=Array.prototype.slice.call(body.rows);
      rows.sort(function(a,b){
        var x=a.cells[col].dataset.v||a.cells[col].textContent,y=b.cells[col].dataset.v||b.cells[col].textContent;
        var c=numeric?(Number(x)-Number(y)):x.localeCompare(y);
        return dir==='asc'?c:-c;});
      rows.forEach(function(r){body.appendChild(r);});
    });
  });
  function apply(){
    var on={};
    Array.prototype.forEach.call(document.querySelectorAll('.filters input'),function(i){on[i.value]=i.checked;});
    Array.prototype.forEach.call(document.querySelectorAll('[data-status]'),function(e){
      e.classList.toggle('hidden',!on[e.dataset.status]);});
  }
  Array.prototype.forEach.call(document.querySelectorAll('.filters input'),function(i){i.addEventListener('change',apply);});
  Array.prototype.forEach.call(document.querySelectorAll('#files a'),function(a){a.addEventListener('click',function(){
    var d=document.getElementById(a.hash.slice(1));if(d)d.open=true;});});
  apply();
  if(location.hash==='#selftest'){
    var th=table.tHead.rows[0].cells[3];th.click();th.click();
    document.body.dataset.firstByUnsupported=body.rows.length?body.rows[0].cells[0].textContent:'';
  }
  document.body.dataset.ready='1';
})();
)";

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

void HtmlReportWriter::add(const FileReport& f) {
  if (!f.python && f.status != FileStatus::kFailed) return;
  Row row{f.path, f.status, f.lines};
  std::map<uint32_t, std::vector<const rules::ApiUse*>> by_line;
  // A notebook's findings go beside the line of the .ipynb file that holds them: the diff shown
  // is of the file, and their `line` is in their cell.
  std::optional<base::LineIndex> file_lines;
  if (!f.input.empty() && std::any_of(f.uses.begin(), f.uses.end(), [](const rules::ApiUse& u) { return u.cell != 0; })) {
    file_lines.emplace(f.input);
  }
  for (const auto& u : f.uses) {
    switch (u.status) {
      case rules::UseStatus::kConverted: ++row.converted; break;
      case rules::UseStatus::kUnsupported: ++row.unsupported; break;
      case rules::UseStatus::kNeedsReview: ++row.review; break;
    }
    by_line[u.cell && file_lines ? file_lines->position(u.offset).line : u.line].push_back(&u);
  }
  rows_.push_back(row);
  if (f.uses.empty() && f.status != FileStatus::kFailed) return;  // nothing to show about it

  const std::string id = "f" + std::to_string(rows_.size());
  std::string s = "<details id=\"" + id + "\" data-status=\"" + status_key(f.status) + "\"><summary><code>" + html_escape(f.path) +
                  "</code> — " + status_word(f.status, checking_) + ", " + std::to_string(row.converted) +
                  (checking_ ? " convertible, " : " converted, ") + std::to_string(row.unsupported) + " unsupported, " +
                  std::to_string(row.review) + " to review</summary>\n";
  if (f.error) {
    s += "<p class=\"f error\">" + html_escape(f.error->message) + " [" + html_escape(f.error->code) + "]</p>\n";
  }
  std::vector<DiffHunk> hunks;
  if (!f.input.empty() && !f.edits.empty()) hunks = diff_hunks(f.input, f.edits, 3);
  if (!hunks.empty()) {
    s += "<table class=\"code\"><tbody>\n";
    for (const auto& h : hunks) {
      s += "<tr class=\"gap\"><td colspan=\"5\">@@ -" + std::to_string(h.old_start) + "," + std::to_string(h.old_count) + " +" +
           std::to_string(h.new_start) + "," + std::to_string(h.new_count) + " @@</td></tr>\n";
      // Removed lines beside the added lines that replace them; context on both sides.
      for (size_t i = 0; i < h.lines.size();) {
        const DiffLine& l = h.lines[i];
        if (l.kind == DiffLine::kContext) {
          auto it = by_line.find(l.old_line);
          s += "<tr><td class=\"no\">" + std::to_string(l.old_line) + "</td><td>" + line_text(l.text) + "</td><td class=\"no\">" +
               std::to_string(l.new_line) + "</td><td>" + line_text(l.text) + "</td><td class=\"fs\">" +
               (it == by_line.end() ? "" : findings_cell(it->second)) + "</td></tr>\n";
          ++i;
          continue;
        }
        size_t r = i, a;
        while (r < h.lines.size() && h.lines[r].kind == DiffLine::kRemoved) ++r;
        a = r;
        while (a < h.lines.size() && h.lines[a].kind == DiffLine::kAdded) ++a;
        const size_t removed = r - i, added = a - r;
        for (size_t k = 0; k < std::max(removed, added); ++k) {
          s += "<tr>";
          uint32_t old_line = 0;
          if (k < removed) {
            old_line = h.lines[i + k].old_line;
            s += "<td class=\"no\">" + std::to_string(old_line) + "</td><td class=\"del\">" + line_text(h.lines[i + k].text) + "</td>";
          } else {
            s += "<td class=\"no\"></td><td></td>";
          }
          if (k < added) {
            s += "<td class=\"no\">" + std::to_string(h.lines[r + k].new_line) + "</td><td class=\"add\">" +
                 line_text(h.lines[r + k].text) + "</td>";
          } else {
            s += "<td class=\"no\"></td><td></td>";
          }
          auto it = old_line ? by_line.find(old_line) : by_line.end();
          s += "<td class=\"fs\">" + (it == by_line.end() ? std::string() : findings_cell(it->second)) + "</td></tr>\n";
        }
        i = a;
      }
    }
    s += "</tbody></table>\n";
  }
  // Findings on lines the diff does not show (left as written, or far from any change).
  std::string rest;
  for (const auto& [line, uses] : by_line) {
    bool shown = false;
    for (const auto& h : hunks) shown |= line >= h.old_start && line < h.old_start + h.old_count;
    if (!shown) rest += "<tr><td class=\"no\">" + std::to_string(line) + "</td><td class=\"fs\">" + findings_cell(uses) + "</td></tr>\n";
  }
  if (!rest.empty()) s += "<table class=\"code\"><tbody>\n" + rest + "</tbody></table>\n";
  s += "</details>\n";
  sections_.append(s);
}

std::string HtmlReportWriter::write_to(const Out& out, const RunSummary& t) const {
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.1f%%", t.convert_rate() * 100.0);
  const char* done = checking_ ? "convertible" : "converted";
  std::string head = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                     "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
                     "<title>torch2paddle migration report</title>\n<style>" +
                     std::string(kStyle) + "</style></head>\n<body>\n<h1>torch2paddle migration report</h1>\n";
  head += "<table class=\"totals\"><tbody>\n";
  auto total = [&](const std::string& k, const std::string& v) { head += "<tr><td>" + k + "</td><td class=\"n\">" + v + "</td></tr>\n"; };
  total("Python files", std::to_string(t.files));
  total(checking_ ? "files that would change" : "files converted", std::to_string(t.files_converted));
  total("files failed", std::to_string(t.files_failed));
  total("lines", std::to_string(t.lines));
  total("PyTorch API uses", std::to_string(t.api_uses));
  total(done, std::to_string(t.converted) + " (" + rate + ")");
  total("unsupported", std::to_string(t.unsupported));
  total("needs review", std::to_string(t.needs_review));
  head += "</tbody></table>\n";
  head += std::string("<p class=\"filters\">Show: <label><input type=\"checkbox\" value=\"changed\" checked> ") +
          (checking_ ? "would change" : "converted") +
          "</label><label><input type=\"checkbox\" value=\"unchanged\" checked> unchanged</label>"
          "<label><input type=\"checkbox\" value=\"failed\" checked> failed</label></p>\n";
  head += std::string("<h2>Files</h2>\n<table id=\"files\"><thead><tr><th>file</th><th>status</th><th class=\"n\">") + done +
          "</th><th class=\"n\">unsupported</th><th class=\"n\">needs review</th><th class=\"n\">lines</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < rows_.size(); ++i) {
    const Row& r = rows_[i];
    head += "<tr data-status=\"" + std::string(status_key(r.status)) + "\"><td><a href=\"#f" + std::to_string(i + 1) + "\">" +
            html_escape(r.path) + "</a></td><td>" + status_word(r.status, checking_) + "</td><td class=\"n\">" +
            std::to_string(r.converted) + "</td><td class=\"n\">" + std::to_string(r.unsupported) + "</td><td class=\"n\">" +
            std::to_string(r.review) + "</td><td class=\"n\">" + std::to_string(r.lines) + "</td></tr>\n";
  }
  head += "</tbody></table>\n<h2>Changes and findings</h2>\n";
  if (std::string e = out(head); !e.empty()) return e;
  if (std::string e = sections_.copy_to(out); !e.empty()) return e;
  return out(std::string("<script>") + kScript + "</script>\n</body></html>\n");
}

}  // namespace t2p::emit
