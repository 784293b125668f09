// Tests for the mapping-doc importer: markdown, signatures, argument actions, nodes, and the files written.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "graph/doc_facts.h"
#include "graph/doc_importer.h"
#include "graph/doc_markdown.h"
#include "graph/doc_signature.h"

namespace t2p::kg {
namespace {

using Strings = std::vector<std::string>;

// ---- categories and titles ----------------------------------------------------------------------

TEST(DocCategory, AllTwelveNames) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"无参数", "no_args"},
      {"参数完全一致", "same"},
      {"仅参数名不一致", "renamed"},
      {"paddle 参数更多", "paddle_more_args"},
      {"参数默认值不一致", "default_diff"},
      {"torch 参数更多", "torch_more_args"},
      {"输入参数用法不一致", "usage_diff"},
      {"输入参数类型不一致", "type_diff"},
      {"返回参数类型不一致", "return_diff"},
      {"组合替代实现", "composite"},
      {"可删除", "removable"},
      {"功能缺失", "missing"},
  };
  for (const auto& [zh, code] : cases) {
    EXPECT_EQ(category_code(zh), code) << zh;
  }
  EXPECT_EQ(category_code(" torch参数更多  "), "torch_more_args");
  EXPECT_EQ(category_code("Paddle 参数更多"), "paddle_more_args");
  EXPECT_EQ(category_code("参数更多"), std::nullopt);
}

TEST(DocTitle, SpacingVariants) {
  for (const char* line : {"## [ torch 参数更多 ]torch.clamp", "## [torch 参数更多 ]torch.clamp",
                           "## [torch 参数更多]torch.clamp", "##  [ torch 参数更多 ] torch.clamp ",
                           "## [ torch 参数更多]  torch.clamp"}) {
    auto t = parse_title(line);
    ASSERT_TRUE(t) << line;
    EXPECT_EQ(t->category, "torch_more_args") << line;
    EXPECT_EQ(t->torch_id, "torch.clamp") << line;
  }
  EXPECT_EQ(parse_title("## [ 无参数 ]torch.Tensor.t")->category, "no_args");
  EXPECT_FALSE(parse_title("## [ 新分类 ]torch.clamp"));
  EXPECT_FALSE(parse_title("## torch.clamp"));
  EXPECT_FALSE(parse_title("## [ 无参数 ]"));
}

// ---- signatures -----------------------------------------------------------------------------------

TEST(DocSignature, MultiLineWithKeywordOnlyMarker) {
  auto sigs = parse_signatures(
      "torch.zeros(*size,\n"
      "            *,\n"
      "            out=None,\n"
      "            dtype=None,\n"
      "            layout=torch.strided,\n"
      "            requires_grad=False)\n");
  ASSERT_EQ(sigs.size(), 1u);
  EXPECT_EQ(sigs[0].name, "torch.zeros");
  EXPECT_TRUE(sigs[0].has_parens);
  EXPECT_EQ(sigs[0].params, (Strings{"*size", "*", "out=None", "dtype=None", "layout=torch.strided",
                                     "requires_grad=False"}));
  EXPECT_TRUE(sigs[0].errors.empty());
}

TEST(DocSignature, DefaultsWithCommasAndParentheses) {
  auto sigs = parse_signatures("torch.rot90(input, k=1, dims=(0, 1), shape=[2,3], f=g(a, (b, c)), s='a,b')");
  ASSERT_EQ(sigs.size(), 1u);
  EXPECT_EQ(sigs[0].params, (Strings{"input", "k=1", "dims=(0, 1)", "shape=[2, 3]", "f=g(a, (b, c))", "s='a,b'"}));
}

TEST(DocSignature, VarargsAndKwargs) {
  auto sigs = parse_signatures("torch.utils.checkpoint.checkpoint(function, *args, use_reentrant=True, **kwargs)");
  ASSERT_EQ(sigs.size(), 1u);
  EXPECT_EQ(sigs[0].params, (Strings{"function", "*args", "use_reentrant=True", "**kwargs"}));
  auto pos = parse_signatures("torch.f(a, /, b, *, c=1)");
  EXPECT_EQ(pos[0].params, (Strings{"a", "/", "b", "*", "c=1"}));
}

TEST(DocSignature, OverloadsInOneBlock) {
  auto sigs = parse_signatures(
      "# 用法一：\n"
      "torch.Tensor.view(*shape)\n"
      "# 用法二：\n"
      "torch.Tensor.view(dtype)\n");
  ASSERT_EQ(sigs.size(), 2u);
  EXPECT_EQ(sigs[0].params, (Strings{"*shape"}));
  EXPECT_EQ(sigs[1].params, (Strings{"dtype"}));
}

TEST(DocSignature, AnnotationsAreDropped) {
  auto sigs = parse_signatures(
      "paddle.nn.functional.triplet_margin_loss(input, margin: float = 1.0, reduction: str = 'mean',\n"
      "    init: Callable[[Tensor], Tensor] = init.xavier, **kwargs: Any)");
  ASSERT_EQ(sigs.size(), 1u);
  EXPECT_EQ(sigs[0].params, (Strings{"input", "margin=1.0", "reduction='mean'", "init=init.xavier", "**kwargs"}));
}

TEST(DocSignature, TypographicSlipsInDocs) {
  // Full-width comma, curly closing quote, mismatched quotes, no-break spaces.
  auto sigs = parse_signatures(
      "paddle.nn.Dropout(p=0.5, axis=None，mode=\"upscale_in_train\xE2\x80\x9D, name=None)\n"
      "torch.nn.T(activation=\"relu',\n"
      "\xC2\xA0\xC2\xA0 eps=1e-05)\n");
  ASSERT_EQ(sigs.size(), 2u);
  EXPECT_EQ(sigs[0].params, (Strings{"p=0.5", "axis=None", "mode=\"upscale_in_train\"", "name=None"}));
  EXPECT_EQ(sigs[1].params, (Strings{"activation=\"relu\"", "eps=1e-05"}));
}

TEST(DocSignature, AttributesAndNonApis) {
  auto attr = parse_signatures("torch.Tensor.T\n");
  ASSERT_EQ(attr.size(), 1u);
  EXPECT_EQ(attr[0].name, "torch.Tensor.T");
  EXPECT_FALSE(attr[0].has_parens);
  auto assign = parse_signatures("paddle.Tensor.stop_gradient = False\n");
  ASSERT_EQ(assign.size(), 1u);
  EXPECT_EQ(assign[0].name, "paddle.Tensor.stop_gradient");
  EXPECT_FALSE(assign[0].has_parens);
  EXPECT_TRUE(parse_signatures("'bicubic'\n").empty());
  EXPECT_TRUE(parse_signatures("").empty());
}

TEST(DocSignature, NormalizeParam) {
  EXPECT_EQ(normalize_param("dims = ( 0,  1 )"), "dims=(0, 1)");
  EXPECT_EQ(normalize_param("axis=(- 2, - 1)"), "axis=(-2, -1)");
  EXPECT_EQ(normalize_param("min: float = - 1.0"), "min=-1.0");
  EXPECT_EQ(normalize_param("op=<RedOpType.SUM: 0>"), "op=<RedOpType.SUM: 0>");
  EXPECT_EQ(normalize_param("**kwargs: Any"), "**kwargs");
  EXPECT_EQ(normalize_param("  "), std::nullopt);
  EXPECT_EQ(param_name("dim=None"), "dim");
  EXPECT_EQ(param_name("*size"), "*size");
  EXPECT_EQ(param_default("layout=torch.strided"), "torch.strided");
  EXPECT_EQ(param_default("input"), std::nullopt);
  EXPECT_TRUE(is_varargs("*size"));
  EXPECT_FALSE(is_varargs("*"));
  EXPECT_FALSE(is_varargs("**kwargs"));
}

// ---- markdown pages ------------------------------------------------------------------------------

TEST(DocMarkdown, CleanCell) {
  EXPECT_EQ(clean_cell(" <font color='red'> out </font> "), "out");
  EXPECT_EQ(clean_cell("`dim`"), "dim");
  EXPECT_EQ(clean_cell("\\_stacklevel"), "_stacklevel");
  EXPECT_EQ(clean_cell("paddle.Tensor.add\\_"), "paddle.Tensor.add_");
  EXPECT_EQ(clean_cell("**kwargs"), "**kwargs");
  EXPECT_EQ(clean_cell("**out**"), "out");
}

const char* kClampDoc = R"(## [ torch 参数更多 ]torch.clamp
### [torch.clamp](https://pytorch.org/docs/stable/generated/torch.clamp.html)

```python
torch.clamp(input,
            min=None,
            max=None,
            *,
            out=None)
```

### [paddle.clip](https://www.paddlepaddle.org.cn/clip_cn.html)

```python
paddle.clip(x, min=None, max=None, name=None)
```

Prose that must never reach the output.

### 参数映射

| PyTorch | PaddlePaddle | 备注 |
| ------- | ------------ | ---- |
| input   |  x           | 表示输入的 Tensor ，仅参数名不一致。 |
| min     | min          | 表示裁剪的最小值。 |
| <font color='red'> out </font> | -  | 表示输出的 Tensor ， Paddle 无此参数，需要转写。 |

### 转写示例
#### out：指定输出
```python
# PyTorch 写法
torch.clamp(x, min=-0.5, max=0.5, out=y)
# [not a heading] inside code
# Paddle 写法
paddle.assign(paddle.clip(x, min=-0.5, max=0.5), y)
```
)";

TEST(DocMarkdown, ParsesSignaturesTableAndExamples) {
  std::string error;
  auto page = parse_doc_page(kClampDoc, error);
  ASSERT_TRUE(page) << error;
  EXPECT_EQ(page->title.category, "torch_more_args");
  EXPECT_EQ(page->title.torch_id, "torch.clamp");
  ASSERT_EQ(page->sections.size(), 1u);
  const DocSection& s = page->sections[0];
  EXPECT_EQ(s.torch_heading, "torch.clamp");
  EXPECT_EQ(s.paddle_heading, "paddle.clip");
  ASSERT_EQ(s.torch_sigs.size(), 1u);
  EXPECT_EQ(s.torch_sigs[0].params, (Strings{"input", "min=None", "max=None", "*", "out=None"}));
  ASSERT_EQ(s.paddle_sigs.size(), 1u);
  EXPECT_EQ(s.paddle_sigs[0].name, "paddle.clip");
  ASSERT_TRUE(s.has_table);
  ASSERT_EQ(s.rows.size(), 3u);
  EXPECT_EQ(s.rows[0].torch, (Strings{"input"}));
  EXPECT_EQ(s.rows[0].paddle, (Strings{"x"}));
  EXPECT_EQ(s.rows[2].torch, (Strings{"out"}));
  EXPECT_TRUE(s.rows[2].paddle.empty());
  EXPECT_EQ(s.example_params, (Strings{"out"}));
}

TEST(DocMarkdown, SeveralSectionsAndOddHeadings) {
  const char* doc =
      "##  [ 返回参数类型不一致 ]torch.max\n"
      "intro\n"
      "### [torch.max](l)\n```python\ntorch.max(input, dim=None)\n```\n"
      "### [paddle.max](l)\n```python\npaddle.max(x, axis=None, name=None)\n```\n"
      "| PyTorch | PaddlePaddle | 备注 |\n|---|---|---|\n| input | x | 仅参数名不一致。 |\n"
      "---\n"
      "### [torch.max]\n``` python\ntorch.max(input, other)\n```\n"
      "### [paddle.maximum](l)\n```Python\npaddle.maximum(x, y)\n```\n"
      "| PyTorch | PaddlePaddle | 备注 |\n| - | - | - |\n| - | align_mode | PyTorch 无此参数，Paddle 保持默认即可。 |\n";
  std::string error;
  auto page = parse_doc_page(doc, error);
  ASSERT_TRUE(page) << error;
  ASSERT_EQ(page->sections.size(), 2u);
  EXPECT_EQ(page->sections[1].paddle_heading, "paddle.maximum");
  EXPECT_EQ(page->sections[1].torch_sigs[0].params, (Strings{"input", "other"}));
  ASSERT_EQ(page->sections[1].rows.size(), 1u);  // "| - | align_mode |" is a row, not a separator
  EXPECT_TRUE(page->sections[1].rows[0].torch.empty());
  EXPECT_EQ(page->sections[1].rows[0].paddle, (Strings{"align_mode"}));
}

TEST(DocMarkdown, MissingTitleIsAnError) {
  std::string error;
  EXPECT_FALSE(parse_doc_page("# something else\n", error));
  EXPECT_FALSE(error.empty());
}

// ---- argument actions -----------------------------------------------------------------------------

DocParamRow row(Strings torch, Strings paddle, std::string note) {
  DocParamRow r;
  r.torch = std::move(torch);
  r.paddle = std::move(paddle);
  r.note = std::move(note);
  r.raw_torch = r.torch.empty() ? "-" : r.torch[0];
  return r;
}

DocArg one(const DocParamRow& r, const Strings& torch_params = {}, const Strings& examples = {}) {
  std::string problem;
  auto args = classify_row(r, torch_params, examples, problem);
  EXPECT_TRUE(problem.empty()) << problem;
  EXPECT_EQ(args.size(), 1u);
  return args.empty() ? DocArg{} : args[0];
}

TEST(DocArgs, SameRenameDrop) {
  EXPECT_EQ(one(row({"min"}, {"min"}, "表示裁剪的最小值。")).action, "same");
  DocArg r = one(row({"input"}, {"x"}, "表示输入的 Tensor ，仅参数名不一致。"));
  EXPECT_EQ(r.action, "rename");
  EXPECT_EQ(r.paddle, "x");
  EXPECT_EQ(one(row({"layout"}, {}, "表示布局方式， Paddle 无此参数，一般对网络训练结果影响不大，可直接删除。")).action, "drop");
}

TEST(DocArgs, SpecialTorchOnlyParameters) {
  EXPECT_EQ(one(row({"out"}, {}, "表示输出的 Tensor ， Paddle 无此参数，需要转写。")).action, "out");
  for (const char* p : {"dtype", "device", "requires_grad", "pin_memory"}) {
    DocArg a = one(row({p}, {}, "Paddle 无此参数，需要转写。"));
    EXPECT_EQ(a.action, p);
    EXPECT_TRUE(a.paddle.empty());
  }
  // A droppable device is dropped, not rewritten.
  EXPECT_EQ(one(row({"device"}, {}, "Paddle 无此参数，一般对网络训练结果影响不大，可直接删除。")).action, "drop");
}

TEST(DocArgs, DefaultTakesPyTorchsDefault) {
  DocArg a = one(row({"eps"}, {"epsilon"}, "参数默认值不一致, PyTorch 默认为`1e-10`， Paddle 为`1e-6`，Paddle 需保持与 PyTorch 一致。"),
                 {"params", "lr=1e-2", "eps=1e-10"});
  EXPECT_EQ(a.action, "default");
  EXPECT_EQ(a.paddle, "epsilon");
  EXPECT_EQ(a.value, "1e-10");
  // Without a PyTorch default the user always passes it: a rename suffices.
  EXPECT_EQ(one(row({"value"}, {"value"}, "参数默认值不一致，PyTorch 无默认值，Paddle 需设置为与 PyTorch 一致。"),
                {"input", "threshold", "value"})
                .action,
            "same");
}

TEST(DocArgs, VarargsToList) {
  DocArg a = one(row({"*size"}, {"shape"}, "PyTorch 以可变参数方式传入，Paddle 以 list 或 tuple 的方式传入，需要转写。"));
  EXPECT_EQ(a.action, "varargs_to_list");
  EXPECT_EQ(a.torch, "*size");
  EXPECT_EQ(a.paddle, "shape");
  EXPECT_EQ(one(row({"*args"}, {"*args"}, "")).action, "same");
}

TEST(DocArgs, UnsupportedWithReasons) {
  DocArg a = one(row({"copy"}, {}, "表示是否复制，Paddle 无此参数，暂无转写方式。"));
  EXPECT_EQ(a.action, "unsupported");
  EXPECT_EQ(a.reason, "no_counterpart");
  EXPECT_EQ(one(row({"special"}, {}, "Paddle 暂不支持该参数.")).reason, "no_counterpart");
  EXPECT_EQ(one(row({"size_average"}, {}, "已弃用，和 reduce 组合决定损失计算方式，需要转写。")).reason, "deprecated");
  EXPECT_EQ(one(row({"alpha"}, {}, "Paddle 无此参数，需要转写。Paddle 应设置 y = alpha * other。")).reason, "needs_rewrite");
  DocArg s = one(row({"ord"}, {"p"}, "PyTorch 支持负实数的范数，Paddle 不支持，暂无转写方式。"));
  EXPECT_EQ(s.action, "unsupported");
  EXPECT_EQ(s.paddle, "p");
  EXPECT_EQ(s.reason, "semantics_differ");
}

TEST(DocArgs, RewriteKeepsPaddleName) {
  DocArg a = one(row({"non_blocking"}, {"blocking"}, "控制 cpu 和 gpu 数据的异步复制，取值相反，需要转写。"));
  EXPECT_EQ(a.action, "rewrite");
  EXPECT_EQ(a.paddle, "blocking");
  EXPECT_EQ(one(row({"device"}, {"place"}, "两者参数类型不相同，需要转写。")).action, "rewrite");
  EXPECT_EQ(one(row({"set_to_none"}, {"set_to_zero"}, "两者功能刚好相反，Paddle 需设置为 False。")).action, "rewrite");
  // "无需转写" is not a rewrite.
  EXPECT_EQ(one(row({"dim"}, {"axis"}, "仅参数名不一致，无需转写。")).action, "rename");
  // A conversion example about a renamed parameter marks it even when the note is silent.
  EXPECT_EQ(one(row({"bidirectional"}, {"direction"}, "Paddle 使用字符串表示。"), {}, {"bidirectional"}).action, "rewrite");
  EXPECT_EQ(one(row({"reduction"}, {"reduction"}, "表示计算方式。"), {}, {"reduction"}).action, "same");
}

TEST(DocArgs, PaddleOnlyRows) {
  std::string problem;
  EXPECT_TRUE(classify_row(row({}, {"data_format"}, "PyTorch 无此参数，Paddle 保持默认即可。"), {}, {}, problem).empty());
  EXPECT_TRUE(classify_row(row({}, {"bias_attr"}, "当`bias_attr`设置为 bool 类型与 PyTorch 的作用一致。"), {}, {}, problem).empty());
  DocArg a = one(row({}, {"place"}, "表示 Tensor 存放位置，PyTorch 无此参数，Paddle 需设置为 'cpu'。"));
  EXPECT_EQ(a.action, "paddle_only");
  EXPECT_TRUE(a.torch.empty());
  EXPECT_EQ(a.paddle, "place");
  EXPECT_EQ(a.value, "'cpu'");
  EXPECT_EQ(one(row({}, {"broadcast"}, "PyTorch 无此参数，Paddle 应设置为 `False` 才与 PyTorch 一致")).value, "False");
  EXPECT_EQ(one(row({}, {"mode"}, "Paddle 需设置为reflect。")).value, "'reflect'");
  EXPECT_EQ(one(row({}, {"axis"}, "PyTorch 无此参数，Paddle 中可以指定 `axis=1` 来对应 PyTorch。")).value, "1");
  EXPECT_EQ(one(row({}, {"dtype"}, "转换的数据类型，Paddle 为 float32，需要转写。")).value, "'float32'");
  DocArg u = one(row({}, {"in_channels"}, "PyTorch 无此参数，Paddle 需要根据实际输入 Tensor 的通道数进行设置。"));
  EXPECT_EQ(u.action, "paddle_only");
  EXPECT_TRUE(u.value.empty());
  EXPECT_EQ(u.reason, "value_unknown");
  EXPECT_EQ(paddle_only_value("Paddle 应设为 start + length。", "ends"), "");
}

TEST(DocArgs, SeveralNamesInOneCellAndResultRows) {
  std::string problem;
  auto many = classify_row(row({"dim0", "dim1"}, {"perm"}, "需要转写。"), {}, {}, problem);
  ASSERT_EQ(many.size(), 2u);
  EXPECT_EQ(many[0].torch, "dim0");
  EXPECT_EQ(many[1].torch, "dim1");
  EXPECT_EQ(many[0].action, "unsupported");
  EXPECT_EQ(many[0].paddle, "perm");
  auto split = classify_row(row({"bias"}, {"bias_ih_attr", "bias_hh_attr"}, "需要转写。"), {}, {}, problem);
  ASSERT_EQ(split.size(), 1u);
  EXPECT_TRUE(split[0].paddle.empty());
  EXPECT_EQ(split[0].reason, "needs_rewrite");
  DocParamRow result = row({"返回值"}, {"返回值"}, "需要转写。");
  EXPECT_TRUE(classify_row(result, {}, {}, problem).empty());
  EXPECT_TRUE(problem.empty());
  EXPECT_TRUE(classify_row(row({"两个 参数"}, {"x"}, ""), {}, {}, problem).empty());
  EXPECT_FALSE(problem.empty());
}

TEST(DocArgs, AlignRowNamesWithSignatures) {
  std::vector<DocParamRow> rows = {row({"tensors"}, {"x"}, ""), row({"kwargs"}, {"kwargs"}, ""),
                                   row({"pin_memeory"}, {}, ""), row({"dim"}, {"axis"}, "")};
  align_row_names(rows, {"*tensors", "dim=0", "pin_memory=False", "**kwargs"}, {"x", "axis=0", "**kwargs"});
  EXPECT_EQ(rows[0].torch, (Strings{"*tensors"}));
  EXPECT_EQ(rows[1].torch, (Strings{"**kwargs"}));
  EXPECT_EQ(rows[1].paddle, (Strings{"**kwargs"}));
  EXPECT_EQ(rows[2].torch, (Strings{"pin_memory"}));
  EXPECT_EQ(rows[3].torch, (Strings{"dim"}));
}

// ---- nodes ----------------------------------------------------------------------------------------

TEST(DocNodes, KindAndOwner) {
  EXPECT_EQ(node_shape("torch.clamp", true).kind, "function");
  EXPECT_EQ(node_shape("torch.nn.Linear", true).kind, "class");
  EXPECT_EQ(node_shape("torch.optim.SGD", true).kind, "class");
  NodeShape m = node_shape("torch.Tensor.view", true);
  EXPECT_EQ(m.kind, "method");
  EXPECT_EQ(m.owner, "torch.Tensor");
  EXPECT_EQ(node_shape("torch.distributions.Distribution.sample", true).owner, "torch.distributions.Distribution");
  EXPECT_EQ(node_shape("torch.optim.Optimizer.step", true).owner, "torch.optim.Optimizer");
  NodeShape a = node_shape("torch.Tensor.T", false);
  EXPECT_EQ(a.kind, "attribute");
  EXPECT_EQ(a.owner, "torch.Tensor");
  EXPECT_EQ(node_shape("torch.float32", false).kind, "attribute");
  EXPECT_EQ(node_shape("torch.float32", false).owner, "");
  EXPECT_EQ(node_shape("torch.nn.modules.batchnorm._BatchNorm", true).kind, "class");
}

TEST(DocNodes, Returns) {
  EXPECT_EQ(infer_returns("torch.nn.Linear", "class"), "Module");
  EXPECT_EQ(infer_returns("torch.nn.Parameter", "class"), "Parameter");
  EXPECT_EQ(infer_returns("torch.optim.SGD", "class"), "Optimizer");
  EXPECT_EQ(infer_returns("torch.optim.lr_scheduler.StepLR", "class"), "LRScheduler");
  EXPECT_EQ(infer_returns("torch.utils.data.DataLoader", "class"), "DataLoader");
  EXPECT_EQ(infer_returns("torch.clamp", "function"), "Tensor");
  EXPECT_EQ(infer_returns("torch.nn.functional.relu", "function"), "Tensor");
  EXPECT_EQ(infer_returns("torch.is_tensor", "function"), "bool");
  EXPECT_EQ(infer_returns("torch.Tensor.add", "method"), "Tensor");
  EXPECT_EQ(infer_returns("torch.Tensor.item", "method"), "float");
  EXPECT_EQ(infer_returns("torch.Tensor.tolist", "method"), "list");
  EXPECT_EQ(infer_returns("torch.Tensor.size", "method"), "Size");
  EXPECT_EQ(infer_returns("torch.Tensor.dim", "method"), "int");
  EXPECT_EQ(infer_returns("torch.Tensor.is_contiguous", "method"), "bool");
  EXPECT_EQ(infer_returns("torch.float32", "attribute"), "dtype");
  EXPECT_EQ(infer_returns("torch.Tensor.shape", "attribute"), "Size");
  EXPECT_EQ(infer_returns("torch.cuda.synchronize", "function"), "other");
  EXPECT_EQ(infer_returns("paddle.nn.Layer", "class"), "Module");
}

TEST(DocNodes, Glob) {
  EXPECT_TRUE(glob_match("torch.*", "torch.abs"));
  EXPECT_FALSE(glob_match("torch.*", "torch.nn.relu"));
  EXPECT_TRUE(glob_match("torch.**", "torch.nn.relu"));
  EXPECT_TRUE(glob_match("{torch,paddle}.Tensor.{is_*,equal}", "paddle.Tensor.is_empty"));
  EXPECT_FALSE(glob_match("{torch,paddle}.Tensor.{is_*,equal}", "paddle.Tensor.isnan"));
}

// ---- whole import ---------------------------------------------------------------------------------

namespace fs = std::filesystem;

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class DocImport : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("t2p_doc_import_" + std::to_string(::getpid()));
    fs::remove_all(root_);
    docs_ = root_ / "docs";
    out_ = root_ / "out";
    write(docs_ / "api_difference" / "torch" / "torch.clamp.md", kClampDoc);
    write(docs_ / "api_difference" / "Tensor" / "torch.Tensor.contiguous.md",
          "## [ 可删除 ] torch.Tensor.contiguous\n### [torch.Tensor.contiguous](l)\n"
          "```python\ntorch.Tensor.contiguous(memory_format=torch.contiguous_format)\n```\n");
    write(docs_ / "api_difference" / "Tensor" / "torch.Tensor.int_repr.md",
          "## [ 功能缺失 ] torch.Tensor.int_repr\n### [torch.Tensor.int_repr](l)\n"
          "```python\ntorch.Tensor.int_repr()\n```\n### []()\n");
    write(docs_ / "api_difference" / "nn" / "torch.nn.Softmin.md",
          "## [ 组合替代实现 ]torch.nn.Softmin\n### [torch.nn.Softmin](l)\n```python\ntorch.nn.Softmin(dim=None)\n```\n");
    write(docs_ / "api_difference_third_party" / "torchvision" / "torchvision.ops.nms.md",
          "## [仅参数名不一致]torchvision.ops.nms\n### [torchvision.ops.nms](l)\n```python\n"
          "torchvision.ops.nms(boxes, scores, iou_threshold)\n```\n### [paddle.vision.ops.nms](l)\n```python\n"
          "paddle.vision.ops.nms(boxes, iou_threshold=0.3, scores=None)\n```\n"
          "| torchvision | PaddlePaddle | 备注 |\n|---|---|---|\n| boxes | boxes | 框。 |\n"
          "| scores | scores | 分数。 |\n| iou_threshold | iou_threshold | 阈值。 |\n");
    write(docs_ / "api_difference" / "torch" / "broken.md", "no heading here\n");
    write(docs_ / "pytorch_api_mapping_cn.md",
          "| ALIAS-REFERENCE-ITEM(`torch.clip`, `torch.clamp`) |\n"
          "| NOT-IMPLEMENTED-ITEM(`torch.Tensor.rename`, https://x, note) |\n"
          "| NOT-IMPLEMENTED-ITEM(`torch.clamp`, https://x, note) |\n");
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path root_, docs_, out_;
};

TEST_F(DocImport, WritesTheSchema) {
  write(out_ / "apis" / "stale.jsonl", "{}\n");
  DocImportReport r = import_mapping_docs(docs_, out_);
  EXPECT_EQ(r.files_read, 6);
  EXPECT_EQ(r.files_imported, 5);
  EXPECT_EQ(r.aliases, 1);
  EXPECT_EQ(r.not_implemented, 2);  // torch.Tensor.rename and the "missing" doc; torch.clamp has a doc
  EXPECT_EQ(r.edges, 4);
  EXPECT_EQ(r.torch_nodes, 5);
  EXPECT_EQ(r.paddle_nodes, 2);
  ASSERT_FALSE(r.problems.empty());
  EXPECT_NE(r.problems[0].find("api_difference/torch/broken.md: "), std::string::npos);

  EXPECT_FALSE(fs::exists(out_ / "apis" / "stale.jsonl"));
  EXPECT_EQ(read(out_ / "edges" / "maps_to.jsonl"),
            "{\"torch\":\"torch.Tensor.contiguous\",\"paddle\":\"\",\"category\":\"removable\","
            "\"versions\":\">=3.0,<3.3\",\"args\":[]}\n"
            "{\"torch\":\"torch.clamp\",\"paddle\":\"paddle.clip\",\"category\":\"torch_more_args\","
            "\"versions\":\">=3.0,<3.3\",\"args\":[{\"torch\":\"input\",\"paddle\":\"x\",\"action\":\"rename\"},"
            "{\"torch\":\"min\",\"paddle\":\"min\",\"action\":\"same\"},{\"torch\":\"out\",\"action\":\"out\"}]}\n"
            "{\"torch\":\"torch.nn.Softmin\",\"category\":\"composite\",\"versions\":\">=3.0,<3.3\",\"args\":[]}\n"
            "{\"torch\":\"torchvision.ops.nms\",\"paddle\":\"paddle.vision.ops.nms\",\"category\":\"renamed\","
            "\"versions\":\">=3.0,<3.3\",\"args\":[{\"torch\":\"boxes\",\"paddle\":\"boxes\",\"action\":\"same\"},"
            "{\"torch\":\"scores\",\"paddle\":\"scores\",\"action\":\"same\"},"
            "{\"torch\":\"iou_threshold\",\"paddle\":\"iou_threshold\",\"action\":\"same\"}]}\n");
  EXPECT_EQ(read(out_ / "edges" / "alias_of.jsonl"), "{\"alias\":\"torch.clip\",\"canonical\":\"torch.clamp\"}\n");
  EXPECT_EQ(read(out_ / "edges" / "not_implemented.jsonl"),
            "{\"torch\":\"torch.Tensor.int_repr\",\"reason\":\"missing\"}\n"
            "{\"torch\":\"torch.Tensor.rename\",\"reason\":\"missing\"}\n");
  EXPECT_EQ(read(out_ / "apis" / "paddle.jsonl"),
            "{\"id\":\"paddle.clip\",\"kind\":\"function\",\"params\":[\"x\",\"min=None\",\"max=None\"],"
            "\"returns\":\"Tensor\"}\n"
            "{\"id\":\"paddle.vision.ops.nms\",\"kind\":\"function\",\"params\":[\"boxes\",\"iou_threshold=0.3\","
            "\"scores=None\"],\"returns\":\"other\"}\n");
  std::string torch = read(out_ / "apis" / "torch.jsonl");
  EXPECT_NE(torch.find("{\"id\":\"torch.Tensor.contiguous\",\"kind\":\"method\",\"owner\":\"torch.Tensor\","
                       "\"params\":[\"memory_format=torch.contiguous_format\"],\"returns\":\"Tensor\"}\n"),
            std::string::npos);
  EXPECT_NE(torch.find("{\"id\":\"torch.nn.Softmin\",\"kind\":\"class\",\"params\":[\"dim=None\"],\"returns\":\"Module\"}"),
            std::string::npos);
  EXPECT_TRUE(fs::exists(out_ / "apis" / "torchvision.jsonl"));
  // The docs' prose and examples never reach the output.
  for (const auto& e : fs::recursive_directory_iterator(out_)) {
    if (!e.is_regular_file()) continue;
    std::string text = read(e.path());
    EXPECT_EQ(text.find("Prose"), std::string::npos) << e.path();
    EXPECT_EQ(text.find("assign"), std::string::npos) << e.path();
    for (unsigned char c : text) EXPECT_LT(c, 0x80) << e.path();
  }
}

TEST_F(DocImport, RerunIsByteIdentical) {
  import_mapping_docs(docs_, out_);
  std::vector<std::string> first;
  for (const char* f : {"apis/torch.jsonl", "apis/paddle.jsonl", "edges/maps_to.jsonl", "edges/alias_of.jsonl",
                        "edges/not_implemented.jsonl"}) {
    first.push_back(read(out_ / f));
  }
  DocImportReport again = import_mapping_docs(docs_, out_);
  size_t i = 0;
  for (const char* f : {"apis/torch.jsonl", "apis/paddle.jsonl", "edges/maps_to.jsonl", "edges/alias_of.jsonl",
                        "edges/not_implemented.jsonl"}) {
    EXPECT_EQ(read(out_ / f), first[i++]) << f;
  }
  EXPECT_EQ(again.edges, 4);
}

TEST(DocImportErrors, MissingFoldersAreProblemsNotCrashes) {
  fs::path root = fs::temp_directory_path() / ("t2p_doc_import_empty_" + std::to_string(::getpid()));
  fs::remove_all(root);
  DocImportReport r = import_mapping_docs(root / "nothing", root / "out");
  EXPECT_EQ(r.files_read, 0);
  EXPECT_GE(r.problems.size(), 2u);
  fs::remove_all(root);
}

}  // namespace
}  // namespace t2p::kg
