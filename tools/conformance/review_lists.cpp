// tools/conformance: loading and applying the known docs errors and the reviewed equivalents.
#include "conformance/review_lists.h"

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>
#include <utility>

#include "conformance/conformance.h"

namespace t2p::driver {
namespace fs = std::filesystem;

namespace {

bool non_empty_string(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() && !it->get<std::string>().empty();
}

std::map<std::pair<std::string, uint32_t>, ExampleResult*> results_by_pair(ConformanceReport& report) {
  std::map<std::pair<std::string, uint32_t>, ExampleResult*> by_key;
  for (auto& r : report.results) by_key[{r.doc, r.pair}] = &r;
  return by_key;
}

std::string entry_name(const ReviewedPair& e) { return e.doc + " pair " + std::to_string(e.pair); }

}  // namespace

bool load_review_list(const fs::path& path, bool with_got, std::vector<ReviewedPair>* entries, std::string* error) {
  entries->clear();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = path.string() + ": cannot read";
    return false;
  }
  std::string line;
  uint32_t n = 0;
  std::set<std::pair<std::string, uint32_t>> seen;
  while (std::getline(in, line)) {
    ++n;
    std::string_view l = line;
    if (size_t first = l.find_first_not_of(" \t\r\n"); first == std::string_view::npos) {
      continue;  // blank
    } else if (l.substr(first, 2) == "//") {
      continue;  // a comment
    }
    auto fail = [&](const std::string& why) {
      *error = path.string() + ":" + std::to_string(n) + ": " + why;
      return false;
    };
    auto j = nlohmann::json::parse(l, nullptr, false);
    if (!j.is_object()) return fail("not a JSON object");
    if (!non_empty_string(j, "doc")) return fail("`doc` must be a non-empty string");
    auto pair = j.find("pair");
    if (pair == j.end() || !pair->is_number_unsigned()) return fail("`pair` must be a non-negative integer");
    if (!non_empty_string(j, "reason")) return fail("`reason` must be a non-empty string");
    if (with_got && !non_empty_string(j, "got")) return fail("`got` must be the reviewed converted code");
    for (auto it = j.begin(); it != j.end(); ++it) {
      bool known = it.key() == "doc" || it.key() == "pair" || it.key() == "reason" || (with_got && it.key() == "got");
      if (!known) return fail("unknown field `" + it.key() + "`");
    }
    ReviewedPair e{j["doc"].get<std::string>(), pair->get<uint32_t>(), j["reason"].get<std::string>(),
                   with_got ? j["got"].get<std::string>() : std::string()};
    if (!seen.emplace(e.doc, e.pair).second) return fail("duplicate entry for " + entry_name(e));
    entries->push_back(std::move(e));
  }
  return true;
}

void apply_known_doc_errors(ConformanceReport& report, const std::vector<KnownDocError>& entries) {
  auto by_key = results_by_pair(report);
  for (const auto& e : entries) {
    auto it = by_key.find({e.doc, e.pair});
    if (it == by_key.end()) {
      report.stale_known_errors.push_back(entry_name(e) + ": no such pair");
      continue;
    }
    ExampleResult& r = *it->second;
    if (r.outcome == ExampleOutcome::kPass) {
      report.stale_known_errors.push_back(entry_name(e) + ": passes");
      continue;
    }
    r.docs_error = true;
    r.docs_error_reason = e.reason;
  }
}

void apply_reviewed_equivalents(ConformanceReport& report, const std::vector<ReviewedEquivalent>& entries) {
  auto by_key = results_by_pair(report);
  for (const auto& e : entries) {
    auto it = by_key.find({e.doc, e.pair});
    std::string stale;
    if (it == by_key.end()) {
      stale = "no such pair";
    } else if (it->second->docs_error) {
      stale = "also a known docs error";
    } else if (it->second->outcome != ExampleOutcome::kDiffers) {
      stale = std::string("now ") + to_string(it->second->outcome) + ", not differs";
    } else if (it->second->got != e.got) {
      stale = "the converted code changed since the review: review it again";
    }
    if (!stale.empty()) {
      report.stale_equivalents.push_back(entry_name(e) + ": " + stale);
      continue;
    }
    it->second->reviewed_equivalent = true;
    it->second->equivalent_reason = e.reason;
  }
}

}  // namespace t2p::driver
