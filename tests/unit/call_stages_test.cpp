// tests: the argument map's stages (src/rules/handlers/call_plan.h) on a real call: the callee
// forms (callee_forms.cpp), positions (argument_positions.cpp) and varargs lists (varargs_lists.cpp).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "call_site.h"
#include "rules/handlers/call_plan.h"

namespace t2p::rules {
namespace {

class CallStageTest : public testing_support::CallSiteTest {
 protected:
  // Loads `call` (in `y = <call>`) against `signature`, mapped to `paddle` in `form`, and runs the
  // stages before the edits; the plan, or null (and `reason_`) when a stage refuses the call.
  std::unique_ptr<CallPlan> plan_call(const std::string& call, const std::vector<std::string>& signature,
                                      const std::string& paddle, kg::Form form) {
    load("y = " + call + "\n", call, signature);
    record_.paddle = paddle;
    record_.form = form;
    if (method_) record_.self_param = "x";
    auto cp = std::make_unique<CallPlan>(site_, record_, *types_, edits_.get(), args_);
    if (!bind_to_signature(*cp, params_) || !plan_arguments(*cp) || !place_positionals(*cp)) {
      reason_ = cp->result.reason;
      return nullptr;
    }
    group_varargs_into_lists(*cp);
    return cp;
  }

  // The callee's edits as `begin-end:text` lines, or `FAIL: reason`.
  std::string callee(CallPlan& cp) {
    CallEdits e = start_call_edits(cp);
    if (!write_callee(cp, e)) return "FAIL: " + cp.result.reason;
    std::string out;
    for (const auto& edit : e.batch) {
      out += std::string(site_.source.substr(edit.begin, edit.end - edit.begin)) + "->" + edit.text + ";";
    }
    return out;
  }

  // The callee's edits of `call` mapped to `paddle` in `form` (see plan_call and callee).
  std::string callee_of(const std::string& call, const std::vector<std::string>& signature, const std::string& paddle,
                        kg::Form form) {
    auto cp = plan_call(call, signature, paddle, form);
    return cp ? callee(*cp) : "NOT PLANNED: " + reason_;
  }

  std::string reason_;
};

TEST_F(CallStageTest, FunctionFormRenamesTheCallee) {
  EXPECT_EQ(callee_of("torch.t(a, 1)", {"input", "dim=None"}, "paddle.t2", kg::Form::kCall), "torch.t->paddle.t2;");
}

TEST_F(CallStageTest, FunctionFormOfAMethodPutsTheReceiverFirst) {
  method_ = true;
  auto cp = plan_call("a.t(1)", {"dim=None"}, "paddle.t2", kg::Form::kCall);
  ASSERT_NE(cp, nullptr) << reason_;
  EXPECT_EQ(callee(*cp), "");  // the callee is written with the receiver, at the commit
  CallEdits e = start_call_edits(*cp);
  EXPECT_EQ(receiver_head(*cp, e), "paddle.t2(a, ");
  cp->plan[0].fate = Fate::kDrop;
  e = start_call_edits(*cp);
  EXPECT_EQ(receiver_head(*cp, e), "paddle.t2(a");
}

TEST_F(CallStageTest, MethodFormRenamesOnlyADifferentName) {
  method_ = true;
  EXPECT_EQ(callee_of("a.t(1)", {"dim=None"}, "paddle.Tensor.t2", kg::Form::kMethod), "t->t2;");
  EXPECT_EQ(callee_of("a.t(1)", {"dim=None"}, "paddle.Tensor.t", kg::Form::kMethod), "");
}

TEST_F(CallStageTest, MethodFormNeedsAnAttributeCallee) {
  load("from torch import t\ny = t(a)\n", "t(a)", {"input"});
  record_.paddle = "paddle.Tensor.t2";
  record_.form = kg::Form::kMethod;
  CallPlan cp(site_, record_, *types_, edits_.get(), args_);
  ASSERT_TRUE(bind_to_signature(cp, params_));
  ASSERT_TRUE(plan_arguments(cp));
  EXPECT_EQ(callee(cp), "FAIL: torch.t is a method but is called as a function");
}

TEST_F(CallStageTest, AttributeFormTakesNoArguments) {
  method_ = true;
  EXPECT_EQ(callee_of("a.t()", {"dim=None"}, "paddle.Tensor.T", kg::Form::kAttribute), "t()->T;");
  EXPECT_EQ(callee_of("a.t(1)", {"dim=None"}, "paddle.Tensor.T", kg::Form::kAttribute),
            "FAIL: torch.t with arguments has no attribute form in Paddle");
}

TEST_F(CallStageTest, DroppedCallKeepsOnlyDefaults) {
  method_ = true;
  EXPECT_EQ(callee_of("a.t(fmt=None)", {"fmt=None"}, "", kg::Form::kDrop), "");
  EXPECT_EQ(callee_of("a.t(fmt=f)", {"fmt=None"}, "", kg::Form::kDrop), "FAIL: torch.t has no Paddle counterpart");
}

TEST_F(CallStageTest, PositionalsBecomeKeywordsFromTheFirstThatDiffers) {
  auto cp = plan_call("torch.t(a, 1, 2)", {"input", "dim=None", "keep=False"}, "paddle.t2", kg::Form::kCall);
  ASSERT_NE(cp, nullptr) << reason_;  // Paddle's positions unknown: all stay
  EXPECT_EQ(cp->plan[1].fate, Fate::kKeep);
  EXPECT_EQ(cp->plan[2].fate, Fate::kKeep);
  kg::ArgRule input;
  input.torch = "input";
  input.paddle = "x";
  input.action = kg::ArgAction::kRename;
  record_.args = {input};
  record_.paddle_params = kg::parse_signature(nlohmann::json(std::vector<std::string>{"x", "keep=False", "dim=None"}));
  cp = plan_call("torch.t(a, 1, 2)", {"input", "dim=None", "keep=False"}, "paddle.t2", kg::Form::kCall);
  ASSERT_NE(cp, nullptr) << reason_;
  EXPECT_EQ(cp->plan[0].fate, Fate::kKeep);  // `x` is Paddle's first
  EXPECT_EQ(cp->plan[1].fate, Fate::kToKeyword);  // Paddle's second is `keep`
  EXPECT_EQ(cp->plan[2].fate, Fate::kToKeyword);  // and everything after
  EXPECT_EQ(cp->plan[1].paddle_name, "dim");
  ASSERT_EQ(cp->supplied.size(), 3u);
  EXPECT_EQ(cp->supplied[2], "keep");
}

TEST_F(CallStageTest, VarargsBecomeOneList) {
  load("y = torch.t(2, 3)\n", "torch.t(2, 3)", {"*size"});
  kg::ArgRule r;
  r.torch = "*size";
  r.paddle = "shape";
  r.action = kg::ArgAction::kVarargsToList;
  record_.args = {r};
  record_.paddle = "paddle.t2";
  CallPlan cp(site_, record_, *types_, edits_.get(), args_);
  ASSERT_TRUE(bind_to_signature(cp, params_) && plan_arguments(cp));
  group_varargs_into_lists(cp);
  EXPECT_TRUE(cp.plan[0].list_open);
  EXPECT_TRUE(cp.plan[1].list_close);
  EXPECT_TRUE(cp.plan[1].paddle_name.empty());
}

}  // namespace
}  // namespace t2p::rules
