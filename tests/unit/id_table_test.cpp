#include "kg/id_table.h"

#include <gtest/gtest.h>

#include <string>

namespace t2p::kg {
namespace {

TEST(IdTableTest, RecordIdsAndAliasesShareOneLookup) {
  IdTable t;
  t.add_record_id("torch.foo");
  t.add_record_id("torch.bar");
  t.add_record_id("torch.foo");  // repeated: one slot
  t.add_alias("torch.foo_alias", "torch.foo");
  t.add_alias("torch.foo_alias", "torch.bar");  // the first alias of a name wins
  t.add_alias("torch.ghost_alias", "torch.ghost");  // its canonical id has no record
  t.add_alias("torch.bar", "torch.foo");            // a record id that is an alias too
  t.finish();
  EXPECT_EQ(t.record_count(), 2u);

  const IdTable::Entry* foo = t.find("torch.foo");
  ASSERT_NE(foo, nullptr);
  EXPECT_FALSE(foo->alias);
  EXPECT_EQ(foo->canonical(), "torch.foo");
  EXPECT_GE(foo->record, 0);

  const IdTable::Entry* alias = t.find("torch.foo_alias");
  ASSERT_NE(alias, nullptr);
  EXPECT_EQ(alias->canonical(), "torch.foo");
  EXPECT_EQ(alias->record, foo->record);

  const IdTable::Entry* ghost = t.find("torch.ghost_alias");
  ASSERT_NE(ghost, nullptr);
  EXPECT_EQ(ghost->canonical(), "torch.ghost");
  EXPECT_EQ(ghost->record, -1);

  // As find(canonical(id)) did: the alias decides, so `torch.bar` finds torch.foo's record.
  const IdTable::Entry* bar = t.find("torch.bar");
  ASSERT_NE(bar, nullptr);
  EXPECT_EQ(bar->canonical(), "torch.foo");
  EXPECT_EQ(bar->record, foo->record);

  EXPECT_EQ(t.find("torch.nope"), nullptr);
  EXPECT_EQ(t.find(""), nullptr);
  EXPECT_EQ(t.find("torch.fo"), nullptr);
}

TEST(IdTableTest, GrowsPastItsFirstSize) {
  IdTable t;
  for (int i = 0; i < 5000; ++i) t.add_record_id("torch.f" + std::to_string(i));
  for (int i = 0; i < 100; ++i) t.add_alias("torch.a" + std::to_string(i), "torch.f" + std::to_string(i * 7));
  t.finish();
  EXPECT_EQ(t.record_count(), 5000u);
  for (int i = 0; i < 5000; ++i) {
    const IdTable::Entry* e = t.find("torch.f" + std::to_string(i));
    ASSERT_NE(e, nullptr) << i;
    EXPECT_EQ(e->canonical(), "torch.f" + std::to_string(i));
  }
  for (int i = 0; i < 100; ++i) {
    const IdTable::Entry* e = t.find("torch.a" + std::to_string(i));
    ASSERT_NE(e, nullptr) << i;
    EXPECT_EQ(e->record, t.find("torch.f" + std::to_string(i * 7))->record);
  }
  EXPECT_EQ(t.find("torch.f5000"), nullptr);
}

TEST(IdTableTest, EmptyTableFindsNothing) {
  IdTable t;
  EXPECT_EQ(t.find("torch.foo"), nullptr);
  t.finish();
  EXPECT_EQ(t.find("torch.foo"), nullptr);
  EXPECT_EQ(t.record_count(), 0u);
}

}  // namespace
}  // namespace t2p::kg
