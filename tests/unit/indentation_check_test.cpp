// tests: parse::first_indentation_error, and first_syntax_error reporting what tree-sitter's
// grammar accepts but Python refuses (statements of one block at two indents).
#include <gtest/gtest.h>

#include <string>

#include "parse/indentation_check.h"
#include "parse/syntax_tree.h"

namespace t2p::parse {
namespace {

// "" when `src` is clean, else "LINE:COL message".
std::string check(const std::string& src) {
  PythonParser parser;
  SyntaxTree tree = parser.parse(src);
  EXPECT_FALSE(tree.has_error()) << "the grammar itself rejects this input: " << src;
  auto e = first_syntax_error(tree, src);
  if (!e) return "";
  return std::to_string(e->line) + ":" + std::to_string(e->column) + " " + e->message;
}

TEST(IndentationCheck, UnexpectedIndentAfterASimpleStatement) {
  // What a template wrote when it moved a call's second line out of the call's parentheses.
  EXPECT_EQ(check("def f(x):\n    assert x, \"a \"\n                  \"b\"\n    return x\n"), "3:19 unexpected indent");
  EXPECT_EQ(check("x = 1\n    y = 2\n"), "2:5 unexpected indent");
}

TEST(IndentationCheck, DedentToNoOuterLevel) {
  EXPECT_EQ(check("if a:\n        x = 1\n    y = 2\n"), "3:5 unindent does not match any outer indentation level");
}

TEST(IndentationCheck, MisalignedClause) {
  EXPECT_EQ(check("if a:\n    x = 1\n  else:\n    x = 2\n"), "3:3 unindent does not match any outer indentation level");
  EXPECT_EQ(check("try:\n    x = 1\nexcept E:\n    pass\n finally:\n    pass\n"),
            "5:2 unindent does not match any outer indentation level");
}

TEST(IndentationCheck, NestedBlocksAreChecked) {
  EXPECT_EQ(check("class A:\n    def f(self):\n        x = 1\n         y = 2\n"), "4:10 unexpected indent");
  EXPECT_EQ(check("@dec\ndef f():\n    for i in r:\n        a = 1\n      b = 2\n"),
            "5:7 unindent does not match any outer indentation level");
}

TEST(IndentationCheck, ValidLayoutsPass) {
  EXPECT_EQ(check("x = (1,\n        2)\ny = [\n  3]\n"), "");                         // brackets
  EXPECT_EQ(check("x = 1 + \\\n        2\ny = 3\n"), "");                               // backslash
  EXPECT_EQ(check("if a:\n    x = 1; y = 2\n    z = 3\n"), "");                          // `;`
  EXPECT_EQ(check("def f():\n    x = 1\n# a comment at column 0\n        # deeper\n    return x\n"), "");
  EXPECT_EQ(check("if a:\n\tx = 1\n\ty = 2\nelse:\n\tpass\n"), "");                       // tabs
  EXPECT_EQ(check("s = '''\n    text\n'''\nt = 1\n"), "");                               // strings
  EXPECT_EQ(check("match p:\n    case 1:\n        x = 1\n    case _:\n        x = 2\n"), "");
  EXPECT_EQ(check("if a: x = 1\nelif b: x = 2\nelse: x = 3\n"), "");
  EXPECT_EQ(check("x = 1\r\ny = 2\r\n"), "");
  EXPECT_EQ(check(""), "");
}

TEST(IndentationCheck, AFormFeedInTheIndentIsNotChecked) {
  // Python resets the column at a form feed; the check leaves such lines alone.
  EXPECT_EQ(check("x = 1\n\f\ny = 2\n"), "");
}

}  // namespace
}  // namespace t2p::parse
