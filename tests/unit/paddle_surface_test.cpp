// tests: kg::import_api_reference on a small reference fixture, the parameter type helpers, and
// the compile-time checks of the data against Paddle's API surface (one failing case each).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "kg/api_record.h"
#include "graph/graph_compiler.h"
#include "temp_root.h"
#include "graph/paddle_surface.h"
#include "graph/reference_importer.h"

namespace t2p::kg {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

class PaddleSurfaceTest : public testing_support::TempRootTest {
 protected:
  PaddleSurfaceTest() : TempRootTest("surface") {}
  std::string read(const std::string& rel) {
    std::ifstream in(root_ / rel, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  // The line of `rel` whose id is `id`, parsed.
  nlohmann::ordered_json line_of(const std::string& rel, const std::string& id) {
    std::istringstream in(read(rel));
    for (std::string l; std::getline(in, l);) {
      auto j = nlohmann::ordered_json::parse(l);
      if (j["id"] == id) return j;
    }
    return nullptr;
  }

  // A reference in the shape of PaddlePaddle/docs docs/api/paddle/: a function page, a class page
  // with members, a module folder, and Tensor_cn.rst whose methods point at function pages.
  void write_reference() {
    write("ref/divide_cn.rst",
          ".. _cn_api_paddle_divide:\n\ndivide\n-------------------------------\n\n"
          ".. py:function:: paddle.divide(x, y, name=None)\n\n"
          "text\n\n参数\n:::::::::\n"
          "        - **x** (Tensor) - text\n"
          "        - **y** （Tensor） - text\n"
          "        - **name** (str，可选) - text\n\n返回\n:::::::::\n   text\n");
    write("ref/clip_cn.rst",
          ".. _cn_api_paddle_clip:\n\nclip\n-----\n\n"
          ".. py:function:: paddle.clip(x, min=None, max=None, name=None):\n\n参数\n::::::\n"
          "    - **x** (Tensor) - text\n"
          "    - **min** (float|Tensor，可选) - text\n"
          "    - **max** (float | Tensor, 可选) - text\n");
    write("ref/nn/Linear_cn.rst",
          ".. _cn_api_paddle_nn_Linear:\n\nLinear\n------\n\n"
          ".. py:class:: paddle.nn.Linear(in_features, out_features, weight_attr=None, bias_attr=None, name=None)\n\n"
          "参数\n::::::\n    - **in_features** (int) - text\n    - **out_features** (int) - text\n\n"
          "方法\n::::::\n"
          "forward(self, input)\n'''''''''\n\n**参数**\n\n    - **input** (Tensor) - text\n\n"
          "weight\n'''''''''\n\ntext\n");
    write("ref/Tensor_cn.rst",
          ".. _cn_api_paddle_Tensor:\n\nTensor\n------\n\n.. py:class:: paddle.Tensor\n\ntext\n\n"
          "dtype\n:::::::::\n\ntext\n\n"
          "divide(y, name=None)\n:::::::::\n\n返回：text\n\n请参考 :ref:`cn_api_paddle_divide`\n\n"
          "clip(min=None, max=None, name=None)\n:::::::::\n\n请参考 :ref:`cn_api_paddle_clip`\n");
    write("ref/Overview_cn.rst", "overview without an API\n");
  }

  // A consistent graph whose data writes paddle.divide(x, y).
  void write_graph() {
    write("knowledge_graph/apis/torch.jsonl",
          R"({"id":"torch.div","kind":"function","params":["input","other"],"returns":"Tensor"})" "\n"
          R"({"id":"torch.Tensor.div","kind":"method","owner":"torch.Tensor","params":["other"],"returns":"Tensor"})" "\n");
    write("knowledge_graph/edges/maps_to.jsonl",
          R"({"torch":"torch.div","paddle":"paddle.divide","category":"renamed","args":[)"
          R"({"torch":"input","paddle":"x","action":"rename"},{"torch":"other","paddle":"y","action":"rename"}]})" "\n"
          R"({"torch":"torch.Tensor.div","paddle":"paddle.Tensor.divide","category":"renamed","args":[)"
          R"({"torch":"other","paddle":"y","action":"rename"}]})" "\n");
    write("knowledge_graph/paddle/paddle.jsonl",
          R"({"id":"paddle.divide","kind":"function","params":["x","y","name=None"],"types":{"x":"Tensor","y":"Tensor","name":"str"},"source":"divide_cn.rst:6"})" "\n"
          R"({"id":"paddle.tan","kind":"function","params":["x","name=None"],"types":{"x":"Tensor","name":"str"},"source":"tan_cn.rst:6"})" "\n");
    write("knowledge_graph/paddle/paddle.Tensor.jsonl",
          R"({"id":"paddle.Tensor.divide","kind":"method","owner":"paddle.Tensor","params":["y","name=None"],"types":{"y":"Tensor","name":"str"},"types_from":"paddle.divide","source":"Tensor_cn.rst:9"})" "\n");
  }

  static std::string all_errors(const CompiledGraph& g) {
    std::string out;
    for (const auto& e : g.errors) out += e + "\n";
    return out;
  }

};

// ---------------------------------------------------------------------------------------------
// The importer

TEST_F(PaddleSurfaceTest, ImportsSignaturesTypesAndSources) {
  write_reference();
  ReferenceImportReport r = import_api_reference(root_ / "ref", root_ / "out");
  EXPECT_EQ(r.files_read, 5);
  EXPECT_TRUE(r.problems.empty()) << r.problems.front();
  EXPECT_EQ(r.apis, 4);        // divide, clip, nn.Linear, Tensor
  EXPECT_EQ(r.methods, 3);     // Linear.forward, Tensor.divide, Tensor.clip
  EXPECT_EQ(r.members, 2);  // Linear.weight, Tensor.dtype

  auto divide = line_of("out/paddle.jsonl", "paddle.divide");
  EXPECT_EQ(divide["kind"], "function");
  EXPECT_EQ(divide["params"], nlohmann::ordered_json({"x", "y", "name=None"}));
  EXPECT_EQ(divide["types"].dump(), R"({"x":"Tensor","y":"Tensor","name":"str"})");  // signature order
  EXPECT_EQ(divide["source"], "divide_cn.rst:6");
  auto clip = line_of("out/paddle.jsonl", "paddle.clip");  // trailing `:` after the signature
  EXPECT_EQ(clip["params"], nlohmann::ordered_json({"x", "min=None", "max=None", "name=None"}));
  EXPECT_EQ(clip["types"]["max"], "float|Tensor");

  auto linear = line_of("out/paddle.nn.jsonl", "paddle.nn.Linear");
  EXPECT_EQ(linear["kind"], "class");
  EXPECT_EQ(linear["types"].dump(), R"({"in_features":"int","out_features":"int"})");
  auto forward = line_of("out/paddle.nn.jsonl", "paddle.nn.Linear.forward");
  EXPECT_EQ(forward["kind"], "method");
  EXPECT_EQ(forward["owner"], "paddle.nn.Linear");
  EXPECT_EQ(forward["params"], nlohmann::ordered_json({"input"}));  // self dropped
  EXPECT_EQ(forward["types"]["input"], "Tensor");
  EXPECT_EQ(line_of("out/paddle.nn.jsonl", "paddle.nn.Linear.weight")["kind"], "member");

  // Tensor methods take their types from the function page their section refers to.
  auto tdiv = line_of("out/paddle.Tensor.jsonl", "paddle.Tensor.divide");
  EXPECT_EQ(tdiv["params"], nlohmann::ordered_json({"y", "name=None"}));
  EXPECT_EQ(tdiv["types"].dump(), R"({"y":"Tensor","name":"str"})");
  EXPECT_EQ(tdiv["types_from"], "paddle.divide");
  EXPECT_EQ(tdiv["source"], "Tensor_cn.rst:15");
  EXPECT_EQ(line_of("out/paddle.Tensor.jsonl", "paddle.Tensor.dtype")["kind"], "member");
  EXPECT_EQ(r.tensor_only, 5);  // divide x, y; clip x; forward input; Tensor.divide y
}

TEST_F(PaddleSurfaceTest, RerunningOnTheSameReferenceChangesNothing) {
  write_reference();
  import_api_reference(root_ / "ref", root_ / "out");
  std::string first = read("out/paddle.jsonl") + read("out/paddle.nn.jsonl") + read("out/paddle.Tensor.jsonl");
  write("out/paddle.gone.jsonl", "{}\n");  // a module that no longer occurs
  import_api_reference(root_ / "ref", root_ / "out");
  EXPECT_EQ(read("out/paddle.jsonl") + read("out/paddle.nn.jsonl") + read("out/paddle.Tensor.jsonl"), first);
  EXPECT_FALSE(fs::exists(root_ / "out/paddle.gone.jsonl"));
}

TEST(ParamTypes, NormaliseAndClassify) {
  EXPECT_EQ(normalize_param_type("float|Tensor，可选"), "float|Tensor");
  EXPECT_EQ(normalize_param_type("Variable | list[Variable]"), "Variable|list[Variable]");
  EXPECT_EQ(normalize_param_type("str, 可选"), "str");
  EXPECT_EQ(normalize_param_type("可选"), "");
  EXPECT_EQ(normalize_param_type("0-D Tensor"), "0-D Tensor");
  EXPECT_EQ(normalize_param_type("Tensor, int"), "Tensor|int");
  EXPECT_EQ(normalize_param_type("Scalar or 0-D Tensor"), "Scalar|0-D Tensor");
  EXPECT_EQ(normalize_param_type("int，默认值为 1"), "int");
  EXPECT_FALSE(is_tensor_only_type("Scalar|0-D Tensor"));
  EXPECT_TRUE(is_tensor_only_type("Tensor"));
  EXPECT_TRUE(is_tensor_only_type("0-D Tensor"));
  EXPECT_TRUE(is_tensor_only_type("Tensor|SparseTensor"));
  EXPECT_FALSE(is_tensor_only_type("float|Tensor"));
  EXPECT_FALSE(is_tensor_only_type("int|float|Tensor"));
  EXPECT_FALSE(is_tensor_only_type("list|tuple|Tensor"));
  EXPECT_FALSE(is_tensor_only_type("list[Tensor]"));
  EXPECT_FALSE(is_tensor_only_type("str"));
  EXPECT_FALSE(is_tensor_only_type(""));
}

// ---------------------------------------------------------------------------------------------
// The checks of kg compile

TEST_F(PaddleSurfaceTest, CleanDataCompilesAndCarriesTheTensorOnlyParameters) {
  write_graph();
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  EXPECT_EQ(g.records.at("torch.div")["paddle_tensor_only"], json({"x", "y"}));
  EXPECT_EQ(g.records.at("torch.Tensor.div")["paddle_tensor_only"], json({"y"}));
  EXPECT_EQ(decode_record(g.records.at("torch.Tensor.div")).paddle_tensor_only, std::vector<std::string>{"y"});
  EXPECT_EQ(g.surface.at("paddle.divide")["tensor_only"], json({"x", "y"}));
  // `name (str)` is the operator's name, not a string parameter worth a check.
  EXPECT_FALSE(g.records.at("torch.div").contains("paddle_str_only"));
}

TEST(ParamTypes, StringOnlyParametersAreThoseTakingNoPathNorFile) {
  const json save = json::parse(
      R"({"params":["obj","path","protocol=4","mode=None","name=None","**configs"],)"
      R"("types":{"obj":"Object","path":"str|BytesIO","protocol":"int","mode":"str|None","name":"str","configs":"dict"}})");
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(str_only_params(save), (Pairs{{"path", "str|BytesIO"}, {"mode", "str|None"}}));
  EXPECT_TRUE(str_only_params(json::parse(R"({"params":["x"],"types":{"x":"str|list"}})")).empty());
  EXPECT_TRUE(str_only_params(json::parse(R"({"params":["x"],"types":{"x":"BytesIO"}})")).empty());
  EXPECT_TRUE(str_only_params(json::parse(R"({"params":["x"]})")).empty());
  ApiRecord r = decode_record(json::parse(R"({"torch":"torch.save","paddle_str_only":{"path":"str|BytesIO"}})"));
  EXPECT_EQ(r.paddle_str_only, (Pairs{{"path", "str|BytesIO"}}));
}

TEST_F(PaddleSurfaceTest, AnEdgeToAnApiOutsideTheReferenceFails) {
  write_graph();
  write("mappings/tensor.jsonl", "// comment\n" R"({"torch":"torch.Tensor.div","paddle":"paddle.Tensor.div"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_EQ(g.errors.size(), 1u) << all_errors(g);
  EXPECT_EQ(g.errors[0].rfind("mappings/tensor.jsonl:2: torch.Tensor.div maps to paddle.Tensor.div, which is not in", 0), 0u)
      << g.errors[0];
}

TEST_F(PaddleSurfaceTest, AKeywordTheApiDoesNotHaveFails) {
  write_graph();
  write("mappings/tensor.jsonl",
        R"({"torch":"torch.div","args":[{"torch":"other","paddle":"other","action":"rename"}]})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_EQ(g.errors.size(), 1u) << all_errors(g);
  EXPECT_EQ(g.errors[0].rfind("mappings/tensor.jsonl:1: torch.div writes keyword 'other=' to paddle.divide, which has no such parameter (paddle.divide(x, y, name=None), divide_cn.rst:6)", 0), 0u)
      << g.errors[0];
}

TEST_F(PaddleSurfaceTest, ATemplateWritingAnUnknownApiOrKeywordFails) {
  write_graph();
  write("rules/composite.jsonl",
        R"j({"id":"torch.Tensor.div","cases":[{"when":{"nargs":1},"template":"paddle.divide({receiver}, {arg0}, axis=1)"}]})j" "\n"
        R"j({"id":"torch.div","cases":[{"template":"paddle.divide2({arg0}, 'paddle.no_such')"}]})j" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_EQ(g.errors.size(), 2u) << all_errors(g);
  EXPECT_EQ(g.errors[0].rfind("rules/composite.jsonl:1: torch.Tensor.div writes keyword 'axis=' to paddle.divide", 0), 0u)
      << g.errors[0];
  // The name inside a string literal is not code.
  EXPECT_EQ(g.errors[1].rfind("rules/composite.jsonl:2: torch.div has a template writing paddle.divid", 0), 0u) << g.errors[1];
}

// An annotation-only spelling is checked whatever the record's status: the record of an API
// whose other uses stay reported is not "mapped" to anything.
TEST_F(PaddleSurfaceTest, AnAnnotationSpellingOutsideTheReferenceFails) {
  write_graph();
  write("mappings/dtypes.jsonl", R"({"torch":"torch.dtype","status":"known","as_annotation":"paddle.no_dtype"})" "\n"
                                 R"({"torch":"torch.div","as_annotation":"paddle.divide"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_EQ(g.errors.size(), 1u) << all_errors(g);
  EXPECT_EQ(g.errors[0].rfind("mappings/dtypes.jsonl:1: torch.dtype", 0), 0u) << g.errors[0];
  EXPECT_NE(g.errors[0].find("paddle.no_dtype"), std::string::npos) << g.errors[0];
}

TEST_F(PaddleSurfaceTest, AnAdditionWithAReasonCompletesTheSurface) {
  write_graph();
  write("mappings/tensor.jsonl", R"({"torch":"torch.Tensor.div","paddle":"paddle.Tensor.tan","args":[{"torch":"other","action":"drop"}]})" "\n");
  write("mappings/paddle_surface.jsonl",
        R"({"paddle":"paddle.Tensor.tan","method_of":"paddle.tan","reason":"Paddle registers paddle.tan as a Tensor method"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  const json& tan = g.surface.at("paddle.Tensor.tan");
  EXPECT_EQ(tan["params"], json({"name=None"}));  // the function's, less x
  EXPECT_EQ(tan["source"], "mappings/paddle_surface.jsonl:1");
  EXPECT_EQ(tan["types_from"], "paddle.tan");
}

TEST_F(PaddleSurfaceTest, AddedParametersCompleteAnOutdatedPage) {
  write_graph();
  write("mappings/tensor.jsonl",
        R"({"torch":"torch.div","args":[{"torch":"other","paddle":"other","action":"rename"}]})" "\n");
  write("mappings/paddle_surface.jsonl",
        R"({"paddle":"paddle.divide","add_params":["other=None"],"reason":"the page is older than the code"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  EXPECT_EQ(g.surface.at("paddle.divide")["params"], json({"x", "y", "name=None", "other=None"}));
  EXPECT_EQ(g.surface.at("paddle.divide")["source"], "divide_cn.rst:6, mappings/paddle_surface.jsonl:1");
}

TEST_F(PaddleSurfaceTest, NothingIsCheckedWithoutAnImportedReference) {
  write_graph();
  fs::remove_all(root_ / "knowledge_graph/paddle");
  write("mappings/tensor.jsonl", R"({"torch":"torch.Tensor.div","paddle":"paddle.Tensor.div"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  EXPECT_TRUE(g.errors.empty()) << all_errors(g);
  EXPECT_FALSE(g.records.at("torch.div").contains("paddle_tensor_only"));
}

TEST_F(PaddleSurfaceTest, BadAdditionsFail) {
  write_graph();
  write("mappings/paddle_surface.jsonl",
        R"({"paddle":"paddle.Tensor.tan"})" "\n"
        R"({"paddle":"paddle.divide","reason":"already documented"})" "\n"
        R"({"paddle":"paddle.Tensor.cos","method_of":"paddle.cos","reason":"no such function"})" "\n");
  CompiledGraph g = load_graph_sources(root_);
  ASSERT_EQ(g.errors.size(), 3u) << all_errors(g);
  EXPECT_NE(g.errors[0].find("mappings/paddle_surface.jsonl:1: a surface addition needs"), std::string::npos);
  EXPECT_NE(g.errors[1].find("mappings/paddle_surface.jsonl:2: paddle.divide is in Paddle's API reference (divide_cn.rst:6)"),
            std::string::npos);
  EXPECT_NE(g.errors[2].find("mappings/paddle_surface.jsonl:3: method_of names no documented function"), std::string::npos);
}

}  // namespace
}  // namespace t2p::kg
