#include "parse/tree_arena.h"

#include <tree_sitter/api.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

// GCC defines __SANITIZE_ADDRESS__ under -fsanitize=address; clang (make fuzz) only answers
// __has_feature(address_sanitizer).
#if defined(__SANITIZE_ADDRESS__)
#define T2P_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define T2P_ASAN 1
#endif
#endif
#if defined(T2P_ASAN)
#include <sanitizer/asan_interface.h>
#define T2P_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define T2P_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define T2P_POISON(p, n) ((void)(p), (void)(n))
#define T2P_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace t2p::parse {
namespace {

// Every block starts with a header, so that free and realloc know where it came from.
// Sixteen bytes keep the payload as aligned as malloc's.
constexpr uint32_t kHeapTag = 0x70616568;   // "heap": std::malloc'd, freed with std::free
constexpr uint32_t kArenaTag = 0x616e7261;  // "arna": from a TreeArena's chunk
constexpr uint32_t kLargeTag = 0x6772616c;  // "larg": std::malloc'd for a TreeArena's scope
struct Header {
  uint64_t epoch;     // the scope an arena or large block was handed out in (0 for heap blocks)
  uint32_t capacity;  // payload bytes of an arena block (its size class); a large block's index
  uint32_t tag;
};
static_assert(sizeof(Header) == 16);

// Size classes: multiples of 16 up to 512 bytes (nodes, stack entries, small arrays), then
// powers of two up to 256 KB (growing arrays). Larger blocks come from the heap.
constexpr size_t kLargestClassSize = size_t(256) << 10;
constexpr size_t kChunkSize = size_t(1) << 20;
constexpr size_t kRetainedChunks = 16;  // kept between scopes: 16 MB
constexpr unsigned kNoClass = ~0u;
static_assert(kLargestClassSize + 16 <= kChunkSize, "a block of the largest class fits in a chunk");

unsigned size_class(size_t n) {
  if (n <= 512) return n == 0 ? 1 : static_cast<unsigned>((n + 15) >> 4);
  if (n > kLargestClassSize) return kNoClass;
  unsigned bits = 64 - static_cast<unsigned>(__builtin_clzll(n - 1));  // 513..1024 -> 10
  return 32 + (bits - 9);
}
size_t class_size(unsigned c) { return c <= 32 ? size_t(c) * 16 : size_t(512) << (c - 32); }

struct ActiveArena {
  TreeArena* arena = nullptr;
  uint64_t epoch = 0;
};
thread_local ActiveArena t_active;
std::atomic<uint64_t> g_next_epoch{1};

[[noreturn]] void out_of_memory(size_t n) {
  std::fprintf(stderr, "torch2paddle: out of memory (tree-sitter asked for %zu bytes)\n", n);
  std::abort();
}

Header* header_of(void* payload) { return static_cast<Header*>(payload) - 1; }

void* heap_allocate(size_t n) {
  if (n > SIZE_MAX - sizeof(Header)) out_of_memory(n);
  auto* h = static_cast<Header*>(std::malloc(n + sizeof(Header)));
  if (!h) out_of_memory(n);
  *h = Header{0, 0, kHeapTag};
  return h + 1;
}

bool in_active_scope(const Header* h) { return t_active.arena && h->epoch == t_active.epoch; }

}  // namespace

void* allocate_tree_memory(size_t n) noexcept {
  if (TreeArena* a = t_active.arena) return a->allocate(n);
  return heap_allocate(n);
}

void free_tree_memory(void* p) noexcept {
  if (!p) return;
  Header* h = header_of(p);
  if (h->tag == kHeapTag) {
    std::free(h);
    return;
  }
  // An arena block is recycled only while its own scope is active on this thread. A block of
  // another arena's scope (scopes interleave on a thread) is left to that arena. A block whose
  // scope is over must not come here at all: its header is in memory the arena has released
  // (poisoned under AddressSanitizer); PythonParser and SyntaxTree never do that.
  if (!in_active_scope(h)) return;
  if (h->tag == kLargeTag) t_active.arena->release_large(p);
  else t_active.arena->recycle(p);
}

void* allocate_zeroed_tree_memory(size_t count, size_t size) noexcept {
  if (size != 0 && count > SIZE_MAX / size) out_of_memory(SIZE_MAX);
  void* p = allocate_tree_memory(count * size);
  std::memset(p, 0, count * size);
  return p;
}

void* reallocate_tree_memory(void* p, size_t n) noexcept {
  if (!p) return allocate_tree_memory(n);
  Header* h = header_of(p);
  if (h->tag == kHeapTag) {
    if (n > SIZE_MAX - sizeof(Header)) out_of_memory(n);
    auto* g = static_cast<Header*>(std::realloc(h, n + sizeof(Header)));
    if (!g) out_of_memory(n);
    return g + 1;
  }
  if (h->tag == kLargeTag) {
    if (!in_active_scope(h)) {
      std::fprintf(stderr, "torch2paddle: tree-sitter memory used after its arena scope ended\n");
      std::abort();
    }
    return t_active.arena->reallocate_large(p, n);
  }
  if (n <= h->capacity) {
    T2P_UNPOISON(p, n);
    return p;
  }
  void* q = allocate_tree_memory(n);
  T2P_UNPOISON(p, h->capacity);  // only the bytes once asked for were addressable
  std::memcpy(q, p, h->capacity);
  free_tree_memory(p);
  return q;
}

void install_tree_sitter_allocator() {
  static std::once_flag once;
  std::call_once(once, [] {
    ts_set_allocator(allocate_tree_memory, allocate_zeroed_tree_memory, reallocate_tree_memory, free_tree_memory);
  });
}

uint64_t current_tree_epoch() { return t_active.epoch; }

void delete_parser_with_scope(TSParser* parser) {
  if (t_active.arena) t_active.arena->adopt(parser);
}

TreeArena::~TreeArena() {
  for (TSParser* p : parsers_) ts_parser_delete(p);  // only if destroyed inside its own scope
  for (void* h : large_) std::free(h);
  for (const Chunk& c : chunks_) {
    T2P_UNPOISON(c.base, c.size);
    std::free(c.base);
  }
}

size_t TreeArena::reserved_bytes() const {
  size_t n = 0;
  for (const Chunk& c : chunks_) n += c.size;
  return n;
}

size_t TreeArena::used_bytes() const {
  return cursor_ ? used_before_chunk_ + static_cast<size_t>(cursor_ - chunks_[chunk_].base) : 0;
}

// tree-sitter allocates a block for every node, stack entry and small array: the common case,
// a block of 512 bytes or less from its free list or from the current chunk, is kept free of
// calls, so that it needs no saved registers (allocate_slow has the rest).
void* TreeArena::allocate(size_t n) noexcept {
  if (n <= 512) {
    const unsigned c = size_class(n);
    if (free_[c]) return pop_free(c, n);
    const size_t need = sizeof(Header) + class_size(c);
    if (static_cast<size_t>(end_ - cursor_) >= need) return carve(need, n);
  }
  return allocate_slow(n);
}

// The first block of class `c`'s free list, which is not empty. Under AddressSanitizer only the
// header and the n bytes asked for are addressable.
void* TreeArena::pop_free(unsigned c, size_t n) noexcept {
  void* p = free_[c];
  T2P_UNPOISON(p, sizeof(void*));
  free_[c] = *static_cast<void**>(p);
  T2P_POISON(p, class_size(c));
  T2P_UNPOISON(p, n);
  return p;
}

// A block of `need` bytes, header included, from the current chunk, which has room for it.
void* TreeArena::carve(size_t need, size_t n) noexcept {
  auto* h = reinterpret_cast<Header*>(cursor_);
  cursor_ += need;
  T2P_UNPOISON(h, sizeof(Header) + n);
  *h = Header{epoch_, static_cast<uint32_t>(need - sizeof(Header)), kArenaTag};
  return h + 1;
}

void* TreeArena::allocate_slow(size_t n) noexcept {
  unsigned c = size_class(n);
  if (c == kNoClass) {
    if (n > SIZE_MAX - sizeof(Header)) out_of_memory(n);
    auto* h = static_cast<Header*>(std::malloc(n + sizeof(Header)));
    if (!h) out_of_memory(n);
    *h = Header{epoch_, static_cast<uint32_t>(large_.size()), kLargeTag};
    large_.push_back(h);
    return h + 1;
  }
  if (free_[c]) return pop_free(c, n);
  size_t need = sizeof(Header) + class_size(c);
  if (static_cast<size_t>(end_ - cursor_) < need) next_chunk(need);
  return carve(need, n);
}

void TreeArena::recycle(void* p) noexcept {
  unsigned c = size_class(header_of(p)->capacity);
  T2P_UNPOISON(p, sizeof(void*));
  *static_cast<void**>(p) = free_[c];
  free_[c] = p;
  T2P_POISON(static_cast<char*>(p) + sizeof(void*), class_size(c) - sizeof(void*));
}

void* TreeArena::reallocate_large(void* p, size_t n) noexcept {
  if (n > SIZE_MAX - sizeof(Header)) out_of_memory(n);
  auto* h = static_cast<Header*>(std::realloc(header_of(p), n + sizeof(Header)));
  if (!h) out_of_memory(n);
  large_[h->capacity] = h;
  return h + 1;
}

void TreeArena::release_large(void* p) noexcept {
  Header* h = header_of(p);
  auto* last = static_cast<Header*>(large_.back());
  last->capacity = h->capacity;
  large_[h->capacity] = last;
  large_.pop_back();
  std::free(h);
}

void TreeArena::next_chunk(size_t need) noexcept {
  if (cursor_) used_before_chunk_ += static_cast<size_t>(cursor_ - chunks_[chunk_].base);
  size_t next = cursor_ ? chunk_ + 1 : 0;
  if (next == chunks_.size()) {
    size_t size = need > kChunkSize ? need : kChunkSize;
    auto* base = static_cast<char*>(std::malloc(size));
    if (!base) out_of_memory(size);
    T2P_POISON(base, size);
    chunks_.push_back(Chunk{base, size});
  }
  chunk_ = next;
  cursor_ = chunks_[chunk_].base;
  end_ = cursor_ + chunks_[chunk_].size;
}

void TreeArena::begin(uint64_t epoch) {
  epoch_ = epoch;
  chunk_ = 0;
  cursor_ = end_ = nullptr;  // the first allocation takes chunk 0
  used_before_chunk_ = 0;
}

void TreeArena::delete_parsers() {
  for (TSParser* p : parsers_) ts_parser_delete(p);
  parsers_.clear();
}

void TreeArena::reset() {
  delete_parsers();  // normally done by ~Scope already, while the arena was still active
  if (cursor_) {
    if (size_t used = used_bytes(); used > peak_) peak_ = used;
    for (size_t i = 0; i <= chunk_; ++i) T2P_POISON(chunks_[i].base, chunks_[i].size);
  }
  while (chunks_.size() > kRetainedChunks) {
    T2P_UNPOISON(chunks_.back().base, chunks_.back().size);
    std::free(chunks_.back().base);
    chunks_.pop_back();
  }
  for (void* h : large_) std::free(h);
  large_.clear();
  std::memset(free_, 0, sizeof free_);
  cursor_ = end_ = nullptr;
  epoch_ = 0;
}

TreeArena::Scope::Scope(TreeArena& arena)
    : arena_(&arena), previous_arena_(t_active.arena), previous_epoch_(t_active.epoch) {
  install_tree_sitter_allocator();
  if (arena.depth_++ == 0) arena.begin(g_next_epoch.fetch_add(1, std::memory_order_relaxed));
  t_active = ActiveArena{&arena, arena.epoch_};
}

TreeArena::Scope::~Scope() {
  // The scope's parsers are deleted while it is still active: their frees and resizes of its
  // blocks then work as during the scope.
  if (arena_->depth_ == 1) arena_->delete_parsers();
  t_active = ActiveArena{previous_arena_, previous_epoch_};
  if (--arena_->depth_ == 0) arena_->reset();
}

}  // namespace t2p::parse
