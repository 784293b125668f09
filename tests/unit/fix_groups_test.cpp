// tests: rules::group_fixes, the edits of each use's owner gathered into one fix per owner, a
// merged owner sharing the outer owner's fix, file-level edits in no fix.
#include <gtest/gtest.h>

#include "rules/fix_groups.h"

namespace t2p::rules {
namespace {

base::Edit edit_of(uint32_t owner) {
  base::Edit e;
  e.owner = owner;
  return e;
}

ApiUse use_with(UseStatus status, Applicability applicability = Applicability::kSafe) {
  ApiUse u;
  u.status = status;
  u.applicability = applicability;
  return u;
}

TEST(FixGroupsTest, OneFixPerOwnerInEditOrderFileEditsInNone) {
  FileConversion out;
  out.edits = {edit_of(base::kFileEdit), edit_of(2), edit_of(0), edit_of(2), edit_of(base::kNoteEdit)};
  out.uses = {use_with(UseStatus::kConverted), use_with(UseStatus::kConverted), use_with(UseStatus::kConverted)};
  group_fixes({0, 1, 2}, {}, &out);
  ASSERT_EQ(out.fixes.size(), 2u);
  EXPECT_EQ(out.fixes[0].edits, (std::vector<uint32_t>{1, 3}));  // owner 2, met first
  EXPECT_EQ(out.fixes[1].edits, (std::vector<uint32_t>{2}));     // owner 0
  EXPECT_EQ(out.uses[0].fix, 1);
  EXPECT_EQ(out.uses[1].fix, -1);  // owner 1 edited nothing
  EXPECT_EQ(out.uses[2].fix, 0);
}

TEST(FixGroupsTest, MergedOwnersShareTheOuterFixAsSureAsTheLeastSure) {
  FileConversion out;
  out.edits = {edit_of(3)};
  out.uses = {use_with(UseStatus::kConverted, Applicability::kReview), use_with(UseStatus::kConverted),
              use_with(UseStatus::kConverted)};
  // Owner 0 folded into 1, and 1 into 3 (an outer rewrite took both in).
  group_fixes({0, 1, 3}, {{0, 1}, {1, 3}}, &out);
  ASSERT_EQ(out.fixes.size(), 1u);
  EXPECT_EQ(out.uses[0].fix, 0);
  EXPECT_EQ(out.uses[1].fix, 0);
  EXPECT_EQ(out.uses[2].fix, 0);
  EXPECT_EQ(out.fixes[0].applicability, Applicability::kReview);
}

TEST(FixGroupsTest, ReportedUsesGetNoFix) {
  FileConversion out;
  out.edits = {edit_of(0), edit_of(1)};
  UseStatus review = UseStatus::kNeedsReview;
  out.uses = {use_with(UseStatus::kUnsupported), use_with(review), use_with(review)};
  out.uses[2].applied = true;  // converted with a review note: its fix is applied
  group_fixes({0, 1, 1}, {}, &out);
  EXPECT_EQ(out.uses[0].fix, -1);
  EXPECT_EQ(out.uses[1].fix, -1);
  EXPECT_EQ(out.uses[2].fix, 1);
}

TEST(FixGroupsTest, OwnersBeyondTheEditsAndSpecialOwnersAreSafe) {
  FileConversion out;
  out.edits = {edit_of(0)};
  out.uses = {use_with(UseStatus::kConverted), use_with(UseStatus::kConverted)};
  group_fixes({base::kFileEdit, 7}, {{base::kNoteEdit, 0}}, &out);
  ASSERT_EQ(out.fixes.size(), 1u);
  EXPECT_EQ(out.uses[0].fix, -1);
  EXPECT_EQ(out.uses[1].fix, -1);
}

}  // namespace
}  // namespace t2p::rules
