// tests: rules::target_spellings (mappings/target.json): the compiled-in spellings, the checks a
// target file must pass, and the pattern helpers the rewriters use.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "rules/target_spellings.h"

namespace t2p::rules {
namespace {

const char* kMinimal = R"j({"name":"pd","tensor_of":"pd.t({value})","tensor_of_like":"pd.t({value}, {like})",
  "write_into":"pd.copy({result}, {out})","pinned":"pd.pin({result})","trainable":"{target}.trainable = True",
  "permuted":"pd.perm({value}, {perm})","as_default_float":"pd.float({value})","cuda_device_type":"accel"})j";

TEST(TargetSpellings, TheCompiledInTargetIsPaddle) {
  const TargetSpellings& t = target();
  EXPECT_EQ(t.name, "paddle");
  EXPECT_EQ(fill(t.write_into, {{"{result}", "paddle.add(a, b)"}, {"{out}", "c"}}), "paddle.assign(paddle.add(a, b), c)");
  EXPECT_EQ(fill(t.trainable, {{"{target}", "w"}}), "w.stop_gradient = False");
  EXPECT_EQ(t.cuda_device_type, "gpu");
}

TEST(TargetSpellings, AnotherTargetIsOnlyAnotherFile) {
  TargetSpellings t = read_target(kMinimal, "other.json");
  EXPECT_EQ(fill(t.tensor_of_like, {{"{value}", "2"}, {"{like}", "x"}}), "pd.t(2, x)");
  auto [before, after] = TargetSpellings::around(t.pinned, "{result}");
  EXPECT_EQ(before, "pd.pin(");
  EXPECT_EQ(after, ")");
}

TEST(TargetSpellings, AroundSplitsAtThePlaceholder) {
  auto [before, after] = TargetSpellings::around("paddle.assign({result}, {out})", "{result}");
  EXPECT_EQ(before, "paddle.assign(");
  EXPECT_EQ(after, ", {out})");
  EXPECT_EQ(fill(after, {{"{out}", "y"}}), ", y)");
}

TEST(TargetSpellings, FillLeavesOtherBracesAlone) {
  EXPECT_EQ(fill("{value}.transpose({perm})", {{"{perm}", "[0, 2, 1]"}}), "{value}.transpose([0, 2, 1])");
  EXPECT_EQ(fill("f'{x}' {value}", {{"{value}", "v"}}), "f'{x}' v");
}

void expect_refused(const std::string& json, const std::string& needle) {
  try {
    read_target(json, "bad.json");
    ADD_FAILURE() << "accepted: " << json;
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("bad.json"), std::string::npos) << e.what();
  }
}

TEST(TargetSpellings, AFileMissingAKeyOrAPlaceholderIsRefused) {
  std::string s = kMinimal;
  expect_refused("{}", "'name'");
  expect_refused(std::string(s).replace(s.find("pd.copy({result}, {out})"), 24, "pd.copy({result})"), "lacks the placeholder {out}");
  expect_refused(std::string(s).replace(s.find("pd.pin({result})"), 16, "pd.pin({result}, {x})"), "other than those documented");
  expect_refused(std::string(s).replace(s.size() - 1, 1, R"j(,"extra":"x"})j"), "unknown key 'extra'");
  expect_refused("not json", "not JSON");
}

}  // namespace
}  // namespace t2p::rules
