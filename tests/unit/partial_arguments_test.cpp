// The arguments a partial binds to a torch callable, converted (rules/partial_arguments.h).
#include "rules/partial_arguments.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "rewrite/apply_edits.h"
#include "snippet.h"

namespace t2p::rules {
namespace {

using testing_support::Snippet;

kg::ApiRecord batch_norm() {
  kg::ApiRecord r;
  r.torch = "torch.nn.BatchNorm2d";
  r.paddle = "paddle.nn.BatchNorm2D";
  r.kind = "class";
  r.status = kg::ApiStatus::kMapped;
  r.torch_params = kg::parse_signature(nlohmann::json({"num_features", "eps=1e-05", "momentum=0.1", "affine=True"}));
  r.paddle_params = kg::parse_signature(nlohmann::json({"num_features", "momentum=0.9", "epsilon=1e-05", "weight_attr=None"}));
  kg::ArgRule eps;
  eps.torch = "eps";
  eps.paddle = "epsilon";
  eps.action = kg::ArgAction::kRename;
  kg::ArgRule momentum;
  momentum.torch = "momentum";
  momentum.paddle = "momentum";
  momentum.action = kg::ArgAction::kValueExpr;
  momentum.expr = "1 - {value}";
  kg::ArgRule affine;
  affine.torch = "affine";
  affine.paddle = "weight_attr";
  affine.action = kg::ArgAction::kRewrite;
  r.args = {eps, momentum, affine};
  return r;
}

// The partial's text after the plan, or the reason it refuses.
std::string converted(const char* code) {
  Snippet s(std::string("import torch.nn as nn\nfrom functools import partial\nn = ") + code + "\n");
  const semantic::Reference* r = s.attribute("nn.BatchNorm2d");
  if (!r) return "no reference";
  TSNode call = partial_around(r->node, s.source());
  if (ts_node_is_null(call)) return "no partial";
  PartialPlan plan = plan_partial_arguments(call, s.source(), batch_norm());
  if (!plan.ok) return "refused: " + plan.reason;
  std::string out = rewrite::apply_edits(s.source(), plan.edits);
  return out.substr(out.find("n = ") + 4, out.size() - out.find("n = ") - 5);
}

TEST(PartialArguments, KeywordsBecomePaddles) {
  EXPECT_EQ(converted("partial(nn.BatchNorm2d, eps=1e-3, momentum=0.01)"), "partial(nn.BatchNorm2d, epsilon=1e-3, momentum=1 - 0.01)");
  EXPECT_EQ(converted("partial(nn.BatchNorm2d, momentum=m)"), "partial(nn.BatchNorm2d, momentum=1 - m)");
  EXPECT_EQ(converted("partial(nn.BatchNorm2d, 64)"), "partial(nn.BatchNorm2d, 64)");
}

TEST(PartialArguments, RefusesWhatTheMapCannotWrite) {
  EXPECT_EQ(converted("partial(nn.BatchNorm2d, affine=False)"),
            "refused: the partial passes affine, which paddle.nn.BatchNorm2D takes as other values");
  EXPECT_EQ(converted("partial(nn.BatchNorm2d, 64, 1e-3)"),
            "refused: the partial passes eps by position, which paddle.nn.BatchNorm2D takes at another place");
  EXPECT_EQ(converted("partial(nn.BatchNorm2d, momentum=cfg.m)"),
            "refused: the partial's momentum is an expression the map of torch.nn.BatchNorm2d would be written around");
  EXPECT_EQ(converted("partial(nn.BatchNorm2d, **kw)"), "refused: the partial passes * or ** arguments");
  EXPECT_EQ(converted("partial(f, nn.BatchNorm2d)"), "no partial");
}

}  // namespace
}  // namespace t2p::rules
