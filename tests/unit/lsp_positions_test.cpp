// tests: LSP positions (UTF-16) <-> byte offsets (lsp/positions.h).
#include <gtest/gtest.h>

#include <string>

#include "lsp/positions.h"

namespace t2p::lsp {
namespace {

TEST(LspPositionsTest, CountsUtf16UnitsOfCjkEmojiAndTabs) {
  // "中" is 3 bytes / 1 unit, "😀" 4 bytes / 2 units, a tab 1 byte / 1 unit.
  const std::string text = "a = 1\n\t中😀x = torch.zeros(1)\n";
  PositionMap map(text);
  const uint32_t x = static_cast<uint32_t>(text.find('x'));
  EXPECT_EQ(map.position(x).line, 1u);
  EXPECT_EQ(map.position(x).character, 4u);  // tab 1 + 中 1 + 😀 2
  EXPECT_EQ(map.offset({1, 4}), x);
  EXPECT_EQ(map.offset({1, 0}), 6u);
  // Inside the surrogate pair: the emoji's start.
  EXPECT_EQ(map.offset({1, 3}), static_cast<uint32_t>(text.find("😀")));
}

TEST(LspPositionsTest, ClampsPastTheLineAndTheText) {
  const std::string text = "ab\r\ncd\ref";
  PositionMap map(text);
  EXPECT_EQ(map.offset({0, 99}), 2u);  // before "\r\n"
  EXPECT_EQ(map.offset({1, 1}), 5u);   // "\r" alone ends a line too
  EXPECT_EQ(map.offset({2, 0}), 7u);
  EXPECT_EQ(map.offset({9, 0}), static_cast<uint32_t>(text.size()));
  EXPECT_EQ(map.position(static_cast<uint32_t>(text.size())).line, 2u);
  EXPECT_EQ(map.position(static_cast<uint32_t>(text.size())).character, 2u);
}

TEST(LspPositionsTest, InvalidUtf8CountsOneUnitPerByte) {
  const std::string text = "\xff\xfe" "x";
  PositionMap map(text);
  EXPECT_EQ(map.position(2).character, 2u);
  EXPECT_EQ(map.offset({0, 2}), 2u);
}

TEST(LspPositionsTest, ReplaceRangeClamps) {
  std::string text = "hello";
  replace_range(&text, 1, 3, "EY");
  EXPECT_EQ(text, "hEYlo");
  replace_range(&text, 4, 99, "!");
  EXPECT_EQ(text, "hEYl!");
}

}  // namespace
}  // namespace t2p::lsp
