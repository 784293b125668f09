// A PyTorch callable named as a value: where it is one, and what its review note says.
#include "rules/value_references.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "rules/value_flow.h"
#include "snippet.h"

namespace t2p::rules {
namespace {

using testing_support::Snippet;

bool value_use(const char* source, const char* attribute, int nth = 0) {
  Snippet s(source);
  const semantic::Reference* r = s.attribute(attribute, nth);
  EXPECT_NE(r, nullptr) << attribute;
  return r && passed_as_value(r->node, s.source());
}

TEST(PassedAsValue, ArgumentsDefaultsAssignmentsAndCollections) {
  EXPECT_TRUE(value_use("import torch.nn as nn\nf(norm_layer=nn.BatchNorm2d)\n", "nn.BatchNorm2d"));
  EXPECT_TRUE(value_use("import torch.nn as nn\ndef f(act=nn.ReLU): pass\n", "nn.ReLU"));
  EXPECT_TRUE(value_use("import torch.nn as nn\ndef f(act: type = nn.ReLU): pass\n", "nn.ReLU"));
  EXPECT_TRUE(value_use("import torch.nn as nn\nact = nn.ReLU\n", "nn.ReLU"));
  EXPECT_TRUE(value_use("import torch.nn as nn\nnorm = partial(nn.LayerNorm, eps=1e-6)\n", "nn.LayerNorm"));
  EXPECT_TRUE(value_use("import torch.nn as nn\nacts = {'relu': nn.ReLU}\n", "nn.ReLU"));
  EXPECT_TRUE(value_use("import torch.nn as nn\ndef f():\n    return nn.GELU\n", "nn.GELU"));
}

TEST(PassedAsValue, TypeChecksBasesAnnotationsAndComparisonsAreNot) {
  EXPECT_FALSE(value_use("import torch.nn as nn\nisinstance(m, (nn.Conv2d, nn.Linear))\n", "nn.Linear"));
  EXPECT_FALSE(value_use("import torch.nn as nn\nclass B(nn.BatchNorm2d): pass\n", "nn.BatchNorm2d"));
  EXPECT_FALSE(value_use("import torch.nn as nn\ndef f(m: nn.Module): pass\n", "nn.Module"));
  EXPECT_FALSE(value_use("import torch.nn as nn\nok = type(m) == nn.Linear\n", "nn.Linear", 0));
}

kg::ApiRecord record(const char* torch, const char* paddle, std::vector<std::string> torch_params,
                     std::vector<std::string> paddle_params) {
  kg::ApiRecord r;
  r.torch = torch;
  r.paddle = paddle;
  r.kind = "class";
  r.status = kg::ApiStatus::kMapped;
  r.torch_params = kg::parse_signature(nlohmann::json(torch_params));
  r.paddle_params = kg::parse_signature(nlohmann::json(paddle_params));
  return r;
}

kg::ArgRule rule(const char* torch, const char* paddle, kg::ArgAction action, const char* expr = "") {
  kg::ArgRule a;
  a.torch = torch;
  a.paddle = paddle;
  a.action = action;
  a.expr = expr;
  return a;
}

TEST(ValueReferenceReview, SameParametersNeedNoNote) {
  EXPECT_EQ(value_reference_review(record("torch.nn.Identity", "paddle.nn.Identity", {"*args", "**kwargs"}, {"*args", "**kwargs"})), "");
  EXPECT_EQ(value_reference_review(record("torch.nn.Tanh", "paddle.nn.Tanh", {}, {"name=None"})), "");
}

TEST(ValueReferenceReview, SaysWhatACallThroughItMustPass) {
  kg::ApiRecord bn = record("torch.nn.BatchNorm2d", "paddle.nn.BatchNorm2D", {"num_features", "eps=1e-05", "momentum=0.1"},
                            {"num_features", "momentum=0.9", "epsilon=1e-05"});
  bn.args = {rule("eps", "epsilon", kg::ArgAction::kRename), rule("momentum", "momentum", kg::ArgAction::kValueExpr, "1 - {value}")};
  EXPECT_EQ(value_reference_review(bn),
            "passed as a value, it becomes paddle.nn.BatchNorm2D: a call made through it must pass Paddle's arguments "
            "(eps is epsilon; a positional eps goes to another parameter; momentum is 1 - momentum)");

  kg::ApiRecord relu = record("torch.nn.ReLU", "paddle.nn.ReLU", {"inplace=False"}, {"name=None"});
  relu.args = {rule("inplace", "", kg::ArgAction::kDrop)};
  EXPECT_EQ(value_reference_review(relu),
            "passed as a value, it becomes paddle.nn.ReLU: a call made through it must pass Paddle's arguments (inplace does not exist)");
}

TEST(InheritedCallProblem, OnlyTheArgumentsPassedCount) {
  kg::ApiRecord ln = record("torch.nn.LayerNorm", "paddle.nn.LayerNorm", {"normalized_shape", "eps=1e-05", "elementwise_affine=True"},
                            {"normalized_shape", "epsilon=1e-05", "weight_attr=None", "bias_attr=None"});
  ln.args = {rule("eps", "epsilon", kg::ArgAction::kRename), rule("elementwise_affine", "weight_attr", kg::ArgAction::kValueMap)};
  EXPECT_EQ(inherited_call_problem(ln, {}, 1), "");
  EXPECT_EQ(inherited_call_problem(ln, {"normalized_shape"}, 0), "");
  EXPECT_EQ(inherited_call_problem(ln, {"eps"}, 1),
            "the class derives from torch.nn.LayerNorm without an __init__ of its own, so it is built by "
            "paddle.nn.LayerNorm, which takes these arguments otherwise (eps is epsilon)");
  // A second positional argument is eps in PyTorch, epsilon is Paddle's second too: the value lands right.
  EXPECT_EQ(inherited_call_problem(ln, {}, 2), "");
  EXPECT_NE(inherited_call_problem(ln, {}, 3), "");
}

TEST(CallsThroughReview, CallsInSightDecideTheNote) {
  Snippet s("import torch.nn as nn\ndef f(d, norm=nn.LayerNorm):\n    a = norm(d)\n    b = norm(\n        d, eps=1e-6)\n");
  kg::ApiRecord ln = record("torch.nn.LayerNorm", "paddle.nn.LayerNorm", {"normalized_shape", "eps=1e-05"},
                            {"normalized_shape", "epsilon=1e-05"});
  ln.args = {rule("eps", "epsilon", kg::ArgAction::kRename)};
  ValueFlow flow;
  flow.escapes = false;
  CallThrough plain;
  plain.call = s.call("norm(d)")->node;
  plain.positional = 1;
  flow.calls.push_back(plain);
  EXPECT_EQ(calls_through_review(ln, flow, s.source()), "");
  CallThrough with_eps;
  with_eps.call = s.call("norm(\n        d, eps=1e-6)")->node;
  with_eps.positional = 1;
  with_eps.keywords = {"eps"};
  flow.calls.push_back(with_eps);
  EXPECT_EQ(calls_through_review(ln, flow, s.source()),
            "passed as a value, it becomes paddle.nn.LayerNorm, and the call through it on line 4 of the input (`norm(d, eps=1e-6)`) "
            "passes PyTorch's arguments (eps is epsilon)");
  flow.escapes = true;
  EXPECT_EQ(calls_through_review(ln, flow, s.source()), value_reference_review(ln));
}

}  // namespace
}  // namespace t2p::rules
