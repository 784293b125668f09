// rewrite: the edits planned for one file, kept sorted; detects overlaps, renders ranges with
// nested edits applied, and produces the final text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"

namespace t2p::rewrite {

class EditSet {
 public:
  explicit EditSet(std::string_view original) : original_(original) {}

  // Adds an edit. Returns false and changes nothing when it overlaps an existing edit
  // (ranges sharing at least one byte, or an insertion strictly inside a replaced range).
  bool add(base::Edit edit);

  // Replaces [begin, end) with `text`, first removing the edits inside that range: the caller
  // built `text` from render() of those parts, so the nested edits are folded in, not lost.
  // Returns false when an edit straddles the range boundary.
  bool replace_subsuming(uint32_t begin, uint32_t end, std::string text);

  // Adds all edits or none: false when one overlaps an existing edit or another of `batch`.
  bool add_all(std::vector<base::Edit> batch);

  // Original bytes [begin, end) with the edits inside the range applied.
  std::string render(uint32_t begin, uint32_t end) const;

  // The whole text with every edit applied.
  std::string apply() const;

  // Saves and restores the whole set, so a rule can undo a half-planned rewrite.
  std::vector<base::Edit> snapshot() const { return edits_; }
  void restore(std::vector<base::Edit> saved) { edits_ = std::move(saved); }

  bool empty() const { return edits_.empty(); }
  size_t size() const { return edits_.size(); }
  const std::vector<base::Edit>& edits() const { return edits_; }

 private:
  bool inside(const base::Edit& e, uint32_t begin, uint32_t end) const;
  bool conflicts(const base::Edit& edit) const;
  std::string_view original_;
  std::vector<base::Edit> edits_;  // sorted by apply order
};

}  // namespace t2p::rewrite
