// tests: the engine's result as findings with fixes (rules::ApiUse::fix, rules::Fix): what each
// finding carries, how fixes group edits, and that applying every fix is the conversion.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "driver/source_converter.h"
#include "emit/finding_text.h"
#include "emit/todo_uses.h"
#include "graph_test.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"
#include "rewrite/apply_edits.h"

namespace t2p::driver {
namespace {

using rules::Applicability;
using rules::ApiUse;
using rules::UseStatus;

class FindingsTest : public testing_support::GraphTest {
 protected:

  SourceResult convert(std::string_view source, bool aggressive = false) {
    rules::ConvertOptions options;
    options.aggressive = aggressive;
    return convert_source(source, *graph_, options, parser_);
  }
  static const ApiUse* find(const SourceResult& r, std::string_view api) {
    for (const auto& u : r.uses) {
      if (u.torch_api == api) return &u;
    }
    return nullptr;
  }
  // The text one finding's fix writes, applied alone to `source`.
  static std::string with_fix(std::string_view source, const SourceResult& r, const ApiUse& u) {
    return rewrite::apply_edits(source, r.edits, r.fixes.at(u.fix).edits);
  }

  parse::PythonParser parser_;
};

TEST_F(FindingsTest, EachConvertedUseHasItsOwnFixAndPlace) {
  const std::string src = "import torch\nx = torch.zeros(3)\ny = torch.ones(2)\n";
  SourceResult r = convert(src);
  ASSERT_EQ(r.status, FileStatus::kConverted);
  const ApiUse* zeros = find(r, "torch.zeros");
  const ApiUse* ones = find(r, "torch.ones");
  ASSERT_TRUE(zeros && ones);
  EXPECT_EQ(zeros->line, 2u);
  EXPECT_EQ(zeros->column, 5u);
  EXPECT_EQ(zeros->end_line, 2u);
  EXPECT_EQ(zeros->end_column, 19u);  // past `torch.zeros(3)`
  EXPECT_EQ(zeros->applicability, Applicability::kSafe);
  ASSERT_GE(zeros->fix, 0);
  ASSERT_GE(ones->fix, 0);
  EXPECT_NE(zeros->fix, ones->fix);
  // One fix alone changes its call and nothing else (imports go with the whole set).
  EXPECT_EQ(with_fix(src, r, *zeros), "import torch\nx = paddle.zeros([3])\ny = torch.ones(2)\n");
  EXPECT_EQ(with_fix(src, r, *ones), "import torch\nx = torch.zeros(3)\ny = paddle.ones([2])\n");
  EXPECT_EQ(rules::rule_id(*zeros), "convert:torch.zeros");
  EXPECT_EQ(rules::finding_message(*zeros), "torch.zeros converts to paddle.zeros");
  EXPECT_EQ(emit::compiler_line("a.py", *zeros), "a.py:2:5: note: torch.zeros converts to paddle.zeros [convert:torch.zeros]");
}

TEST_F(FindingsTest, ApplyingEveryEditIsTheConversion) {
  const std::string src =
      "import torch\nimport torch.nn as nn\n\n\nclass M(nn.Module):\n    def forward(self, x):\n"
      "        return torch.cat([x, x.transpose(0, 1)], dim=1).sum(dim=0)\n";
  SourceResult r = convert(src);
  ASSERT_EQ(r.status, FileStatus::kConverted);
  EXPECT_EQ(rewrite::apply_edits(src, r.edits), r.output);
  // Every edit belongs to one fix at most; the file-level ones (imports) to none.
  std::vector<int> used(r.edits.size(), 0);
  for (const auto& f : r.fixes) {
    for (uint32_t i : f.edits) ++used.at(i);
  }
  size_t file_level = 0;
  for (size_t i = 0; i < r.edits.size(); ++i) {
    EXPECT_LE(used[i], 1) << "edit " << i << " is in two fixes";
    if (used[i] == 0) {
      ++file_level;
      EXPECT_TRUE(r.edits[i].owner == base::kFileEdit || r.edits[i].owner == base::kNoteEdit) << r.edits[i].text;
    }
  }
  EXPECT_GT(file_level, 0u);  // `import torch` -> `import paddle`
}

TEST_F(FindingsTest, AnOuterRewriteThatTakesInAnInnerCallSharesItsFix) {
  // torch.add(x, 1, alpha=2) is rewritten as a whole (alpha folds into the operand); the call
  // inside its argument is converted first and its edit taken into the outer text.
  const std::string src = "import torch\ny = torch.add(torch.ones(2), torch.zeros(2), alpha=2)\n";
  SourceResult r = convert(src);
  ASSERT_EQ(r.status, FileStatus::kConverted);
  const ApiUse* add = find(r, "torch.add");
  const ApiUse* ones = find(r, "torch.ones");
  ASSERT_TRUE(add && ones);
  ASSERT_GE(add->fix, 0);
  // The outer rewrite's text holds the converted inner calls: one fix for the three.
  EXPECT_EQ(ones->fix, add->fix);
  EXPECT_EQ(find(r, "torch.zeros")->fix, add->fix);
  EXPECT_EQ(with_fix(src, r, *ones), "import torch\ny = paddle.add(paddle.ones([2]), 2 * paddle.zeros([2]))\n");
}

TEST_F(FindingsTest, UnsupportedAndUnknownReceiversCarryNoFix) {
  const std::string src = "import torch\ng = torch.cuda.memory_stats()\ny = torch.zeros(1)\n\ndef f(a, b):\n    return a.type(b)\n";
  SourceResult r = convert(src);
  const ApiUse* gen = find(r, "torch.cuda.memory_stats");
  ASSERT_TRUE(gen);
  EXPECT_EQ(gen->status, UseStatus::kUnsupported);
  EXPECT_EQ(gen->fix, -1);
  EXPECT_EQ(gen->applicability, Applicability::kNone);
  EXPECT_EQ(rules::rule_id(*gen), "unsupported:torch.cuda.memory_stats");
  EXPECT_EQ(emit::level_of(*gen), emit::Level::kError);
  const ApiUse* type = find(r, "torch.Tensor.type");  // `type` is a method of other objects too
  ASSERT_TRUE(type);
  EXPECT_EQ(type->status, UseStatus::kNeedsReview);
  EXPECT_FALSE(type->applied);
  EXPECT_EQ(type->fix, -1);
  EXPECT_EQ(emit::level_of(*type), emit::Level::kWarning);
}

TEST_F(FindingsTest, ConversionsOnlyAggressiveMakesAreFixesToReview) {
  // `dim=` makes `a` likely a tensor: needs review by default, a review fix with --aggressive.
  const std::string src = "import torch\ny = torch.zeros(1)\n\ndef f(a, n):\n    return a.mean(dim=n)\n";
  SourceResult plain = convert(src);
  SourceResult aggressive = convert(src, /*aggressive=*/true);
  const ApiUse* p = find(plain, "torch.Tensor.mean");
  const ApiUse* a = find(aggressive, "torch.Tensor.mean");
  ASSERT_TRUE(p && a);
  EXPECT_EQ(p->status, UseStatus::kNeedsReview);
  EXPECT_EQ(p->fix, -1);
  EXPECT_EQ(a->status, UseStatus::kConverted);
  EXPECT_EQ(a->applicability, Applicability::kReview);
  ASSERT_GE(a->fix, 0);
  EXPECT_EQ(aggressive.fixes[a->fix].applicability, Applicability::kReview);
  EXPECT_EQ(find(aggressive, "torch.zeros")->applicability, Applicability::kSafe);
}

TEST_F(FindingsTest, StarArgumentsPassedThroughAreAFixToReview) {
  const std::string src = "import torch.nn as nn\n\ndef make(c, **dd):\n    return nn.Conv2d(c, c, 3, **dd)\n";
  SourceResult r = convert(src);
  ASSERT_EQ(r.status, FileStatus::kConverted);
  const ApiUse* conv = find(r, "torch.nn.Conv2d");
  ASSERT_TRUE(conv);
  EXPECT_TRUE(conv->applied);
  EXPECT_EQ(conv->applicability, Applicability::kReview);
  ASSERT_GE(conv->fix, 0);
  EXPECT_EQ(r.fixes[conv->fix].applicability, Applicability::kReview);
  EXPECT_EQ(emit::level_of(*conv), emit::Level::kWarning);
  EXPECT_EQ(rules::rule_id(*conv), "review:torch.nn.Conv2d");
}

TEST_F(FindingsTest, ColumnsInUtf16CountCodePointsNotBytes) {
  // `é` is two bytes and one UTF-16 unit; the emoji four bytes and two units.
  const std::string src = "import torch\ns = 'é😀'; x = torch.zeros(3)\n";
  SourceResult r = convert(src);
  const ApiUse* zeros = find(r, "torch.zeros");
  ASSERT_TRUE(zeros);
  EXPECT_EQ(zeros->column, 19u);    // 18 bytes before: `s = '` 5, é 2, 😀 4, `'; x = ` 7
  EXPECT_EQ(zeros->column16, 16u);  // 15 UTF-16 units before: 5, 1, 2, 7
  EXPECT_EQ(zeros->end_column16, 30u);
}

TEST_F(FindingsTest, ColumnsInUtf16OfAsciiTextAreTheByteColumns) {
  // ASCII text takes the short way (no scan per use): the UTF-16 columns must still be set.
  const std::string src = "import torch\ns = 'ab'; x = torch.zeros(3)\n";
  SourceResult r = convert(src);
  const ApiUse* zeros = find(r, "torch.zeros");
  ASSERT_TRUE(zeros);
  EXPECT_EQ(zeros->column, 15u);
  EXPECT_EQ(zeros->column16, 15u);
  EXPECT_EQ(zeros->end_column, 29u);
  EXPECT_EQ(zeros->end_column16, 29u);
}

TEST_F(FindingsTest, AFileLeftUnchangedOffersNoFix) {
  // The output would shadow-bind `paddle` wrongly: whatever the reason, a failed file has no fix.
  const std::string src = "import torch\nx = torch.zeros(3\n";
  SourceResult r = convert(src);
  EXPECT_EQ(r.status, FileStatus::kFailed);
  EXPECT_TRUE(r.fixes.empty());
  for (const auto& u : r.uses) EXPECT_EQ(u.fix, -1);
}

TEST_F(FindingsTest, AFileLevelErrorHasNoZeroPosition) {
  base::Diagnostic whole{base::Severity::kError, 0, 0, "read-error", "cannot read the file"};
  EXPECT_EQ(emit::compiler_line("a.py", whole), "a.py: error: cannot read the file [read-error]");
  base::Diagnostic at{base::Severity::kError, 3, 7, "syntax-error", "invalid syntax"};
  EXPECT_EQ(emit::compiler_line("a.py", at), "a.py:3:7: error: invalid syntax [syntax-error]");
  at.cell = 2;
  EXPECT_EQ(emit::compiler_line("n.ipynb", at), "n.ipynb:cell 2:3:7: error: invalid syntax [syntax-error]");
}

TEST_F(FindingsTest, AUseOfAFileLeftUnchangedSaysNotConvertedOnce) {
  SourceResult r = convert("import torch\nx = torch.zeros(3)\n");
  ASSERT_FALSE(r.uses.empty());
  emit::mark_not_converted(&r.uses, "the file was left unchanged (internal-error)");
  EXPECT_EQ(rules::finding_message(r.uses[0]),
            "torch.zeros: not converted: the file was left unchanged (internal-error)");
}

}  // namespace
}  // namespace t2p::driver
