// tests: one fix applied alone with the imports it needs (driver::single_fix, the LSP quick fix).
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "driver/single_fix.h"
#include "driver/source_converter.h"
#include "graph_test.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"
#include "rewrite/apply_edits.h"

namespace t2p::driver {
namespace {

class SingleFixTest : public testing_support::GraphTest {
 protected:

  SourceResult convert(std::string_view source) {
    return convert_source(source, *graph_, rules::ConvertOptions{}, parser_);
  }
  // `source` with the fix of the first use of `api` applied alone.
  std::string fixed(std::string_view source, std::string_view api, SingleFix* out = nullptr) {
    SourceResult r = convert(source);
    EXPECT_EQ(r.status, FileStatus::kConverted);
    for (const auto& u : r.uses) {
      if (u.torch_api != api || u.fix < 0) continue;
      SingleFix f = single_fix(source, r, static_cast<uint32_t>(u.fix), *graph_, parser_);
      EXPECT_TRUE(f.ok);
      if (out) *out = f;
      return rewrite::apply_edits(source, f.edits);
    }
    ADD_FAILURE() << "no fix for " << api;
    return {};
  }

  parse::PythonParser parser_;
};

TEST_F(SingleFixTest, AddsImportPaddleAboveTheTorchImportAndKeepsIt) {
  const std::string src = "import os\nimport torch\nx = torch.zeros(3)\ny = torch.ones(2)\n";
  SingleFix f;
  EXPECT_EQ(fixed(src, "torch.zeros", &f),
            "import os\nimport paddle\nimport torch\nx = paddle.zeros([3])\ny = torch.ones(2)\n");
  EXPECT_EQ(f.imports_added, std::vector<std::string>{"paddle"});
}

TEST_F(SingleFixTest, NoImportWhenTheFileImportsPaddleAlready) {
  const std::string src = "import paddle\nimport torch\nx = torch.zeros(3)\ny = torch.ones(2)\n";
  SingleFix f;
  EXPECT_EQ(fixed(src, "torch.ones", &f), "import paddle\nimport torch\nx = torch.zeros(3)\ny = paddle.ones([2])\n");
  EXPECT_TRUE(f.imports_added.empty());
}

TEST_F(SingleFixTest, AnImportInsideAFunctionDoesNotCount) {
  const std::string src = "import torch\ndef f():\n    import paddle\nx = torch.zeros(3)\n";
  EXPECT_EQ(fixed(src, "torch.zeros"), "import paddle\nimport torch\ndef f():\n    import paddle\nx = paddle.zeros([3])\n");
}

TEST_F(SingleFixTest, KeepsCrLfLineEndings) {
  const std::string src = "import torch\r\nx = torch.zeros(3)\r\n";
  EXPECT_EQ(fixed(src, "torch.zeros"), "import paddle\r\nimport torch\r\nx = paddle.zeros([3])\r\n");
}

TEST_F(SingleFixTest, EachFixAloneParsesWithItsImportAfterTheFutureImport) {
  const std::string src =
      "\"\"\"doc\"\"\"\nfrom __future__ import annotations\nimport torch\n\n"
      "a = torch.zeros(2, 3)\nb = torch.cat([a, a], dim=0)\nc = torch.sum(a, dim=1)\n";
  SourceResult r = convert(src);
  ASSERT_EQ(r.status, FileStatus::kConverted);
  ASSERT_FALSE(r.fixes.empty());
  for (uint32_t i = 0; i < r.fixes.size(); ++i) {
    SingleFix f = single_fix(src, r, i, *graph_, parser_);
    ASSERT_TRUE(f.ok);
    std::string out = rewrite::apply_edits(src, f.edits);
    EXPECT_NE(out.find("from __future__ import annotations\nimport paddle\nimport torch\n"), std::string::npos) << out;
    auto tree = parser_.parse(out);
    ASSERT_TRUE(tree.valid());
    EXPECT_FALSE(parse::first_syntax_error(tree, out).has_value()) << out;
  }
}

TEST_F(SingleFixTest, AnUnknownFixIsNotOk) {
  const std::string src = "import torch\nx = torch.zeros(3)\n";
  SourceResult r = convert(src);
  EXPECT_FALSE(single_fix(src, r, 99, *graph_, parser_).ok);
}

}  // namespace
}  // namespace t2p::driver
