#include "rewrite/apply_edits.h"

namespace t2p::rewrite {

std::string apply_edits(std::string_view source, const std::vector<base::Edit>& edits,
                        const std::vector<uint32_t>& indices) {
  std::string out;
  out.reserve(source.size() + 64);
  uint32_t cursor = 0;
  for (uint32_t i : indices) {
    const base::Edit& e = edits[i];
    out.append(source.substr(cursor, e.begin - cursor));
    out.append(e.text);
    cursor = e.end;
  }
  out.append(source.substr(cursor));
  return out;
}

}  // namespace t2p::rewrite
