// tests: the docs' conversion examples (kg::parse_doc_examples) and the conformance check over
// them (driver::check_doc), on a tiny inline doc, with the compiled knowledge graph.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "driver/conformance.h"
#include "kg/doc_markdown.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"

namespace t2p::driver {
namespace {

// A doc in the mapping docs' layout: one block with two pairs, one block with a Paddle side that
// is prose, a shell block that is ignored, and a method on a receiver of unknown kind.
constexpr std::string_view kDoc = R"md(## [ torch 参数更多 ]torch.zeros
### [torch.zeros](https://pytorch.org/docs/stable/generated/torch.zeros.html)

```python
# pytorch1.9 以上版本不支持 -- a signature block: not a marker
torch.zeros(*size, *, out=None)
```

### 转写示例
#### size：形状
```python
# PyTorch 写法
y = torch.zeros(2, 3)

# Paddle 写法
y = paddle.zeros([2, 3])

# PyTorch 写法 (second pair in the same block)
y = torch.zeros(2, 3)
# torch 在这里是注释，不是新的示例
# Paddle 写法：
y = paddle.ones([2, 3])
```

#### prose
```python
# PyTorch 写法
y = torch.zeros(4)
# Paddle 写法
y = paddle.zeros([4]) 时，表示
```

```bash
# PyTorch 写法
python train.py
# Paddle 写法
python train.py
```

#### receiver
```Python
    # Pytorch 写法
    y = x.frobnicate_quux()

    # paddle
    y = paddle.frobnicate_quux(x)
```
)md";

TEST(DocExamples, PairsMarkersAndBlocks) {
  std::vector<kg::DocExample> ex = kg::parse_doc_examples(kDoc);
  ASSERT_EQ(ex.size(), 4u);
  EXPECT_EQ(ex[0].heading, "size：形状");
  EXPECT_EQ(ex[0].line, 12u);
  EXPECT_EQ(ex[0].torch_code, "y = torch.zeros(2, 3)\n");
  EXPECT_EQ(ex[0].paddle_code, "y = paddle.zeros([2, 3])\n");
  // A torch marker inside PyTorch code stays as a comment.
  EXPECT_EQ(ex[1].torch_code, "y = torch.zeros(2, 3)\n# torch 在这里是注释，不是新的示例\n");
  EXPECT_EQ(ex[1].paddle_code, "y = paddle.ones([2, 3])\n");
  EXPECT_EQ(ex[2].heading, "prose");
  // Indented blocks are dedented; `# paddle` alone is a marker.
  EXPECT_EQ(ex[3].torch_code, "y = x.frobnicate_quux()\n");
  EXPECT_EQ(ex[3].paddle_code, "y = paddle.frobnicate_quux(x)\n");
}

TEST(DocExamples, UnpairedMarkersGiveNothing) {
  EXPECT_TRUE(kg::parse_doc_examples("```python\n# PyTorch 写法\ntorch.abs(x)\n```\n").empty());
  EXPECT_TRUE(kg::parse_doc_examples("```python\n# Paddle 写法\npaddle.abs(x)\n```\n").empty());
  // `torch.special.round 为...` names an API: not a marker.
  EXPECT_TRUE(kg::parse_doc_examples("```python\n# torch.special.round 为别名\nx\n# Paddle\ny\n```\n").empty());
}

std::vector<std::string> texts(std::string_view source) {
  parse::PythonParser parser;
  std::vector<ConformanceToken> tokens;
  if (!comparable_tokens(source, parser, &tokens)) return {"<parse error>"};
  std::vector<std::string> out;
  for (auto& t : tokens) out.push_back(t.text);
  return out;
}

TEST(ComparableTokens, ModuloFormatting) {
  EXPECT_EQ(texts("y = f(a, 'b',)  # c\n"), (std::vector<std::string>{"y", "=", "f", "(", "a", ",", "\"b\"", ")"}));
  EXPECT_EQ(texts("import paddle\nfrom a import b\ny = f(\n    a,\n    \"b\"\n)\n"), texts("y = f(a, 'b')"));
  EXPECT_EQ(texts("x = [1, 2,]"), texts("x = [1, 2]"));
  EXPECT_EQ(texts("s = r'ab'"), texts("s = R\"ab\""));
  EXPECT_EQ(texts("s = ''"), texts("s = \"\""));
  EXPECT_EQ(texts("s = '''a'''"), texts("s = \"\"\"a\"\"\""));
  // A one-element tuple keeps its comma.
  EXPECT_NE(texts("t = (a,)"), texts("t = (a)"));
  // Nesting counts.
  EXPECT_NE(texts("if c:\n    a\n    b\n"), texts("if c:\n    a\nb\n"));
  EXPECT_EQ(texts("f(("), std::vector<std::string>{"<parse error>"});
}

TEST(TorchPreamble, AddsWhatIsMissing) {
  EXPECT_EQ(torch_preamble("torch.abs(x)\n"), "import torch\n");
  EXPECT_EQ(torch_preamble("m = nn.Linear(2, 3)\ny = F.relu(m(x))\n"),
            "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n");
  EXPECT_EQ(torch_preamble("import torch\nimport torch.nn as nn\nnn.ReLU()\n"), "");
  EXPECT_EQ(torch_preamble("from torch import nn\nnn.ReLU()\n"), "import torch\n");
  EXPECT_EQ(torch_preamble("torchvision.ops.nms(b, s, 0.5)\n"), "import torch\nimport torchvision\n");
  EXPECT_EQ(torch_preamble("transformers.logging.get_logger()\n"), "import torch\nimport transformers\n");
  // The root module of the doc's API.
  EXPECT_EQ(torch_preamble("setuptools.setup(name='x')\n", "setuptools.setup"), "import torch\nimport setuptools\n");
  EXPECT_EQ(torch_preamble("setuptools.setup(name='x')\n"), "import torch\n");
  // `paddle.nn.` and `x.F.` are not uses of the bare names.
  EXPECT_EQ(torch_preamble("y = torch.nn.ReLU()\nz = a.F.b\n"), "import torch\n");
}

class ConformanceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string err;
    graph_ = kg::KnowledgeGraph::open(T2P_KG_DB_PATH, &err).release();
    ASSERT_NE(graph_, nullptr) << err;
  }
  static void TearDownTestSuite() {
    delete graph_;
    graph_ = nullptr;
  }
  void SetUp() override { ASSERT_NE(graph_, nullptr); }

  static kg::KnowledgeGraph* graph_;
  parse::PythonParser parser_;
  rules::ConvertOptions options_;
};
kg::KnowledgeGraph* ConformanceTest::graph_ = nullptr;

TEST_F(ConformanceTest, InlineDoc) {
  std::vector<ExampleResult> rs = check_doc(kDoc, "torch/torch.zeros.md", *graph_, options_, parser_);
  ASSERT_EQ(rs.size(), 4u);
  for (const auto& r : rs) {
    EXPECT_EQ(r.doc, "torch/torch.zeros.md");
    EXPECT_EQ(r.category, "torch_more_args");
    EXPECT_EQ(r.torch_id, "torch.zeros");
  }
  EXPECT_EQ(rs[0].outcome, ExampleOutcome::kPass) << rs[0].got;

  EXPECT_EQ(rs[1].outcome, ExampleOutcome::kDiffers) << rs[1].got;
  EXPECT_EQ(rs[1].expected_line, "y = paddle.ones([2, 3])");
  EXPECT_EQ(rs[1].got_line, "y = paddle.zeros([2, 3])");

  EXPECT_EQ(rs[2].outcome, ExampleOutcome::kParseError);
  EXPECT_EQ(rs[2].parse_side, "paddle");

  EXPECT_EQ(rs[3].outcome, ExampleOutcome::kNotConverted) << rs[3].got;
  EXPECT_FALSE(rs[3].left.empty());

  ConformanceReport report;
  report.docs_read = 1;
  report.docs_with_examples = 1;
  report.results = rs;
  std::ostringstream text;
  print_conformance(text, report, 10);
  EXPECT_NE(text.str().find("4 example pairs"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("torch_more_args"), std::string::npos);
  EXPECT_NE(text.str().find("[differs] torch/torch.zeros.md:18"), std::string::npos) << text.str();
  std::string json = conformance_json(report);
  EXPECT_NE(json.find("\"pass_rate\": 0.25"), std::string::npos) << json.substr(0, 400);
}

TEST_F(ConformanceTest, DocWithoutApiTitleIsSkipped) {
  std::string doc = "# 模板\n```python\n# PyTorch 写法\ntorch.xxx()\n# Paddle 写法\npaddle.xxx()\n```\n";
  EXPECT_TRUE(check_doc(doc, "format.md", *graph_, options_, parser_).empty());
  EXPECT_EQ(kg::parse_doc_examples(doc).size(), 1u);
}

TEST_F(ConformanceTest, TorchSideSyntaxErrorLineIsTheSnippets) {
  kg::DocExample ex;
  ex.torch_code = "y = 1\ntorch.amax(a, dim=0\xEF\xBC\x8Cout=y)\n";  // full-width comma
  ex.paddle_code = "paddle.amax(a)\n";
  ExampleResult r = check_example(ex, "torch.amax", *graph_, options_, parser_);
  EXPECT_EQ(r.outcome, ExampleOutcome::kParseError);
  EXPECT_EQ(r.parse_side, "torch");
  EXPECT_EQ(r.error.rfind("line 2:", 0), 0u) << r.error;
}

}  // namespace
}  // namespace t2p::driver
