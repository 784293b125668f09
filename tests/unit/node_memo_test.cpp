#include "semantic/node_memo.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace t2p::semantic {
namespace {

TEST(NodeMemoTest, FindPutAndOverwrite) {
  NodeMemo<std::string> memo;
  int a = 0, b = 0;
  EXPECT_EQ(memo.find(&a, 0), nullptr);
  memo.put(&a, 0, "a0");
  memo.put(&a, 1, "a1");  // the same node in another scope is another entry
  memo.put(&b, 0, "b0");
  ASSERT_NE(memo.find(&a, 0), nullptr);
  EXPECT_EQ(*memo.find(&a, 0), "a0");
  EXPECT_EQ(*memo.find(&a, 1), "a1");
  EXPECT_EQ(*memo.find(&b, 0), "b0");
  EXPECT_EQ(memo.find(&b, 1), nullptr);
  memo.put(&a, 0, "a0 again");
  EXPECT_EQ(*memo.find(&a, 0), "a0 again");
}

TEST(NodeMemoTest, ClearForgetsEverythingAndTheTableIsUsedAgain) {
  NodeMemo<int> memo;
  std::vector<int> nodes(100);
  for (int round = 0; round < 5; ++round) {
    for (int i = 0; i < 100; ++i) EXPECT_EQ(memo.find(&nodes[i], 0), nullptr) << round << " " << i;
    for (int i = 0; i < 100; ++i) memo.put(&nodes[i], 0, i * 10 + round);
    for (int i = 0; i < 100; ++i) {
      ASSERT_NE(memo.find(&nodes[i], 0), nullptr);
      EXPECT_EQ(*memo.find(&nodes[i], 0), i * 10 + round);
    }
    memo.clear();
  }
  memo.clear();  // empty: nothing to forget
  EXPECT_EQ(memo.find(&nodes[0], 0), nullptr);
}

TEST(NodeMemoTest, GrowingKeepsTheLiveEntriesOnly) {
  NodeMemo<int> memo;
  std::vector<int> nodes(5000);
  for (int i = 0; i < 50; ++i) memo.put(&nodes[i], 7, -i);
  memo.clear();  // these are of an older generation when the table grows
  for (int i = 0; i < 5000; ++i) memo.put(&nodes[i], 3, i);
  for (int i = 0; i < 5000; ++i) {
    ASSERT_NE(memo.find(&nodes[i], 3), nullptr) << i;
    EXPECT_EQ(*memo.find(&nodes[i], 3), i);
    EXPECT_EQ(memo.find(&nodes[i], 7), nullptr) << i;
  }
}

}  // namespace
}  // namespace t2p::semantic
