#include "rewrite/edit_set.h"

#include <algorithm>
#include <iterator>

#include "rewrite/apply_edits.h"

namespace t2p::rewrite {
namespace {

using base::Edit;
using base::EditSide;

bool overlaps(const Edit& a, const Edit& b) {
  bool ai = a.begin == a.end, bi = b.begin == b.end;
  if (ai && bi) return false;
  if (ai) return b.begin < a.begin && a.begin < b.end;
  if (bi) return a.begin < b.begin && b.begin < a.end;
  return std::max(a.begin, b.begin) < std::min(a.end, b.end);
}

}  // namespace

bool EditOrder::operator()(const Edit& a, const Edit& b) const {
  if (a.begin != b.begin) return a.begin < b.begin;
  bool ai = a.begin == a.end, bi = b.begin == b.end;
  if (ai != bi) return ai;  // insertions before a replacement at the same offset
  if (!ai) return false;
  if (a.side != b.side) return static_cast<int>(a.side) > static_cast<int>(b.side);  // close first
  if (a.side == EditSide::kClose) return a.depth < b.depth;
  return a.depth > b.depth;
}

EditSet::Set::const_iterator EditSet::first_at(uint32_t offset) const {
  // A closing insertion of depth 0 sorts before every other edit at its offset.
  return edits_.lower_bound(Edit{offset, offset, {}, EditSide::kClose, 0});
}

bool EditSet::conflicts(const Edit& edit, Set::const_iterator* after) const {
  // Stored edits do not overlap each other, so only those near `edit` can: forward, everything
  // starting inside it; backward, up to the first edit ending at or before its start.
  auto pos = edits_.lower_bound(edit);
  if (after) *after = edits_.upper_bound(edit);  // past its equals
  for (auto it = pos; it != edits_.end() && it->begin < std::max(edit.end, edit.begin + 1); ++it) {
    if (overlaps(*it, edit)) return true;
  }
  for (auto it = pos; it != edits_.begin();) {
    --it;
    if (overlaps(*it, edit)) return true;
    if (it->end <= edit.begin && it->begin < edit.begin) break;
  }
  return false;
}

void EditSet::insert(Edit edit) {
  auto at = edits_.upper_bound(edit);  // where a multiset puts it without a hint
  insert(at, std::move(edit));
}

void EditSet::insert(Set::const_iterator at, Edit edit) {
  JournalEntry& j = journal_.emplace_back();
  j.begin = edit.begin;
  j.end = edit.end;
  j.side = edit.side;
  j.depth = edit.depth;
  edit.owner = owner_;
  // Right before the upper bound of its equals: where insert() without a hint puts it, found
  // by conflicts() already (no second search of the tree).
  j.added = &*edits_.insert(at, std::move(edit));
}

bool EditSet::add(Edit edit) {
  Set::const_iterator at;
  if (conflicts(edit, &at)) return false;
  insert(at, std::move(edit));
  return true;
}

bool EditSet::add_all(std::vector<Edit> batch) {
  if (batch.size() == 1) return add(std::move(batch[0]));  // the same checks, one search
  for (size_t i = 0; i < batch.size(); ++i) {
    for (size_t j = i + 1; j < batch.size(); ++j) {
      if (overlaps(batch[i], batch[j])) return false;
    }
    if (conflicts(batch[i])) return false;
  }
  for (auto& e : batch) insert(std::move(e));
  return true;
}

bool EditSet::inside(const Edit& e, uint32_t begin, uint32_t end) const {
  if (e.begin < begin || e.end > end) return false;
  bool insertion = e.begin == e.end;
  if (insertion && e.begin == begin && e.side == EditSide::kClose) return false;
  if (insertion && e.begin == end && e.side == EditSide::kOpen) return false;
  return true;
}

bool EditSet::replace_subsuming(uint32_t begin, uint32_t end, std::string text) {
  auto lo = first_at(begin);
  if (lo != edits_.begin() && std::prev(lo)->end > begin) return false;  // straddles `begin`
  auto hi = lo;
  for (; hi != edits_.end() && hi->begin <= end; ++hi) {
    if (!inside(*hi, begin, end) && hi->begin < end && hi->end > end) return false;  // straddles `end`
  }
  for (auto it = lo; it != hi;) {
    if (inside(*it, begin, end)) {
      auto next = std::next(it);
      if (it->owner != owner_ && it->owner != base::kFileEdit && it->owner != base::kNoteEdit) {
        merges_.push_back({it->owner, owner_});
        merge_at_.push_back(journal_.size());
      }
      journal_.emplace_back().removed = edits_.extract(it);
      it = next;
    } else {
      ++it;
    }
  }
  return add(Edit{begin, end, std::move(text), EditSide::kReplace, 0});
}

void EditSet::rollback(size_t checkpoint) {
  while (merges_.size() > merges_kept_ && merge_at_.back() >= checkpoint) {
    merges_.pop_back();
    merge_at_.pop_back();
  }
  while (journal_.size() > checkpoint) {
    JournalEntry entry = std::move(journal_.back());
    journal_.pop_back();
    if (entry.added) {
      const Edit key{entry.begin, entry.end, {}, entry.side, entry.depth};
      for (auto it = edits_.lower_bound(key); it != edits_.end() && it->begin == entry.begin; ++it) {
        if (&*it == entry.added) {
          edits_.erase(it);
          break;
        }
      }
    } else {
      edits_.insert(std::move(entry.removed));
    }
  }
}

std::vector<Edit> EditSet::take_edits() {
  std::vector<Edit> out;
  out.reserve(edits_.size());
  while (!edits_.empty()) out.push_back(std::move(edits_.extract(edits_.begin()).value()));
  journal_.clear();  // its entries would name nodes that are gone
  merges_kept_ = merges_.size();
  return out;
}

std::string EditSet::apply() const { return apply_edits(original_, edits_); }

std::string EditSet::render(uint32_t begin, uint32_t end) const {
  std::string out;
  out.reserve(end - begin + 64);
  uint32_t cursor = begin;
  for (auto it = first_at(begin); it != edits_.end() && it->begin <= end; ++it) {
    if (!inside(*it, begin, end)) continue;
    out.append(original_.substr(cursor, it->begin - cursor));
    out.append(it->text);
    cursor = it->end;
  }
  out.append(original_.substr(cursor, end - cursor));
  return out;
}

}  // namespace t2p::rewrite
