// tests: kg::load_graph_sources on hand-written folders, write_graph_db + KnowledgeGraph lookups,
// and kg::parse_signature.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rocksdb/db.h>

#include "kg/api_record.h"
#include "graph/graph_compiler.h"
#include "temp_root.h"
#include "kg/knowledge_graph.h"

namespace t2p::kg {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// A fresh directory per test, removed afterwards.
class GraphCompilerTest : public testing_support::TempRootTest {
 protected:
  GraphCompilerTest() : TempRootTest("graph") {}

  // A minimal consistent graph: two torch functions, a Paddle node, one edge, one alias.
  void write_base() {
    write("knowledge_graph/apis/torch.jsonl",
          R"({"id":"torch.foo","kind":"function","params":["input","dim=None","*","out=None"],"returns":"Tensor"})"
          "\n"
          R"({"id":"torch.Tensor.bar","kind":"method","owner":"torch.Tensor","params":["dim"],"returns":"Tensor"})"
          "\n"
          R"({"id":"torch.known_only","kind":"function","params":["x"],"returns":"Size"})"
          "\n");
    write("knowledge_graph/apis/paddle.jsonl",
          R"({"id":"paddle.foo","kind":"function","params":["x","axis=None","name=None"]})"
          "\n");
    write("knowledge_graph/edges/maps_to.jsonl",
          R"({"torch":"torch.foo","paddle":"paddle.foo","category":"renamed","args":[)"
          R"({"torch":"input","paddle":"x","action":"rename"},)"
          R"({"torch":"dim","paddle":"axis","action":"rename"},)"
          R"({"torch":"out","action":"out"}]})"
          "\n"
          R"({"torch":"torch.Tensor.bar","paddle":"paddle.Tensor.bar","category":"same","args":[]})"
          "\n");
    write("knowledge_graph/edges/alias_of.jsonl",
          R"({"alias":"torch.foo_alias","canonical":"torch.foo"})"
          "\n");
  }

  // `g` written to a fresh database under the test's root and opened; null, with a failure
  // recorded, when that fails.
  std::unique_ptr<KnowledgeGraph> open_compiled(const CompiledGraph& g) {
    fs::path db = root_ / "out" / "kg.db";
    fs::create_directories(db.parent_path());
    if (std::string e = write_graph_db(g, db); !e.empty()) {
      ADD_FAILURE() << e;
      return nullptr;
    }
    std::string err;
    auto graph = KnowledgeGraph::open(db, &err);
    if (!graph) ADD_FAILURE() << err;
    return graph;
  }

  static bool has_error_containing(const CompiledGraph& g, const std::string& needle) {
    return std::any_of(g.errors.begin(), g.errors.end(),
                       [&](const std::string& e) { return e.find(needle) != std::string::npos; });
  }
  static std::string all_errors(const CompiledGraph& g) {
    std::string out;
    for (const auto& e : g.errors) out += e + "\n";
    return out;
  }

};

// ---------------------------------------------------------------------------------------------
// Loading and validation

TEST_F(GraphCompilerTest, LoadsACleanGraph) {
  write_base();
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  ASSERT_TRUE(g.records.count("torch.foo"));
  const json& foo = g.records.at("torch.foo");
  EXPECT_EQ(foo["paddle"], "paddle.foo");
  EXPECT_EQ(foo["status"], "mapped");
  EXPECT_EQ(foo["kind"], "function");
  EXPECT_EQ(foo["returns"], "Tensor");
  EXPECT_EQ(foo["form"], "call");
  EXPECT_EQ(foo["rule"], "kg:torch.foo");
  // Both signatures come from the nodes.
  EXPECT_EQ(foo["torch_params"], json({"input", "dim=None", "*", "out=None"}));
  EXPECT_EQ(foo["paddle_params"], json({"x", "axis=None", "name=None"}));
  // A method mapped to a Tensor method keeps the method form.
  EXPECT_EQ(g.records.at("torch.Tensor.bar")["form"], "method");
  // A node without an edge is still known.
  ASSERT_TRUE(g.records.count("torch.known_only"));
  EXPECT_EQ(g.records.at("torch.known_only")["status"], "known");
  EXPECT_EQ(g.records.at("torch.known_only")["returns"], "Size");
  // Paddle nodes are kept apart; the alias is recorded; the method index is built.
  EXPECT_TRUE(g.paddle_nodes.count("paddle.foo"));
  EXPECT_FALSE(g.records.count("paddle.foo"));
  EXPECT_EQ(g.aliases.at("torch.foo_alias"), "torch.foo");
  ASSERT_TRUE(g.methods.count("bar"));
  EXPECT_EQ(g.methods.at("bar"), std::vector<std::string>{"torch.Tensor"});
  EXPECT_EQ(g.stats.aliases, 1);
  EXPECT_EQ(g.stats.records, 3);
}

TEST_F(GraphCompilerTest, MissingFoldersAreNotAnError) {
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  EXPECT_TRUE(g.records.empty());
}

TEST_F(GraphCompilerTest, MalformedJsonLineIsReportedWithFileAndLine) {
  write_base();
  write("knowledge_graph/edges/not_implemented.jsonl",
        "// comment lines and blank lines count towards line numbers\n"
        "\n"
        R"({"torch":"torch.ok","reason":"missing"})"
        "\n"
        R"({"torch":"torch.broken", "reason": )"
        "\n"
        R"({"torch":"torch.ok2","reason":"missing"})"
        "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_EQ(g.errors.size(), 1u) << all_errors(g);
  EXPECT_EQ(g.errors[0].rfind("knowledge_graph/edges/not_implemented.jsonl:4: ", 0), 0u) << g.errors[0];
  // The lines around the bad one still load.
  EXPECT_TRUE(g.records.count("torch.ok"));
  EXPECT_TRUE(g.records.count("torch.ok2"));
  EXPECT_FALSE(g.records.count("torch.broken"));
}

TEST_F(GraphCompilerTest, DuplicateRuleIdIsAnError) {
  // A merge that keeps two versions of one template must not pick one silently.
  write("rules/a.jsonl",
        R"json({"id":"torch.f","cases":[{"template":"paddle.f({args})"}]})json"
        "\n"
        R"json({"id":"torch.f","cases":[{"template":"paddle.g({args})"}]})json"
        "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_EQ(g.errors.size(), 1u) << all_errors(g);
  EXPECT_EQ(g.errors[0].rfind("rules/a.jsonl:2: rule 'torch.f' already defined at rules/a.jsonl:1", 0), 0u) << g.errors[0];
}

TEST_F(GraphCompilerTest, NonObjectLineIsAnError) {
  write("mappings/x.jsonl", "[1, 2]\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_EQ(g.errors.size(), 1u) << all_errors(g);
  EXPECT_EQ(g.errors[0].rfind("mappings/x.jsonl:1: ", 0), 0u) << g.errors[0];
}

TEST_F(GraphCompilerTest, CrlfLinesParse) {
  write("knowledge_graph/edges/alias_of.jsonl",
        "{\"alias\":\"torch.a\",\"canonical\":\"torch.b\"}\r\n");
  write("knowledge_graph/apis/torch.jsonl",
        "{\"id\":\"torch.b\",\"kind\":\"function\"}\r\n\r\n// note\r\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  EXPECT_EQ(g.aliases.at("torch.a"), "torch.b");
}

TEST_F(GraphCompilerTest, AnAliasOfAnAliasIsAnError) {
  write_base();
  write("knowledge_graph/edges/alias_of.jsonl",
        R"({"alias":"torch.foo_alias","canonical":"torch.foo"})"
        "\n"
        R"({"alias":"torch.foo_alias2","canonical":"torch.foo_alias"})"
        "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(has_error_containing(g, "torch.foo_alias2 -> torch.foo_alias, itself an alias")) << all_errors(g);
}

TEST_F(GraphCompilerTest, UnknownArgumentActionIsAnError) {
  write_base();
  write("mappings/bad.jsonl",
        R"({"torch":"torch.foo","args":[{"torch":"dim","paddle":"axis","action":"frobnicate"}]})"
        "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_FALSE(g.errors.empty());
  EXPECT_TRUE(has_error_containing(g, "mappings/bad.jsonl:1: ")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "frobnicate")) << all_errors(g);
}

TEST_F(GraphCompilerTest, UnknownActionInAnImportedEdgeIsAnError) {
  write("knowledge_graph/edges/maps_to.jsonl",
        "\n"
        R"({"torch":"torch.q","paddle":"paddle.q","category":"renamed","args":[{"torch":"a","action":"teleport"}]})"
        "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(has_error_containing(g, "knowledge_graph/edges/maps_to.jsonl:2: ")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "teleport")) << all_errors(g);
}

TEST_F(GraphCompilerTest, ArgumentEntryNamingNeitherSideIsAnError) {
  write("mappings/bad.jsonl", R"({"torch":"torch.foo","args":[{"action":"drop"}]})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(has_error_containing(g, "mappings/bad.jsonl:1: ")) << all_errors(g);
}

TEST_F(GraphCompilerTest, ShapeErrors) {
  write("knowledge_graph/apis/torch.jsonl",
        R"({"kind":"function"})" "\n"
        R"({"id":"torch.p","kind":"function","params":"input"})" "\n");
  write("knowledge_graph/edges/odd.jsonl", R"({"something":"else"})" "\n");
  write("mappings/m.jsonl", R"({"paddle":"paddle.x"})" "\n");
  write("rules/r.jsonl",
        R"({"id":"torch.r"})" "\n"
        R"({"id":"torch.s","cases":[{"nargs":0}]})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(has_error_containing(g, "knowledge_graph/apis/torch.jsonl:1: ")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "knowledge_graph/apis/torch.jsonl:2: ")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "knowledge_graph/edges/odd.jsonl:1: ")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/m.jsonl:1: ")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "rules/r.jsonl:1: ")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "rules/r.jsonl:2: ")) << all_errors(g);
}

TEST_F(GraphCompilerTest, LayoutNeedsParamsAndAPermutation) {
  write_base();
  write("mappings/layout.jsonl",
        R"({"torch":"torch.foo","layout":{"params":["input"],"perm":[0,2,1,3]}})" "\n"
        R"({"torch":"torch.foo","layout":{"params":["input"],"perm":[0,2,2,3]}})" "\n"
        R"({"torch":"torch.foo","layout":{"params":[],"perm":[1,0]}})" "\n"
        R"({"torch":"torch.foo","layout":{"params":["input"],"perm":[1,4]}})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_FALSE(has_error_containing(g, "mappings/layout.jsonl:1: ")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/layout.jsonl:2: 'layout'")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/layout.jsonl:3: 'layout'")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/layout.jsonl:4: 'layout'")) << all_errors(g);
}

TEST_F(GraphCompilerTest, ReturnsWithNamesAParameterAndAKind) {
  write_base();
  write("mappings/returns.jsonl",
        R"({"torch":"torch.foo","returns_with":{"dim":"int"}})" "\n"
        R"({"torch":"torch.Tensor.bar","returns_with":{"axis":"int"}})" "\n"
        R"({"torch":"torch.known_only","returns_with":{"x":"integer"}})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_FALSE(has_error_containing(g, "torch.foo: returns_with")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/returns.jsonl:2: torch.Tensor.bar: returns_with names 'axis'")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/returns.jsonl:3: torch.known_only: returns_with 'x' needs a kind")) << all_errors(g);
  ApiRecord r = decode_record(g.records.at("torch.foo"));
  ASSERT_EQ(r.returns_with.size(), 1u);
  EXPECT_EQ(r.returns_with[0].first, "dim");
  EXPECT_EQ(r.returns_with[0].second, ValueKind::kInt);
}

TEST(ApiRecordTest, LayoutDecodesThePermutationAndItsInverse) {
  ApiRecord r = decode_record(json::parse(R"({"torch":"t","layout":{"params":["q","k"],"perm":[0,2,3,1]}})"));
  EXPECT_EQ(r.layout_params, (std::vector<std::string>{"q", "k"}));
  EXPECT_EQ(r.layout_perm, "[0, 2, 3, 1]");
  EXPECT_EQ(r.layout_result_perm, "[0, 3, 1, 2]");
  EXPECT_TRUE(decode_record(json::parse(R"({"torch":"t"})")).layout_perm.empty());
}

TEST_F(GraphCompilerTest, AliasToAnUnknownIdIsAnError) {
  write_base();
  write("knowledge_graph/edges/alias_more.jsonl",
        R"({"alias":"torch.ghost_alias","canonical":"torch.ghost"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(has_error_containing(g, "torch.ghost_alias")) << all_errors(g);
}

// ---------------------------------------------------------------------------------------------
// Curations

TEST_F(GraphCompilerTest, CurationOverridesAnImportedEdgeFieldByField) {
  write_base();
  write("mappings/curated.jsonl",
        R"({"torch":"torch.foo","paddle":"paddle.foo2","applicability":"unsafe","args":[)"
        R"({"torch":"dim","paddle":"axis2","action":"rename"},)"
        R"({"torch":"keepdim","paddle":"keepdim","action":"same"}]})"
        "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  const json& foo = g.records.at("torch.foo");
  // Overridden fields.
  EXPECT_EQ(foo["paddle"], "paddle.foo2");
  EXPECT_EQ(foo["applicability"], "unsafe");
  // Fields the curation does not name are kept from the imported edge.
  EXPECT_EQ(foo["category"], "renamed");
  EXPECT_EQ(foo["returns"], "Tensor");
  EXPECT_EQ(foo["status"], "mapped");
  EXPECT_EQ(foo["rule"], "mapping:torch.foo");
  // args merge by torch name: `dim` replaced in place, `input` and `out` kept, `keepdim` added.
  const json& args = foo["args"];
  ASSERT_EQ(args.size(), 4u) << args.dump();
  EXPECT_EQ(args[0], json({{"torch", "input"}, {"paddle", "x"}, {"action", "rename"}}));
  // A curated argument says where it comes from (`kg query` shows it).
  EXPECT_EQ(args[1], json({{"torch", "dim"}, {"paddle", "axis2"}, {"action", "rename"}, {"source", "curation"}}));
  EXPECT_EQ(args[2], json({{"torch", "out"}, {"action", "out"}}));
  EXPECT_EQ(args[3], json({{"torch", "keepdim"}, {"paddle", "keepdim"}, {"action", "same"}, {"source", "curation"}}));
  EXPECT_EQ(g.stats.curations, 1);
}

TEST_F(GraphCompilerTest, KeywordMissingFromThePaddleSignatureIsDowngraded) {
  write_base();
  write("mappings/curated.jsonl",
        R"({"torch":"torch.foo","args":[{"torch":"dim","paddle":"dimension","action":"rename"}]})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  const json& args = g.records.at("torch.foo")["args"];
  ASSERT_EQ(args.size(), 3u) << args.dump();
  EXPECT_EQ(args[0]["action"], "rename");  // input -> x: Paddle has `x`
  EXPECT_EQ(args[1]["torch"], "dim");
  EXPECT_EQ(args[1]["action"], "unsupported");  // Paddle has no `dimension`
}

TEST_F(GraphCompilerTest, UnpackNamingAMissingPaddleParameterIsDowngraded) {
  write_base();
  write("mappings/curated.jsonl",
        R"({"torch":"torch.foo","args":[{"torch":"dim","paddle":"axis,nope","action":"unpack"}]})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  EXPECT_EQ(g.records.at("torch.foo")["args"][1]["action"], "unsupported");  // Paddle has no `nope`
  write("mappings/curated.jsonl",
        R"({"torch":"torch.foo","args":[{"torch":"dim","paddle":"x,axis","action":"unpack"}]})" "\n");
  CompiledGraph ok = load_graph_sources(root_);
  EXPECT_EQ(ok.records.at("torch.foo")["args"][1]["action"], "unpack");
}

TEST_F(GraphCompilerTest, LaterCurationFilesWinFieldByField) {
  write_base();
  write("mappings/a.jsonl", R"({"torch":"torch.foo","paddle":"paddle.first","note":"a"})" "\n");
  write("mappings/b.jsonl", R"({"torch":"torch.foo","paddle":"paddle.second"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  EXPECT_EQ(g.records.at("torch.foo")["paddle"], "paddle.second");
  EXPECT_EQ(g.records.at("torch.foo")["note"], "a");
}

TEST_F(GraphCompilerTest, CurationGivesANotImplementedApiAMapping) {
  write("knowledge_graph/edges/not_implemented.jsonl",
        R"({"torch":"torch.hard","reason":"missing"})" "\n"
        R"({"torch":"torch.still_hard","reason":"missing"})" "\n");
  write("mappings/m.jsonl",
        R"({"torch":"torch.hard","paddle":"paddle.hard"})" "\n"
        R"({"torch":"torch.still_hard","reason":"needs a composite"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  EXPECT_EQ(g.records.at("torch.hard")["status"], "mapped");
  EXPECT_EQ(g.records.at("torch.hard")["paddle"], "paddle.hard");
  EXPECT_EQ(g.records.at("torch.still_hard")["status"], "not_implemented");
  EXPECT_EQ(g.records.at("torch.still_hard")["reason"], "needs a composite");
}

TEST_F(GraphCompilerTest, RuleAddsTemplateCases) {
  write_base();
  write("rules/size.jsonl",
        R"({"id":"torch.Tensor.bar","cases":[{"when":{"nargs":0},"template":"{receiver}.shape"},{"template":"{receiver}.shape[{arg0}]"}]})"
        "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  const json& rec = g.records.at("torch.Tensor.bar");
  EXPECT_EQ(rec["rule"], "template:torch.Tensor.bar");
  EXPECT_EQ(rec["status"], "mapped");
  ASSERT_EQ(rec["cases"].size(), 2u);
  EXPECT_EQ(rec["cases"][0]["template"], "{receiver}.shape");
  EXPECT_EQ(g.stats.rules, 1);
}

// ---------------------------------------------------------------------------------------------
// The compiled database

TEST_F(GraphCompilerTest, ConvertedRootsAreTheRecordFamiliesLessTheUnconvertedOnes) {
  write_base();
  write("knowledge_graph/apis/transformers.jsonl",
        R"({"id":"transformers.AddedToken","kind":"class","params":["content"],"returns":"other"})" "\n");
  write("knowledge_graph/apis/os.jsonl",
        R"({"id":"os.environ.get","kind":"function","params":["key"],"returns":"other"})" "\n");
  write("mappings/families.jsonl",
        R"({"family":"os","convert":false,"reason":"the standard library"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << all_errors(g);
  // Most records first: torch (3), then transformers (1); os is excluded, paddle is not a record.
  EXPECT_EQ(g.roots, (std::vector<std::string>{"torch", "transformers"}));

  fs::path db = root_ / "out" / "kg.db";
  fs::create_directories(db.parent_path());
  ASSERT_EQ(write_graph_db(g, db), "");
  std::string err;
  auto graph = KnowledgeGraph::open(db, &err);
  ASSERT_NE(graph, nullptr) << err;
  EXPECT_EQ(graph->converted_roots().roots(), g.roots);
  EXPECT_TRUE(graph->converted_roots().mentioned_in("from transformers import AddedToken"));
  EXPECT_FALSE(graph->converted_roots().mentioned_in("import os"));
}

TEST_F(GraphCompilerTest, FamilyEntriesAreValidated) {
  write_base();
  write("mappings/families.jsonl",
        R"({"family":"torch","convert":true,"reason":"x"})" "\n"
        R"({"family":"nosuch","convert":false,"reason":"no record has this family"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(has_error_containing(g, "mappings/families.jsonl:1: family entry needs")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "family 'nosuch' has no record")) << all_errors(g);
}

TEST_F(GraphCompilerTest, PrefixReasonsGoToUnknownIdsByTheLongestPrefix) {
  write_base();
  write("mappings/families.jsonl",
        R"({"prefix":"torch._C.","reason":"internal"})" "\n"
        R"({"prefix":"torch._C._add_docstr","reason":"write fn.__doc__ = doc"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << all_errors(g);
  auto graph = open_compiled(g);
  ASSERT_NE(graph, nullptr);
  ASSERT_NE(graph->prefix_reason("torch._C._get_tracing_state"), nullptr);
  EXPECT_EQ(*graph->prefix_reason("torch._C._get_tracing_state"), "internal");
  ASSERT_NE(graph->prefix_reason("torch._C._add_docstr"), nullptr);
  EXPECT_EQ(*graph->prefix_reason("torch._C._add_docstr"), "write fn.__doc__ = doc");
  EXPECT_EQ(graph->prefix_reason("torch.relu"), nullptr);
}

TEST_F(GraphCompilerTest, ModuleEntriesAreValidatedAndGiveThePaddleModule) {
  write_base();
  write("mappings/modules.jsonl",
        R"({"module":"torch","paddle":"paddle"})" "\n"
        R"({"module":"torch","paddle":"paddle.other"})" "\n"
        R"({"module":"torch.nowhere","paddle":"paddle.nowhere"})" "\n"
        R"({"module":"torch.Tensor","paddle":"paddle.Tensor","why":1})" "\n");
  CompiledGraph bad = load_graph_sources(root_);
  EXPECT_TRUE(has_error_containing(bad, "mappings/modules.jsonl:2: module 'torch' given twice")) << all_errors(bad);
  EXPECT_TRUE(has_error_containing(bad, "mappings/modules.jsonl:3: no record below the module torch.nowhere")) << all_errors(bad);
  EXPECT_TRUE(has_error_containing(bad, "mappings/modules.jsonl:4: module entry needs only")) << all_errors(bad);

  write("mappings/modules.jsonl", R"({"module":"torch","paddle":"paddle"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << all_errors(g);
  auto graph = open_compiled(g);
  ASSERT_NE(graph, nullptr);
  ASSERT_NE(graph->paddle_module("torch"), nullptr);
  EXPECT_EQ(*graph->paddle_module("torch"), "paddle");
  EXPECT_EQ(graph->paddle_module("torch.nn"), nullptr);
  EXPECT_EQ(graph->paddle_module("torch.foo"), nullptr);
}

TEST_F(GraphCompilerTest, PrefixAndDeleteAsEntriesAreValidated) {
  write_base();
  write("mappings/families.jsonl",
        R"({"prefix":"torch._C.","reason":"a"})" "\n"
        R"({"prefix":"torch._C.","reason":"b"})" "\n"
        R"({"prefix":"torch","reason":"no dot"})" "\n"
        R"({"prefix":"torch.x.","reason":"c","extra":1})" "\n");
  write("mappings/m.jsonl", R"({"torch":"torch.foo","delete_as":"decorator"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(has_error_containing(g, "mappings/families.jsonl:2: prefix 'torch._C.' given twice")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/families.jsonl:3: prefix entry needs")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/families.jsonl:4: prefix entry needs")) << all_errors(g);
  EXPECT_TRUE(has_error_containing(g, "mappings/m.jsonl:1: 'delete_as' must be a list")) << all_errors(g);
}

TEST_F(GraphCompilerTest, TemplateCaseImportsAreDerivedFromTheDottedNamesOfItsText) {
  write_base();
  write("rules/r.jsonl",
        R"j({"id":"torch.foo","cases":[)j"
        R"j({"when":{"nargs":0},"template":"os.environ['A.B'] + {receiver}.x + paddle.f({arg0})"},)j"
        R"j({"when":{"nargs":1},"template":"[i.T for i in paddle.g({arg0})] + (lambda t: t.y)(1) + 2.5"},)j"
        R"j({"when":{"nargs":2},"template":"logging.getLogger()","imports":["logging","paddle"]},)j"
        R"j({"when":{"nargs":3},"template":"(lambda d, k=(math.pi, [paddle.bool, 1]): d in k)({arg0})"}]})j" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << all_errors(g);
  const json& cases = g.records.at("torch.foo")["cases"];
  // Strings ('A.B'), placeholders ({receiver}.x), attributes after a dot and names the text
  // binds itself (i, t) are not modules; a case's own list is kept as given.
  EXPECT_EQ(cases[0]["imports"], json({"os", "paddle"}));
  EXPECT_EQ(cases[1]["imports"], json({"paddle"}));
  EXPECT_EQ(cases[2]["imports"], json({"logging", "paddle"}));
  // A lambda parameter's default (k=...) is read outside the lambda: its modules are needed.
  EXPECT_EQ(cases[3]["imports"], json({"math", "paddle"}));
}

TEST_F(GraphCompilerTest, WriteDbThenResolveAliasesThroughTheGraph) {
  write_base();
  write("mappings/curated.jsonl",
        R"({"torch":"torch.foo","args":[{"torch":"out","action":"unsupported","reason":"no out"}]})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << all_errors(g);
  fs::path db = root_ / "out" / "kg.db";
  fs::create_directories(db.parent_path());
  ASSERT_EQ(write_graph_db(g, db), "");

  std::string err;
  auto graph = KnowledgeGraph::open(db, &err);
  ASSERT_NE(graph, nullptr) << err;

  EXPECT_EQ(graph->canonical("torch.foo_alias"), "torch.foo");
  EXPECT_EQ(graph->canonical("torch.foo"), "torch.foo");
  EXPECT_EQ(graph->canonical("torch.unknown"), "torch.unknown");

  const ApiRecord* via_alias = graph->find("torch.foo_alias");
  const ApiRecord* direct = graph->find("torch.foo");
  ASSERT_NE(via_alias, nullptr);
  ASSERT_NE(direct, nullptr);
  EXPECT_EQ(via_alias->torch, "torch.foo");
  EXPECT_EQ(via_alias->paddle, "paddle.foo");
  EXPECT_EQ(via_alias->status, ApiStatus::kMapped);
  EXPECT_EQ(via_alias->returns, ValueKind::kTensor);
  EXPECT_EQ(via_alias->form, Form::kCall);
  EXPECT_EQ(via_alias->rule, "mapping:torch.foo");
  ASSERT_NE(via_alias->arg_for_torch("dim"), nullptr);
  EXPECT_EQ(via_alias->arg_for_torch("dim")->paddle, "axis");
  EXPECT_EQ(via_alias->arg_for_torch("dim")->action, ArgAction::kRename);
  ASSERT_NE(via_alias->arg_for_torch("out"), nullptr);  // curated
  EXPECT_EQ(via_alias->arg_for_torch("out")->action, ArgAction::kUnsupported);
  EXPECT_EQ(via_alias->arg_for_torch("out")->reason, "no out");
  EXPECT_EQ(via_alias->arg_for_torch("nope"), nullptr);
  ASSERT_EQ(via_alias->torch_params.size(), 3u);
  EXPECT_TRUE(via_alias->torch_params[2].keyword_only);
  ASSERT_EQ(via_alias->paddle_params.size(), 3u);
  EXPECT_EQ(via_alias->paddle_params[1].name, "axis");

  EXPECT_EQ(graph->find("torch.nope"), nullptr);
  EXPECT_EQ(graph->find("torch.nope"), nullptr);  // an unknown id stays null
  EXPECT_EQ(via_alias, direct);                   // one record, cached under the canonical id
  EXPECT_EQ(graph->canonical("torch.foo_alias"), "torch.foo");
  EXPECT_EQ(graph->canonical("torch.nope"), "torch.nope");
  // find_member(owner, name) is find(owner + "." + name).
  EXPECT_EQ(graph->find_member("torch", "foo"), direct);
  EXPECT_EQ(graph->find_member("torch", "foo_alias"), direct);
  EXPECT_EQ(graph->find_member("torch", "nope"), nullptr);
  EXPECT_EQ(graph->find_member(std::string(300, 't'), "foo"), nullptr);  // longer than the buffer

  const ApiRecord* known = graph->find("torch.known_only");
  ASSERT_NE(known, nullptr);
  EXPECT_EQ(known->status, ApiStatus::kKnown);
  EXPECT_EQ(known->returns, ValueKind::kSize);

  EXPECT_EQ(graph->method_owners("bar"), std::vector<std::string>{"torch.Tensor"});
  EXPECT_TRUE(graph->method_owners("nothing").empty());  // not in the index: no read
  EXPECT_FALSE(graph->is_shared_method_name("nothing"));
  EXPECT_TRUE(graph->shared_method_owners("nothing").empty());
  EXPECT_TRUE(graph->argument_evidence("nothing").keywords.empty());
  EXPECT_NE(graph->paddle_node("paddle.foo").find("\"paddle.foo\""), std::string::npos);
  EXPECT_EQ(graph->paddle_node("paddle.none"), "");
}

TEST_F(GraphCompilerTest, WriteDbReplacesAnExistingDatabase) {
  write_base();
  CompiledGraph g = load_graph_sources(root_);
  fs::path db = root_ / "kg.db";
  ASSERT_EQ(write_graph_db(g, db), "");
  g.records.erase("torch.known_only");
  ASSERT_EQ(write_graph_db(g, db), "");
  std::string err;
  auto graph = KnowledgeGraph::open(db, &err);
  ASSERT_NE(graph, nullptr) << err;
  EXPECT_EQ(graph->find("torch.known_only"), nullptr);
  EXPECT_NE(graph->find("torch.foo"), nullptr);
}

// A database without converted roots (an older build's) would convert nothing and report every
// file as unchanged: opening it fails and says why.
TEST_F(GraphCompilerTest, OpenDatabaseWithoutConvertedRootsFails) {
  write_base();
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << all_errors(g);
  g.roots.clear();
  fs::path db = root_ / "out" / "old.db";
  fs::create_directories(db.parent_path());
  ASSERT_EQ(write_graph_db(g, db), "");
  std::string err;
  EXPECT_EQ(KnowledgeGraph::open(db, &err), nullptr);
  EXPECT_NE(err.find("no converted roots"), std::string::npos) << err;
}

// The record index (`meta:record_ids`) answers unknown ids without a database read; a database
// without it (an older build's) would find nothing: opening it fails and says why.
TEST_F(GraphCompilerTest, OpenDatabaseWithoutRecordIndexFails) {
  write_base();
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_TRUE(g.errors.empty()) << all_errors(g);
  for (const char* key : {"meta:record_ids", "meta:aliases", "meta:method_names", "meta:shared_names",
                          "meta:evidence_names"}) {
    SCOPED_TRACE(key);
    fs::path db = root_ / "out" / "old.db";
    fs::create_directories(db.parent_path());
    ASSERT_EQ(write_graph_db(g, db), "");
    {
      std::string err;
      ASSERT_NE(KnowledgeGraph::open(db, &err), nullptr) << err;
    }
    {
      rocksdb::DB* raw = nullptr;
      ASSERT_TRUE(rocksdb::DB::Open(rocksdb::Options(), db.string(), &raw).ok());
      std::unique_ptr<rocksdb::DB> rw(raw);
      ASSERT_TRUE(rw->Delete(rocksdb::WriteOptions(), key).ok());
    }
    std::string err;
    EXPECT_EQ(KnowledgeGraph::open(db, &err), nullptr);
    EXPECT_NE(err.find("no record index"), std::string::npos) << err;
  }
}

TEST_F(GraphCompilerTest, OpenMissingDatabaseFailsWithAMessage) {
  std::string err;
  auto graph = KnowledgeGraph::open(root_ / "does-not-exist", &err);
  EXPECT_EQ(graph, nullptr);
  EXPECT_FALSE(err.empty());
}

// ---------------------------------------------------------------------------------------------
// parse_signature

TEST(ParseSignature, KeywordOnlyMarker) {
  std::vector<Param> p = parse_signature(json({"input", "dim=None", "*", "out=None"}));
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].name, "input");
  EXPECT_FALSE(p[0].has_default);
  EXPECT_TRUE(p[0].default_value.empty());
  EXPECT_FALSE(p[0].keyword_only);
  EXPECT_FALSE(p[0].positional_only);
  EXPECT_EQ(p[0].kind, ParamKind::kNormal);

  EXPECT_EQ(p[1].name, "dim");
  EXPECT_TRUE(p[1].has_default);
  EXPECT_EQ(p[1].default_value, "None");
  EXPECT_FALSE(p[1].keyword_only);

  EXPECT_EQ(p[2].name, "out");
  EXPECT_TRUE(p[2].has_default);
  EXPECT_EQ(p[2].default_value, "None");
  EXPECT_TRUE(p[2].keyword_only);
}

TEST(ParseSignature, VarArgs) {
  std::vector<Param> p = parse_signature(json({"*size"}));
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].name, "size");
  EXPECT_EQ(p[0].kind, ParamKind::kVarArgs);
  EXPECT_FALSE(p[0].has_default);
}

TEST(ParseSignature, ParametersAfterVarArgsAreKeywordOnly) {
  std::vector<Param> p = parse_signature(json({"*size", "dtype=None", "layout=torch.strided"}));
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0].kind, ParamKind::kVarArgs);
  EXPECT_TRUE(p[1].keyword_only);
  EXPECT_TRUE(p[2].keyword_only);
  EXPECT_EQ(p[2].default_value, "torch.strided");
}

TEST(ParseSignature, PositionalOnlyMarker) {
  std::vector<Param> p = parse_signature(json({"x", "/", "y"}));
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].name, "x");
  EXPECT_TRUE(p[0].positional_only);
  EXPECT_EQ(p[1].name, "y");
  EXPECT_FALSE(p[1].positional_only);
  EXPECT_FALSE(p[1].keyword_only);
}

TEST(ParseSignature, BothMarkers) {
  std::vector<Param> p = parse_signature(json({"a", "b=1", "/", "c", "*", "d=2"}));
  ASSERT_EQ(p.size(), 4u);
  EXPECT_TRUE(p[0].positional_only);
  EXPECT_TRUE(p[1].positional_only);
  EXPECT_EQ(p[1].default_value, "1");
  EXPECT_FALSE(p[2].positional_only);
  EXPECT_FALSE(p[2].keyword_only);
  EXPECT_TRUE(p[3].keyword_only);
  EXPECT_FALSE(p[3].positional_only);
}

TEST(ParseSignature, VarKwargs) {
  std::vector<Param> p = parse_signature(json({"**kwargs"}));
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].name, "kwargs");
  EXPECT_EQ(p[0].kind, ParamKind::kVarKwargs);
  EXPECT_FALSE(p[0].keyword_only);
}

TEST(ParseSignature, DefaultKeepsEverythingAfterTheFirstEquals) {
  std::vector<Param> p = parse_signature(json({"sep='='"}));
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].name, "sep");
  EXPECT_EQ(p[0].default_value, "'='");
}

TEST(ParseSignature, NonArrayAndNonStringTokens) {
  EXPECT_TRUE(parse_signature(json("input")).empty());
  EXPECT_TRUE(parse_signature(json::object()).empty());
  std::vector<Param> p = parse_signature(json::parse(R"(["a", 3, null, "b"])"));
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].name, "a");
  EXPECT_EQ(p[1].name, "b");
}

}  // namespace
}  // namespace t2p::kg
