// tests: each template placeholder's handler (src/rules/handlers/placeholder_*.cpp) on one call.
#include <gtest/gtest.h>

#include <string>

#include "call_site.h"
#include "kg/template_text.h"
#include "rules/handlers/placeholders.h"
#include "rules/template_expander.h"

namespace t2p::rules {
namespace {

class PlaceholderTest : public testing_support::CallSiteTest {
 protected:
  // Expands template `text` for the loaded call; the text written, or "FAIL: <reason>".
  std::string expand(std::string_view text, std::string target = "") {
    static const std::vector<kg::Param> none;
    TemplateContext ctx{site_, record_, args_, params_ ? *params_ : none, params_ != nullptr, *types_, edits_.get(),
                        TSNode{}, {}, std::move(target), {}, {}};
    std::string out;
    if (!expand_template(kg::parse_template(text), ctx, out)) return "FAIL: " + ctx.reason;
    return out;
  }
};

TEST_F(PlaceholderTest, ReceiverArgsAndTarget) {
  method_ = true;
  load("y = a.t(1,  b)\n", "a.t(1,  b)", {"x", "y"});
  EXPECT_EQ(expand("f({receiver})"), "f(a)");
  EXPECT_EQ(expand("g({args})"), "g(1,  b)");  // the user's text, byte for byte
  EXPECT_EQ(expand("h({target})", "y"), "h(y)");
  method_ = false;
  load("torch.t(1)\n", "torch.t(1)", {"x"});
  EXPECT_EQ(expand("{receiver}.m()"), "FAIL: rule torch.t needs a receiver");
}

TEST_F(PlaceholderTest, ArgByNameWithDefaultAndParentheses) {
  load("torch.t(p, dim=a + 1)\n", "torch.t(p, dim=a + 1)", {"input", "dim=None", "keep=False"});
  EXPECT_EQ(expand("f({arg:input}, axis={arg:dim})"), "f(p, axis=a + 1)");
  EXPECT_EQ(expand("{(arg:dim)} * 2"), "(a + 1) * 2");
  EXPECT_EQ(expand("{(arg:input)} * 2"), "p * 2");  // atomic: no parentheses
  EXPECT_EQ(expand("f({arg:keep|True})"), "f(True)");
  EXPECT_EQ(expand("f({arg:keep})"), "FAIL: rule torch.t needs argument 'keep'");
}

TEST_F(PlaceholderTest, ArgWrittenTwiceMustEvaluateAlike) {
  load("torch.t(model(x))\n", "torch.t(model(x))", {"input"});
  EXPECT_EQ(expand("f({arg:input}, {arg:input})").rfind("FAIL: the Paddle form of torch.t writes the argument `model(x)` twice", 0), 0u);
  load("torch.t(x.y)\n", "torch.t(x.y)", {"input"});
  EXPECT_EQ(expand("f({arg:input}, {arg:input})"), "f(x.y, x.y)");
}

TEST_F(PlaceholderTest, ArgOnVarargsWritesOneList) {
  load("torch.t(2, 3)\n", "torch.t(2, 3)", {"*size"});
  EXPECT_EQ(expand("zeros({arg:size})"), "zeros([2, 3])");
  load("torch.t(*shape)\n", "torch.t(*shape)", {"*size"});
  EXPECT_EQ(expand("zeros({arg:size})"), "zeros(shape)");
  load("torch.t(x.shape)\n", "torch.t(x.shape)", {"*size"});
  EXPECT_EQ(expand("zeros({arg:size})"), "zeros(x.shape)");  // one whole shape stays as is
}

TEST_F(PlaceholderTest, ArgIndexNeedsAPositionalArgument) {
  load("torch.t(a, b=2)\n", "torch.t(a, b=2)", {"a", "b=1"});
  EXPECT_EQ(expand("f({arg0})"), "f(a)");
  EXPECT_EQ(expand("f({arg1})"), "FAIL: rule torch.t needs positional argument 1");
}

TEST_F(PlaceholderTest, KeywordsForThePassedArgumentsOnly) {
  load("torch.t(x, low=0)\n", "torch.t(x, low=0)", {"input", "low=0", "high=1"});
  EXPECT_EQ(expand("f({kw:low=min,high=max})"), "f(min=0)");
  EXPECT_EQ(expand("f(x{opt:low=lo}{opt:high})"), "f(x, lo=0)");
}

TEST_F(PlaceholderTest, DeviceStringsFoldLiterals) {
  load("torch.t('cuda', 1)\n", "torch.t('cuda', 1)", {"type", "index=None"});
  EXPECT_EQ(expand("{device:type,index}"), "'gpu:1'");
  EXPECT_EQ(expand("{device:type}"), "'gpu'");
  load("torch.t(kind, i)\n", "torch.t(kind, i)", {"type", "index=None"});
  EXPECT_EQ(expand("{device:type,index}"), "str(kind).replace(\"cuda\", \"gpu\") + ':' + str(i)");
  load("torch.t(0)\n", "torch.t(0)", {"type", "index=None"});
  EXPECT_EQ(expand("{device:type}"), "'gpu:0'");
  load("torch.t()\n", "torch.t()", {"type=None"});
  EXPECT_EQ(expand("{device:type}"), "FAIL: rule torch.t needs argument 'type'");
}

TEST_F(PlaceholderTest, ItemOfALiteralOrASubscript) {
  load("torch.t(out=(v, i))\n", "torch.t(out=(v, i))", {"out=None"});
  EXPECT_EQ(expand("{item:out,1}"), "i");
  EXPECT_EQ(expand("{item:out,2}"), "FAIL: argument 'out' of torch.t has too few elements");
  load("torch.t(out=a + b)\n", "torch.t(out=a + b)", {"out=None"});
  EXPECT_EQ(expand("{item:out,0}"), "(a + b)[0]");
}

TEST_F(PlaceholderTest, PathJoinsALiteralDirectory) {
  load("torch.t('./data/')\n", "torch.t('./data/')", {"root"});
  EXPECT_EQ(expand("{path:root/raw/x.gz}"), "'./data/raw/x.gz'");
  load("torch.t(d)\n", "torch.t(d)", {"root"});
  EXPECT_EQ(expand("{path:root/raw/x.gz}"), "str(d) + '/raw/x.gz'");
}

TEST_F(PlaceholderTest, StrQuotesNumbersOnly) {
  load("torch.t(2, 's', n)\n", "torch.t(2, 's', n)", {"a", "b", "c"});
  EXPECT_EQ(expand("{str:a} {str:b} {str:c}"), "'2' 's' str(n)");
}

TEST_F(PlaceholderTest, UnknownPlaceholderIsWrittenBack) {
  // `kg compile` rejects it; should a graph hold one, the text keeps it visibly.
  load("torch.t(1)\n", "torch.t(1)", {"a"});
  EXPECT_EQ(expand("f({rest})"), "f({rest})");
}

TEST_F(PlaceholderTest, AValueSpanningLinesIsParenthesisedOutsideBrackets) {
  load("torch.t(c, 'a '\n        'b')\n", "torch.t(c, 'a '\n        'b')", {"cond", "message"});
  EXPECT_EQ(expand("assert {arg:cond}, {arg:message}"), "assert c, ('a '\n        'b')");
  EXPECT_EQ(expand("f({arg:message})"), "f('a '\n        'b')");
}

TEST_F(PlaceholderTest, TypeCheckWritesWhatTorchJitIsinstanceChecks) {
  load("from typing import Dict, List, Optional, Tuple\ntorch.t(x, List[int])\n", "torch.t(x, List[int])", {"obj", "target_type"});
  EXPECT_EQ(expand("{typecheck:obj,target_type}"), "(isinstance(x, list) and all(isinstance(t2p_e, int) for t2p_e in x))");
  load("torch.t(x, Dict[str, List[int]])\n", "torch.t(x, Dict[str, List[int]])", {"obj", "target_type"});
  EXPECT_EQ(expand("{typecheck:obj,target_type}"),
            "(isinstance(x, dict) and all(isinstance(t2p_k, str) and (isinstance(t2p_v, list) and all(isinstance(t2p_e, int) "
            "for t2p_e in t2p_v)) for t2p_k, t2p_v in x.items()))");
  load("torch.t(x, Tuple[int, str])\n", "torch.t(x, Tuple[int, str])", {"obj", "target_type"});
  EXPECT_EQ(expand("{typecheck:obj,target_type}"), "(isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], int) and isinstance(x[1], str))");
  load("torch.t(x, Optional[int])\n", "torch.t(x, Optional[int])", {"obj", "target_type"});
  EXPECT_EQ(expand("{typecheck:obj,target_type}"), "(x is None or isinstance(x, int))");
  load("torch.t(x, (int, str))\n", "torch.t(x, (int, str))", {"obj", "target_type"});
  EXPECT_EQ(expand("{typecheck:obj,target_type}"), "(isinstance(x, int) or isinstance(x, str))");
  load("torch.t(x, List)\n", "torch.t(x, List)", {"obj", "target_type"});
  EXPECT_EQ(expand("{typecheck:obj,target_type}").rfind("FAIL: torch.jit.isinstance: a bare List", 0), 0u);
  load("torch.t(x, Tuple[int, ...])\n", "torch.t(x, Tuple[int, ...])", {"obj", "target_type"});
  EXPECT_EQ(expand("{typecheck:obj,target_type}").rfind("FAIL: torch.jit.isinstance: a variable-length", 0), 0u);
}

}  // namespace
}  // namespace t2p::rules
