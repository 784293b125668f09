// tests: the report writers that render findings: unified diff, Markdown, SARIF (its schema
// validation runs on the binary's reports: tests/reports/).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "emit/markdown_report.h"
#include "emit/sarif_report.h"
#include "emit/unified_diff.h"

namespace t2p::emit {
namespace {

base::Edit edit(uint32_t b, uint32_t e, std::string text) { return base::Edit{b, e, std::move(text)}; }

TEST(UnifiedDiffTest, OneChangedLineWithContext) {
  const std::string before = "a\nb\nc\nd\ne\nf\ng\nh\n";
  // "d" -> "D"
  EXPECT_EQ(unified_diff("x.py", before, {edit(6, 7, "D")}),
            "--- a/x.py\n+++ b/x.py\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n");
}

TEST(UnifiedDiffTest, InsertedLinesAreNotShownAsChangedOnes) {
  const std::string before = "import torch\nx = 1\n";
  // A TODO line inserted above line 2, and `torch` renamed on line 1.
  EXPECT_EQ(unified_diff("x.py", before, {edit(7, 12, "paddle"), edit(13, 13, "# note\n")}),
            "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,3 @@\n-import torch\n+import paddle\n+# note\n x = 1\n");
}

TEST(UnifiedDiffTest, DistantChangesMakeTwoHunksWithShiftedNewLines) {
  std::string before;
  for (int i = 1; i <= 20; ++i) before += "l" + std::to_string(i) + "\n";
  // l2 -> two lines; l18 -> removed.
  const uint32_t l2 = static_cast<uint32_t>(before.find("l2\n"));
  const uint32_t l18 = static_cast<uint32_t>(before.find("l18\n"));
  std::string d = unified_diff("x.py", before, {edit(l2, l2 + 3, "l2a\nl2b\n"), edit(l18, l18 + 4, "")});
  EXPECT_NE(d.find("@@ -1,5 +1,6 @@\n l1\n-l2\n+l2a\n+l2b\n l3\n l4\n l5\n"), std::string::npos) << d;
  EXPECT_NE(d.find("@@ -15,6 +16,5 @@\n l15\n l16\n l17\n-l18\n l19\n l20\n"), std::string::npos) << d;
}

TEST(UnifiedDiffTest, LastLineWithoutNewlineIsMarked) {
  EXPECT_EQ(unified_diff("x.py", "a = torch", {edit(4, 9, "paddle")}),
            "--- a/x.py\n+++ b/x.py\n@@ -1,1 +1,1 @@\n-a = torch\n\\ No newline at end of file\n+a = paddle\n\\ No newline at end of file\n");
}

TEST(UnifiedDiffTest, NoEditsNoDiff) { EXPECT_EQ(unified_diff("x.py", "a\n", {}), ""); }

FileReport report_with(std::string path, int unsupported, std::string reason) {
  FileReport f;
  f.path = std::move(path);
  f.status = FileStatus::kConverted;
  for (int i = 0; i < unsupported; ++i) {
    rules::ApiUse u;
    u.line = static_cast<uint32_t>(i + 1);
    u.column = 1;
    u.torch_api = "torch.api_" + std::to_string(i);
    u.status = rules::UseStatus::kUnsupported;
    u.reason = reason;
    f.uses.push_back(u);
  }
  return f;
}

TEST(MarkdownReportTest, RanksUnsupportedApisAndEscapesCells) {
  MarkdownReportWriter md(/*checking=*/true);
  FileReport f = report_with("a|b.py", 1, "no equivalent | at all");
  rules::ApiUse twice = f.uses[0];
  twice.line = 9;
  f.uses.push_back(twice);
  md.add(f);
  md.add(report_with("c.py", 1, "other"));
  RunSummary s;
  s.files = 2;
  s.unsupported = 3;
  s.api_uses = 3;
  const std::string doc = md.render(s);
  // torch.api_0 has 3 uses and comes first; the `|` of the reason and of the path are escaped.
  EXPECT_NE(doc.find("| `torch.api_0` | 3 | no equivalent \\| at all (and 1 other reasons) | `a\\|b.py:1` |"), std::string::npos) << doc;
  EXPECT_NE(doc.find("| `a\\|b.py` | would change | 0 | 2 | 0 |"), std::string::npos) << doc;
  EXPECT_NE(doc.find("| convertible | 0 (0.0%) |"), std::string::npos) << doc;
}

TEST(MarkdownReportTest, StaysWithinTheLimitAndSaysWhatItLeftOut) {
  MarkdownReportWriter md(/*checking=*/false, /*limit=*/4000);
  md.add(report_with("big.py", 300, "a reason long enough to take some room in the table"));
  RunSummary s;
  const std::string doc = md.render(s);
  EXPECT_LE(doc.size(), 4000u);
  EXPECT_NE(doc.find("_Truncated to fit a comment: "), std::string::npos);
}

TEST(SarifReportTest, ResultsCarryRulesPlacesAndFixes) {
  SarifReportWriter sarif("/repo dir", "1.2.3", /*spool=*/false);
  FileReport f;
  f.path = "pkg/a b.py";
  f.status = FileStatus::kConverted;
  rules::ApiUse u;
  u.line = 2;
  u.column = 5;
  u.column16 = 5;
  u.end_line = 2;
  u.end_column16 = 18;
  u.torch_api = "torch.zeros";
  u.paddle_api = "paddle.zeros";
  u.status = rules::UseStatus::kConverted;
  u.fix = 0;
  f.edits = {edit(17, 28, "paddle.zeros")};
  f.fixes = {rules::Fix{{0}, rules::Applicability::kSafe}};
  f.uses = {u};
  sarif.add(f);
  std::string text;
  sarif.write_to([&](std::string_view d) { text.append(d); return std::string(); });
  auto doc = nlohmann::json::parse(text);
  EXPECT_EQ(doc["version"], "2.1.0");
  const auto& run = doc["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["rules"][0]["id"], "convert:torch.zeros");
  EXPECT_EQ(run["originalUriBaseIds"]["SRCROOT"]["uri"], "file:///repo%20dir/");
  const auto& r = run["results"][0];
  EXPECT_EQ(r["level"], "note");
  EXPECT_EQ(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "pkg/a%20b.py");
  EXPECT_EQ(r["locations"][0]["physicalLocation"]["region"]["endColumn"], 18);
  const auto& rep = r["fixes"][0]["artifactChanges"][0]["replacements"][0];
  EXPECT_EQ(rep["deletedRegion"]["byteOffset"], 17);
  EXPECT_EQ(rep["deletedRegion"]["byteLength"], 11);
  EXPECT_EQ(rep["insertedContent"]["text"], "paddle.zeros");
}

}  // namespace
}  // namespace t2p::emit
