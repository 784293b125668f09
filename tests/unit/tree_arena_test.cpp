// tests: parse::TreeArena, the memory of tree-sitter's objects, and how PythonParser and
// SyntaxTree keep its rule (nothing made in a scope is used after it). Under `make sanitize`
// the arena poisons released memory, so a tree used after its scope would fail these tests.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "parse/syntax_tree.h"
#include "parse/tree_arena.h"

namespace t2p::parse {
namespace {

// Every node's symbol and range, in walk order: a tree's fingerprint.
std::string fingerprint(const SyntaxTree& tree) {
  std::string out;
  TSTreeCursor c = ts_tree_cursor_new(tree.root());
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    out += std::to_string(ts_node_symbol(n)) + ":" + std::to_string(ts_node_start_byte(n)) + "-" +
           std::to_string(ts_node_end_byte(n)) + " ";
    if (ts_tree_cursor_goto_first_child(&c)) continue;
    bool done = false;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        done = true;
        break;
      }
    }
    if (done) break;
  }
  ts_tree_cursor_delete(&c);
  return out;
}

constexpr std::string_view kSource =
    "import torch\n"
    "class Net(torch.nn.Module):\n"
    "    def forward(self, x):\n"
    "        return torch.relu(x.view(-1, 4))  # comment\n"
    "s = f\"{1 + 2}\"\n";

std::string fingerprint_outside_any_scope(std::string_view source) {
  PythonParser parser;
  SyntaxTree tree = parser.parse(source);
  return fingerprint(tree);
}

TEST(TreeArena, EpochIsZeroOutsideAScopeAndNewInEachScope) {
  PythonParser parser;
  EXPECT_EQ(current_tree_epoch(), 0u);
  uint64_t first = 0;
  {
    TreeArena::Scope scope(parser.arena());
    first = current_tree_epoch();
    EXPECT_NE(first, 0u);
  }
  EXPECT_EQ(current_tree_epoch(), 0u);
  TreeArena::Scope scope(parser.arena());
  EXPECT_GT(current_tree_epoch(), first);
}

TEST(TreeArena, TreesParsedInAScopeAreTheTreesParsedOnTheHeap) {
  std::string expected = fingerprint_outside_any_scope(kSource);
  PythonParser parser;
  for (int file = 0; file < 3; ++file) {  // the parser is re-made in each scope
    TreeArena::Scope scope(parser.arena());
    SyntaxTree tree = parser.parse(kSource);
    ASSERT_TRUE(tree.valid());
    EXPECT_EQ(fingerprint(tree), expected) << "scope " << file;
    SyntaxTree again = parser.parse(kSource);  // a second parse in the same scope
    EXPECT_EQ(fingerprint(again), expected);
  }
  // And the same parser outside any scope afterwards: a heap parser again.
  SyntaxTree tree = parser.parse(kSource);
  EXPECT_EQ(fingerprint(tree), expected);
}

TEST(TreeArena, AHeapTreeMayDieInsideAScopeAndAScopeTreeInsideItsScope) {
  std::string expected = fingerprint_outside_any_scope(kSource);
  PythonParser parser;
  auto heap_tree = std::make_unique<SyntaxTree>(parser.parse(kSource));
  TreeArena::Scope scope(parser.arena());
  heap_tree.reset();  // its blocks carry the heap's mark: freed to the heap
  auto arena_tree = std::make_unique<SyntaxTree>(parser.parse(kSource));
  EXPECT_EQ(fingerprint(*arena_tree), expected);
  arena_tree.reset();  // left to the arena
}

TEST(TreeArena, AnInnerScopeOfTheSameArenaReleasesNothing) {
  std::string expected = fingerprint_outside_any_scope(kSource);
  PythonParser parser;
  TreeArena::Scope outer(parser.arena());
  SyntaxTree tree = parser.parse(kSource);
  uint64_t epoch = current_tree_epoch();
  {
    TreeArena::Scope inner(parser.arena());
    EXPECT_EQ(current_tree_epoch(), epoch);
    SyntaxTree inner_tree = parser.parse("y = 2\n");
    EXPECT_TRUE(inner_tree.valid());
  }
  EXPECT_EQ(current_tree_epoch(), epoch);
  EXPECT_EQ(fingerprint(tree), expected);  // still there (ASan: not poisoned)
}

TEST(TreeArena, ScopesOfTwoArenasInterleave) {
  std::string expected = fingerprint_outside_any_scope(kSource);
  PythonParser a, b;
  TreeArena::Scope scope_a(a.arena());
  uint64_t epoch_a = current_tree_epoch();
  SyntaxTree tree_a = a.parse(kSource);
  {
    TreeArena::Scope scope_b(b.arena());
    EXPECT_NE(current_tree_epoch(), epoch_a);
    SyntaxTree tree_b = b.parse(kSource);
    EXPECT_EQ(fingerprint(tree_b), expected);
    // Parser a used while b's arena is active: its tree lives in b's arena and scope.
    SyntaxTree tree_a_in_b = a.parse("z = 3\n");
    EXPECT_TRUE(tree_a_in_b.valid());
  }
  EXPECT_EQ(current_tree_epoch(), epoch_a);
  EXPECT_EQ(fingerprint(tree_a), expected);
  SyntaxTree again = a.parse(kSource);  // a re-makes its parser for its own scope
  EXPECT_EQ(fingerprint(again), expected);
}

TEST(TreeArena, FreedBlocksAreReusedWithinAScope) {
  PythonParser parser;
  TreeArena::Scope scope(parser.arena());
  SyntaxTree tree = parser.parse(kSource);
  std::string expected = fingerprint(tree);  // a cursor made, walked and deleted
  size_t after_one_walk = parser.arena().used_bytes();
  EXPECT_GT(after_one_walk, 0u);
  // Each walk allocates the cursor's stack and frees it. Recycled, the arena does not grow;
  // without recycling, 20,000 walks would take megabytes.
  for (int i = 0; i < 20000; ++i) ASSERT_EQ(fingerprint(tree), expected);
  EXPECT_EQ(parser.arena().used_bytes(), after_one_walk);
}

TEST(TreeArena, AParserMadeInAScopeIsDeletedWhenItEnds) {
  // Its memory is the arena's, but the grammar's scanner holds a block of the plain heap that
  // only ts_parser_delete frees (LeakSanitizer in `make sanitize` reported every file).
  PythonParser parser;
  for (int file = 0; file < 2; ++file) {
    TreeArena::Scope scope(parser.arena());
    EXPECT_EQ(parser.arena().parsers(), 0u);
    SyntaxTree tree = parser.parse(kSource);
    EXPECT_EQ(parser.arena().parsers(), 1u);  // re-made for this scope, handed to it
    SyntaxTree again = parser.parse(kSource);
    EXPECT_EQ(parser.arena().parsers(), 1u);  // the same one
  }
  EXPECT_EQ(parser.arena().parsers(), 0u);
  {
    TreeArena::Scope scope(parser.arena());
    PythonParser inner;  // made inside a scope: that scope's too
    EXPECT_EQ(parser.arena().parsers(), 1u);
    EXPECT_TRUE(inner.parse("x = 1\n").valid());
  }
  EXPECT_EQ(parser.arena().parsers(), 0u);
}

TEST(TreeArena, PeakCountsFinishedScopes) {
  PythonParser parser;
  EXPECT_EQ(parser.arena().peak_bytes(), 0u);
  size_t used = 0;
  {
    TreeArena::Scope scope(parser.arena());
    SyntaxTree tree = parser.parse(kSource);
    used = parser.arena().used_bytes();
  }
  EXPECT_EQ(parser.arena().used_bytes(), 0u);
  EXPECT_EQ(parser.arena().peak_bytes(), used);
}

TEST(TreeArena, BlocksTooLargeForAClassComeFromTheHeapAndGoBackWithTheScope) {
  PythonParser parser;
  {
    TreeArena::Scope scope(parser.arena());
    auto* a = static_cast<char*>(allocate_tree_memory(300 << 10));
    auto* b = static_cast<char*>(allocate_tree_memory(400 << 10));
    std::memset(a, 'a', 300 << 10);
    std::memset(b, 'b', 400 << 10);
    EXPECT_EQ(parser.arena().large_blocks(), 2u);
    EXPECT_EQ(parser.arena().used_bytes(), 0u);  // not from the chunks
    a = static_cast<char*>(reallocate_tree_memory(a, 600 << 10));  // grows, keeps its bytes
    EXPECT_EQ(a[(300 << 10) - 1], 'a');
    EXPECT_EQ(parser.arena().large_blocks(), 2u);
    free_tree_memory(a);  // freed in its scope: given back now
    EXPECT_EQ(parser.arena().large_blocks(), 1u);
    EXPECT_EQ(b[0], 'b');
    // b is never freed, as a tree of the scope is not: the scope's end gives it back (LeakSanitizer
    // in `make sanitize` reports it otherwise).
  }
  EXPECT_EQ(parser.arena().large_blocks(), 0u);
}

TEST(TreeArena, SmallBlocksGrowAcrossClassesAndKeepTheirBytes) {
  PythonParser parser;
  TreeArena::Scope scope(parser.arena());
  auto* p = static_cast<unsigned char*>(allocate_zeroed_tree_memory(10, 3));
  for (int i = 0; i < 30; ++i) EXPECT_EQ(p[i], 0);
  for (int i = 0; i < 30; ++i) p[i] = static_cast<unsigned char>(i);
  p = static_cast<unsigned char*>(reallocate_tree_memory(p, 5000));  // 32 -> 8192-byte class
  for (int i = 0; i < 30; ++i) EXPECT_EQ(p[i], i);
  free_tree_memory(p);
  void* again = allocate_tree_memory(5000);  // the recycled block
  EXPECT_EQ(again, p);
  free_tree_memory(again);
}

TEST(TreeArena, HeapBlocksOutsideAnyScope) {
  void* p = allocate_tree_memory(64);
  std::memset(p, 1, 64);
  p = reallocate_tree_memory(p, 1 << 20);
  EXPECT_EQ(static_cast<unsigned char*>(p)[63], 1);
  free_tree_memory(p);
  free_tree_memory(nullptr);
}

TEST(TreeArena, ATreeThatOutlivesItsScopeIsNotTouchedWhenDestroyed) {
  PythonParser parser;
  SyntaxTree kept;
  {
    TreeArena::Scope scope(parser.arena());
    kept = parser.parse(kSource);
  }
  // Its memory is gone (poisoned under AddressSanitizer): the destructor must not delete it.
  kept = SyntaxTree();
  EXPECT_FALSE(kept.valid());
}

TEST(TreeArena, AnExceptionInAScopeLeavesNoArenaActive) {
  PythonParser parser;
  try {
    TreeArena::Scope scope(parser.arena());
    SyntaxTree tree = parser.parse(kSource);
    throw std::runtime_error("conversion failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(current_tree_epoch(), 0u);
  EXPECT_EQ(parser.arena().used_bytes(), 0u);
  EXPECT_EQ(fingerprint(parser.parse(kSource)), fingerprint_outside_any_scope(kSource));
}

TEST(TreeArena, ABlockOfAnotherArenasScopeIsLeftToThatArena) {
  PythonParser a, b;
  TreeArena::Scope scope_a(a.arena());
  void* of_a = allocate_tree_memory(100);
  {
    TreeArena::Scope scope_b(b.arena());
    size_t b_used = b.arena().used_bytes();
    free_tree_memory(of_a);  // not b's: ignored, not recycled into b
    EXPECT_NE(allocate_tree_memory(100), of_a);
    EXPECT_GT(b.arena().used_bytes(), b_used);
  }
  free_tree_memory(of_a);  // a's again: recycled
  EXPECT_EQ(allocate_tree_memory(100), of_a);
}

TEST(TreeArena, ThreadsParseInTheirOwnScopesAtOnce) {
  std::string expected = fingerprint_outside_any_scope(kSource);
  std::vector<std::string> seen(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < seen.size(); ++t) {
    threads.emplace_back([&, t] {
      PythonParser parser;
      for (int file = 0; file < 50; ++file) {
        TreeArena::Scope scope(parser.arena());
        SyntaxTree tree = parser.parse(kSource);
        std::string got = fingerprint(tree);
        if (got != expected) {
          seen[t] = got;
          return;
        }
      }
      seen[t] = expected;
    });
  }
  for (auto& th : threads) th.join();
  for (const std::string& s : seen) EXPECT_EQ(s, expected);
}

TEST(TreeArena, AHugeFileDoesNotPinItsMemoryAfterward) {
  // 40,000 statements: the module's child array outgrows the largest size class (a heap block
  // inside the scope) and the file needs more chunks than the arena keeps between files.
  std::string source;
  for (int i = 0; i < 40000; ++i) source += "a = b\n";
  PythonParser parser;
  {
    TreeArena::Scope scope(parser.arena());
    SyntaxTree tree = parser.parse(source);
    ASSERT_TRUE(tree.valid());
    EXPECT_EQ(ts_node_named_child_count(tree.root()), 40000u);
    EXPECT_GT(parser.arena().reserved_bytes(), size_t(16) << 20);
  }
  EXPECT_LE(parser.arena().reserved_bytes(), size_t(16) << 20);
  TreeArena::Scope scope(parser.arena());
  SyntaxTree small = parser.parse(kSource);
  EXPECT_EQ(fingerprint(small), fingerprint_outside_any_scope(kSource));
}

}  // namespace
}  // namespace t2p::parse
