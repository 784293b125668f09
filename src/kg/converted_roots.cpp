#include "kg/converted_roots.h"

#include <cstring>

namespace t2p::kg {

ConvertedRoots::ConvertedRoots(std::vector<std::string> roots) : roots_(std::move(roots)) {
  for (const auto& r : roots_) {
    if (r.empty()) continue;
    bool covered = false;  // another root is a substring of this one: its scan finds this one too
    for (const auto& o : roots_) {
      if (&o != &r && !o.empty() && o.size() <= r.size() && r.find(o) != std::string::npos && (o != r || &o < &r)) {
        covered = true;
        break;
      }
    }
    if (covered) continue;
    Group* g = nullptr;
    for (auto& x : groups_) {
      if (x.first == r[0]) g = &x;
    }
    if (!g) {
      groups_.push_back({r[0], {}});
      g = &groups_.back();
    }
    g->patterns.push_back(r);
  }
}

bool ConvertedRoots::contains_root_of(std::string_view qualname) const {
  std::string_view root = qualname.substr(0, qualname.find('.'));
  for (const auto& r : roots_) {
    if (r == root) return true;
  }
  return false;
}

bool ConvertedRoots::mentioned_in(std::string_view bytes) const {
  const char* begin = bytes.data();
  const char* end = begin + bytes.size();
  for (const Group& g : groups_) {
    const char* p = begin;
    while (p < end) {
      p = static_cast<const char*>(std::memchr(p, static_cast<unsigned char>(g.first), static_cast<size_t>(end - p)));
      if (!p) break;
      const size_t left = static_cast<size_t>(end - p);
      for (const auto& pat : g.patterns) {
        // The second byte first: most hits of the first byte are other words.
        if (pat.size() == 1) return true;
        if (pat.size() <= left && p[1] == pat[1] && std::memcmp(p + 2, pat.data() + 2, pat.size() - 2) == 0) return true;
      }
      ++p;
    }
  }
  return false;
}

}  // namespace t2p::kg
