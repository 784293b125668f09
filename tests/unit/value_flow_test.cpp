// Where a callable named as a value goes, and the calls made through it (rules/value_flow.h).
#include "rules/value_flow.h"

#include <gtest/gtest.h>

#include "snippet.h"

namespace t2p::rules {
namespace {

using testing_support::Snippet;

ValueFlow flow_of(const Snippet& s, const char* attribute, bool partial_converted = false) {
  const semantic::Reference* r = s.attribute(attribute);
  EXPECT_NE(r, nullptr) << attribute;
  return r ? trace_value(r->node, s.source(), partial_converted) : ValueFlow{};
}

TEST(ValueFlow, LocalNameCallsAreSeenAndTestsAndRebindingsPass) {
  Snippet s(
      "import torch.nn as nn\n"
      "def f(c, norm=None):\n"
      "    if norm is None:\n"
      "        norm = nn.BatchNorm2d\n"
      "    a = norm(c)\n"
      "    b = norm(c, eps=1e-3, *rest)\n");
  ValueFlow flow = flow_of(s, "nn.BatchNorm2d");
  EXPECT_FALSE(flow.escapes);
  ASSERT_EQ(flow.calls.size(), 2u);
  EXPECT_EQ(flow.calls[0].positional, 1u);
  EXPECT_TRUE(flow.calls[0].keywords.empty());
  EXPECT_FALSE(flow.calls[0].star);
  ASSERT_EQ(flow.calls[1].keywords.size(), 1u);
  EXPECT_EQ(flow.calls[1].keywords[0], "eps");
  EXPECT_TRUE(flow.calls[1].star);
}

TEST(ValueFlow, ParameterDefaultAndKeywordIntoAClassOfTheFile) {
  Snippet s(
      "import torch.nn as nn\n"
      "class Block:\n"
      "    def __init__(self, d, act=None):\n"
      "        self.act = act(inplace=True) if act is not None else None\n"
      "def stem(d, layer=nn.ReLU):\n"
      "    return Block(d, act=layer)\n");
  ValueFlow flow = flow_of(s, "nn.ReLU");
  EXPECT_FALSE(flow.escapes);
  ASSERT_EQ(flow.calls.size(), 1u);
  ASSERT_EQ(flow.calls[0].keywords.size(), 1u);
  EXPECT_EQ(flow.calls[0].keywords[0], "inplace");
}

TEST(ValueFlow, StoredReturnedOrPassedElsewhereEscapes) {
  EXPECT_TRUE(flow_of(Snippet("import torch.nn as nn\ndef f(n=nn.ReLU):\n    self.n = n\n"), "nn.ReLU").escapes);
  EXPECT_TRUE(flow_of(Snippet("import torch.nn as nn\ndef f(n=nn.ReLU):\n    return n\n"), "nn.ReLU").escapes);
  EXPECT_TRUE(flow_of(Snippet("import torch.nn as nn\ndef f(n=nn.ReLU):\n    g(n)\n"), "nn.ReLU").escapes);
  EXPECT_TRUE(flow_of(Snippet("import torch.nn as nn\ndef f(n=nn.ReLU):\n    Other(act=n)\n"), "nn.ReLU").escapes);
  EXPECT_TRUE(flow_of(Snippet("import torch.nn as nn\nact = nn.ReLU\n"), "nn.ReLU").escapes);  // a module's name
  // `Block` is the caller's parameter here, not the class of the file.
  EXPECT_TRUE(flow_of(Snippet("import torch.nn as nn\nclass Block:\n    def __init__(self, act=None):\n        pass\n"
                              "def f(Block, n=nn.ReLU):\n    return Block(act=n)\n"),
                      "nn.ReLU")
                  .escapes);
  EXPECT_TRUE(flow_of(Snippet("import torch.nn as nn\nclass C:\n    act = nn.ReLU\n"), "nn.ReLU").escapes);
  // `self.n` and a keyword named `n` are other names: they neither escape nor count as calls.
  ValueFlow other = flow_of(Snippet("import torch.nn as nn\ndef f(n=nn.ReLU):\n    self.n(1)\n    g(n=2)\n"), "nn.ReLU");
  EXPECT_FALSE(other.escapes);
  EXPECT_TRUE(other.calls.empty());
}

TEST(ValueFlow, PartialBindsArgumentsFirst) {
  Snippet s(
      "import torch.nn as nn\n"
      "from functools import partial\n"
      "def f(c):\n"
      "    norm = partial(nn.GroupNorm, 32, eps=1e-6)\n"
      "    return norm(c).weight\n");
  ValueFlow flow = flow_of(s, "nn.GroupNorm");
  EXPECT_FALSE(flow.escapes);
  ASSERT_EQ(flow.calls.size(), 1u);
  EXPECT_EQ(flow.calls[0].positional, 2u);
  ASSERT_EQ(flow.calls[0].keywords.size(), 1u);
  // Converted, the partial's keywords are Paddle's already.
  EXPECT_TRUE(flow_of(s, "nn.GroupNorm", true).calls[0].keywords.empty());
}

}  // namespace
}  // namespace t2p::rules
