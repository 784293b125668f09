// tests: parse::PythonParser and SyntaxTree ownership, and first_syntax_error positions.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "parse/syntax_tree.h"

namespace t2p::parse {
namespace {

static_assert(!std::is_copy_constructible_v<SyntaxTree>, "a tree has one owner");
static_assert(!std::is_copy_assignable_v<SyntaxTree>, "a tree has one owner");
static_assert(std::is_nothrow_move_constructible_v<SyntaxTree>);
static_assert(std::is_nothrow_move_assignable_v<SyntaxTree>);
static_assert(!std::is_copy_constructible_v<PythonParser>);

TEST(PythonParser, LoadsTheGrammar) {
  PythonParser parser;
  EXPECT_TRUE(parser.ok());
}

TEST(SyntaxTree, DefaultConstructedIsInvalid) {
  SyntaxTree tree;
  EXPECT_FALSE(tree.valid());
}

TEST(SyntaxTree, ParsesValidCodeIntoAModule) {
  PythonParser parser;
  std::string_view src = "import torch\nx = torch.zeros(2)\n";
  SyntaxTree tree = parser.parse(src);
  ASSERT_TRUE(tree.valid());
  EXPECT_FALSE(tree.has_error());
  TSNode root = tree.root();
  EXPECT_STREQ(ts_node_type(root), "module");
  EXPECT_EQ(ts_node_named_child_count(root), 2u);
  EXPECT_EQ(node_text(ts_node_named_child(root, 0), src), "import torch");
  EXPECT_EQ(node_text(ts_node_named_child(root, 1), src), "x = torch.zeros(2)");
}

TEST(SyntaxTree, EmptyInputGivesAValidCleanTree) {
  PythonParser parser;
  SyntaxTree tree = parser.parse("");
  ASSERT_TRUE(tree.valid());
  EXPECT_FALSE(tree.has_error());
  EXPECT_STREQ(ts_node_type(tree.root()), "module");
  EXPECT_EQ(ts_node_named_child_count(tree.root()), 0u);
  EXPECT_FALSE(first_syntax_error(tree, "").has_value());
}

TEST(SyntaxTree, MoveConstructionTransfersOwnership) {
  PythonParser parser;
  std::string_view src = "a = 1\n";
  SyntaxTree first = parser.parse(src);
  ASSERT_TRUE(first.valid());
  const void* id = first.root().tree;
  SyntaxTree second(std::move(first));
  // NOLINTNEXTLINE(bugprone-use-after-move): the moved-from state is the contract
  EXPECT_FALSE(first.valid());
  ASSERT_TRUE(second.valid());
  EXPECT_EQ(second.root().tree, id);
  EXPECT_EQ(node_text(second.root(), src), "a = 1\n");
}

TEST(SyntaxTree, MoveAssignmentReplacesAndReleasesTheOldTree) {
  PythonParser parser;
  std::string_view a = "a = 1\n";
  std::string_view b = "b = 2\nc = 3\n";
  SyntaxTree left = parser.parse(a);
  SyntaxTree right = parser.parse(b);
  ASSERT_TRUE(left.valid());
  ASSERT_TRUE(right.valid());
  left = std::move(right);
  EXPECT_FALSE(right.valid());  // NOLINT(bugprone-use-after-move)
  ASSERT_TRUE(left.valid());
  EXPECT_EQ(ts_node_named_child_count(left.root()), 2u);
  EXPECT_EQ(node_text(left.root(), b), b);
}

TEST(SyntaxTree, SelfMoveAssignmentKeepsTheTree) {
  PythonParser parser;
  SyntaxTree tree = parser.parse("a = 1\n");
  SyntaxTree& alias = tree;
  tree = std::move(alias);
  ASSERT_TRUE(tree.valid());
  EXPECT_EQ(ts_node_named_child_count(tree.root()), 1u);
}

TEST(SyntaxTree, MoveAssignmentIntoEmptyTree) {
  PythonParser parser;
  SyntaxTree empty;
  empty = parser.parse("x = 1\n");
  ASSERT_TRUE(empty.valid());
  EXPECT_FALSE(empty.has_error());
}

TEST(PythonParser, ReusedParserGivesIndependentTrees) {
  PythonParser parser;
  std::string_view a = "def f(:\n";
  std::string_view b = "y = 2\n";
  SyntaxTree bad = parser.parse(a);
  SyntaxTree good = parser.parse(b);
  ASSERT_TRUE(bad.valid());
  ASSERT_TRUE(good.valid());
  EXPECT_TRUE(bad.has_error());
  EXPECT_FALSE(good.has_error());
  EXPECT_TRUE(first_syntax_error(bad, a).has_value());
  EXPECT_FALSE(first_syntax_error(good, b).has_value());
}

// The grammar's scanner does not clear its "inside an f-string" flag when the parser resets it:
// a file ending inside an unterminated f-string spoiled the next parse with the same parser
// (a clean file then got syntax errors at its dedents).
TEST(PythonParser, AnUnterminatedFStringDoesNotSpoilTheNextParse) {
  PythonParser parser;
  std::string_view clean = "def f(x):\r\n    if x:\r\n        y = 1\r\n    return y\r\n";
  ASSERT_FALSE(parser.parse(clean).has_error());
  EXPECT_TRUE(parser.parse("import torch\r\n) f':\r\n    if x:\r\n        y = 1\r\n").has_error());
  EXPECT_FALSE(parser.parse(clean).has_error());
}

TEST(FirstSyntaxError, NoneForValidCode) {
  PythonParser parser;
  std::string_view src =
      "import torch\n"
      "class M(torch.nn.Module):\n"
      "    def forward(self, x, *args, **kw):\n"
      "        return [i for i in x if i] + list(lambda: 1 for _ in ())\n";
  SyntaxTree tree = parser.parse(src);
  EXPECT_FALSE(first_syntax_error(tree, src).has_value());
}

TEST(FirstSyntaxError, InvalidTreeReportsParseFailed) {
  SyntaxTree invalid;
  auto err = first_syntax_error(invalid, "x = 1\n");
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "parse-failed");
  EXPECT_EQ(err->severity, base::Severity::kError);
}

TEST(FirstSyntaxError, BrokenParameterListOnFirstLine) {
  PythonParser parser;
  std::string_view src = "def f(:\n    pass\n";
  SyntaxTree tree = parser.parse(src);
  ASSERT_TRUE(tree.valid());
  auto err = first_syntax_error(tree, src);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "syntax-error");
  EXPECT_EQ(err->severity, base::Severity::kError);
  EXPECT_EQ(err->line, 1u);
  EXPECT_GE(err->column, 1u);
  EXPECT_LE(err->column, 8u);  // within `def f(:`
  EXPECT_FALSE(err->message.empty());
}

TEST(FirstSyntaxError, ReportsTheLineOfTheErrorNotTheFirstLine) {
  PythonParser parser;
  std::string_view src = "import torch\nx = 1\n\ndef f(:\n    pass\n";
  SyntaxTree tree = parser.parse(src);
  auto err = first_syntax_error(tree, src);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "syntax-error");
  EXPECT_EQ(err->line, 4u);
  EXPECT_GE(err->column, 1u);
  EXPECT_LE(err->column, 8u);
}

TEST(FirstSyntaxError, StrayClosingParenthesisIsOnItsLine) {
  PythonParser parser;
  // The stray `)` is the only error. tree-sitter wraps the statement in an ERROR node, so the
  // column is somewhere in `b = (2))` (1-based, never past the stray parenthesis).
  std::string_view src = "a = 1\nb = (2))\n";
  SyntaxTree tree = parser.parse(src);
  auto err = first_syntax_error(tree, src);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "syntax-error");
  EXPECT_EQ(err->line, 2u);
  EXPECT_GE(err->column, 1u);
  EXPECT_LE(err->column, 9u);
}

TEST(FirstSyntaxError, MissingTokenIsNamedWithItsExactColumn) {
  PythonParser parser;
  // `def f(:` is recovered as a parameter list with a MISSING ")" right before the colon.
  std::string_view src = "x = 1\ndef f(:\n    pass\n";
  SyntaxTree tree = parser.parse(src);
  auto err = first_syntax_error(tree, src);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->line, 2u);
  EXPECT_EQ(err->column, 7u);
  EXPECT_NE(err->message.find("missing"), std::string::npos) << err->message;
  EXPECT_NE(err->message.find(")"), std::string::npos) << err->message;
}

TEST(FirstSyntaxError, MissingClosingParenthesis) {
  PythonParser parser;
  std::string_view src = "import torch\ny = torch.zeros(2, 3\n";
  SyntaxTree tree = parser.parse(src);
  ASSERT_TRUE(tree.valid());
  EXPECT_TRUE(tree.has_error());
  auto err = first_syntax_error(tree, src);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "syntax-error");
  // The unclosed call is on line 2; the first line is fine.
  EXPECT_EQ(err->line, 2u);
  EXPECT_GE(err->column, 1u);
}

TEST(FirstSyntaxError, MissingParenthesisBeforeMoreCode) {
  PythonParser parser;
  std::string_view src = "x = 1\nprint(x\ny = 2\n";
  SyntaxTree tree = parser.parse(src);
  auto err = first_syntax_error(tree, src);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->code, "syntax-error");
  EXPECT_GE(err->line, 2u);
  EXPECT_LE(err->line, 3u);
}

TEST(FirstSyntaxError, MessageStaysOnOneLine) {
  PythonParser parser;
  std::string_view src = "def f(:\n    return 1\n    return 2\n";
  SyntaxTree tree = parser.parse(src);
  auto err = first_syntax_error(tree, src);
  ASSERT_TRUE(err.has_value());
  EXPECT_EQ(err->message.find('\n'), std::string::npos);
  EXPECT_LE(err->message.size(), 80u);
}

}  // namespace
}  // namespace t2p::parse
