// parse: the memory of tree-sitter's objects (parsers, trees, cursors).
//
// Converting a file parses it, walks the tree many times and throws every tree-sitter object
// away at the end. With the general-purpose heap, tree-sitter pays malloc and free for each of
// the hundreds of thousands of nodes and stack entries of a file, and deleting the tree walks
// all of it once more (together about 7% of a conversion). A TreeArena hands out those blocks
// from large chunks instead, recycles the blocks tree-sitter frees during the file (per size
// class), and releases all of them at once when the file is done: trees are then not deleted
// node by node at all.
//
// Every allocation tree-sitter makes goes through install_tree_sitter_allocator()'s functions.
// Outside a TreeArena::Scope they use the process heap (each block carries a small header that
// says so); inside one, the thread's active arena. The rule that keeps this safe: a tree-sitter
// object made inside a scope is not used after that scope ends. PythonParser and SyntaxTree
// follow it by themselves (a parser is re-created when the scope changes; a tree made in a
// scope is left to the arena instead of deleted), and convert_source opens the scope around
// everything it does with a file.
#pragma once

#include <tree_sitter/api.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace t2p::parse {

// Installs the allocator into tree-sitter. Idempotent and thread-safe; it must run before
// tree-sitter allocates anything, so PythonParser's constructor and TreeArena::Scope call it.
void install_tree_sitter_allocator();

// The functions installed: tree-sitter's malloc, calloc, realloc and free. Public for tests,
// and for freeing what a tree-sitter function returns for the caller to free (ts_node_string):
// std::free must not be used on it. They abort on exhausted memory (so does tree-sitter's own),
// and never throw: they are called from C.
void* allocate_tree_memory(size_t size) noexcept;
void* allocate_zeroed_tree_memory(size_t count, size_t size) noexcept;
void* reallocate_tree_memory(void* block, size_t size) noexcept;
void free_tree_memory(void* block) noexcept;

// The epoch of the arena active on this thread, 0 when none is. Every scope that activates an
// arena gets an epoch no earlier scope of the process had.
uint64_t current_tree_epoch();

// Hands a parser made inside the active scope to that scope's arena, which deletes it when the
// scope ends, before releasing its memory. (Its memory would go with the arena anyway, but the
// grammar's external scanner keeps a block of the plain heap that only ts_parser_delete frees.)
// Does nothing outside a scope.
void delete_parser_with_scope(TSParser* parser);

class TreeArena {
 public:
  TreeArena() = default;
  ~TreeArena();
  TreeArena(const TreeArena&) = delete;
  TreeArena& operator=(const TreeArena&) = delete;

  // While a Scope lives, tree-sitter allocates from `arena` on this thread. When the outermost
  // scope of an arena ends, every block allocated in it is released at once and the previously
  // active arena (if any) is active again. Scopes nest and may interleave arenas on a thread.
  class Scope {
   public:
    explicit Scope(TreeArena& arena);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    TreeArena* arena_;
    TreeArena* previous_arena_;
    uint64_t previous_epoch_;
  };

  // Bytes of chunks held (kept between files up to a bound, so a huge file does not pin its
  // memory), bytes handed out in the current scope, and the most handed out in a finished
  // scope: for tests and the curious.
  size_t reserved_bytes() const;
  size_t used_bytes() const;
  size_t peak_bytes() const { return peak_; }
  // Blocks too large for a size class (a huge file's longest arrays): taken from the heap, and
  // given back when freed or when the scope ends.
  size_t large_blocks() const { return large_.size(); }
  // Parsers made in the current scope (delete_parser_with_scope), deleted when it ends.
  size_t parsers() const { return parsers_.size(); }

  // Used by the allocator functions only.
  void* allocate(size_t size) noexcept;
  void recycle(void* block) noexcept;
  void* reallocate_large(void* block, size_t size) noexcept;
  void release_large(void* block) noexcept;
  void adopt(TSParser* parser) { parsers_.push_back(parser); }

 private:
  struct Chunk {
    char* base;
    size_t size;
  };
  static constexpr unsigned kClasses = 42;

  void begin(uint64_t epoch);
  void reset();
  void delete_parsers();
  void next_chunk(size_t need) noexcept;
  void* pop_free(unsigned c, size_t n) noexcept;
  void* carve(size_t need, size_t n) noexcept;
  [[gnu::noinline]] void* allocate_slow(size_t size) noexcept;

  std::vector<Chunk> chunks_;
  size_t chunk_ = 0;        // index of the chunk being filled
  char* cursor_ = nullptr;  // next free byte in it
  char* end_ = nullptr;
  size_t used_before_chunk_ = 0;  // bytes handed out from the chunks before chunk_
  size_t peak_ = 0;
  void* free_[kClasses] = {};
  std::vector<void*> large_;  // headers of the live large blocks of this scope
  std::vector<TSParser*> parsers_;  // made in this scope, deleted at its end
  uint64_t epoch_ = 0;
  int depth_ = 0;
};

}  // namespace t2p::parse
