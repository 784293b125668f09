// tests: rewrite::EditSet: applying edits, ordering at one offset, overlaps, folding, batches.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"
#include "rewrite/edit_set.h"

namespace t2p::rewrite {
namespace {

using base::Edit;
using base::EditSide;

Edit replace(uint32_t begin, uint32_t end, std::string text) {
  return Edit{begin, end, std::move(text), EditSide::kReplace, 0};
}
Edit open_at(uint32_t at, std::string text, uint32_t depth = 0) {
  return Edit{at, at, std::move(text), EditSide::kOpen, depth};
}
Edit close_at(uint32_t at, std::string text, uint32_t depth = 0) {
  return Edit{at, at, std::move(text), EditSide::kClose, depth};
}

// ---------------------------------------------------------------------------------------------
// apply

TEST(EditSet, EmptySetAppliesToTheOriginal) {
  std::string_view src = "x = torch.zeros(2)\n";
  EditSet set(src);
  EXPECT_TRUE(set.empty());
  EXPECT_EQ(set.size(), 0u);
  EXPECT_EQ(set.apply(), src);
  EXPECT_EQ(set.render(4, 9), "torch");
}

TEST(EditSet, AppliesAReplacement) {
  std::string_view src = "x = torch.zeros(2)\n";
  EditSet set(src);
  ASSERT_TRUE(set.add(replace(4, 9, "paddle")));
  EXPECT_FALSE(set.empty());
  EXPECT_EQ(set.size(), 1u);
  EXPECT_EQ(set.apply(), "x = paddle.zeros(2)\n");
}

TEST(EditSet, AppliesADeletion) {
  EditSet set("abcdef");
  ASSERT_TRUE(set.add(replace(1, 3, "")));
  EXPECT_EQ(set.apply(), "adef");
}

TEST(EditSet, AppliesInsertionsAtStartMiddleAndEnd) {
  std::string_view src = "zeros(2)";
  EditSet set(src);
  ASSERT_TRUE(set.add(open_at(0, "paddle.")));
  ASSERT_TRUE(set.add(open_at(6, "[")));
  ASSERT_TRUE(set.add(close_at(7, "]")));
  ASSERT_TRUE(set.add(close_at(8, "\n")));
  EXPECT_EQ(set.apply(), "paddle.zeros([2])\n");
}

TEST(EditSet, EditsAddedOutOfOrderApplyByOffset) {
  std::string_view src = "a.b.c.d";
  EditSet set(src);
  ASSERT_TRUE(set.add(replace(6, 7, "D")));
  ASSERT_TRUE(set.add(replace(0, 1, "A")));
  ASSERT_TRUE(set.add(replace(4, 5, "C")));
  ASSERT_TRUE(set.add(replace(2, 3, "B")));
  EXPECT_EQ(set.apply(), "A.B.C.D");
  // edits() is sorted by offset.
  const auto e = set.edits();
  ASSERT_EQ(e.size(), 4u);
  for (size_t i = 1; i < e.size(); ++i) EXPECT_LT(e[i - 1].begin, e[i].begin);
  // take_edits() gives the same edits in the same order, and leaves the set empty.
  ASSERT_TRUE(set.add(open_at(2, "[")));
  const auto copied = set.edits();
  const auto taken = set.take_edits();
  ASSERT_EQ(taken.size(), copied.size());
  for (size_t i = 0; i < taken.size(); ++i) {
    EXPECT_EQ(taken[i].begin, copied[i].begin);
    EXPECT_EQ(taken[i].text, copied[i].text);
  }
  EXPECT_TRUE(set.empty());
}

TEST(EditSet, EqualInsertionsKeepTheOrderTheyWereAddedIn) {
  // Same offset, side and depth: each goes after those already there (add() places it where
  // conflicts() found the end of its equals; a batch of one goes the same way).
  EditSet set("f(x)");
  ASSERT_TRUE(set.add(open_at(2, "a=")));
  ASSERT_TRUE(set.add_all({open_at(2, "b=")}));
  ASSERT_TRUE(set.add(open_at(2, "c=")));
  ASSERT_TRUE(set.add(open_at(2, "(", 1)));  // an outer opening goes first
  EXPECT_EQ(set.apply(), "f((a=b=c=x)");
}

TEST(EditSet, AdjacentReplacementsDoNotOverlap) {
  EditSet set("abcdef");
  ASSERT_TRUE(set.add(replace(0, 2, "X")));
  ASSERT_TRUE(set.add(replace(2, 4, "Y")));
  ASSERT_TRUE(set.add(replace(4, 6, "Z")));
  EXPECT_EQ(set.apply(), "XYZ");
}

TEST(EditSet, InsertionAtTheBoundsOfAReplacementIsAllowed) {
  // "f(x)" -> "g(x)" plus "[" before and "]" after the replaced callee.
  EditSet set("f(x)");
  ASSERT_TRUE(set.add(replace(0, 1, "g")));
  ASSERT_TRUE(set.add(open_at(0, "<")));
  ASSERT_TRUE(set.add(close_at(1, ">")));
  EXPECT_EQ(set.apply(), "<g>(x)");
}

TEST(EditSet, InsertionBeforeAReplacementAtTheSameOffsetIsWrittenFirst) {
  EditSet set("abc");
  // Whatever the side, an insertion at a replacement's start goes before the new text.
  ASSERT_TRUE(set.add(replace(1, 2, "B")));
  ASSERT_TRUE(set.add(close_at(1, ")")));
  ASSERT_TRUE(set.add(open_at(1, "(")));
  EXPECT_EQ(set.apply(), "a)(Bc");
}

TEST(EditSet, RenderAppliesOnlyEditsInsideTheRange) {
  std::string_view src = "torch.cat([torch.zeros(2), y], 0)";
  EditSet set(src);
  ASSERT_TRUE(set.add(replace(11, 16, "paddle")));  // inner torch
  ASSERT_TRUE(set.add(open_at(23, "[")));
  ASSERT_TRUE(set.add(close_at(24, "]")));
  ASSERT_TRUE(set.add(replace(0, 5, "paddle")));  // outer torch
  EXPECT_EQ(set.render(11, 25), "paddle.zeros([2])");
  EXPECT_EQ(set.render(10, 29), "[paddle.zeros([2]), y]");
  EXPECT_EQ(set.render(6, 9), "cat");
  EXPECT_EQ(set.apply(), "paddle.cat([paddle.zeros([2]), y], 0)");
}

TEST(EditSet, RenderExcludesBoundaryInsertionsThatBelongOutside) {
  // At the start of a range a closing insertion ends the previous construct; at its end an
  // opening insertion starts the next one. Neither belongs to the rendered range.
  EditSet set("ab");
  ASSERT_TRUE(set.add(close_at(0, "C0")));
  ASSERT_TRUE(set.add(open_at(0, "O0")));
  ASSERT_TRUE(set.add(close_at(1, "C1")));
  ASSERT_TRUE(set.add(open_at(1, "O1")));
  EXPECT_EQ(set.render(0, 1), "O0aC1");
  EXPECT_EQ(set.render(1, 2), "O1b");
}

TEST(EditSet, ApplyKeepsInsertionsAtTheVeryStartAndEndOfTheText) {
  // apply() is "the whole text with every edit applied": nothing lies outside the whole text,
  // so a closing insertion at offset 0 and an opening one at the end must be written too.
  EditSet set("ab");
  ASSERT_TRUE(set.add(close_at(0, "C0")));
  ASSERT_TRUE(set.add(open_at(0, "O0")));
  ASSERT_TRUE(set.add(close_at(1, "C1")));
  ASSERT_TRUE(set.add(open_at(1, "O1")));
  ASSERT_TRUE(set.add(close_at(2, "C2")));
  ASSERT_TRUE(set.add(open_at(2, "O2")));
  EXPECT_EQ(set.apply(), "C0O0aC1O1bC2O2");
}

TEST(EditSet, ApplyKeepsAnOpeningInsertionAppendedToTheText) {
  EditSet set("x = 1\n");
  ASSERT_TRUE(set.add(open_at(6, "import paddle\n")));
  EXPECT_EQ(set.apply(), "x = 1\nimport paddle\n");
}

// ---------------------------------------------------------------------------------------------
// Ordering of insertions at one offset

TEST(EditSetOrdering, OpeningInsertionsGoOuterFirst) {
  // Two wrappers opened at the same offset: the larger span (outer) is written first.
  for (bool outer_first : {true, false}) {
    EditSet set("x");
    Edit outer = open_at(0, "outer(", 10);
    Edit inner = open_at(0, "inner(", 5);
    if (outer_first) {
      ASSERT_TRUE(set.add(outer));
      ASSERT_TRUE(set.add(inner));
    } else {
      ASSERT_TRUE(set.add(inner));
      ASSERT_TRUE(set.add(outer));
    }
    EXPECT_EQ(set.apply(), "outer(inner(x") << "outer added first: " << outer_first;
  }
}

TEST(EditSetOrdering, ClosingInsertionsGoInnerFirst) {
  for (bool outer_first : {true, false}) {
    EditSet set("x");
    Edit outer = close_at(1, ", o)", 10);
    Edit inner = close_at(1, ", i)", 5);
    if (outer_first) {
      ASSERT_TRUE(set.add(outer));
      ASSERT_TRUE(set.add(inner));
    } else {
      ASSERT_TRUE(set.add(inner));
      ASSERT_TRUE(set.add(outer));
    }
    EXPECT_EQ(set.apply(), "x, i), o)") << "outer added first: " << outer_first;
  }
}

TEST(EditSetOrdering, NestedWrappersCompose) {
  // paddle.assign(<...>.pin_memory(), out) style: both ends of two nested wrappers.
  std::string_view src = "y = f(x)\n";
  std::vector<Edit> edits = {
      close_at(8, ".m()", 2),    open_at(4, "outer(", 9), close_at(8, ", o)", 9),
      open_at(4, "inner(", 4),   close_at(8, ", i)", 4),
  };
  // Any insertion order gives the same text.
  std::vector<size_t> order = {0, 1, 2, 3, 4};
  std::string expected;
  int permutations = 0;
  do {
    EditSet set(src);
    for (size_t i : order) ASSERT_TRUE(set.add(edits[i]));
    std::string out = set.apply();
    if (expected.empty()) expected = out;
    EXPECT_EQ(out, expected);
    ++permutations;
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(permutations, 120);
  EXPECT_EQ(expected, "y = outer(inner(f(x).m(), i), o)\n");
}

TEST(EditSetOrdering, ClosingInsertionsComeBeforeOpeningOnesAtOneOffset) {
  // `a` ends and `b` starts at offset 1: a's wrapper must be closed before b's is opened.
  for (bool close_first : {true, false}) {
    EditSet set("ab");
    if (close_first) {
      ASSERT_TRUE(set.add(close_at(1, "]", 1)));
      ASSERT_TRUE(set.add(open_at(1, "[", 1)));
    } else {
      ASSERT_TRUE(set.add(open_at(1, "[", 1)));
      ASSERT_TRUE(set.add(close_at(1, "]", 1)));
    }
    EXPECT_EQ(set.apply(), "a][b");
  }
}

TEST(EditSetOrdering, TwoInsertionsAtOneOffsetDoNotOverlap) {
  EditSet set("ab");
  EXPECT_TRUE(set.add(open_at(1, "1")));
  EXPECT_TRUE(set.add(open_at(1, "2", 3)));
  EXPECT_EQ(set.size(), 2u);
  EXPECT_EQ(set.apply(), "a21b");
}

// ---------------------------------------------------------------------------------------------
// Overlaps

TEST(EditSetOverlap, OverlappingReplacementIsRejectedAndSetUnchanged) {
  EditSet set("abcdefgh");
  ASSERT_TRUE(set.add(replace(2, 5, "X")));
  std::string before = set.apply();
  EXPECT_FALSE(set.add(replace(4, 6, "Y")));  // shares byte 4
  EXPECT_FALSE(set.add(replace(1, 3, "Y")));  // shares byte 2
  EXPECT_FALSE(set.add(replace(0, 8, "Y")));  // contains it
  EXPECT_FALSE(set.add(replace(3, 4, "Y")));  // inside it
  EXPECT_FALSE(set.add(replace(2, 5, "Y")));  // the same range
  EXPECT_EQ(set.size(), 1u);
  EXPECT_EQ(set.apply(), before);
  EXPECT_EQ(set.apply(), "abXfgh");
}

TEST(EditSetOverlap, InsertionStrictlyInsideAReplacementIsRejected) {
  EditSet set("abcdef");
  ASSERT_TRUE(set.add(replace(1, 4, "X")));
  EXPECT_FALSE(set.add(open_at(2, "!")));
  EXPECT_FALSE(set.add(close_at(3, "!")));
  EXPECT_TRUE(set.add(open_at(1, "<")));
  EXPECT_TRUE(set.add(close_at(4, ">")));
  EXPECT_EQ(set.apply(), "a<X>ef");
}

TEST(EditSetOverlap, ReplacementOverAnExistingInsertionIsRejected) {
  EditSet set("abcdef");
  ASSERT_TRUE(set.add(open_at(3, "!")));
  EXPECT_FALSE(set.add(replace(2, 4, "X")));
  EXPECT_FALSE(set.add(replace(0, 6, "X")));
  EXPECT_TRUE(set.add(replace(3, 5, "X")));  // starts at the insertion: fine
  EXPECT_TRUE(set.add(replace(0, 3, "Y")));  // ends at the insertion: fine
  EXPECT_EQ(set.apply(), "Y!Xf");
}

TEST(EditSetOverlap, DetectsOverlapWithADistantLongReplacement) {
  // A long edit far before the new one in sort order must still be found.
  EditSet set("0123456789abcdefghij");
  ASSERT_TRUE(set.add(replace(2, 18, "L")));
  ASSERT_TRUE(set.add(open_at(2, "<", 1)));
  ASSERT_TRUE(set.add(open_at(2, "<<", 7)));
  ASSERT_TRUE(set.add(replace(0, 1, "Z")));
  ASSERT_TRUE(set.add(replace(18, 19, "E")));
  EXPECT_FALSE(set.add(replace(15, 16, "X")));
  EXPECT_FALSE(set.add(open_at(17, "X")));
  EXPECT_FALSE(set.add(replace(17, 19, "X")));
  EXPECT_EQ(set.size(), 5u);
  EXPECT_EQ(set.apply(), "Z1<<<LEj");
}

// ---------------------------------------------------------------------------------------------
// replace_subsuming

TEST(EditSetSubsuming, FoldsNestedEditsRenderedBeforehand) {
  //            0         1         2         3
  //            0123456789012345678901234567890123
  std::string_view src = "torch.cat([torch.zeros(2), x], 0)";
  EditSet set(src);
  // Inner call rewritten first.
  ASSERT_TRUE(set.add(replace(11, 22, "paddle.zeros")));
  ASSERT_TRUE(set.add(open_at(23, "[", 2)));
  ASSERT_TRUE(set.add(close_at(24, "]", 2)));
  // The outer rewrite builds its text from the rendered argument, then subsumes the range.
  std::string list = set.render(10, 29);
  EXPECT_EQ(list, "[paddle.zeros([2]), x]");
  ASSERT_TRUE(set.replace_subsuming(0, 33, "paddle.concat(" + list + ", axis=0)"));
  EXPECT_EQ(set.size(), 1u);
  EXPECT_EQ(set.apply(), "paddle.concat([paddle.zeros([2]), x], axis=0)");
}

TEST(EditSetSubsuming, KeepsEditsOutsideAndBoundaryInsertionsOfNeighbours) {
  std::string_view src = "f(a)+g(b);";
  EditSet set(src);
  ASSERT_TRUE(set.add(replace(0, 1, "F")));  // outside, before
  ASSERT_TRUE(set.add(close_at(5, "C")));    // closes something ending before g(b)
  ASSERT_TRUE(set.add(open_at(5, "O")));     // opens a wrapper around g(b): inside
  ASSERT_TRUE(set.add(replace(7, 8, "B")));  // inside
  ASSERT_TRUE(set.add(close_at(9, "Q")));    // closes the wrapper: inside
  ASSERT_TRUE(set.add(open_at(9, "P")));     // opens something after g(b): outside
  EXPECT_EQ(set.render(5, 9), "Og(B)Q");
  ASSERT_TRUE(set.replace_subsuming(5, 9, "G"));
  EXPECT_EQ(set.size(), 4u);
  EXPECT_EQ(set.apply(), "F(a)+CGP;");
}

TEST(EditSetSubsuming, ReplacesAnEditWithTheSameRange) {
  EditSet set("abc");
  ASSERT_TRUE(set.add(replace(1, 2, "X")));
  ASSERT_TRUE(set.replace_subsuming(1, 2, "Y"));
  EXPECT_EQ(set.size(), 1u);
  EXPECT_EQ(set.apply(), "aYc");
}

TEST(EditSetSubsuming, RejectsAnEditStraddlingTheStart) {
  EditSet set("abcdefgh");
  ASSERT_TRUE(set.add(replace(1, 4, "X")));
  ASSERT_TRUE(set.add(replace(5, 6, "Y")));
  std::string before = set.apply();
  EXPECT_FALSE(set.replace_subsuming(3, 7, "Z"));
  EXPECT_EQ(set.size(), 2u);
  EXPECT_EQ(set.apply(), before);
}

TEST(EditSetSubsuming, RejectsAnEditStraddlingTheEnd) {
  EditSet set("abcdefgh");
  ASSERT_TRUE(set.add(replace(2, 3, "Y")));
  ASSERT_TRUE(set.add(replace(4, 7, "X")));
  std::string before = set.apply();
  EXPECT_FALSE(set.replace_subsuming(1, 5, "Z"));
  EXPECT_EQ(set.size(), 2u);
  EXPECT_EQ(set.apply(), before);
}

TEST(EditSetSubsuming, WorksOnAnEmptySet) {
  EditSet set("hello world");
  ASSERT_TRUE(set.replace_subsuming(0, 5, "HELLO"));
  EXPECT_EQ(set.apply(), "HELLO world");
}

// ---------------------------------------------------------------------------------------------
// add_all

TEST(EditSetBatch, AddsEveryEdit) {
  EditSet set("f(x)");
  ASSERT_TRUE(set.add_all({open_at(0, "paddle.assign(", 4), close_at(4, ", y)", 4),
                           replace(0, 1, "g")}));
  EXPECT_EQ(set.size(), 3u);
  EXPECT_EQ(set.apply(), "paddle.assign(g(x), y)");
}

TEST(EditSetBatch, OverlapInsideTheBatchAddsNothing) {
  EditSet set("abcdef");
  ASSERT_TRUE(set.add(replace(5, 6, "F")));
  std::string before = set.apply();
  EXPECT_FALSE(set.add_all({replace(0, 1, "A"), replace(2, 4, "X"), replace(3, 5, "Y")}));
  EXPECT_EQ(set.size(), 1u);
  EXPECT_EQ(set.apply(), before);
}

TEST(EditSetBatch, InsertionInsideAReplacementOfTheSameBatchAddsNothing) {
  EditSet set("abcdef");
  EXPECT_FALSE(set.add_all({open_at(0, "<"), replace(1, 4, "X"), open_at(2, "!")}));
  EXPECT_TRUE(set.empty());
  EXPECT_EQ(set.apply(), "abcdef");
}

TEST(EditSetBatch, OverlapWithAnExistingEditAddsNothing) {
  EditSet set("abcdef");
  ASSERT_TRUE(set.add(replace(2, 4, "X")));
  EXPECT_FALSE(set.add_all({replace(0, 1, "A"), close_at(6, "!"), replace(3, 5, "Y")}));
  EXPECT_EQ(set.size(), 1u);
  EXPECT_EQ(set.apply(), "abXef");
}

TEST(EditSetBatch, EmptyBatchSucceeds) {
  EditSet set("abc");
  EXPECT_TRUE(set.add_all({}));
  EXPECT_TRUE(set.empty());
}

// ---------------------------------------------------------------------------------------------
// checkpoint / rollback

TEST(EditSetCheckpoint, RollbackUndoesAHalfPlannedRewrite) {
  EditSet set("torch.ones(1) + torch.ones(2)");
  ASSERT_TRUE(set.add(replace(0, 5, "paddle")));
  set.commit();
  size_t cp = set.checkpoint();
  std::string before = set.apply();

  ASSERT_TRUE(set.add(replace(16, 21, "paddle")));
  ASSERT_TRUE(set.add(open_at(27, "[")));
  ASSERT_TRUE(set.replace_subsuming(0, 13, "paddle.ones([1])"));  // folds the first edit away
  EXPECT_NE(set.apply(), before);

  set.rollback(cp);
  EXPECT_EQ(set.size(), 1u);
  EXPECT_EQ(set.apply(), before);
  EXPECT_EQ(set.apply(), "paddle.ones(1) + torch.ones(2)");
  // The restored set still detects overlaps against its own edits.
  EXPECT_FALSE(set.add(replace(2, 3, "X")));
  EXPECT_TRUE(set.add(replace(16, 21, "paddle")));
}

TEST(EditSetCheckpoint, RollbackToTheStartEmptiesTheSet) {
  EditSet set("abc");
  size_t cp = set.checkpoint();
  ASSERT_TRUE(set.add(replace(0, 1, "A")));
  ASSERT_EQ(set.size(), 1u);
  set.rollback(cp);
  EXPECT_TRUE(set.empty());
  EXPECT_EQ(set.apply(), "abc");
}

TEST(EditSetCheckpoint, RollbackUndoesAnEditAddedThenFoldedAway) {
  // The journal knows an added edit by its node: the fold removes it (kept in the journal) and
  // the rollback first puts it back, then takes it out again.
  EditSet set("torch.ones(1)");
  size_t cp = set.checkpoint();
  ASSERT_TRUE(set.add(replace(0, 5, "paddle")));
  ASSERT_TRUE(set.add(open_at(11, "[")));
  ASSERT_TRUE(set.replace_subsuming(0, 13, "paddle.ones([1])"));
  EXPECT_EQ(set.size(), 1u);
  set.rollback(cp);
  EXPECT_TRUE(set.empty());
  EXPECT_EQ(set.apply(), "torch.ones(1)");
}

TEST(EditSetCheckpoint, RollbackRemovesTheEditItAddedAmongEqualKeys) {
  // Two insertions with the same offset, side and depth: the rollback removes the later one
  // only, and the earlier keeps its place.
  EditSet set("f(x)");
  ASSERT_TRUE(set.add(open_at(2, "a=")));
  set.commit();
  size_t cp = set.checkpoint();
  ASSERT_TRUE(set.add(open_at(2, "[")));
  EXPECT_EQ(set.size(), 2u);
  set.rollback(cp);
  EXPECT_EQ(set.size(), 1u);
  EXPECT_EQ(set.apply(), "f(a=x)");
}

TEST(EditSetCheckpoint, CommitKeepsTheEdits) {
  EditSet set("abc");
  ASSERT_TRUE(set.add(replace(0, 1, "A")));
  set.commit();
  set.rollback(set.checkpoint());
  EXPECT_EQ(set.apply(), "Abc");
}

}  // namespace
}  // namespace t2p::rewrite
