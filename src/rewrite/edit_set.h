// rewrite: the edits planned for one file, kept sorted; detects overlaps, renders ranges with
// nested edits applied, and produces the final text.
#pragma once

#include <tree_sitter/api.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"

namespace t2p::rewrite {

// Apply order of edits. At one offset: closing insertions (inner constructs first: smaller
// depth), then opening insertions (outer first: larger depth), then the replacement there.
struct EditOrder {
  bool operator()(const base::Edit& a, const base::Edit& b) const;
};

class EditSet {
 public:
  explicit EditSet(std::string_view original) : original_(original) {}

  // Adds an edit. Returns false and changes nothing when it overlaps an existing edit
  // (ranges sharing at least one byte, or an insertion strictly inside a replaced range).
  bool add(base::Edit edit);

  // Adds all edits or none: false when one overlaps an existing edit or another of `batch`.
  bool add_all(std::vector<base::Edit> batch);

  // Replaces [begin, end) with `text`, first removing the edits inside that range: the caller
  // built `text` from render() of those parts, so the nested edits are folded in, not lost.
  // Returns false when an edit straddles the range boundary.
  bool replace_subsuming(uint32_t begin, uint32_t end, std::string text);

  // Original bytes [begin, end) with the edits inside the range applied.
  std::string render(uint32_t begin, uint32_t end) const;

  // The whole text with every edit applied (insertions at the very start and end included).
  std::string apply() const;

  // Every edit added from now on belongs to `owner` (base::Edit::owner). A replacement that folds
  // edits of other owners into its text (replace_subsuming) notes that their fixes became part of
  // this one: merges().
  void set_owner(uint32_t owner) { owner_ = owner; }
  struct Merge {
    uint32_t from, into;
  };
  const std::vector<Merge>& merges() const { return merges_; }

  // Undo support for a rule that fails half-way: every change after a checkpoint is journaled,
  // rollback() reverts to it, commit() forgets the journal. O(changes), not O(edits).
  size_t checkpoint() const { return journal_.size(); }
  void rollback(size_t checkpoint);
  void commit() {
    journal_.clear();
    merges_kept_ = merges_.size();
  }

  // Nodes of the input tree whose whole text an edit replaces by a name (`torch.zeros` by
  // `paddle.zeros`, the keyword `dim` by `axis`), noted by the rules for the verification
  // (verify_output's `name_nodes`), which checks each before using it: a node noted for an edit
  // later rolled back or folded away is harmless. In the order noted (verify_output sorts them
  // when it uses them: nothing is spent on them when it does not).
  void note_name_node(TSNode node) { name_nodes_.push_back(node); }
  std::vector<TSNode> take_name_nodes() { return std::move(name_nodes_); }

  bool empty() const { return edits_.empty(); }
  size_t size() const { return edits_.size(); }
  std::vector<base::Edit> edits() const { return {edits_.begin(), edits_.end()}; }
  // The same, moved out (the texts are not copied, and freed once); the set is empty afterwards.
  std::vector<base::Edit> take_edits();
  // The same, in the same order, without a copy (valid until the next change).
  using Set = std::multiset<base::Edit, EditOrder>;
  const Set& ordered() const { return edits_; }

 private:
  // Nothing is copied: an added edit is known by its node's address (and its key, to find it),
  // a removed one is kept in its own node (extracted, not freed, so no later node can take its
  // address), which rollback puts back. Undone in reverse order, an added edit is always in the
  // set again when its own entry is undone.
  struct JournalEntry {
    const base::Edit* added = nullptr;  // the edit added, or null: `removed` holds one removed
    uint32_t begin = 0, end = 0;         // the added edit's key (EditOrder ignores the text)
    base::EditSide side = base::EditSide::kReplace;
    uint32_t depth = 0;
    std::multiset<base::Edit, EditOrder>::node_type removed;
  };

  bool inside(const base::Edit& e, uint32_t begin, uint32_t end) const;
  // `*after` (optional): where `edit` goes, the upper bound of its equals (as insert() puts it).
  bool conflicts(const base::Edit& edit, Set::const_iterator* after = nullptr) const;
  Set::const_iterator first_at(uint32_t offset) const;  // first edit with begin >= offset
  void insert(base::Edit edit);
  void insert(Set::const_iterator at, base::Edit edit);  // `at`: conflicts()'s `after`

  std::string_view original_;
  Set edits_;  // sorted by EditOrder; a balanced tree, so inserting anywhere is O(log n)
  std::vector<JournalEntry> journal_;
  std::vector<TSNode> name_nodes_;
  uint32_t owner_ = base::kFileEdit;
  // Merges in the order made, each with the journal size when it was made: rollback() forgets
  // those made after its checkpoint; those before `merges_kept_` are committed.
  std::vector<Merge> merges_;
  std::vector<size_t> merge_at_;
  size_t merges_kept_ = 0;
};

}  // namespace t2p::rewrite
