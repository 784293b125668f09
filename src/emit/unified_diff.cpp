#include "emit/unified_diff.h"

#include <algorithm>

namespace t2p::emit {
namespace {

// The text split after each '\n'; the last line may lack one.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t at = 0;
  while (at < text.size()) {
    size_t nl = text.find('\n', at);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(at, end - at));
    at = end;
  }
  return lines;
}

// A changed run: old lines [old_first, old_first + old_count) become `added`.
struct Block {
  size_t old_first = 0, old_count = 0;
  std::vector<std::string> added;
};

void put_line(std::string* out, char mark, std::string_view line) {
  *out += mark;
  out->append(line);
  if (line.empty() || line.back() != '\n') *out += "\n\\ No newline at end of file\n";
}

}  // namespace

std::vector<DiffHunk> diff_hunks(std::string_view before, const std::vector<base::Edit>& edits, int context) {
  std::vector<DiffHunk> hunks;
  if (edits.empty()) return hunks;
  const std::vector<std::string_view> old_lines = split_lines(before);
  std::vector<size_t> starts(old_lines.size() + 1, before.size());
  for (size_t i = 0, at = 0; i < old_lines.size(); at += old_lines[i].size(), ++i) starts[i] = at;
  auto line_of = [&](uint32_t offset) {  // the line holding byte `offset` (the last line past the end)
    size_t l = std::upper_bound(starts.begin(), starts.begin() + old_lines.size(), offset) - starts.begin();
    return l == 0 ? size_t{0} : l - 1;
  };
  auto last_line_of = [&](const base::Edit& e) { return line_of(e.end > e.begin ? e.end - 1 : e.begin); };

  // Groups of edits touching the same or adjacent lines, each turned into a block of whole lines.
  std::vector<Block> blocks;
  for (size_t i = 0; i < edits.size();) {
    size_t first = line_of(edits[i].begin);
    size_t last = last_line_of(edits[i]);
    size_t j = i + 1;
    for (; j < edits.size() && line_of(edits[j].begin) <= last + 1; ++j) last = std::max(last, last_line_of(edits[j]));
    Block b;
    const bool past_end = old_lines.empty() || first >= old_lines.size();
    b.old_first = past_end ? old_lines.size() : first;
    b.old_count = past_end ? 0 : std::min(last, old_lines.size() - 1) - first + 1;
    const size_t from = past_end ? before.size() : starts[first];
    const size_t to = past_end ? before.size() : starts[first + b.old_count];
    std::string text;
    size_t cursor = from;
    for (size_t k = i; k < j; ++k) {
      text.append(before.substr(cursor, edits[k].begin - cursor));
      text += edits[k].text;
      cursor = edits[k].end;
    }
    text.append(before.substr(cursor, to - cursor));
    for (std::string_view l : split_lines(text)) b.added.emplace_back(l);
    // Lines the same on both sides at either end are context, not change.
    size_t lead = 0;
    while (lead < b.old_count && lead < b.added.size() && old_lines[b.old_first + lead] == b.added[lead]) ++lead;
    size_t trail = 0;
    while (trail < b.old_count - lead && trail < b.added.size() - lead &&
           old_lines[b.old_first + b.old_count - 1 - trail] == b.added[b.added.size() - 1 - trail]) {
      ++trail;
    }
    b.added.erase(b.added.end() - static_cast<long>(trail), b.added.end());
    b.added.erase(b.added.begin(), b.added.begin() + static_cast<long>(lead));
    b.old_first += lead;
    b.old_count -= lead + trail;
    if (b.old_count > 0 || !b.added.empty()) blocks.push_back(std::move(b));
    i = j;
  }

  const size_t ctx = static_cast<size_t>(std::max(context, 0));
  long delta = 0;  // new line number - old line number before the current hunk
  for (size_t h = 0; h < blocks.size();) {
    // A hunk: blocks whose context lines meet.
    size_t last = h;
    while (last + 1 < blocks.size() &&
           blocks[last + 1].old_first <= blocks[last].old_first + blocks[last].old_count + 2 * ctx) {
      ++last;
    }
    DiffHunk& hunk = hunks.emplace_back();
    const size_t old_begin = blocks[h].old_first >= ctx ? blocks[h].old_first - ctx : 0;
    const size_t old_end = std::min(old_lines.size(), blocks[last].old_first + blocks[last].old_count + ctx);
    uint32_t old_no = static_cast<uint32_t>(old_begin) + 1;
    uint32_t new_no = static_cast<uint32_t>(static_cast<long>(old_begin) + delta) + 1;
    size_t added_total = 0;
    for (size_t k = h; k <= last; ++k) added_total += blocks[k].added.size();
    hunk.added_text.reserve(added_total);  // no reallocation: the lines point into it
    size_t at = old_begin;
    auto context_line = [&] { hunk.lines.push_back({DiffLine::kContext, old_no++, new_no++, old_lines[at++]}); };
    for (size_t k = h; k <= last; ++k) {
      while (at < blocks[k].old_first) context_line();
      for (size_t r = 0; r < blocks[k].old_count; ++r) hunk.lines.push_back({DiffLine::kRemoved, old_no++, 0, old_lines[at++]});
      for (auto& l : blocks[k].added) {
        hunk.added_text.push_back(std::move(l));
        hunk.lines.push_back({DiffLine::kAdded, 0, new_no++, hunk.added_text.back()});
      }
    }
    while (at < old_end) context_line();
    for (const auto& l : hunk.lines) {
      if (l.kind != DiffLine::kAdded) ++hunk.old_count;
      if (l.kind != DiffLine::kRemoved) ++hunk.new_count;
    }
    // `-l,s`: an empty range names the line before it (0 at the top).
    hunk.old_start = static_cast<uint32_t>(hunk.old_count ? old_begin + 1 : old_begin);
    const long new_begin = static_cast<long>(old_begin) + delta;
    hunk.new_start = static_cast<uint32_t>(hunk.new_count ? new_begin + 1 : new_begin);
    for (size_t k = h; k <= last; ++k) delta += static_cast<long>(blocks[k].added.size()) - static_cast<long>(blocks[k].old_count);
    h = last + 1;
  }
  return hunks;
}

std::string unified_diff(std::string_view path, std::string_view before, const std::vector<base::Edit>& edits,
                         int context) {
  const std::vector<DiffHunk> hunks = diff_hunks(before, edits, context);
  if (hunks.empty()) return {};
  // git's a/ and b/ prefixes (`git apply`, `patch -p1`) on a relative path; an absolute path as
  // it is (`patch -p0`).
  const bool absolute = !path.empty() && path[0] == '/';
  std::string out = (absolute ? "--- " : "--- a/") + std::string(path) + (absolute ? "\n+++ " : "\n+++ b/") + std::string(path) + "\n";
  for (const auto& h : hunks) {
    out += "@@ -" + std::to_string(h.old_start) + "," + std::to_string(h.old_count) + " +" + std::to_string(h.new_start) +
           "," + std::to_string(h.new_count) + " @@\n";
    for (const auto& l : h.lines) put_line(&out, l.kind == DiffLine::kContext ? ' ' : l.kind == DiffLine::kRemoved ? '-' : '+', l.text);
  }
  return out;
}

}  // namespace t2p::emit
