// tests: each condition of a template case's `when` (src/rules/template_conditions.cpp) on one
// call: whether case_holds accepts or refuses it, condition by condition.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "call_site.h"
#include "rules/template_conditions.h"

namespace t2p::rules {
namespace {

class ConditionTest : public testing_support::CallSiteTest {
 protected:
  bool holds(const kg::TemplateCase& c) {
    static const std::vector<kg::Param> none;
    return case_holds(c, args_, params_ ? *params_ : none, site_, *types_);
  }
};

TEST_F(ConditionTest, CountsArgumentsAndPositionals) {
  load("torch.t(x, 1, keepdim=True)\n", "torch.t(x, 1, keepdim=True)", {"input", "dim=None", "keepdim=False"});
  kg::TemplateCase c;
  c.nargs = 3;
  EXPECT_TRUE(holds(c));
  c.nargs = 2;
  EXPECT_FALSE(holds(c));
  c = {};
  c.positional = 2;
  EXPECT_TRUE(holds(c));
  c.positional = 3;
  EXPECT_FALSE(holds(c));
}

TEST_F(ConditionTest, HasAndLacksSeeKeywordsAndBoundPositionals) {
  load("torch.t(x, 1)\n", "torch.t(x, 1)", {"input", "dim=None", "keepdim=False"});
  kg::TemplateCase c;
  c.has = {"dim"};  // passed by position, bound to `dim`
  EXPECT_TRUE(holds(c));
  c.has = {"keepdim"};
  EXPECT_FALSE(holds(c));
  c = {};
  c.lacks = {"keepdim"};
  EXPECT_TRUE(holds(c));
  c.lacks = {"dim"};
  EXPECT_FALSE(holds(c));
}

TEST_F(ConditionTest, IntTensorAndNumberAskTheTypeInference) {
  load("import torch\nx = torch.zeros(3)\ny = torch.ones(3)\ntorch.t(x, 1)\ntorch.t(x, y)\ntorch.t(x, 0.5)\n", "torch.t(x, 1)",
       {"input", "other"});
  kg::TemplateCase c;
  c.ints = {"other"};
  EXPECT_TRUE(holds(c));
  c = {};
  c.tensors = {"other"};
  EXPECT_FALSE(holds(c));
  load("import torch\nx = torch.zeros(3)\ny = torch.ones(3)\ntorch.t(x, y)\n", "torch.t(x, y)", {"input", "other"});
  EXPECT_TRUE(holds(c));  // y is a tensor
  c = {};
  c.ints = {"other"};
  EXPECT_FALSE(holds(c));
  load("torch.t(x, 0.5)\n", "torch.t(x, 0.5)", {"input", "other"});
  c = {};
  c.numbers = {"other"};
  EXPECT_TRUE(holds(c));
  c = {};
  c.ints = {"other"};
  EXPECT_FALSE(holds(c));
}

TEST_F(ConditionTest, SequenceShapeAndDtype) {
  load("import torch\nx = torch.zeros(3)\ntorch.t([1, 2], x.shape, torch.float16)\n", "torch.t([1, 2], x.shape, torch.float16)",
       {"a", "b", "c"});
  kg::TemplateCase c;
  c.sequences = {"a"};
  EXPECT_TRUE(holds(c));
  c.sequences = {"b"};
  EXPECT_FALSE(holds(c));
  c = {};
  c.shapes = {"b"};
  EXPECT_TRUE(holds(c));
  c.shapes = {"a"};
  EXPECT_FALSE(holds(c));
  c = {};
  c.dtypes = {"c"};
  EXPECT_TRUE(holds(c));
  c.dtypes = {"a"};
  EXPECT_FALSE(holds(c));
}

TEST_F(ConditionTest, ValuesCompareTheTextQuotesIgnored) {
  load("torch.t(x, rounding_mode=\"floor\")\n", "torch.t(x, rounding_mode=\"floor\")", {"input", "rounding_mode=None"});
  kg::TemplateCase c;
  c.values = {{"rounding_mode", "'floor'"}};
  EXPECT_TRUE(holds(c));
  c.values = {{"rounding_mode", "'trunc'"}};
  EXPECT_FALSE(holds(c));
}

TEST_F(ConditionTest, NamesAndStatement) {
  load("y = torch.t(a.b, f(c))\n", "torch.t(a.b, f(c))", {"x", "y"});
  kg::TemplateCase c;
  c.names = {"x"};
  EXPECT_TRUE(holds(c));  // an attribute chain evaluates alike twice
  c.names = {"y"};
  EXPECT_FALSE(holds(c));  // a call does not
  c = {};
  c.statement = true;
  EXPECT_FALSE(holds(c));  // the value of an assignment
  load("torch.t(a)\n", "torch.t(a)", {"x"});
  EXPECT_TRUE(holds(c));
}

TEST_F(ConditionTest, BoolSeesComparisonsAndTheirCombinations) {
  kg::TemplateCase c;
  c.bools = {"x"};
  for (const char* call : {"torch.t(a == b)", "torch.t((a < 0) & ~(b > 1))", "torch.t((a != b).data)",
                           "torch.t(a.isnan().detach())", "torch.t(m.eq(0).logical_not())"}) {
    load(std::string(call) + "\n", call, {"x"});
    EXPECT_TRUE(holds(c)) << call;
  }
  for (const char* call : {"torch.t(a)", "torch.t(a + b)", "torch.t((a == b) + 1)", "torch.t(a.sum())", "torch.t(a.data)"}) {
    load(std::string(call) + "\n", call, {"x"});
    EXPECT_FALSE(holds(c)) << call;
  }
  method_ = true;
  c.bools = {"receiver"};
  load("(y == p).all()\n", "(y == p).all()", {});
  EXPECT_TRUE(holds(c));
  load("y.all()\n", "y.all()", {});
  EXPECT_FALSE(holds(c));
}

TEST_F(ConditionTest, NextSeesTheIteratorOfTheBuiltin) {
  kg::TemplateCase c;
  c.next = true;
  method_ = true;
  for (const char* text : {"p = next(m.parameters())\n", "p = next((m.parameters()), None)\n"}) {
    load(text, "m.parameters()", {});
    EXPECT_TRUE(holds(c)) << text;
  }
  for (const char* text : {"p = list(m.parameters())\n", "p = next(d, m.parameters())\n", "p = m.parameters()\n",
                           "def next(x):\n    return x\np = next(m.parameters())\n"}) {
    load(text, "m.parameters()", {});
    EXPECT_FALSE(holds(c)) << text;  // another call, the default, no call, a `next` of the file
  }
  // Bound to a name that the scope gives to next: PyTorch's generator is one iterator.
  load("def f(m):\n    it = m.parameters()\n    return next(it)\n", "m.parameters()", {});
  EXPECT_TRUE(holds(c));
  load("def f(m):\n    it = m.parameters()\n    return list(it)\n", "m.parameters()", {});
  EXPECT_FALSE(holds(c));
}

}  // namespace
}  // namespace t2p::rules
