// tools/conformance: the two hand-reviewed lists the conformance report applies to its results:
// known docs errors (the docs' pair is wrong, so the pair leaves the pass rate's denominator) and
// reviewed equivalents (our output differs from the docs' text but computes the same, pinned to
// the exact output that was reviewed).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace t2p::driver {

struct ConformanceReport;

// One line of a review list:
//   {"doc": "api_difference/torch/torch.sigmoid.md", "pair": 1, "reason": "variables renamed"}
// `doc` is relative to the docs root, `pair` the 0-based index of the example in that doc. Lines of
// the equivalents list also carry `got`: the whole converted code (`ExampleResult::got`) that was
// reviewed.
struct ReviewedPair {
  std::string doc;
  uint32_t pair = 0;
  std::string reason;
  std::string got;  // equivalents list only
};
using KnownDocError = ReviewedPair;
using ReviewedEquivalent = ReviewedPair;

// Reads a review list (JSON Lines; blank lines and `//` comments allowed); `with_got` requires and
// accepts the `got` field. False, with `error` = "file:line: reason", on an unreadable file, a
// malformed line, an unknown field or a duplicate (doc, pair).
bool load_review_list(const std::filesystem::path& path, bool with_got, std::vector<ReviewedPair>* entries,
                      std::string* error);
inline bool load_known_doc_errors(const std::filesystem::path& path, std::vector<KnownDocError>* entries,
                                  std::string* error) {
  return load_review_list(path, false, entries, error);
}
inline bool load_reviewed_equivalents(const std::filesystem::path& path, std::vector<ReviewedEquivalent>* entries,
                                      std::string* error) {
  return load_review_list(path, true, entries, error);
}

// Marks the listed pairs of `report` as docs errors and records stale entries (no such pair, or a
// pair that passes).
void apply_known_doc_errors(ConformanceReport& report, const std::vector<KnownDocError>& entries);

// Marks the listed pairs that differ, and whose converted code is still exactly the reviewed `got`,
// as reviewed equivalents. Any other listed pair is left as it is and the entry recorded stale: no
// such pair, a docs error, an outcome other than `differs`, or an output that changed since the
// review (review it again).
void apply_reviewed_equivalents(ConformanceReport& report, const std::vector<ReviewedEquivalent>& entries);

}  // namespace t2p::driver
