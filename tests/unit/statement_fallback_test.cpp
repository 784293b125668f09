// tests: the per-statement fallback of driver::convert_source: a template whose Paddle form does
// not parse leaves only its statement as written (reported), the rest of the file converted.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "base/edit.h"
#include "driver/source_converter.h"
#include "driver/statement_fallback.h"
#include "graph/graph_compiler.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"
#include "rules/file_converter.h"

namespace t2p::driver {
namespace {

namespace fs = std::filesystem;

class StatementFallbackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("t2p-fallback-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    write("knowledge_graph/apis/torch.jsonl",
          R"({"id":"torch.bad","kind":"function","params":["input"],"returns":"Tensor"})" "\n"
          R"({"id":"torch.good","kind":"function","params":["input"],"returns":"Tensor"})" "\n");
    write("knowledge_graph/apis/paddle.jsonl",
          R"({"id":"paddle.bad","kind":"function","params":["x"]})" "\n"
          R"({"id":"paddle.good","kind":"function","params":["x"]})" "\n");
    write("knowledge_graph/edges/maps_to.jsonl",
          R"({"torch":"torch.bad","paddle":"paddle.bad","category":"renamed","args":[{"torch":"input","paddle":"x","action":"rename"}]})" "\n"
          R"({"torch":"torch.good","paddle":"paddle.good","category":"renamed","args":[{"torch":"input","paddle":"x","action":"rename"}]})" "\n");
    // A broken template that passes the build's check (balanced, known placeholders) but does
    // not parse: a dangling operator.
    write("rules/bad.jsonl", R"j({"id":"torch.bad","cases":[{"when":{"nargs":1},"template":"paddle.bad({arg0}) +"}]})j" "\n");
    kg::CompiledGraph g = kg::load_graph_sources(root_);
    ASSERT_TRUE(g.errors.empty()) << g.errors.front();
    fs::path db = root_ / "kg.db";
    ASSERT_EQ(kg::write_graph_db(g, db), "");
    std::string err;
    graph_ = kg::KnowledgeGraph::open(db, &err);
    ASSERT_NE(graph_, nullptr) << err;
  }
  void TearDown() override {
    graph_.reset();
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  void write(const std::string& rel, const std::string& text) {
    fs::path p = root_ / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
  }

  fs::path root_;
  std::unique_ptr<kg::KnowledgeGraph> graph_;
  parse::PythonParser parser_;
  rules::ConvertOptions options_;
};

TEST_F(StatementFallbackTest, OnlyTheStatementThatDoesNotParseIsLeftAsWritten) {
  const std::string src =
      "import torch\n"
      "a = torch.good(x)\n"
      "def f(x):\n"
      "    b = torch.bad(x)\n"
      "    return torch.good(b)\n";
  SourceResult r = convert_source(src, *graph_, options_, parser_);
  EXPECT_EQ(r.status, FileStatus::kConverted) << (r.error ? r.error->message : "");
  EXPECT_EQ(r.output,
            "import paddle\n"
            "import torch\n"
            "a = paddle.good(x)\n"
            "def f(x):\n"
            "    # TODO(torch2paddle): torch.bad: internal: the Paddle form did not parse\n"
            "    b = torch.bad(x)\n"
            "    return paddle.good(b)\n");
  int unsupported = 0, converted = 0;
  for (const auto& u : r.uses) {
    if (u.status == rules::UseStatus::kUnsupported) {
      ++unsupported;
      EXPECT_EQ(u.torch_api, "torch.bad");
      EXPECT_EQ(u.reason, rules::kUnparsableReason);
    }
    converted += u.status == rules::UseStatus::kConverted;
  }
  EXPECT_EQ(unsupported, 1);
  EXPECT_EQ(converted, 2);
}

TEST_F(StatementFallbackTest, ACompoundStatementKeepsTheConvertedStatementsOfItsBody) {
  const std::string src =
      "import torch\n"
      "for v in torch.bad(x):\n"
      "    y = torch.good(v)\n";
  SourceResult r = convert_source(src, *graph_, options_, parser_);
  EXPECT_EQ(r.status, FileStatus::kConverted) << (r.error ? r.error->message : "");
  EXPECT_EQ(r.output,
            "import paddle\n"
            "import torch\n"
            "# TODO(torch2paddle): torch.bad: internal: the Paddle form did not parse\n"
            "for v in torch.bad(x):\n"
            "    y = paddle.good(v)\n");
}

TEST_F(StatementFallbackTest, RenderStatementAppliesTheEditsInsideIt) {
  const std::string src = "a = 1\nb = f(x)\nc = 2\n";
  std::vector<base::Edit> edits = {
      {6, 6, "# c\n", base::EditSide::kOpen, 0},  // a line above: not part of the statement
      {12, 13, "g(y)", base::EditSide::kReplace, 0},
      {14, 14, "; d = 3", base::EditSide::kClose, 0},  // added after it
  };
  EXPECT_EQ(render_statement(src, {6, 14}, edits), "b = f(g(y)); d = 3");
}

}  // namespace
}  // namespace t2p::driver
