// semantic: a memo of values by (node, scope) that is emptied often and cheaply. The type
// inference forgets every kind whenever a variable's kind changes (hundreds of times per file)
// and most entries are never read: an open-addressing table whose slots carry the generation
// they were written in, so that clear() is one increment (and the values' destruction), and an
// entry costs no allocation of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace t2p::semantic {

template <typename V>
class NodeMemo {
 public:
  // The value for (node, scope), or null. Valid until the next put() or clear().
  V* find(const void* node, int32_t scope) {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = start(node, scope);; i = (i + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[i];
      if (s.generation != generation_) return nullptr;
      if (s.node == node && s.scope == scope) return &values_[s.value];
    }
  }
  // Sets the value for (node, scope).
  void put(const void* node, int32_t scope, V value) {
    if ((values_.size() + 1) * 2 > slots_.size()) grow();
    for (std::size_t i = start(node, scope);; i = (i + 1) & (slots_.size() - 1)) {
      Slot& s = slots_[i];
      if (s.generation != generation_) {
        s = Slot{node, scope, generation_, static_cast<uint32_t>(values_.size())};
        values_.push_back(std::move(value));
        return;
      }
      if (s.node == node && s.scope == scope) {
        values_[s.value] = std::move(value);
        return;
      }
    }
  }
  void clear() {
    if (values_.empty()) return;
    values_.clear();
    ++generation_;
  }

 private:
  struct Slot {
    const void* node = nullptr;
    int32_t scope = 0;
    uint32_t generation = 0;  // a slot of an older generation is free
    uint32_t value = 0;       // index into values_
  };
  std::size_t start(const void* node, int32_t scope) const {
    auto h = (reinterpret_cast<uintptr_t>(node) ^ static_cast<uint32_t>(scope)) * 0x9E3779B97F4A7C15ull;
    return static_cast<std::size_t>(h >> 32) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<Slot> old(slots_.empty() ? 256 : slots_.size() * 2);
    old.swap(slots_);
    // The new slots are of generation 0; the live ones move on to a fresh generation.
    uint32_t live = generation_;
    generation_ = 1;
    for (const Slot& s : old) {
      if (s.generation != live) continue;
      std::size_t i = start(s.node, s.scope);
      while (slots_[i].generation == generation_) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = Slot{s.node, s.scope, generation_, s.value};
    }
  }

  std::vector<Slot> slots_;  // a power of two, at most half full
  std::vector<V> values_;
  uint32_t generation_ = 1;
};

}  // namespace t2p::semantic
