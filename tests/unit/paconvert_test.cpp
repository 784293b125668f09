// tests: kg::import_paconvert on hand-written tables (translation, provenance, disagreements,
// the API reference reader) and kg::load_graph_sources with knowledge_graph/paconvert/ (precedence,
// keyword check, decisions).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "graph/graph_compiler.h"
#include "temp_root.h"
#include "graph/paconvert_importer.h"

namespace t2p::kg {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

class PaconvertTest : public testing_support::TempRootTest {
 protected:
  PaconvertTest() : TempRootTest("paconvert") {}
  std::vector<json> read_lines(const std::string& rel) {
    std::vector<json> out;
    std::ifstream in(root_ / rel);
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.rfind("//", 0) != 0) out.push_back(json::parse(l));
    }
    return out;
  }
  std::string read(const std::string& rel) {
    std::ifstream in(root_ / rel);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }

  // PaConvert tables, the docs' import, and an API reference.
  void write_sources() {
    write("pc/paconvert-v9.9/api_mapping.json", R"({
      "torch.foo": {"Matcher": "GenericMatcher", "paddle_api": "paddle.foo", "min_input_args": 1,
                    "args_list": ["input", "dim", "*", "out"], "kwargs_change": {"input": "x", "dim": "axis"}},
      "torch.only": {"Matcher": "GenericMatcher", "paddle_api": "paddle.only", "min_input_args": 0,
                     "args_list": ["a", "b", "bad", "gone"], "kwargs_change": {"a": "x", "bad": "nope", "gone": ""},
                     "unsupport_args": ["b"], "paddle_default_kwargs": {"x": "1"}},
      "torch.custom": {"Matcher": "SomeMatcher", "paddle_api": "paddle.custom", "args_list": ["input"]},
      "torch.none": {},
      "torch.Tensor.m": {"Matcher": "GenericMatcher", "paddle_api": "paddle.Tensor.m", "args_list": ["k"]}
    })");
    write("pc/paconvert-v9.9/attribute_mapping.json", "{}");
    write("pc/paconvert-v9.9/api_alias_mapping.json", R"({"torch.only_alias": "torch.only"})");
    write("pc/paconvert-v9.9/api_wildcard_mapping.json", R"({"einops.*": {"Matcher": "EinopsMatcher"}})");
    write("knowledge_graph/edges/maps_to.jsonl",
          R"({"torch":"torch.foo","paddle":"paddle.foo","category":"renamed","args":[)"
          R"({"torch":"input","paddle":"x","action":"rename"},{"torch":"dim","action":"unsupported","reason":"no_counterpart"}]})"
          "\n");
    write("knowledge_graph/edges/alias_of.jsonl", "");
    write("knowledge_graph/edges/not_implemented.jsonl", "");
    write("ref/only_cn.rst", ".. py:function:: paddle.only(x, y=None, name=None)\n");
    write("ref/foo_cn.rst", ".. py:function:: paddle.foo(x, axis=None, name=None)\n");
    write("ref/Tensor_cn.rst", ".. py:class:: paddle.Tensor\n\nm(k)\n'''''''''\n\nn(a, b=1)\n:::::::::\n");
  }
  PaconvertImportReport import() {
    return import_paconvert(root_ / "pc/paconvert-v9.9", root_ / "knowledge_graph", root_ / "ref",
                            root_ / "knowledge_graph/paconvert");
  }

};

TEST_F(PaconvertTest, TranslatesTheTablesWithProvenance) {
  write_sources();
  PaconvertImportReport r = import();
  EXPECT_TRUE(r.problems.empty()) << r.problems.front();
  EXPECT_EQ(r.source, "paconvert-v9.9");
  EXPECT_EQ(r.entries, 5);
  EXPECT_EQ(r.plain, 3);
  EXPECT_EQ(r.needs_template, 1);
  EXPECT_EQ(r.not_converted, 1);
  std::vector<json> edges = read_lines("knowledge_graph/paconvert/edges.jsonl");
  ASSERT_EQ(edges.size(), 5u);
  for (const json& e : edges) EXPECT_EQ(e["source"], "paconvert-v9.9");
  const json& only = edges[4];
  ASSERT_EQ(only["torch"], "torch.only");
  EXPECT_EQ(only["params"], json({"a=...", "b=...", "bad=...", "gone=..."}));  // min_input_args 0: all optional
  EXPECT_EQ(only["args"][0], json({{"torch", "a"}, {"paddle", "x"}, {"action", "default"}, {"value", "1"}}));
  EXPECT_EQ(only["args"][1], json({{"torch", "b"}, {"action", "unsupported"}, {"reason", "paconvert_unsupported"}}));
  EXPECT_EQ(only["args"][3], json({{"torch", "gone"}, {"action", "drop"}}));
  EXPECT_EQ(only["in_reference"], true);
  EXPECT_EQ(only["paddle_params"], json({"x", "y=None"}));
  const json& custom = edges[1];
  ASSERT_EQ(custom["torch"], "torch.custom");
  EXPECT_EQ(custom["plain"], false);
  EXPECT_EQ(custom["needs"], "template");
  EXPECT_FALSE(custom.contains("args"));  // the tables are inputs of PaConvert's own code there
  EXPECT_EQ(edges[3]["needs"], "nothing");
  EXPECT_EQ(edges[0]["torch"], "torch.Tensor.m");
  EXPECT_EQ(edges[0]["kind"], "method");
  EXPECT_EQ(edges[0]["paddle_params"], json({"k"}));  // a method heading underlined with '''
  EXPECT_EQ(read_lines("knowledge_graph/paconvert/aliases.jsonl")[0]["source"], "paconvert-v9.9");
  EXPECT_EQ(read_lines("knowledge_graph/paconvert/wildcards.jsonl")[0]["needs"], "template");
  // Deterministic: a second import writes the same bytes.
  std::string first = read("knowledge_graph/paconvert/edges.jsonl");
  import();
  EXPECT_EQ(read("knowledge_graph/paconvert/edges.jsonl"), first);
}

TEST_F(PaconvertTest, ListsDisagreementsWithTheDocs) {
  write_sources();
  PaconvertImportReport r = import();
  std::vector<json> d = read_lines("knowledge_graph/paconvert/disagreements.jsonl");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0]["torch"], "torch.foo");
  EXPECT_EQ(d[0]["kind"], "docs_unsupported_paconvert_maps");
  EXPECT_EQ(d[0]["arg"], "dim");
  EXPECT_EQ(d[0]["paconvert"], json({{"action", "rename"}, {"paddle", "axis"}}));
  EXPECT_EQ(r.disagreements.at("docs_unsupported_paconvert_maps"), 1);
}

TEST_F(PaconvertTest, ReadsTheApiReference) {
  write_sources();
  auto ref = read_paddle_reference(root_ / "ref");
  EXPECT_EQ(ref.at("paddle.only"), std::vector<std::string>({"x", "y=None"}));
  EXPECT_EQ(ref.at("paddle.Tensor.n"), std::vector<std::string>({"a", "b=1"}));
  EXPECT_TRUE(ref.at("paddle.Tensor").empty());
}

TEST_F(PaconvertTest, CompilerAddsPlainEdgesUnderTheDocsAndChecksKeywords) {
  write_sources();
  import();
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << g.errors.front();
  // The docs' edge stays; PaConvert is a second opinion on it.
  const json& foo = g.records.at("torch.foo");
  EXPECT_EQ(foo["provenance"]["edge"]["source"], "paddle-docs");
  EXPECT_EQ(foo["provenance"]["paconvert"]["paddle"], "paddle.foo");
  EXPECT_EQ(foo["args"][1]["action"], "unsupported");
  // An API only PaConvert knows: converted, every keyword checked against the reference.
  const json& only = g.records.at("torch.only");
  EXPECT_EQ(only["status"], "mapped");
  EXPECT_EQ(only["provenance"]["edge"]["source"], "paconvert-v9.9");
  EXPECT_EQ(only["args"][2]["action"], "unsupported");  // `nope` is not a parameter of paddle.only
  EXPECT_EQ(only["args"][2]["reason"], "not_in_paddle_signature");
  EXPECT_EQ(g.aliases.at("torch.only_alias"), "torch.only");
  EXPECT_EQ(g.records.at("torch.custom")["status"], "known");
  EXPECT_EQ(g.records.at("torch.custom")["reason"], "needs_template");
  EXPECT_EQ(g.records.at("torch.none")["status"], "not_implemented");
}

TEST_F(PaconvertTest, CurationWinsOverPaconvert) {
  write_sources();
  import();
  write("mappings/x.jsonl", R"({"torch":"torch.only","paddle":"paddle.foo"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << g.errors.front();
  const json& only = g.records.at("torch.only");
  EXPECT_EQ(only["paddle"], "paddle.foo");
  EXPECT_EQ(only["provenance"]["edge"]["source"], "curation");
  EXPECT_FALSE(only.contains("args"));  // no PaConvert field leaks into a curated id
  EXPECT_EQ(only["provenance"]["paconvert"]["paddle"], "paddle.only");
}

TEST_F(PaconvertTest, DecisionsApplyAndStaleOnesFail) {
  write_sources();
  import();
  write("mappings/paconvert_decisions.jsonl",
        R"({"decision":"torch.foo","kind":"docs_unsupported_paconvert_maps","arg":"dim","winner":"paconvert","why":"w"})"
        "\n"
        R"({"decision":"torch.only","kind":"paconvert_only","winner":"neither","why":"w"})"
        "\n"
        R"({"decision":"torch.only_alias","kind":"paconvert_alias","winner":"neither","why":"w"})"
        "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_FALSE(g.aliases.count("torch.only_alias"));  // rejected on review
  ASSERT_TRUE(g.errors.empty()) << g.errors.front();
  const json& dim = g.records.at("torch.foo")["args"][1];
  EXPECT_EQ(dim["action"], "rename");
  EXPECT_EQ(dim["paddle"], "axis");
  EXPECT_EQ(dim["source"], "paconvert-v9.9");
  EXPECT_EQ(g.records.at("torch.foo")["provenance"]["decisions"][0]["winner"], "paconvert");
  EXPECT_EQ(g.records.at("torch.only")["status"], "known");
  EXPECT_EQ(g.records.at("torch.only")["reason"], "rejected_on_review");

  write("mappings/paconvert_decisions.jsonl",
        R"({"decision":"torch.foo","kind":"paddle_api","winner":"docs","why":"w"})" "\n");
  CompiledGraph stale = load_graph_sources(root_);
  ASSERT_EQ(stale.errors.size(), 1u);
  EXPECT_NE(stale.errors[0].find("mappings/paconvert_decisions.jsonl:1: no such disagreement"), std::string::npos);
}

}  // namespace
}  // namespace t2p::kg
