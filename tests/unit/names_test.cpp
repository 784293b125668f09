// tests: "no silent wrong conversions" (issue 14): names used in f-strings, type comments and
// string annotations (semantic::code_names, the file-model walk), the output's names checked
// against the input's (rewrite::verify_names), module kinds through self-returning methods,
// torch-object methods on receivers of unknown kind, and what the counts say of code left as
// written (emit::add_todo_uses, mark_not_converted).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "driver/source_converter.h"
#include "emit/run_report.h"
#include "emit/todo_uses.h"
#include "kg/knowledge_graph.h"
#include "rewrite/verify_names.h"
#include "semantic/code_names.h"
#include "semantic/type_inference.h"
#include "snippet.h"

namespace t2p {
namespace {

using semantic::CodeName;
using semantic::NameRole;
using testing_support::Snippet;

std::vector<std::string> uses_of(std::string_view code) {
  std::vector<std::string> out;
  for (const CodeName& n : semantic::code_names(code)) {
    if (n.role == NameRole::kUse) out.emplace_back(n.name);
  }
  return out;
}

std::vector<std::string> binds_of(std::string_view code) {
  std::vector<std::string> out;
  for (const CodeName& n : semantic::code_names(code)) {
    if (n.role != NameRole::kUse) out.emplace_back(n.name);
  }
  return out;
}

using Names = std::vector<std::string>;

// ---------------------------------------------------------------------------------------------
// code_names: the names a text uses and binds, lexically

TEST(CodeNames, RootsOnlyNotAttributesKeywordsOrStrings) {
  EXPECT_EQ(uses_of("paddle.sum(x, axis=[1, 2], name='torch')"), (Names{"paddle", "x"}));
  EXPECT_EQ(uses_of("x.astype(dtype='int64')  # torch.long"), (Names{"x"}));
  EXPECT_EQ(uses_of("f\"{torch.x}\" + rb'torch' + y"), (Names{"y"}));
  EXPECT_EQ(uses_of("not a and b is None"), (Names{"a", "b"}));
  EXPECT_EQ(uses_of("x[1e-5:2].T"), (Names{"x"}));
}

TEST(CodeNames, BindingsOfTheText) {
  EXPECT_EQ(uses_of("[i * k for i in d]"), (Names{"k", "d"}));
  EXPECT_EQ(binds_of("[i * k for i in d]"), (Names{"i"}));
  EXPECT_EQ(uses_of("lambda a, b=c: a + b + e"), (Names{"c", "e"}));
  EXPECT_EQ(binds_of("import paddle\nimport os.path"), (Names{"paddle", "os"}));
  EXPECT_EQ(semantic::code_names("import paddle")[0].role, NameRole::kImport);
  EXPECT_EQ(uses_of("from a.b import c\nc(d)"), (Names{"d"}));
  EXPECT_EQ(uses_of("out0, out1 = paddle.f(x)\nout0 + y"), (Names{"paddle", "x", "y"}));
  EXPECT_EQ(binds_of("out0, out1 = paddle.f(x)"), (Names{"out0", "out1"}));
  EXPECT_EQ(uses_of("a == b, c"), (Names{"a", "b", "c"}));
  EXPECT_EQ(uses_of("raise E from e"), (Names{"E", "e"}));
}

TEST(CodeNames, TypeCommentsAndStringContents) {
  EXPECT_EQ(semantic::type_comment_text("# type: (torch.Tensor) -> None"), "(torch.Tensor) -> None");
  EXPECT_EQ(semantic::type_comment_text("#type:List[int]  \r"), "List[int]");
  EXPECT_EQ(semantic::type_comment_text("# type: ignore[attr-defined]"), "");
  EXPECT_EQ(semantic::type_comment_text("# the type: of x"), "");
  EXPECT_EQ(semantic::string_content("\"torch.Tensor\""), "torch.Tensor");
  EXPECT_EQ(semantic::string_content("r'''nn.Module'''"), "nn.Module");
  EXPECT_EQ(uses_of(semantic::type_comment_text("# type: (torch.Tensor, int) -> nn.Module")),
            (Names{"torch", "int", "nn"}));
}

TEST(CodeNames, Builtins) {
  EXPECT_TRUE(semantic::is_builtin_name("len"));
  EXPECT_TRUE(semantic::is_builtin_name("ValueError"));
  EXPECT_TRUE(semantic::is_builtin_name("__name__"));
  EXPECT_FALSE(semantic::is_builtin_name("paddle"));
  EXPECT_FALSE(semantic::is_builtin_name("self"));
}

// ---------------------------------------------------------------------------------------------
// The file-model walk: f-strings entered, type comments and string annotations recorded

TEST(FileModelNamesInText, FStringReplacementFieldsAreReferences) {
  Snippet s("import torch\nw = 4\nx = f\"{torch.__version__} {torch.ones(1)!r:>{w}} {f'{torch.pi}'}\"\n");
  ASSERT_TRUE(s.parsed_cleanly());
  const auto* a = s.attribute("torch.__version__");
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->in_fstring);
  ASSERT_NE(s.call("torch.ones(1)"), nullptr);
  EXPECT_NE(s.identifier("w", 1), nullptr);  // in the nested format spec
  ASSERT_NE(s.attribute("torch.pi"), nullptr);  // in an f-string nested in a replacement field
  ASSERT_EQ(s.model().fstrings.size(), 2u);
  EXPECT_EQ(s.model().fstrings[0].quote, '"');
  EXPECT_EQ(s.model().fstrings[1].quote, '\'');
  EXPECT_FALSE(s.model().fstrings[0].triple);
  // Plain strings are not entered.
  Snippet plain("import torch\nx = \"{torch.zeros(1)}\"\n");
  EXPECT_EQ(plain.call("torch.zeros(1)"), nullptr);
  EXPECT_TRUE(plain.model().fstrings.empty());
}

TEST(FileModelNamesInText, TypeCommentsAndStringAnnotations) {
  Snippet s(
      "import torch\n"
      "def f(x):\n"
      "    # type: (torch.Tensor) -> None\n"
      "    y = []  # type: list\n"
      "    z = 1  # type: ignore\n"
      "def g(x: \"torch.Tensor\", y: Optional[\"torch.Tensor\"] = None) -> \"torch.Tensor\":\n"
      "    s = \"torch.Tensor\"\n");
  ASSERT_TRUE(s.parsed_cleanly());
  const auto& t = s.model().named_in_text;
  ASSERT_EQ(t.size(), 5u);  // two type comments (not `ignore`), three annotations (not `s = ...`)
  EXPECT_TRUE(t[0].comment);
  // The signature's type comment, alone on its line, puts its TODO above the `def`.
  EXPECT_EQ(s.text(t[0].statement).substr(0, 5), "def f");
  EXPECT_TRUE(t[1].comment);
  EXPECT_EQ(s.text(t[1].statement), "# type: list");  // its own line: the TODO goes above `y = []`
  EXPECT_FALSE(t[2].comment);
  EXPECT_EQ(s.text(t[2].node), "\"torch.Tensor\"");
}

// ---------------------------------------------------------------------------------------------
// verify_names: edits checked against the input's bindings

class VerifyNamesTest : public ::testing::Test {
 protected:
  // The check of `edits` on `source`, with the torch imports whose every use the test says
  // was converted (`removed`: their local names) removed.
  std::optional<base::Diagnostic> check(std::string source, std::vector<base::Edit> edits,
                                        std::vector<std::string> removed = {"torch"}) {
    snippet_ = std::make_unique<Snippet>(std::move(source));
    EXPECT_TRUE(snippet_->parsed_cleanly());
    std::vector<int32_t> indices;
    const auto& names = snippet_->model().imported_names;
    for (size_t i = 0; i < names.size(); ++i) {
      if (std::find(removed.begin(), removed.end(), names[i].local) != removed.end()) {
        indices.push_back(static_cast<int32_t>(i));
      }
    }
    return rewrite::verify_names(snippet_->model(), snippet_->resolver(), snippet_->source(), edits, indices);
  }
  // The edit replacing the first `what` of the current source after `from` by `text`.
  static base::Edit replace(std::string_view src, std::string_view what, std::string text, size_t from = 0) {
    size_t at = src.find(what, from);
    EXPECT_NE(at, std::string_view::npos) << what;
    return {static_cast<uint32_t>(at), static_cast<uint32_t>(at + what.size()), std::move(text)};
  }
  std::unique_ptr<Snippet> snippet_;
};

TEST_F(VerifyNamesTest, ConvertedFileWithItsImportPasses) {
  std::string src = "import torch\n\n\ndef f(x, dim):\n    return torch.sum(x, dim=dim)\n";
  auto d = check(src, {{0, 12, "import paddle"}, replace(src, "torch.sum", "paddle.sum"), {static_cast<uint32_t>(src.find("dim=")), static_cast<uint32_t>(src.find("dim=") + 3), "axis"}});
  EXPECT_FALSE(d.has_value()) << d->message;
}

TEST_F(VerifyNamesTest, NameUsedOnlyInAnFStringKeepsItsImport) {
  std::string src = "import torch\nprint(f\"{torch.__version__}\")\ny = torch.zeros(1)\n";
  // The f-string use left as written while the import goes: caught.
  auto d = check(src, {{0, 12, "import paddle"}, replace(src, "torch.zeros", "paddle.zeros")});
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->code, "unbound-name");
  EXPECT_EQ(d->line, 2u);
  EXPECT_NE(d->message.find("`torch` is still used in code"), std::string::npos) << d->message;
}

TEST_F(VerifyNamesTest, TypeCommentAndStringAnnotationUsesAreCaught) {
  std::string src = "import torch\ndef f(x):\n    # type: (torch.Tensor) -> None\n    return torch.abs(x)\n";
  auto d = check(src, {{0, 12, "import paddle"}, replace(src, "torch.abs", "paddle.abs")});
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->message.find("a type comment"), std::string::npos) << d->message;
  src = "import torch\ndef f(x: \"torch.Tensor\"):\n    return torch.abs(x)\n";
  d = check(src, {{0, 12, "import paddle"}, replace(src, "torch.abs", "paddle.abs")});
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->message.find("a string annotation"), std::string::npos) << d->message;
  // A plain string, a comment or a docstring naming torch is no use.
  src = "import torch\n\"\"\"Uses torch.\"\"\"\n# torch rocks\ns = 'torch.abs'\ny = torch.abs(1)\n";
  d = check(src, {{0, 12, "import paddle"}, replace(src, "torch.abs(", "paddle.abs(")});
  EXPECT_FALSE(d.has_value()) << d->message;
}

TEST_F(VerifyNamesTest, ShadowingParametersAndAttributesAreNoUses) {
  std::string src = "import torch\n\ndef f(torch):\n    return torch.zeros(3)\n\ny = x.torch + torch.ones(1)\n";
  auto d = check(src, {{0, 12, "import paddle"}, replace(src, "torch.ones", "paddle.ones")});
  EXPECT_FALSE(d.has_value()) << d->message;
}

TEST_F(VerifyNamesTest, NewNamesMustBeBound) {
  std::string src = "import torch\ny = torch.zeros(1)\n";
  // A name nothing binds (a template's typo).
  auto d = check(src, {{0, 12, "import paddle"}, replace(src, "torch.zeros(1)", "padle.zeros([1])")});
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->message.find("`padle`, which nothing binds"), std::string::npos) << d->message;
  // `paddle` without its import.
  d = check(src, {{0, 12, ""}, replace(src, "torch.zeros", "paddle.zeros")});
  ASSERT_TRUE(d.has_value());
  // A name the edits bind (`t2p_out_0, t2p_out_1 = ...`), a builtin, a name the input used
  // unbound too (a snippet's `model`).
  src = "import torch\ntorch.f(x, out=(a, b))\nmodel.g()\n";
  d = check(src, {{0, 12, "import paddle"},
                  replace(src, "torch.f(x, out=(a, b))", "t2p_out_0, t2p_out_1 = paddle.f(x)\nlen(t2p_out_0)\nmodel.h()")});
  EXPECT_FALSE(d.has_value()) << d->message;
}

TEST_F(VerifyNamesTest, ModuleNameBoundToSomethingElse) {
  std::string src = "import torch\n\ndef f(paddle):\n    return torch.zeros(1)\n";
  auto d = check(src, {{0, 12, "import paddle"}, replace(src, "torch.zeros", "paddle.zeros")});
  ASSERT_TRUE(d.has_value());
  EXPECT_NE(d->message.find("binds `paddle` to something else"), std::string::npos) << d->message;
}

TEST_F(VerifyNamesTest, FStringReplacementFieldsKeepTheirQuotes) {
  std::string src = "import torch\nx = torch.ones(1)\ns = f'{x.long()}'\nt = f\"{x.long()}\"\n";
  const base::Edit ones = replace(src, "torch.ones", "paddle.ones");
  auto d = check(src, {{0, 12, "import paddle"}, ones, replace(src, "x.long()", "x.astype(dtype='int64')")});
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->line, 3u);
  EXPECT_NE(d->message.find("inside an f-string"), std::string::npos) << d->message;
  d = check(src, {{0, 12, "import paddle"}, ones, replace(src, "x.long()", "x.astype(dtype='int64')", 50)});
  EXPECT_FALSE(d.has_value()) << d->message;
}

// ---------------------------------------------------------------------------------------------
// End to end: convert_source

class NamesConvertTest : public ::testing::Test {
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
  driver::SourceResult convert(std::string_view source) {
    return driver::convert_source(source, *graph_, options_, parser_);
  }
  static const rules::ApiUse* use(const driver::SourceResult& r, std::string_view api) {
    for (const auto& u : r.uses) {
      if (u.torch_api == api) return &u;
    }
    return nullptr;
  }
  static kg::KnowledgeGraph* graph_;
  rules::ConvertOptions options_;
  parse::PythonParser parser_;
};

kg::KnowledgeGraph* NamesConvertTest::graph_ = nullptr;

TEST_F(NamesConvertTest, FStringUsesAreConvertedAndTypeCommentsKeepTheImport) {
  driver::SourceResult r = convert("import torch\nprint(f\"{torch.__version__}\")\n");
  EXPECT_EQ(r.status, emit::FileStatus::kConverted);
  EXPECT_EQ(r.output, "import paddle\nprint(f\"{paddle.__version__}\")\n");
  // A torch class there becomes its Paddle class; one with none keeps the import.
  r = convert("import torch\ndef f(x):\n    # type: (torch.Tensor) -> None\n    return torch.abs(x)\n");
  EXPECT_EQ(r.output, "import paddle\ndef f(x):\n    # type: (paddle.Tensor) -> None\n    return paddle.abs(x)\n");
  r = convert("import torch\ndef f(g, x: 'torch.Tensor'):\n    # type: (torch.Generator, torch.Tensor) -> None\n    return torch.abs(x)\n");
  EXPECT_EQ(r.status, emit::FileStatus::kConverted);
  EXPECT_NE(r.output.find("import torch\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("def f(g, x: 'paddle.Tensor'):"), std::string::npos) << r.output;
  const rules::ApiUse* u = use(r, "torch.Generator");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->status, rules::UseStatus::kUnsupported);
  EXPECT_EQ(u->line, 3u);
  EXPECT_EQ(u->column, 14u);
}

TEST_F(NamesConvertTest, FStringCallWhosePaddleFormNeedsTheQuoteIsReported) {
  driver::SourceResult r = convert("import torch\nx = torch.ones(1)\ns = f'{x.long()}'\n");
  EXPECT_EQ(r.status, emit::FileStatus::kConverted) << (r.error ? r.error->message : "");
  EXPECT_NE(r.output.find("s = f'{x.long()}'"), std::string::npos) << r.output;
  const rules::ApiUse* u = use(r, "torch.Tensor.long");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->status, rules::UseStatus::kUnsupported);
  EXPECT_NE(u->reason.find("f-string"), std::string::npos) << u->reason;
}

TEST_F(NamesConvertTest, ModuleKeepsItsKindThroughTo) {
  driver::SourceResult r = convert(
      "import torch\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n    pass\n\n\n"
      "def main(device, sd):\n    model = Net()\n    model = model.to(device)\n    model = model.cuda().eval()\n"
      "    model.load_state_dict(sd)\n");
  const rules::ApiUse* u = use(r, "torch.nn.Module.load_state_dict");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->status, rules::UseStatus::kConverted);
  EXPECT_NE(r.output.find("model.set_state_dict(sd)"), std::string::npos) << r.output;
}

TEST_F(NamesConvertTest, TorchObjectMethodsOnUnknownReceivers) {
  // Every owner converts it alike: converted.
  driver::SourceResult r = convert("import torch\n\ndef load(obj, sd):\n    obj.load_state_dict(sd)\n    return torch.ones(1)\n");
  EXPECT_NE(r.output.find("obj.set_state_dict(sd)"), std::string::npos) << r.output;
  const rules::ApiUse* u = use(r, "torch.nn.Module.load_state_dict");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->status, rules::UseStatus::kConverted);
  EXPECT_NE(u->rule.find("classifier:owners"), std::string::npos);
  // Owners that disagree: review, the candidates named.
  r = convert("import torch\n\ndef save(obj):\n    return obj.zero_grad(), torch.ones(1)\n");
  u = use(r, "torch.nn.Module.zero_grad");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->status, rules::UseStatus::kNeedsReview);
  EXPECT_NE(u->reason.find("torch.optim.Optimizer.zero_grad"), std::string::npos) << u->reason;
  EXPECT_NE(r.output.find("obj.zero_grad()"), std::string::npos);
  // The variable's other methods pick the owner.
  r = convert("import torch\n\ndef train(opt):\n    opt.zero_grad()\n    opt.step()\n    return torch.ones(1)\n");
  u = use(r, "torch.optim.Optimizer.zero_grad");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->status, rules::UseStatus::kConverted);
  EXPECT_NE(u->rule.find("classifier:usage"), std::string::npos);
}

TEST_F(NamesConvertTest, TodoLeftFromAnEarlierRunCountsAsUnsupported) {
  // The output of a first run: the tensor method under its TODO, in a file that imports paddle
  // (methods on objects are left alone there) and no torch any more.
  const std::string second =
      "import paddle\nx = paddle.ones([2])\n"
      "# TODO(torch2paddle): torch.Tensor.std: argument 'correction=2' of torch.Tensor.std has no Paddle equivalent value\n"
      "k = x.std(correction=2)\n";
  driver::SourceResult r = convert(second);
  EXPECT_EQ(r.output, second);
  const rules::ApiUse* u = use(r, "torch.Tensor.std");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->status, rules::UseStatus::kUnsupported);
  EXPECT_EQ(u->rule, "todo");
  EXPECT_EQ(u->line, 4u);
  EXPECT_EQ(u->column, 7u);
  emit::RunSummary summary;
  emit::FileReport f;
  f.uses = r.uses;
  f.status = r.status;
  emit::add_to_summary(&summary, f);
  EXPECT_EQ(summary.unsupported, 1u);
  EXPECT_EQ(summary.api_uses, 1u);
  EXPECT_LT(summary.convert_rate(), 1.0);
  // Converted by hand since (the name is gone from the statement): a stale TODO counts nothing.
  r = convert("import paddle\n# TODO(torch2paddle): torch.Tensor.std: x\nk = x.std_fixed()\n");
  EXPECT_EQ(use(r, "torch.Tensor.std"), nullptr);
  // A use this run records already is not counted twice.
  r = convert("import torch\nx = torch.ones(2)\n# TODO(torch2paddle): torch.Tensor.std: x\nk = x.std(correction=2)\n");
  EXPECT_EQ(std::count_if(r.uses.begin(), r.uses.end(), [](const rules::ApiUse& u) { return u.torch_api == "torch.Tensor.std"; }), 1);
}

TEST(TodoUses, FilesLeftUnchangedConvertNothing) {
  std::vector<rules::ApiUse> uses(2);
  uses[0].status = rules::UseStatus::kConverted;
  uses[1].status = rules::UseStatus::kNeedsReview;
  emit::mark_not_converted(&uses, "not converted");
  EXPECT_EQ(uses[0].status, rules::UseStatus::kUnsupported);
  EXPECT_EQ(uses[0].reason, "not converted");
  EXPECT_EQ(uses[1].status, rules::UseStatus::kNeedsReview);
}

}  // namespace
}  // namespace t2p
