#include "emit/sarif_report.h"

#include <nlohmann/json.hpp>
#include <vector>

#include "emit/finding_text.h"

namespace t2p::emit {
namespace {

using json = nlohmann::ordered_json;

// What a rule id stands for, in one line, and how to act on it.
std::pair<std::string, std::string> describe(const rules::ApiUse& u) {
  switch (u.status) {
    case rules::UseStatus::kConverted:
      return {u.torch_api + " converts to " + (u.paddle_api.empty() ? std::string("Paddle") : u.paddle_api),
              "torch2paddle converts this call with certainty: run `torch2paddle convert` (or apply the fix)."};
    case rules::UseStatus::kNeedsReview:
      return {u.torch_api + " needs review",
              u.applied ? "torch2paddle converts this call but cannot see all it passes: check the converted call."
                        : "The receiver may not be a PyTorch object: convert by hand if it is, or run with --aggressive."};
    case rules::UseStatus::kUnsupported:
      return {u.torch_api + " is not converted automatically",
              "Paddle has no automatic equivalent for this use: rewrite it by hand (the message says why)."};
  }
  return {u.torch_api, ""};
}

json location(const std::string& uri, uint32_t line, uint32_t column, uint32_t end_line, uint32_t end_column) {
  json region = {{"startLine", std::max(line, 1u)}};
  if (column) region["startColumn"] = column;
  if (end_line >= line && end_line) {
    region["endLine"] = end_line;
    if (end_column && (end_line > line || end_column > column)) region["endColumn"] = end_column;
  }
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", uri}, {"uriBaseId", "SRCROOT"}}}, {"region", std::move(region)}}}};
}

// In a notebook a line of a cell is no line of the file: the region is the use's bytes in the
// file, and the cell, line and column go into the location's property bag.
json cell_location(const std::string& uri, uint32_t offset, uint32_t end, uint32_t cell, uint32_t line,
                   uint32_t column) {
  json physical = {{"artifactLocation", {{"uri", uri}, {"uriBaseId", "SRCROOT"}}}};
  if (end > offset) physical["region"] = {{"byteOffset", offset}, {"byteLength", end - offset}};
  return {{"physicalLocation", std::move(physical)},
          {"properties", {{"cell", cell}, {"line", line}, {"column", column}}}};
}

}  // namespace

std::string uri_path(std::string_view path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

SarifReportWriter::SarifReportWriter(std::string root, std::string tool_version, bool spool)
    : version_(std::move(tool_version)), results_(spool) {
  if (root.empty() || root.back() != '/') root += '/';
  root_uri_ = "file://" + uri_path(root);
}

size_t SarifReportWriter::rule_index(const std::string& id, const std::string& description, const std::string& help,
                                     const std::string& level) {
  auto [it, fresh] = rules_.try_emplace(id);
  if (fresh) it->second = Rule{description, help, level, next_rule_++};
  return it->second.index;
}

void SarifReportWriter::add(const FileReport& f) {
  if (!f.python && f.status != FileStatus::kFailed) return;
  const std::string uri = uri_path(f.path);
  auto emit = [&](json result) {
    results_.append(any_ ? ",\n    " : "\n    ");
    results_.append(result.dump());
    any_ = true;
  };
  if (f.status == FileStatus::kFailed && f.error) {
    const std::string id = "file:" + f.error->code;
    json r = {{"ruleId", id},
              {"ruleIndex", rule_index(id, "the file could not be converted (" + f.error->code + ")",
                                       "The file is left as it was: the message says why.", "error")},
              {"level", "error"},
              {"message", {{"text", f.error->message}}},
              {"locations", json::array({f.error->cell ? cell_location(uri, 0, 0, f.error->cell, f.error->line, f.error->column)
                                                       : location(uri, f.error->line, 0, 0, 0)})}};
    emit(std::move(r));
  }
  for (const auto& u : f.uses) {
    const std::string id = rules::rule_id(u);
    const std::string level = level_name(level_of(u));
    auto [description, help] = describe(u);
    json r = {{"ruleId", id},
              {"ruleIndex", rule_index(id, description, help, level)},
              {"level", level},
              {"message", {{"text", rules::finding_message(u)}}},
              {"locations", json::array({u.cell ? cell_location(uri, u.offset, u.end, u.cell, u.line, u.column16)
                                                : location(uri, u.line, u.column16, u.end_line, u.end_column16)})}};
    if (u.fix >= 0 && static_cast<size_t>(u.fix) < f.fixes.size()) {
      json replacements = json::array();
      for (uint32_t i : f.fixes[u.fix].edits) {
        const base::Edit& e = f.edits[i];
        replacements.push_back({{"deletedRegion", {{"byteOffset", e.begin}, {"byteLength", e.end - e.begin}}},
                                {"insertedContent", {{"text", e.text}}}});
      }
      r["fixes"] = json::array(
          {{{"description", {{"text", std::string("convert to Paddle (") + rules::to_string(f.fixes[u.fix].applicability) +
                                          "; imports are fixed by `torch2paddle convert`)"}}},
            {"artifactChanges",
             json::array({{{"artifactLocation", {{"uri", uri}, {"uriBaseId", "SRCROOT"}}},
                           {"replacements", std::move(replacements)}}})}}});
    }
    emit(std::move(r));
  }
}

std::string SarifReportWriter::write_to(const Out& out) const {
  std::vector<const std::pair<const std::string, Rule>*> by_index(rules_.size());
  for (const auto& entry : rules_) by_index[entry.second.index] = &entry;
  json rules = json::array();
  for (const auto* entry : by_index) {
    const Rule& r = entry->second;
    rules.push_back({{"id", entry->first},
                     {"shortDescription", {{"text", r.description}}},
                     {"help", {{"text", r.help}}},
                     {"defaultConfiguration", {{"level", r.level}}}});
  }
  json doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({{{"tool",
                                      {{"driver",
                                        {{"name", "torch2paddle"},
                                         {"version", version_},
                                         {"rules", std::move(rules)}}}}},
                                     {"originalUriBaseIds", {{"SRCROOT", {{"uri", root_uri_}}}}},
                                     {"columnKind", "utf16CodeUnits"},
                                     {"results", json::array()}}})}};
  // The results go where the empty array stands, straight from the spool.
  const std::string text = doc.dump(2);
  const std::string empty = "\"results\": []";
  const size_t at = text.find(empty);
  if (std::string e = out(text.substr(0, at) + "\"results\": ["); !e.empty()) return e;
  if (std::string e = results_.copy_to(out); !e.empty()) return e;
  std::string after = any_ ? "\n  ]" : "]";
  after.append(text, at + empty.size(), std::string::npos);
  after += "\n";
  return out(after);
}

}  // namespace t2p::emit
