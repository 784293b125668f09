// tests: each argument action's handler (src/rules/handlers/action_*.cpp, result_arguments.cpp)
// on one argument of a real call.
#include <gtest/gtest.h>

#include <string>

#include "call_site.h"
#include "parse/syntax_tree.h"
#include "rules/handlers/argument_plan.h"
#include "rules/handlers/result_arguments.h"
#include "rules/tensor_operands.h"

namespace t2p::rules {
namespace {

class ArgumentHandlerTest : public testing_support::CallSiteTest {
 protected:
  // Loads `torch.t(<args>)` against `signature` and a rule of `action` for parameter `param`.
  void load_call(const std::string& args, const std::vector<std::string>& signature, kg::ArgAction action,
                 const std::string& param, const std::string& paddle = "") {
    const std::string call = "torch.t(" + args + ")";
    load("y = " + call + "\n", call, signature);
    ASSERT_NE(params_, nullptr) << "the arguments do not bind";
    kg::ArgRule r;
    r.torch = param;
    r.paddle = paddle;
    r.action = action;
    record_.args = {r};
  }
  kg::ArgRule& rule() { return record_.args.front(); }

  // Plans argument `index` with `handler`; the plan, or a reason in `reason_`.
  template <typename Handler>
  ArgPlan plan(size_t index, Handler handler) {
    const CallArg& a = args_.args.at(index);
    const kg::Param& p = (*params_)[a.param];
    const kg::ArgRule* r = record_.arg_for_torch(p.name);
    const std::string_view value = parse::node_text(a.value, site_.source);
    const bool is_default = p.has_default && value == p.default_value;
    const ArgumentContext c{site_, record_, *types_, edits_.get(), a, p, r, r ? r->paddle : p.name, value, is_default};
    ArgPlan ap;
    reason_.clear();
    ok_ = handler(c, &ap, &reason_);
    return ap;
  }

  bool ok_ = false;
  std::string reason_;
};

TEST_F(ArgumentHandlerTest, KeepRenamesAKeyword) {
  load_call("x, dim=1", {"input", "dim=None"}, kg::ArgAction::kRename, "dim", "axis");
  ArgPlan ap = plan(1, plan_keep);
  EXPECT_TRUE(ok_);
  EXPECT_EQ(ap.fate, Fate::kRename);
  EXPECT_EQ(ap.paddle_name, "axis");
  ap = plan(0, plan_keep);  // no rule: the parameter's own name, kept positional
  EXPECT_EQ(ap.fate, Fate::kKeep);
  EXPECT_EQ(ap.paddle_name, "input");
}

TEST_F(ArgumentHandlerTest, KeepDropsOnlyADefaultWithoutCounterpart) {
  load_call("x, flag=False", {"input", "flag=False"}, kg::ArgAction::kSame, "flag");
  EXPECT_EQ(plan(1, plan_keep).fate, Fate::kDrop);
  EXPECT_TRUE(ok_);
  load_call("x, flag=True", {"input", "flag=False"}, kg::ArgAction::kSame, "flag");
  plan(1, plan_keep);
  EXPECT_FALSE(ok_);
  EXPECT_EQ(reason_, "argument 'flag' of torch.t has no Paddle counterpart");
}

TEST_F(ArgumentHandlerTest, DropRemovesWhateverTheValue) {
  load_call("x, device=dev", {"input", "device=None"}, kg::ArgAction::kDevice, "device");
  EXPECT_EQ(plan(1, plan_drop).fate, Fate::kDrop);
  EXPECT_TRUE(ok_);
}

TEST_F(ArgumentHandlerTest, UnsupportedAndRewriteLetOnlyTheDefaultGo) {
  load_call("x, sparse=False", {"input", "sparse=False"}, kg::ArgAction::kUnsupported, "sparse");
  EXPECT_EQ(plan(1, plan_unsupported).fate, Fate::kDrop);
  load_call("x, sparse=True", {"input", "sparse=False"}, kg::ArgAction::kUnsupported, "sparse");
  rule().reason = "no_counterpart";
  plan(1, plan_unsupported);
  EXPECT_FALSE(ok_);
  EXPECT_EQ(reason_, "argument 'sparse' of torch.t cannot be converted (no_counterpart)");
  load_call("x, non_blocking=True", {"input", "non_blocking=False"}, kg::ArgAction::kRewrite, "non_blocking");
  plan(1, plan_rewrite);
  EXPECT_EQ(reason_, "argument 'non_blocking' of torch.t needs a rewrite by hand");
}

TEST_F(ArgumentHandlerTest, ValueMapLooksTheValueUp) {
  load_call("x, bias=False", {"input", "bias=True"}, kg::ArgAction::kValueMap, "bias", "bias_attr");
  rule().values = {{"False", "False"}, {"True", ""}};
  ArgPlan ap = plan(1, plan_value_map);
  EXPECT_EQ(ap.fate, Fate::kRename);
  EXPECT_EQ(ap.paddle_name, "bias_attr");
  EXPECT_FALSE(ap.replace_value);  // the same text
  load_call("x, bias=True", {"input", "bias=True"}, kg::ArgAction::kValueMap, "bias", "bias_attr");
  rule().values = {{"False", "False"}, {"True", ""}};
  EXPECT_EQ(plan(1, plan_value_map).fate, Fate::kDrop);  // an empty entry: Paddle's default
  load_call("x, mode=m + 1", {"input", "mode=0"}, kg::ArgAction::kValueMap, "mode", "mode");
  rule().values = {{"*", "1 - {value}"}};
  ap = plan(1, plan_value_map);
  EXPECT_EQ(ap.new_value, "1 - (m + 1)");
  load_call("x, mode='x'", {"input", "mode=0"}, kg::ArgAction::kValueMap, "mode", "mode");
  rule().values = {{"'a'", "'b'"}};
  plan(1, plan_value_map);
  EXPECT_EQ(reason_, "argument 'mode='x'' of torch.t has no Paddle equivalent value");
}

TEST_F(ArgumentHandlerTest, ValueExprWritesTheValueIntoAnExpression) {
  load_call("x, p=a - b", {"input", "p=0.5"}, kg::ArgAction::kValueExpr, "p", "keep");
  rule().expr = "1 - {value}";
  ArgPlan ap = plan(1, plan_value_expr);
  EXPECT_EQ(ap.new_value, "1 - (a - b)");
  EXPECT_EQ(ap.fate, Fate::kRename);
}

TEST_F(ArgumentHandlerTest, UnpackSplitsATupleIntoKeywords) {
  load_call("p, betas=(0.9, 0.99)", {"params", "betas=(0.9, 0.999)"}, kg::ArgAction::kUnpack, "betas", "beta1,beta2");
  EXPECT_EQ(plan(1, plan_unpack).whole, "beta1=0.9, beta2=0.99");
  load_call("p, betas=b", {"params", "betas=(0.9, 0.999)"}, kg::ArgAction::kUnpack, "betas", "beta1,beta2");
  EXPECT_EQ(plan(1, plan_unpack).whole, "beta1=b[0], beta2=b[1]");
  load_call("p, betas=f()", {"params", "betas=(0.9, 0.999)"}, kg::ArgAction::kUnpack, "betas", "beta1,beta2");
  plan(1, plan_unpack);
  EXPECT_FALSE(ok_);
  load_call("p, betas=(1, 2, 3)", {"params", "betas=(0.9, 0.999)"}, kg::ArgAction::kUnpack, "betas", "beta1,beta2");
  plan(1, plan_unpack);
  EXPECT_EQ(reason_, "argument 'betas' of torch.t needs 2 values");
}

TEST_F(ArgumentHandlerTest, TensorOperandMarksTheOperand) {
  load_call("x, 2", {"input", "other"}, kg::ArgAction::kTensorOperand, "other", "y");
  ArgPlan ap = plan(1, plan_tensor_operand);
  EXPECT_TRUE(ap.tensor_operand);
  EXPECT_EQ(ap.paddle_name, "y");
  EXPECT_FALSE(ap.replace_value);  // wrapped with the other operands (tensor_operands.cpp)
}

// The one place a number becomes a tensor operand: an int takes the tensor's dtype, a float
// Paddle's default float dtype; an int with no tensor to take the dtype from is refused.
TEST_F(ArgumentHandlerTest, NumbersBecomeTensorOperands) {
  load_call("x, 2", {"input", "other"}, kg::ArgAction::kTensorOperand, "other", "y");
  std::vector<std::string> values;
  std::string why;
  ASSERT_TRUE(wrap_tensor_operands(site_, record_, args_, {true, true}, {"x", "y"}, *types_, edits_.get(), &values, &why));
  EXPECT_EQ(values, (std::vector<std::string>{"", "paddle.to_tensor(2, dtype=x.dtype)"}));
  load_call("x, -0.5", {"input", "other"}, kg::ArgAction::kTensorOperand, "other", "y");
  ASSERT_TRUE(wrap_tensor_operands(site_, record_, args_, {true, true}, {"x", "y"}, *types_, edits_.get(), &values, &why));
  EXPECT_EQ(values, (std::vector<std::string>{"", "paddle.to_tensor(-0.5)"}));
  load_call("f(x), 2", {"input", "other"}, kg::ArgAction::kTensorOperand, "other", "y");
  EXPECT_FALSE(wrap_tensor_operands(site_, record_, args_, {true, true}, {"x", "y"}, *types_, edits_.get(), &values, &why));
  EXPECT_NE(why.find("'y'"), std::string::npos) << why;
  load_call("x, 2", {"input", "other"}, kg::ArgAction::kTensorOperand, "other", "y");
  ASSERT_TRUE(wrap_tensor_operands(site_, record_, args_, {true, false}, {"x", "y"}, *types_, edits_.get(), &values, &why));
  EXPECT_EQ(values, (std::vector<std::string>{"", ""}));  // not an operand: as written
}

TEST_F(ArgumentHandlerTest, DeviceStringInPaddlesSpelling) {
  load_call("'cuda:1'", {"device"}, kg::ArgAction::kDeviceString, "device", "device");
  EXPECT_EQ(plan(0, plan_device_string).new_value, "'gpu:1'");
  load_call("0", {"device"}, kg::ArgAction::kDeviceString, "device", "device");
  EXPECT_EQ(plan(0, plan_device_string).new_value, "'gpu:0'");
}

TEST_F(ArgumentHandlerTest, LegacyReductionFoldsThePair) {
  load_call("a, b, size_average=False", {"input", "target", "size_average=None", "reduce=None"},
            kg::ArgAction::kLegacyReduction, "size_average");
  LegacyReduction legacy;
  ArgPlan ap = plan(2, [&](const ArgumentContext& c, ArgPlan* p, std::string* why) {
    return plan_legacy_reduction(c, p, &legacy, why);
  });
  EXPECT_EQ(ap.fate, Fate::kDrop);
  EXPECT_EQ(legacy.reduction(), "'sum'");
  legacy.reduce = "False";
  EXPECT_EQ(legacy.reduction(), "'none'");
  EXPECT_EQ(LegacyReduction{}.reduction(), "");
}

TEST_F(ArgumentHandlerTest, ResultArgumentsAreReadOnce) {
  load_call("3, out=y", {"n", "out=None"}, kg::ArgAction::kOut, "out");
  ResultArguments results;
  auto read = [&](const ArgumentContext& c, ArgPlan* p, std::string* why) {
    return plan_result_argument(c, p, &results, why);
  };
  EXPECT_EQ(plan(1, read).fate, Fate::kDrop);
  ASSERT_NE(results.out, nullptr);
  EXPECT_EQ(parse::node_text(results.out->value, site_.source), "y");
  load_call("3, out=(a, b)", {"n", "out=None"}, kg::ArgAction::kOut, "out");
  results = {};
  plan(1, read);
  EXPECT_EQ(reason_, "out= with several outputs needs a rewrite by hand");
  load_call("3, requires_grad=True", {"n", "requires_grad=False"}, kg::ArgAction::kRequiresGrad, "requires_grad");
  results = {};
  plan(1, read);
  EXPECT_TRUE(results.requires_grad);
  load_call("3, pin_memory=flag", {"n", "pin_memory=False"}, kg::ArgAction::kPinMemory, "pin_memory");
  results = {};
  plan(1, read);
  EXPECT_EQ(reason_, "pin_memory=flag needs a rewrite by hand");
  EXPECT_FALSE(results.any());
}

}  // namespace
}  // namespace t2p::rules
