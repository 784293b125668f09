// rewrite: the document of units verify_output parses: each unit rendered with its edits and wrapped.
#include <algorithm>

#include "rewrite/edit_text.h"
#include "rewrite/simple_expression.h"
#include "rewrite/verify_output_impl.h"

namespace t2p::rewrite::detail {

void Document::add(const Unit& u, std::string_view src, const Edit* first, const Edit* last) {
  offsets.push_back(static_cast<uint32_t>(text.size()));
  units.push_back(&u);
  if (u.wrapped) text += "if 1:\n";
  text += u.pre;
  size_t region = text.size();
  uint32_t cursor = u.begin;
  for (const Edit* e = first; e != last; ++e) {
    if (!inside(*e, u.begin, u.end)) continue;
    if (u.expression && e->begin == e->end && (e->begin == u.begin || e->begin == u.end) &&
        std::find(u.own_ends.begin(), u.own_ends.end(), e) == u.own_ends.end()) {
      continue;
    }
    text.append(src.substr(cursor, e->begin - cursor));
    text.append(e->text);
    cursor = e->end;
  }
  text.append(src.substr(cursor, u.end - cursor));
  continuation |= ends_with_continuation(std::string_view(text).substr(region));
  if (!u.expression) reindented |= !keeps_indentation(std::string_view(text).substr(region), src, u.begin);
  if (text.size() == region || text.back() != '\n') text += '\n';
  dummies.push_back(u.header ? static_cast<uint32_t>(text.size()) + u.dummy : UINT32_MAX);
  text += u.post;
}

// Takes the last unit, an expression unit, out again when a scan proves what its parse would:
// a call-like expression the scan knows (SimpleExpression) that neither runs into the bytes
// around its call nor holds a reserved word (the checks local_check makes after the parse).
bool Document::take_back_simple(std::string_view src) {
  uint32_t b = offsets.back();
  std::string_view x = std::string_view(text).substr(b);
  if (x.empty() || x.back() != '\n') return false;
  x.remove_suffix(1);
  const Unit& u = *units.back();
  if (!simple_call_like(x) || merges(src, u.begin, u.end, x) || has_reserved_word(x)) return false;
  text.resize(b);
  offsets.pop_back();
  units.pop_back();
  dummies.pop_back();
  return true;
}

}  // namespace t2p::rewrite::detail
