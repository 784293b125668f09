// tests: Paddle versions as facts (issue 14): kg::compare_versions, each compiled record's
// `min_paddle` from the sources of its facts, and the report's per-file and summary fields.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "emit/json_report.h"
#include "emit/run_report.h"
#include "kg/api_record.h"
#include "graph/graph_compiler.h"

namespace t2p {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

TEST(MinPaddle, CompareVersions) {
  EXPECT_EQ(kg::compare_versions("3.0", "3.0.0"), 0);
  EXPECT_LT(kg::compare_versions("3.0", "3.1"), 0);
  EXPECT_GT(kg::compare_versions("3.10", "3.9"), 0);
  EXPECT_LT(kg::compare_versions("x", "3.0"), 0);
  EXPECT_GT(kg::compare_versions("3.0", "3."), 0);
  EXPECT_EQ(kg::compare_versions("x", "y"), 0);  // both unparsable
  EXPECT_EQ(kg::compare_versions("3.0", "3.0"), 0);
  EXPECT_LT(kg::compare_versions("2.6.1", "3"), 0);
  // Past the eight components kept in place: the same order.
  EXPECT_LT(kg::compare_versions("1.2.3.4.5.6.7.8.9", "1.2.3.4.5.6.7.8.10"), 0);
  EXPECT_EQ(kg::compare_versions("1.2.3.4.5.6.7.8.0", "1.2.3.4.5.6.7.8"), 0);
  EXPECT_FALSE(kg::parse_version("3.").has_value());
  EXPECT_FALSE(kg::parse_version(">=3.0").has_value());
}

TEST(MinPaddle, RecordsTakeTheHighestVersionOfTheirSources) {
  fs::path root = fs::temp_directory_path() / ("t2p-min-paddle-" + std::to_string(::getpid()));
  fs::remove_all(root);
  auto write = [&](const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel, std::ios::binary) << text;
  };
  write("knowledge_graph/edges/maps_to.jsonl",
        R"json({"torch":"torch.a","paddle":"paddle.a","category":"same","versions":">=3.0,<3.3","args":[]})json"
        "\n"
        R"json({"torch":"torch.b","paddle":"paddle.b","category":"same","args":[]})json"
        "\n");
  write("mappings/sources.jsonl",
        R"json({"source":"paddle-docs","paddle_version":"3.0","evidence":"docs snapshot"})json"
        "\n"
        R"json({"source":"paddle-reference","paddle_version":"3.0","evidence":"reference"})json"
        "\n");
  write("mappings/m.jsonl", R"json({"torch":"torch.b","paddle":"paddle.b2","min_paddle":"3.1"})json"
                            "\n"
                            R"json({"torch":"torch.c","paddle":"paddle.c","min_paddle":"three"})json"
                            "\n");
  write("rules/r.jsonl", R"json({"id":"torch.d","cases":[{"template":"paddle.d()"}],"min_paddle":"3.2"})json"
                         "\n");
  kg::CompiledGraph g = kg::load_graph_sources(root);
  fs::remove_all(root);
  EXPECT_EQ(g.records.at("torch.a").value("min_paddle", ""), "3.0");  // the docs' version
  EXPECT_FALSE(g.records.at("torch.a").contains("versions"));          // the importer's constant is gone
  EXPECT_EQ(g.records.at("torch.b").value("min_paddle", ""), "3.1");  // the curation's own
  EXPECT_EQ(g.records.at("torch.d").value("min_paddle", ""), "3.2");  // the rule's own
  bool bad_version = false;
  for (const auto& e : g.errors) bad_version |= e.rfind("mappings/m.jsonl:2: 'min_paddle' must be a version", 0) == 0;
  EXPECT_TRUE(bad_version);
  EXPECT_EQ(kg::decode_record(g.records.at("torch.b")).min_paddle, "3.1");
}

TEST(MinPaddle, ReportGivesItPerFileAndInTheSummary) {
  emit::RunReport report;
  emit::FileReport a, b, c;
  a.path = "a.py", a.status = emit::FileStatus::kConverted, a.min_paddle = "3.0";
  b.path = "b.py", b.status = emit::FileStatus::kConverted, b.min_paddle = "3.1";
  c.path = "c.py";
  for (auto* f : {&a, &b, &c}) {
    emit::add_to_summary(&report.summary, *f);
    report.files.push_back(*f);
  }
  EXPECT_EQ(report.summary.min_paddle, "3.1");
  json doc = json::parse(emit::json_report(report));
  EXPECT_EQ(doc["summary"]["min_paddle"], "3.1");
  EXPECT_EQ(doc["files"][0]["min_paddle"], "3.0");
  EXPECT_EQ(doc["files"][1]["min_paddle"], "3.1");
  EXPECT_FALSE(doc["files"][2].contains("min_paddle"));
}

}  // namespace
}  // namespace t2p
