// tests: rules::bind_star_arguments / check_star_arguments (calls with `*args` and `**kw`) and
// rules::truth_value_form (value tables with an expression value), on hand-made records.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "parse/node_kinds.h"
#include "rules/argument_value_forms.h"
#include "rules/call_arguments.h"
#include "rules/star_arguments.h"
#include "snippet.h"

namespace t2p::rules {
namespace {

using testing_support::Snippet;

// torch.f(input, weight, bias=True, *, dtype=None) -> paddle.f(x, weight, bias_attr=None)
kg::ApiRecord record() {
  kg::ApiRecord r;
  r.torch = "torch.f";
  r.paddle = "paddle.f";
  r.status = kg::ApiStatus::kMapped;
  r.torch_params = kg::parse_signature(nlohmann::json::array({"input", "weight", "bias=True", "*", "dtype=None"}));
  r.paddle_params = kg::parse_signature(nlohmann::json::array({"x", "weight", "bias_attr=None"}));
  kg::ArgRule in{"input", "x", kg::ArgAction::kRename};
  kg::ArgRule bias{"bias", "bias_attr", kg::ArgAction::kValueMap};
  bias.values = {{"False", "False"}, {"True", ""}};
  kg::ArgRule dtype{"dtype", "", kg::ArgAction::kDrop};
  r.args = {in, bias, dtype};
  return r;
}

struct Bound {
  const std::vector<kg::Param>* signature = nullptr;
  StarBinding stars;
  std::string reason, review;
  std::vector<KeywordExpansion> expansions;
  bool ok = false;
};

// Binds and checks the call `text` (the last call of the snippet's last line).
Bound bind(const Snippet& s, const kg::ApiRecord& r, std::string_view text, size_t paddle_position) {
  Bound b;
  const semantic::Reference* ref = s.call(text);
  EXPECT_NE(ref, nullptr) << text;
  if (!ref) return b;
  CallArguments ca = read_arguments(ref->node, s.source(), &s.model());
  EXPECT_TRUE(has_star_arguments(ca));
  b.signature = bind_star_arguments(r, &ca, s.model(), s.source(), ref->scope, &b.stars, &b.reason);
  if (!b.signature) return b;
  b.ok = check_star_arguments(r, *b.signature, ca, b.stars, paddle_position, false, s.source(), &b.expansions, &b.review,
                              &b.reason);
  return b;
}

TEST(StarArguments, OpaqueKwsplatNamesTheKeywordsPaddleSpellsDifferently) {
  Snippet s("import torch\ny = torch.f(a, w, **kw)\n");
  Bound b = bind(s, record(), "torch.f(a, w, **kw)", 2);
  ASSERT_TRUE(b.ok) << b.reason;
  EXPECT_TRUE(b.stars.opaque_kwsplat);
  EXPECT_EQ(b.review, "**kw is passed as written: check that it holds none of bias (Paddle: bias_attr, converted), "
                      "dtype (not passed to Paddle)");
}

TEST(StarArguments, VisibleKeysThatPassUnchangedConvertExactly) {
  Snippet s("import torch\ndef g(a):\n    kw = dict(weight=a)\n    return torch.f(a, **kw)\n");
  Bound b = bind(s, record(), "torch.f(a, **kw)", 1);
  ASSERT_TRUE(b.ok) << b.reason;
  EXPECT_FALSE(b.stars.opaque_kwsplat);
  ASSERT_EQ(b.stars.visible_keys.size(), 1u);
  EXPECT_EQ(b.stars.visible_keys[0].first, "weight");
  EXPECT_EQ(b.review, "");
}

TEST(StarArguments, VisibleKeysThatChangeAreReported) {
  Snippet s("import torch\ny = torch.f(a, w, **{'bias': False})\n");
  Bound b = bind(s, record(), "torch.f(a, w, **{'bias': False})", 2);
  EXPECT_FALSE(b.ok);  // certainly wrong as written: reported
  EXPECT_NE(b.reason.find("bias (Paddle: bias_attr, converted)"), std::string::npos) << b.reason;
}

TEST(StarArguments, VisibleDictsWithKeysPaddleDropsOrRenamesAreWrittenOut) {
  kg::ApiRecord r = record();
  r.args.push_back({"weight", "w", kg::ArgAction::kRename});
  // `dtype` is dropped, `weight` renamed: a dict bound in the scope is read by key.
  Snippet s("import torch\ndef g(a, t, v):\n    kw = {'dtype': t, 'weight': v}\n    return torch.f(a, **kw)\n");
  Bound b = bind(s, r, "torch.f(a, **kw)", 1);
  ASSERT_TRUE(b.ok) << b.reason;
  ASSERT_EQ(b.expansions.size(), 1u);
  ASSERT_EQ(b.expansions[0].items.size(), 1u);
  EXPECT_EQ(b.expansions[0].items[0].keyword, "w");
  EXPECT_EQ(b.expansions[0].items[0].value_text, "kw['weight']");
  // A literal dict gives its values; only dropped keys: nothing is left of the argument.
  Snippet t("import torch\ny = torch.f(a, **{'dtype': torch.float32})\n");
  Bound c = bind(t, r, "torch.f(a, **{'dtype': torch.float32})", 1);
  ASSERT_TRUE(c.ok) << c.reason;
  ASSERT_EQ(c.expansions.size(), 1u);
  EXPECT_TRUE(c.expansions[0].items.empty());
}

TEST(StarArguments, ADictChangedAfterItsBindingIsOpaque) {
  Snippet s("import torch\ndef g(a):\n    kw = {'weight': a}\n    kw['bias'] = False\n    return torch.f(a, **kw)\n");
  Bound b = bind(s, record(), "torch.f(a, **kw)", 1);
  ASSERT_TRUE(b.ok) << b.reason;
  EXPECT_TRUE(b.stars.opaque_kwsplat);
  EXPECT_FALSE(b.review.empty());
}

TEST(StarArguments, AKeyTheApiDoesNotTakeIsRefused) {
  Snippet s("import torch\ny = torch.f(a, **{'nope': 1})\n");
  Bound b = bind(s, record(), "torch.f(a, **{'nope': 1})", 1);
  EXPECT_EQ(b.signature, nullptr);
  EXPECT_NE(b.reason.find("'nope'"), std::string::npos) << b.reason;
}

TEST(StarArguments, SplatIsExactOnlyWhereEveryPositionItMayFillIsKept) {
  kg::ApiRecord r = record();
  // `*args` after `a` may fill weight and bias: bias becomes bias_attr with other values.
  Snippet s("import torch\ny = torch.f(a, *rest)\n");
  Bound b = bind(s, r, "torch.f(a, *rest)", 1);
  EXPECT_FALSE(b.ok);
  EXPECT_NE(b.reason.find("may fill 'bias'"), std::string::npos) << b.reason;
  // Without the bias parameter, PyTorch takes fewer values there than Paddle: a longer `rest`
  // would be an error in PyTorch (or a signature the graph does not know) but not in Paddle.
  r.torch_params = kg::parse_signature(nlohmann::json::array({"input", "weight", "*", "dtype=None"}));
  Bound more = bind(s, r, "torch.f(a, *rest)", 1);
  EXPECT_FALSE(more.ok);
  EXPECT_NE(more.reason.find("more values"), std::string::npos) << more.reason;
  // Paddle taking the same positions (and a trailing `name`): exact.
  r.paddle_params = kg::parse_signature(nlohmann::json::array({"x", "weight", "name=None"}));
  Bound c = bind(s, r, "torch.f(a, *rest)", 1);
  EXPECT_TRUE(c.ok) << c.reason;
  EXPECT_EQ(c.review, "");
  // A positional after the splat has no known position.
  Snippet t("import torch\ny = torch.f(*rest, w)\n");
  Bound d = bind(t, r, "torch.f(*rest, w)", 0);
  EXPECT_EQ(d.signature, nullptr);
}

TEST(TruthValueForm, ChoosesTheTableEntriesByTheTruthOfTheValue) {
  kg::ApiRecord r = record();
  const kg::ArgRule& bias = r.args[1];
  Snippet s("y = f(config.bias, a or b, 1)\n");
  const semantic::Reference* ref = s.call("f(config.bias, a or b, 1)");
  ASSERT_NE(ref, nullptr);
  CallArguments ca = read_arguments(ref->node, s.source(), &s.model());
  ValueForm form;
  std::string reason;
  ASSERT_TRUE(truth_value_form(bias, r, "bias_attr", ca.args[0].value, "config.bias", &form, &reason)) << reason;
  EXPECT_EQ(form.text, "None if config.bias else False");
  form = {};
  ASSERT_TRUE(truth_value_form(bias, r, "bias_attr", ca.args[1].value, "a or b", &form, &reason)) << reason;
  EXPECT_EQ(form.text, "None if (a or b) else False");
  // A literal the table does not list is not an expression.
  EXPECT_FALSE(truth_value_form(bias, r, "bias_attr", ca.args[2].value, "1", &form, &reason));
  // Swapped booleans: `not value`.
  kg::ArgRule swap{"batch_first", "time_major", kg::ArgAction::kValueMap};
  swap.values = {{"True", "False"}, {"False", "True"}};
  form = {};
  ASSERT_TRUE(truth_value_form(swap, r, "time_major", ca.args[1].value, "a or b", &form, &reason));
  EXPECT_EQ(form.text, "not (a or b)");
  // An entry setting a second keyword cannot be chosen by an expression.
  kg::ArgRule two{"bias", "bias_ih_attr", kg::ArgAction::kValueMap};
  two.values = {{"True", ""}, {"False", "False, bias_hh_attr=False"}};
  reason.clear();
  EXPECT_FALSE(truth_value_form(two, r, "bias_ih_attr", ca.args[0].value, "config.bias", &form, &reason));
  EXPECT_FALSE(reason.empty());
  // Paddle's default unknown: no form.
  r.paddle_params.clear();
  reason.clear();
  EXPECT_FALSE(truth_value_form(bias, r, "bias_attr", ca.args[0].value, "config.bias", &form, &reason));
  EXPECT_NE(reason.find("default"), std::string::npos);
}

}  // namespace
}  // namespace t2p::rules
