// tests: the docs' conversion examples (kg::parse_doc_examples) and the conformance check over
// them (driver::check_doc), on a tiny inline doc, with the compiled knowledge graph.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/conformance.h"
#include "graph/doc_markdown.h"
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
  EXPECT_NE(text.str().find("differs: 1 pairs"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("  torch/torch.zeros.md:18 #1"), std::string::npos) << text.str();
  std::string json = conformance_json(report);
  EXPECT_NE(json.find("\"pass_rate\": 0.25"), std::string::npos) << json.substr(0, 400);
  for (size_t i = 0; i < rs.size(); ++i) EXPECT_EQ(rs[i].pair, i);
}

// Comparison by meaning: two snippets are equal when their calls bind the same arguments to the
// same parameters of the Paddle signatures in the knowledge graph.
class SemanticCompareTest : public ConformanceTest {
 protected:
  bool same(std::string_view a, std::string_view b) { return same_meaning(a, b, parser_, graph_); }
};

TEST_F(SemanticCompareTest, PositionalAndKeywordBindTheSame) {
  EXPECT_TRUE(same("y = paddle.sum(x, 1)\n", "y = paddle.sum(x=x, axis=1)\n"));
  EXPECT_TRUE(same("y = paddle.sum(x, axis=1, keepdim=True)\n", "y = paddle.sum(keepdim=True, axis=1, x=x)\n"));
  // Constructors, through `nn` (imported, or unbound in a doc snippet).
  EXPECT_TRUE(same("import paddle.nn as nn\nconv = nn.Conv2D(4, 6, (3, 3))\n",
                   "conv = paddle.nn.Conv2D(in_channels=4, out_channels=6, kernel_size=[3, 3])\n"));
  EXPECT_TRUE(same("conv = nn.Conv2D(4, 6, 3)\n", "conv = paddle.nn.Conv2D(4, out_channels=6, kernel_size=3)\n"));
  // Tensor methods bind without `self`.
  EXPECT_TRUE(same("y = x.sum(1)\n", "y = x.sum(axis=1)\n"));
  // A Tensor method is its function with the tensor in front.
  EXPECT_TRUE(same("z = x.divide(y).floor()\n", "z = paddle.floor(paddle.divide(x, y))\n"));
  EXPECT_TRUE(same("y = a.reshape(b.shape)\n", "y = paddle.reshape(a, shape=b.shape)\n"));
  EXPECT_FALSE(same("z = x.divide(y)\n", "z = paddle.divide(y, x)\n"));
  // Nested calls are bound too.
  EXPECT_TRUE(same("paddle.assign(paddle.sum(x, 1), y)\n", "paddle.assign(paddle.sum(x, axis=1), output=y)\n"));
}

TEST_F(SemanticCompareTest, ArgumentEqualToTheDefaultIsDropped) {
  EXPECT_TRUE(same("y = paddle.sum(x, keepdim=False)\n", "y = paddle.sum(x)\n"));
  EXPECT_TRUE(same("y = paddle.sum(x, None, None, False)\n", "y = paddle.sum(x)\n"));
  EXPECT_TRUE(same("paddle.nn.GRU(16, 32, direction='forward')\n", "paddle.nn.GRU(16, 32)\n"));
  // A receiver assigned from a class binds to that class's methods: paddle.nn.Layer.to has
  // blocking=None, so blocking=True is not the default.
  EXPECT_FALSE(same("m = paddle.nn.Layer()\nm.to(blocking=True)\n", "m = paddle.nn.Layer()\nm.to()\n"));
  EXPECT_TRUE(same("m = paddle.nn.Layer()\nm.to(blocking=None)\n", "m = paddle.nn.Layer()\nm.to()\n"));
}

TEST_F(SemanticCompareTest, DifferentCodeStaysDifferent) {
  EXPECT_FALSE(same("y = paddle.sum(x, axis=1)\n", "y = paddle.sum(x, axis=0)\n"));
  EXPECT_FALSE(same("y = paddle.sum(x, keepdim=True)\n", "y = paddle.sum(x)\n"));  // not the default
  EXPECT_FALSE(same("y = paddle.max(a, b)\n", "y = paddle.maximum(a, b)\n"));      // another callee
  EXPECT_FALSE(same("y = paddle.sum(x)\n", "z = paddle.sum(x)\n"));                // another target
  EXPECT_FALSE(same("y = paddle.sum(x)\n", "y = paddle.sum(x)\nz = 1\n"));        // a statement more
  EXPECT_FALSE(same("paddle.randint(10, (2, 2))\n", "paddle.randint(10, shape=[2, 2])\n"));  // high != shape
  EXPECT_FALSE(same("y = paddle.sum(x, unknown=1)\n", "y = paddle.sum(x)\n"));  // does not bind: as written
  // Without a known signature, arguments compare as written (keywords in any order).
  EXPECT_FALSE(same("foo(a, b)\n", "foo(a, y=b)\n"));
  EXPECT_TRUE(same("foo(a, p=1, q=2)\n", "foo(a, q=2, p=1)\n"));
  EXPECT_FALSE(same("foo(a, p=1)\n", "foo(a)\n"));
  // Parentheses that change the structure count.
  EXPECT_FALSE(same("y = (a + b) * c\n", "y = a + b * c\n"));
  EXPECT_FALSE(same("t = (a,)\n", "t = (a)\n"));
  EXPECT_FALSE(same("y = 1 - x\n", "y = 1.0 - x\n"));  // int and float differ
  EXPECT_FALSE(same("if c:\n    a = 1\n    b = 2\n", "if c:\n    a = 1\nb = 2\n"));
  // Without the graph nothing binds.
  EXPECT_FALSE(same_meaning("paddle.sum(x, 1)\n", "paddle.sum(x, axis=1)\n", parser_, nullptr));
}

TEST_F(SemanticCompareTest, TupleTemporariesCompareWhateverTheirNames) {
  // `a, b = E` whose names are used once each, in the next statement only: their spelling does
  // not matter (the docs name the results of out= with several results out0/out1 or out1/out2).
  EXPECT_TRUE(same("out0, out1 = paddle.frexp(x)\npaddle.assign(out0, y[0]), paddle.assign(out1, y[1])\n",
                   "out1, out2 = paddle.frexp(x)\npaddle.assign(out1, y[0]), paddle.assign(out2, y[1])\n"));
  // The order of use still counts, and so does a name used again or elsewhere.
  EXPECT_FALSE(same("a, b = f(x)\ng(a, b)\n", "a, b = f(x)\ng(b, a)\n"));
  EXPECT_FALSE(same("a, b = f(x)\ng(a, b)\n", "c, d = f(x)\ng(c, d)\nh(c)\n"));
  EXPECT_FALSE(same("a, b = f(x)\ng(a, b)\n", "c, d = f(x)\nz = 1\ng(c, d)\n"));
  // Passed on, in order, as consecutive positional arguments: the call takes `*E`.
  EXPECT_TRUE(same("lu, p = paddle.linalg.lu(x)\nP, L, U = paddle.linalg.lu_unpack(lu, p)\n",
                   "P, L, U = paddle.linalg.lu_unpack(*paddle.linalg.lu(x))\n"));
  EXPECT_FALSE(same("lu, p = paddle.linalg.lu(x)\nP, L, U = paddle.linalg.lu_unpack(p, lu)\n",
                    "P, L, U = paddle.linalg.lu_unpack(*paddle.linalg.lu(x))\n"));
  // Names bound for later use are variables: their names count.
  EXPECT_FALSE(same("a, b = f(x)\n", "c, d = f(x)\n"));
  EXPECT_FALSE(same("a, b = f(x)\ng(a)\n", "c, d = f(x)\ng(c)\n"));
}

TEST_F(SemanticCompareTest, SingleUseTemporaryIsItsValue) {
  // `t = E` whose only use is the next statement: t stands for E there.
  EXPECT_TRUE(same("init = paddle.nn.initializer.Constant(value=1.0)\ninit(w)\n",
                   "paddle.nn.initializer.Constant(1.0)(w)\n"));
  EXPECT_TRUE(same("t = paddle.sum(x, 1)\ny = t * 2\n", "y = paddle.sum(x, axis=1) * 2\n"));
  // A chain folds into the statement that uses it, whichever side names what.
  EXPECT_TRUE(same("c = nn.Conv2D(4, 6, 3)\ninit = Constant(1.0)\ninit(c.weight)\n",
                   "c = nn.Conv2D(4, 6, 3)\nConstant(1.0)(c.weight)\n"));
  // Used twice, used later than the next statement: a variable, not a temporary.
  EXPECT_FALSE(same("t = f(x)\ny = t + t\n", "y = f(x) + f(x)\n"));
  EXPECT_FALSE(same("t = f(x)\nz = 1\ny = g(t)\n", "z = 1\ny = g(f(x))\n"));
  // Rebound once by the next statement, read nowhere else: `t = g(f(x))` (the docs' two-step
  // rounding division); read again later, or twice in g, it stays two statements.
  EXPECT_TRUE(same("t = f(x)\nt = g(t)\n", "t = g(f(x))\n"));
  EXPECT_TRUE(same("x = paddle.divide(a, b)\nx = paddle.trunc(x)\n", "x = paddle.trunc(paddle.divide(a, b))\n"));
  EXPECT_FALSE(same("t = f(x)\nt = g(t)\nh(t)\n", "t = g(f(x))\nh(t)\n"));
  EXPECT_FALSE(same("t = f(x)\nt = g(t, t)\n", "t = g(f(x), f(x))\n"));
  EXPECT_FALSE(same("t = f(x)\nu = g(t)\n", "u = g(f(x))\nt = f(x)\n"));
  EXPECT_FALSE(same("t = f(x)\ng(t)\nh(t)\n", "g(f(x))\nh(f(x))\n"));
}

TEST_F(SemanticCompareTest, TupleAndListAreOneSequence) {
  EXPECT_TRUE(same("y = paddle.zeros((3, 5))\n", "y = paddle.zeros([3, 5])\n"));
  EXPECT_TRUE(same("y = x.tile((4, 2, 1))\n", "y = x.tile([4, 2, 1])\n"));
  EXPECT_TRUE(same("r = f(a), g(a)\n", "r = (f(a), g(a))\n"));
  EXPECT_TRUE(same("f(a), g(a)\n", "(f(a), g(a))\n"));  // a bare tuple as a statement
  EXPECT_TRUE(same("y = paddle.atleast_1d(*(x, z))\n", "y = paddle.atleast_1d(x, z)\n"));  // splat of a literal
  EXPECT_FALSE(same("y = paddle.atleast_1d(*xs)\n", "y = paddle.atleast_1d(xs)\n"));
  // Unpacking a literal tuple is the assignments one by one, unless a value reads a target.
  EXPECT_TRUE(same("s, m = (f(x), g(x))\n", "s = f(x)\nm = g(x)\n"));
  EXPECT_TRUE(same("std, mean = paddle.std(x), paddle.mean(x)\n", "std = paddle.std(x)\nmean = paddle.mean(x)\n"));
  EXPECT_FALSE(same("a, b = b, a\n", "a = b\nb = a\n"));
  EXPECT_FALSE(same("s, m = f(x)\n", "s = f(x)\nm = f(x)\n"));
  EXPECT_TRUE(same("a, b = f()\n", "[a, b] = f()\n"));
  EXPECT_TRUE(same("s = list([2, 3])\n", "s = (2, 3)\n"));
  EXPECT_TRUE(same("t = (1,)\n", "t = [1]\n"));
  EXPECT_FALSE(same("y = paddle.zeros((3, 5))\n", "y = paddle.zeros([5, 3])\n"));
}

TEST_F(SemanticCompareTest, DtypeSpellingsAndQuotes) {
  EXPECT_TRUE(same("x = paddle.to_tensor(a, dtype=paddle.float32)\n", "x = paddle.to_tensor(a, dtype='float32')\n"));
  EXPECT_TRUE(same("x = paddle.to_tensor(a, dtype='float32')\n", "x = paddle.to_tensor(a, dtype=\"float32\")\n"));
  EXPECT_TRUE(same("y = x.astype('float32')\n", "y = x.astype(paddle.float32)\n"));
  EXPECT_TRUE(same("y = x.cast(paddle.float64)\n", "y = x.astype('float64')\n"));
  EXPECT_TRUE(same("m = paddle.bool\n", "m = 'bool'\n"));
  EXPECT_FALSE(same("y = x.astype(paddle.float32)\n", "y = x.astype('float64')\n"));
  EXPECT_FALSE(same("y = x.astype('float32')\n", "y = x.astype(float32)\n"));  // a name, not a dtype
  EXPECT_TRUE(same("s = 'a\\'b'\n", "s = \"a'b\"\n"));
  EXPECT_TRUE(same("s = '''ab'''\n", "s = 'ab'\n"));
  EXPECT_FALSE(same("s = 'ab'\n", "s = b'ab'\n"));
}

TEST_F(SemanticCompareTest, FormattingCommentsImportsParensNumbers) {
  EXPECT_TRUE(same("import paddle\n# c\ny = paddle.sum(\n    x,  # the input\n    1,\n)\n", "y=paddle.sum(x,1)"));
  EXPECT_TRUE(same("y = a * (2 ** b)\n", "y = a * 2 ** b\n"));
  EXPECT_TRUE(same("y = ((a))\n", "y = a\n"));
  EXPECT_TRUE(same("y = paddle.slice(a, [1], [1], [1 + 4])\n", "y = paddle.slice(a, [1], [1], [5])\n"));
  EXPECT_TRUE(same("y = 2.\n", "y = 2.0\n"));
  EXPECT_TRUE(same("y = 1_000\n", "y = 1000\n"));
  EXPECT_TRUE(same("y = 1e-05\n", "y = 0.00001\n"));
  // Float constants fold as Python computes them.
  EXPECT_TRUE(same("m = paddle.nn.BatchNorm1D(4, momentum=1 - 0.1)\n", "m = paddle.nn.BatchNorm1D(4, momentum=0.9)\n"));
  EXPECT_TRUE(same("y = 3 / 2\n", "y = 1.5\n"));
  EXPECT_FALSE(same("y = 1 - 0.2\n", "y = 0.7\n"));
  EXPECT_FALSE(same("y = 4 / 2\n", "y = 2\n"));  // true division gives a float
  EXPECT_TRUE(same("y = paddle.round(10.0 ** 2 * x) / 10.0 ** 2\n", "y = paddle.round(1e2 * x) / 1e2\n"));
  EXPECT_TRUE(same("y = 10 ** -2\n", "y = 0.01\n"));  // a negative power gives a float
  EXPECT_FALSE(same("y = 10 ** 2\n", "y = 100.0\n"));
  // Tokens are one per statement, with the statement's line.
  std::vector<ConformanceToken> tokens;
  ASSERT_TRUE(semantic_tokens("import paddle\n\ny = paddle.sum(x, 1)\nif c:\n    z = 1\n", parser_, graph_, &tokens));
  std::vector<std::string> got;
  for (const auto& t : tokens) got.push_back(t.text + "@" + std::to_string(t.line));
  EXPECT_EQ(got, (std::vector<std::string>{"(y = paddle.sum(x=x, axis=1))@3", "if@4", "c@4", "<indent>@5",
                                           "(z = 1)@5", "<dedent>@5"}));
  EXPECT_FALSE(semantic_tokens("f((", parser_, graph_, &tokens));
}

TEST_F(ConformanceTest, SemanticPassInCheckExample) {
  kg::DocExample ex;
  ex.torch_code = "y = torch.zeros(3, 5)\n";
  ex.paddle_code = "y = paddle.zeros(shape=(3, 5), dtype=None)\n";
  ExampleResult r = check_example(ex, "torch.zeros", *graph_, options_, parser_);
  EXPECT_EQ(r.outcome, ExampleOutcome::kPass) << r.got << r.error;
}

TEST(KnownDocErrors, LoadValidatesLines) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "t2p_known_errors_test";
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
  };
  std::vector<KnownDocError> e;
  std::string error;
  ASSERT_TRUE(load_known_doc_errors(
      write("ok.jsonl", "// comment\n\n{\"doc\":\"a/b.md\",\"pair\":1,\"reason\":\"renamed\"}\n"), &e, &error))
      << error;
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].doc, "a/b.md");
  EXPECT_EQ(e[0].pair, 1u);
  EXPECT_EQ(e[0].reason, "renamed");
  EXPECT_FALSE(load_known_doc_errors(write("bad.jsonl", "{\"doc\":\"a.md\",\"pair\":-1,\"reason\":\"x\"}\n"), &e, &error));
  EXPECT_NE(error.find("bad.jsonl:1: `pair`"), std::string::npos) << error;
  EXPECT_FALSE(load_known_doc_errors(write("extra.jsonl", "{\"doc\":\"a.md\",\"pair\":0,\"reason\":\"x\",\"y\":1}\n"), &e, &error));
  EXPECT_FALSE(load_known_doc_errors(
      write("dup.jsonl", "{\"doc\":\"a.md\",\"pair\":0,\"reason\":\"x\"}\n{\"doc\":\"a.md\",\"pair\":0,\"reason\":\"y\"}\n"), &e,
      &error));
  EXPECT_NE(error.find("dup.jsonl:2: duplicate"), std::string::npos) << error;
  EXPECT_FALSE(load_known_doc_errors(dir / "missing.jsonl", &e, &error));
  std::filesystem::remove_all(dir);
}

TEST(KnownDocErrors, ExcludedFromTheDenominator) {
  ConformanceReport report;
  report.docs_read = report.docs_with_examples = 1;
  auto result = [](uint32_t pair, ExampleOutcome o) {
    ExampleResult r;
    r.doc = "torch/torch.x.md";
    r.category = "same";
    r.pair = pair;
    r.outcome = o;
    return r;
  };
  report.results = {result(0, ExampleOutcome::kPass), result(1, ExampleOutcome::kDiffers),
                    result(2, ExampleOutcome::kParseError), result(3, ExampleOutcome::kPass)};
  apply_known_doc_errors(report, {{"torch/torch.x.md", 2, "full-width comma", ""},
                                  {"torch/torch.x.md", 3, "stale", ""},
                                  {"torch/torch.x.md", 9, "no such pair", ""}});
  EXPECT_FALSE(report.results[1].docs_error);
  EXPECT_TRUE(report.results[2].docs_error);
  EXPECT_EQ(report.results[2].docs_error_reason, "full-width comma");
  EXPECT_FALSE(report.results[3].docs_error);  // passes: stale, not excluded
  ASSERT_EQ(report.stale_known_errors.size(), 2u);
  EXPECT_EQ(report.stale_known_errors[0], "torch/torch.x.md pair 3: passes");
  EXPECT_EQ(report.stale_known_errors[1], "torch/torch.x.md pair 9: no such pair");
  std::ostringstream text;
  print_conformance(text, report, 5);
  // 2 of 4 pass; 2 of the 3 that are not docs errors.
  EXPECT_NE(text.str().find("50.0% of all pairs, 66.7% of the 3 pairs"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("docs error: 1 pairs"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("docs:     full-width comma"), std::string::npos) << text.str();
  EXPECT_EQ(text.str().find("parse error: "), std::string::npos) << text.str();  // counted as docs error
  std::string json = conformance_json(report);
  EXPECT_NE(json.find("\"docs_errors\": 1"), std::string::npos) << json.substr(0, 600);
  EXPECT_NE(json.find("\"pass_rate_excluding_docs_errors\": 0.666"), std::string::npos) << json.substr(0, 600);
  EXPECT_NE(json.find("\"docs_error_reason\": \"full-width comma\""), std::string::npos);
}

TEST(ReviewedEquivalents, LoadRequiresTheReviewedOutput) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "t2p_equivalents_test";
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
    return dir / name;
  };
  std::vector<ReviewedEquivalent> e;
  std::string error;
  ASSERT_TRUE(load_reviewed_equivalents(
      write("ok.jsonl", "{\"doc\":\"a.md\",\"pair\":0,\"got\":\"import paddle\\ny = x\\n\",\"reason\":\"same\"}\n"), &e,
      &error))
      << error;
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].got, "import paddle\ny = x\n");
  EXPECT_FALSE(load_reviewed_equivalents(write("nogot.jsonl", "{\"doc\":\"a.md\",\"pair\":0,\"reason\":\"x\"}\n"), &e, &error));
  EXPECT_NE(error.find("nogot.jsonl:1: `got`"), std::string::npos) << error;
  // A docs-error list takes no `got`: a reviewed output there is a misplaced line.
  EXPECT_FALSE(load_known_doc_errors(write("got.jsonl", "{\"doc\":\"a.md\",\"pair\":0,\"reason\":\"x\",\"got\":\"y\"}\n"),
                                     &e, &error));
  EXPECT_NE(error.find("unknown field `got`"), std::string::npos) << error;
  std::filesystem::remove_all(dir);
}

TEST(ReviewedEquivalents, CountedApartOnlyWhileTheOutputIsTheReviewedOne) {
  ConformanceReport report;
  report.docs_read = report.docs_with_examples = 1;
  auto result = [](uint32_t pair, ExampleOutcome o, std::string got) {
    ExampleResult r;
    r.doc = "torch/torch.x.md";
    r.category = "same";
    r.pair = pair;
    r.outcome = o;
    r.got = std::move(got);
    return r;
  };
  report.results = {result(0, ExampleOutcome::kPass, "a\n"), result(1, ExampleOutcome::kDiffers, "b\n"),
                    result(2, ExampleOutcome::kDiffers, "c2\n"), result(3, ExampleOutcome::kNotConverted, "d\n")};
  apply_reviewed_equivalents(report, {{"torch/torch.x.md", 1, "floor_divide is floor of the quotient", "b\n"},
                                      {"torch/torch.x.md", 2, "changed since", "c\n"},
                                      {"torch/torch.x.md", 3, "not a difference", "d\n"},
                                      {"torch/torch.x.md", 0, "passes", "a\n"}});
  EXPECT_TRUE(report.results[1].reviewed_equivalent);
  EXPECT_FALSE(report.results[2].reviewed_equivalent);  // the output changed: back to differs
  EXPECT_FALSE(report.results[3].reviewed_equivalent);
  ASSERT_EQ(report.stale_equivalents.size(), 3u);
  EXPECT_NE(report.stale_equivalents[0].find("pair 2: the converted code changed"), std::string::npos);
  EXPECT_NE(report.stale_equivalents[1].find("pair 3: now not_converted"), std::string::npos);
  EXPECT_NE(report.stale_equivalents[2].find("pair 0: now pass"), std::string::npos);
  std::ostringstream text;
  print_conformance(text, report, 5);
  // 1 of 4 pass; with the reviewed equivalent 2 of 4.
  EXPECT_NE(text.str().find("25.0% of all pairs, 25.0% of the 4 pairs"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("pass or equal       2  50.0% of the 4 pairs"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("differs: 1 pairs"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("same:     floor_divide is floor of the quotient"), std::string::npos) << text.str();
  std::string json = conformance_json(report);
  EXPECT_NE(json.find("\"reviewed_equivalents\": 1"), std::string::npos) << json.substr(0, 600);
  EXPECT_NE(json.find("\"pass_or_equivalent_rate_excluding_docs_errors\": 0.5"), std::string::npos);
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
