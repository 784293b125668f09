// tests: argument actions and template cases end to end, on a small hand-written graph compiled
// to its own database (so the cases do not depend on what the real mappings say).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "driver/source_converter.h"
#include "graph/graph_compiler.h"
#include "kg/knowledge_graph.h"
#include "rewrite/verify_output.h"
#include "rewrite/apply_edits.h"
#include "rules/file_converter.h"

namespace t2p::driver {
namespace {

namespace fs = std::filesystem;

class ArgumentActionsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new fs::path(fs::temp_directory_path() / ("t2p-argument-actions-" + std::to_string(::getpid())));
    fs::remove_all(*root_);
    write("knowledge_graph/apis/torch.jsonl",
          R"j({"id":"torch.foo","kind":"function","params":["input","dim=None","*","extra=None","out=None"],"returns":"Tensor"})j" "\n"
          R"j({"id":"torch.opt","kind":"class","params":["params","lr=0.1","betas=(0.9, 0.999)"],"returns":"Optimizer"})j" "\n"
          R"j({"id":"torch.make","kind":"function","params":["n","*","scale=1","out=None","requires_grad=False","pin_memory=False","layout=None"],"returns":"Tensor"})j" "\n");
    write("knowledge_graph/apis/paddle.jsonl",
          R"j({"id":"paddle.foo","kind":"function","params":["x","axis=None","name=None"]})j" "\n"
          R"j({"id":"paddle.opt","kind":"class","params":["learning_rate=0.1","beta1=0.9","beta2=0.999","parameters=None"]})j" "\n");
    write("knowledge_graph/edges/maps_to.jsonl",
          R"j({"torch":"torch.foo","paddle":"paddle.foo","category":"torch_more_args","args":[)j"
          R"j({"torch":"input","paddle":"x","action":"rename"},{"torch":"dim","paddle":"axis","action":"rename"},)j"
          R"j({"torch":"out","action":"out"}]})j" "\n"
          R"j({"torch":"torch.opt","paddle":"paddle.opt","category":"torch_more_args","args":[)j"
          R"j({"torch":"params","paddle":"parameters","action":"rename"},{"torch":"lr","paddle":"learning_rate","action":"rename"},)j"
          R"j({"torch":"betas","paddle":"beta1,beta2","action":"unpack"}]})j" "\n"
          R"j({"torch":"torch.make","paddle":"paddle.make","category":"composite","args":[)j"
          R"j({"torch":"out","action":"out"},{"torch":"requires_grad","action":"requires_grad"},)j"
          R"j({"torch":"pin_memory","action":"pin_memory"},{"torch":"layout","action":"drop"}]})j" "\n");
    write("rules/composite.jsonl",
          R"j({"id":"torch.make","cases":[{"when":{},"template":"paddle.full([{arg:n}], 1.0)"}]})j" "\n");
    kg::CompiledGraph g = kg::load_graph_sources(*root_);
    ASSERT_TRUE(g.errors.empty()) << g.errors.front();
    ASSERT_EQ(kg::write_graph_db(g, *root_ / "kg.db"), "");
    std::string err;
    graph_ = kg::KnowledgeGraph::open(*root_ / "kg.db", &err).release();
    ASSERT_NE(graph_, nullptr) << err;
  }
  static void TearDownTestSuite() {
    delete graph_;
    graph_ = nullptr;
    std::error_code ec;
    fs::remove_all(*root_, ec);
    delete root_;
  }
  static void write(const std::string& rel, const std::string& text) {
    fs::path p = *root_ / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
  }

  std::string convert(const std::string& body) {
    SourceResult r = convert_source("import torch\n" + body, *graph_, options_, parser_);
    return r.output;
  }

  static fs::path* root_;
  static kg::KnowledgeGraph* graph_;
  rules::ConvertOptions options_;
  parse::PythonParser parser_;
};

fs::path* ArgumentActionsTest::root_ = nullptr;
kg::KnowledgeGraph* ArgumentActionsTest::graph_ = nullptr;

TEST_F(ArgumentActionsTest, KeywordPaddleLacksIsReportedNotPassedOn) {
  // `extra` has no argument entry and paddle.foo has no such parameter.
  std::string out = convert("y = torch.foo(a, extra=1)\n");
  EXPECT_NE(out.find("TODO(torch2paddle)"), std::string::npos) << out;
  EXPECT_NE(out.find("y = torch.foo(a, extra=1)"), std::string::npos) << out;
  // Its default value changes nothing: dropped.
  EXPECT_EQ(convert("y = torch.foo(a, dim=1, extra=None)\n"), "import paddle\ny = paddle.foo(a, axis=1)\n");
}

TEST_F(ArgumentActionsTest, UnpackSplitsALiteralAndIndexesAnExpression) {
  EXPECT_EQ(convert("o = torch.opt(p, lr=0.5, betas=(0.8, 0.9))\n"),
            "import paddle\no = paddle.opt(parameters=p, learning_rate=0.5, beta1=0.8, beta2=0.9)\n");
  EXPECT_EQ(convert("o = torch.opt(p, 0.5, cfg.betas)\n"),
            "import paddle\no = paddle.opt(parameters=p, learning_rate=0.5, beta1=cfg.betas[0], beta2=cfg.betas[1])\n");
  std::string bad = convert("o = torch.opt(p, betas=(0.9,))\n");
  EXPECT_NE(bad.find("needs 2 values"), std::string::npos) << bad;
}

TEST_F(ArgumentActionsTest, TemplateHonoursOutRequiresGradPinMemoryAndDrop) {
  EXPECT_EQ(convert("torch.make(3, out=y)\n"), "import paddle\npaddle.assign(paddle.full([3], 1.0), y)\n");
  EXPECT_EQ(convert("t = torch.make(3, requires_grad=True, layout=None)\n"),
            "import paddle\nt = paddle.full([3], 1.0)\nt.stop_gradient = False\n");
  EXPECT_EQ(convert("t = torch.make(3, pin_memory=True)\n"), "import paddle\nt = paddle.full([3], 1.0).pin_memory()\n");
  // `scale` is neither named by the template nor its default: never silently lost.
  std::string out = convert("t = torch.make(3, scale=2)\n");
  EXPECT_NE(out.find("argument 'scale' of torch.make is not converted"), std::string::npos) << out;
  EXPECT_EQ(convert("t = torch.make(3, scale=1)\n"), "import paddle\nt = paddle.full([3], 1.0)\n");
}

TEST_F(ArgumentActionsTest, NameEditsComeWithTheirNodesForTheVerification) {
  // The callee and the renamed keywords are replaced whole by names: the conversion hands their
  // nodes over, and the verification places those edits without searching the tree, with the
  // same answer as without them.
  const std::string src = "import torch\ny = torch.foo(input=a, dim=1)\nz = [torch.foo(b, dim=2)]\n";
  parse::SyntaxTree tree = parser_.parse(src);
  rules::FileConversion conv = rules::convert_tree(tree, src, *graph_, options_);
  conv.output = rewrite::apply_edits(src, conv.edits);
  ASSERT_TRUE(conv.changed);
  EXPECT_EQ(conv.output, "import paddle\ny = paddle.foo(x=a, axis=1)\nz = [paddle.foo(b, axis=2)]\n");
  EXPECT_GE(conv.name_nodes.size(), 5u);  // two callees, three keywords
  rewrite::VerifyStats with, without;
  EXPECT_FALSE(rewrite::verify_output(tree, src, conv.edits, conv.output, parser_, rewrite::VerifyMode::kLocal, &with,
                                      &conv.name_nodes).has_value());
  EXPECT_FALSE(rewrite::verify_output(tree, src, conv.edits, conv.output, parser_, rewrite::VerifyMode::kLocal, &without)
                   .has_value());
  EXPECT_EQ(with.named, 5u);
  EXPECT_EQ(without.named, 0u);
  EXPECT_FALSE(with.full_parse);
  EXPECT_EQ(with.units, without.units);
}

}  // namespace
}  // namespace t2p::driver
