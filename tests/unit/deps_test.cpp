// tests: dependency files pointed at Paddle (src/deps/). The fixtures of tests/deps/<case>/ (each
// input/<file> converted must equal expected/<file> byte for byte, its findings those of
// findings.txt, and converting the output again must change nothing), the table, single
// requirements, pip command lines, bad input, and the repository runner's dispatch.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "deps/dependency_file.h"
#include "driver/repo_runner.h"
#include "emit/json_report.h"
#include "kg/knowledge_graph.h"
#include "temp_root.h"

namespace t2p::deps {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

const DependencyTable& table() {
  std::string error;
  const DependencyTable* t = builtin_table(&error);
  EXPECT_NE(t, nullptr) << error;
  return *t;
}

// One finding as findings.txt writes it: `3:1 converted torch -> paddlepaddle`.
std::string describe(const rules::ApiUse& u) {
  std::string s = std::to_string(u.line) + ":" + std::to_string(u.column) + " " + rules::to_string(u.status);
  if (u.applied) s += " applied";
  s += " " + u.torch_api;
  if (u.status == rules::UseStatus::kConverted || u.applied) s += " -> " + u.paddle_api;
  return s;
}

std::vector<std::string> fixture_cases() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(T2P_SOURCE_DIR) / "tests" / "deps")) {
    if (e.is_directory()) out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class DepsFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(DepsFixture, ConvertsAsExpected) {
  fs::path dir = fs::path(T2P_SOURCE_DIR) / "tests" / "deps" / GetParam();
  parse::PythonParser parser;
  std::vector<std::string> inputs;
  for (const auto& e : fs::directory_iterator(dir / "input")) inputs.push_back(e.path().filename().string());
  std::sort(inputs.begin(), inputs.end());
  ASSERT_FALSE(inputs.empty());
  std::string findings;
  for (const auto& name : inputs) {
    SCOPED_TRACE(name);
    auto format = format_of(name);
    ASSERT_TRUE(format.has_value()) << "no format for " << name;
    std::string input = read(dir / "input" / name);
    FileResult r = convert_dependency_file(*format, input, table(), parser);
    ASSERT_FALSE(r.error) << r.error->message;
    EXPECT_EQ(r.output, read(dir / "expected" / name));
    EXPECT_EQ(r.changed(), r.output != input);
    for (const auto& u : r.uses) findings += name + ":" + describe(u) + "\n";
    // Converted again: no edit (what was converted is Paddle's now, what was kept is kept).
    FileResult again = convert_dependency_file(*format, r.output, table(), parser);
    EXPECT_FALSE(again.changed()) << again.output;
    EXPECT_EQ(again.output, r.output);
  }
  EXPECT_EQ(findings, read(dir / "findings.txt"));
}

INSTANTIATE_TEST_SUITE_P(Cases, DepsFixture, ::testing::ValuesIn(fixture_cases()),
                         [](const auto& info) { return info.param; });

TEST(DepsTable, BuiltinTableReadsAndAnswers) {
  const DependencyTable& t = table();
  const PackageRule* torch = t.package("Torch");
  ASSERT_NE(torch, nullptr);
  EXPECT_EQ(torch->replacement, "paddlepaddle");
  EXPECT_EQ(torch->gpu_replacement, "paddlepaddle-gpu");
  ASSERT_NE(t.package("TorchVision"), nullptr);
  EXPECT_TRUE(t.package("torchvision")->replacement.empty());
  EXPECT_EQ(t.package("torchmetrics"), nullptr);
  ASSERT_NE(t.version_row("2.1.0+cu118"), nullptr);
  EXPECT_EQ(t.version_row("2.1.0+cu118")->paddle_pin, "3.0.0");
  EXPECT_EQ(t.version_row("latest"), nullptr);
  EXPECT_TRUE(t.is_torch_index("https://download.pytorch.org/whl/cu118"));
  EXPECT_FALSE(t.is_torch_index("https://download.pytorch.org/whlx"));
  ASSERT_NE(t.index_row("https://download.pytorch.org/whl/cu118/"), nullptr);
  EXPECT_TRUE(t.index_row("https://download.pytorch.org/whl/cu118/")->gpu);
  EXPECT_EQ(t.index_row("https://download.pytorch.org/whl/nightly/cu121"), nullptr);
  EXPECT_NE(t.conda_package("pytorch"), nullptr);
}

TEST(DepsTable, MalformedTablesAreRejected) {
  std::string error;
  EXPECT_FALSE(DependencyTable::parse("{", &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(DependencyTable::parse(R"({"packages": [{"name": "torch"}]})", &error));
  EXPECT_NE(error.find("no replacement and no reason"), std::string::npos) << error;
  EXPECT_FALSE(DependencyTable::parse(
      R"({"packages": [], "versions": [{"torch_from": "x", "paddle_min": "3.0", "paddle_pin": "3.0.0"}], "torch_index": "u"})",
      &error));
}

TEST(DepsRequirement, VersionsAndFormsMapThroughTheTable) {
  auto convert = [](std::string_view text, FileContext ctx = {}) -> std::string {
    auto c = convert_requirement(text, table(), ctx);
    if (!c) return "(none)";
    return std::string(rules::to_string(c->status)) + " " + apply_changes(text, {*c});
  };
  FileContext cuda, hashed;
  cuda.gpu = true;
  cuda.cuda_tag = "cu118";
  hashed.hashes = true;
  EXPECT_EQ(convert("torch"), "converted paddlepaddle");
  EXPECT_EQ(convert("torch<2.0"), "converted paddlepaddle>=3.0");
  EXPECT_EQ(convert("torch~=1.13.1"), "converted paddlepaddle>=3.0");
  EXPECT_EQ(convert("torch==2.1.0 ; python_version<'3.12'"), "converted paddlepaddle==3.0.0 ; python_version<'3.12'");
  EXPECT_EQ(convert("torch==2.1.0+cpu"), "converted paddlepaddle==3.0.0");
  EXPECT_EQ(convert("torch>=2.0", cuda), "converted paddlepaddle-gpu>=3.0");
  EXPECT_EQ(convert("torch===2.1.0"), "unsupported torch===2.1.0");
  EXPECT_EQ(convert("torch @ https://example.org/torch-2.1.0.whl"), "unsupported torch @ https://example.org/torch-2.1.0.whl");
  EXPECT_EQ(convert("torch>=two"), "unsupported torch>=two");
  EXPECT_EQ(convert("torch>=2.0", hashed), "unsupported torch>=2.0");
  EXPECT_EQ(convert("torchtext"), "unsupported torchtext");
  EXPECT_EQ(convert("torchmetrics>=1.0"), "(none)");
  EXPECT_EQ(convert("torch-geometric"), "(none)");
  EXPECT_EQ(convert("numpy"), "(none)");
  EXPECT_EQ(convert("-e ."), "(none)");

  auto c = convert_requirement("torch[opt-einsum]>=1.13,<2.3", table(), {});
  ASSERT_TRUE(c);
  EXPECT_EQ(c->new_text, "paddlepaddle>=3.0");
  EXPECT_NE(c->reason.find("`<2.3` has no Paddle counterpart"), std::string::npos) << c->reason;
  EXPECT_NE(c->reason.find("extras `[opt-einsum]`"), std::string::npos) << c->reason;
  c = convert_requirement("torch==2.1.0+cu121", table(), {});
  ASSERT_TRUE(c);
  EXPECT_EQ(c->new_text, "paddlepaddle-gpu==3.0.0");
  // No Paddle index in the file: the finding says where the CUDA wheels are.
  EXPECT_NE(c->reason.find("--extra-index-url https://www.paddlepaddle.org.cn/packages/stable/cu126/"), std::string::npos)
      << c->reason;
}

TEST(DepsPipCommand, NotebookLinesArePointedAtPaddle) {
  auto rewrite = [](std::string_view line) { return apply_changes(line, rewrite_pip_command(line, table())); };
  EXPECT_EQ(rewrite("!pip install torch torchvision"), "!pip install paddlepaddle torchvision");
  EXPECT_EQ(rewrite("%pip install -q \"torch==2.1.0\" --index-url https://download.pytorch.org/whl/cu118"),
            "%pip install -q \"paddlepaddle-gpu==3.0.0\" --index-url https://www.paddlepaddle.org.cn/packages/stable/cu118/");
  EXPECT_EQ(rewrite("!python -m pip install -U torch>=2.0 && pip install numpy"),
            "!python -m pip install -U paddlepaddle>=3.0 && pip install numpy");
  EXPECT_EQ(rewrite("!pip install -r requirements.txt torch"), "!pip install -r requirements.txt paddlepaddle");
  EXPECT_TRUE(rewrite_pip_command("!pip install numpy pandas", table()).empty());
  EXPECT_TRUE(rewrite_pip_command("!echo torch", table()).empty());
  EXPECT_TRUE(rewrite_pip_command("!pip download torch", table()).empty());
  auto changes = rewrite_pip_command("!pip install torch torchvision", table());
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].begin, 13u);
  EXPECT_EQ(changes[0].old_text, "torch");
  EXPECT_EQ(changes[1].status, rules::UseStatus::kUnsupported);
  EXPECT_EQ(changes[1].package, "torchvision");
}

TEST(DepsFile, FormatsByName) {
  EXPECT_EQ(format_of("requirements.txt"), Format::kRequirements);
  EXPECT_EQ(format_of("ci/requirements-gpu.txt"), Format::kRequirements);
  EXPECT_EQ(format_of("dev-requirements.in"), Format::kRequirements);
  EXPECT_EQ(format_of("requirements/base.txt"), Format::kRequirements);
  EXPECT_EQ(format_of("constraints.txt"), Format::kRequirements);
  EXPECT_EQ(format_of("pkg/pyproject.toml"), Format::kPyproject);
  EXPECT_EQ(format_of("setup.py"), Format::kSetupPy);
  EXPECT_EQ(format_of("setup.cfg"), Format::kSetupCfg);
  EXPECT_EQ(format_of("environment-gpu.yaml"), Format::kEnvironment);
  EXPECT_FALSE(format_of("notes.txt"));
  EXPECT_FALSE(format_of("requirements.py"));
  EXPECT_FALSE(format_of("configs/default.yaml"));
}

TEST(DepsFile, IncludedFilesAreRequirementsFiles) {
  std::map<std::string, std::string> files = {
      {"requirements.txt", "-r deps/base.in\n--constraint=../outside.txt\ntorch\n"},
      {"deps/base.in", "-c pins.txt\nnumpy\n"},
      {"deps/pins.txt", "torch==2.1.0\n"},
      {"other.txt", "torch\n"},
  };
  std::vector<std::string> rels;
  for (const auto& [k, v] : files) rels.push_back(k);
  auto read = [&](const std::string& rel, std::string* text) {
    *text = files.at(rel);
    return true;
  };
  EXPECT_EQ(requirement_files(rels, read), (std::vector<std::string>{"deps/base.in", "deps/pins.txt", "requirements.txt"}));
}

TEST(DepsFile, BadInputIsAnErrorAndTheTextIsKept) {
  parse::PythonParser parser;
  const std::string toml = "[project]\ndependencies = [\"torch\"\n";
  FileResult r = convert_dependency_file(Format::kPyproject, toml, table(), parser);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, "toml-error");
  EXPECT_GT(r.error->line, 0u);
  EXPECT_NE(r.error->message.find("not valid TOML"), std::string::npos);
  EXPECT_EQ(r.output, toml);
  EXPECT_FALSE(r.changed());

  const std::string py = "setup(install_requires=['torch'\n";
  r = convert_dependency_file(Format::kSetupPy, py, table(), parser);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.output, py);
}

TEST(DepsFile, EscapedTomlStringsAreReportedNotEdited) {
  parse::PythonParser parser;
  const std::string toml = "[project]\ndependencies = [\"torch\\u003E=2.0\", \"\"\"torch\"\"\"]\n";
  FileResult r = convert_dependency_file(Format::kPyproject, toml, table(), parser);
  ASSERT_FALSE(r.error);
  EXPECT_EQ(r.output, toml);
  ASSERT_EQ(r.uses.size(), 2u);
  EXPECT_EQ(r.uses[0].status, rules::UseStatus::kUnsupported);
  EXPECT_EQ(r.uses[0].rule, "deps:pyproject");
}

TEST(DepsFile, EnvironmentFlowListIsReportedNotEdited) {
  parse::PythonParser parser;
  const std::string yml = "name: x\ndependencies: [python=3.10, pytorch]\n";
  FileResult r = convert_dependency_file(Format::kEnvironment, yml, table(), parser);
  ASSERT_FALSE(r.error);
  EXPECT_EQ(r.output, yml);
  ASSERT_EQ(r.uses.size(), 1u);
  EXPECT_EQ(r.uses[0].status, rules::UseStatus::kUnsupported);
  EXPECT_EQ(r.uses[0].line, 2u);
}

TEST(DepsFile, CudaPinsWithoutPaddleIndexSayWhichIndexToAdd) {
  parse::PythonParser parser;
  const std::string req = "-f https://download.pytorch.org/whl/torch_stable.html\ntorch==2.0.1+cu117\n";
  FileResult r = convert_dependency_file(Format::kRequirements, req, table(), parser);
  ASSERT_FALSE(r.error);
  EXPECT_EQ(r.output, "-f https://download.pytorch.org/whl/torch_stable.html\npaddlepaddle-gpu==3.0.0\n");
  ASSERT_EQ(r.uses.size(), 2u);
  EXPECT_EQ(r.uses[0].status, rules::UseStatus::kUnsupported);  // the find-links page: kept
  EXPECT_NE(r.uses[1].reason.find("--extra-index-url https://www.paddlepaddle.org.cn/packages/stable/cu118/"),
            std::string::npos)
      << r.uses[1].reason;
  EXPECT_NE(r.uses[1].reason.find("no CUDA 11.7 wheels"), std::string::npos) << r.uses[1].reason;
}

class DepsRunnerTest : public testing_support::TempRootTest {
 protected:
  DepsRunnerTest() : TempRootTest("deps-runner") {}
};

TEST_F(DepsRunnerTest, ConvertDirectoryConvertsDependencyFilesAndReportsThem) {
  std::string err;
  auto graph = kg::KnowledgeGraph::open(T2P_KG_DB_PATH, &err);
  ASSERT_TRUE(graph) << err;
  write("in/requirements.txt", "-r deps.list\ntorch>=2.0  # framework\n");
  write("in/deps.list", "torch==2.1.0\n");           // named only by the include
  write("in/notes.txt", "torch==2.1.0\n");           // not a dependency file: copied
  write("in/pyproject.toml", "[project\nname = 'x'\n");  // bad TOML: reported, copied unchanged
  write("in/setup.py", "import torch\nsetup(install_requires=['torch>=2.0'])\nx = torch.zeros(2)\n");
  driver::RunOptions opt;
  opt.input = root_ / "in";
  opt.output = root_ / "out";
  opt.jobs = 2;
  emit::RunReport report;
  ASSERT_TRUE(driver::run_conversion(opt, *graph, &report, &err)) << err;

  EXPECT_EQ(read(root_ / "out/requirements.txt"), "-r deps.list\npaddlepaddle>=3.0  # framework\n");
  EXPECT_EQ(read(root_ / "out/deps.list"), "paddlepaddle==3.0.0\n");
  EXPECT_EQ(read(root_ / "out/notes.txt"), "torch==2.1.0\n");
  EXPECT_EQ(read(root_ / "out/pyproject.toml"), "[project\nname = 'x'\n");
  std::string setup = read(root_ / "out/setup.py");
  EXPECT_NE(setup.find("install_requires=['paddlepaddle>=3.0']"), std::string::npos) << setup;
  EXPECT_NE(setup.find("x = paddle.zeros("), std::string::npos) << setup;

  auto doc = nlohmann::json::parse(emit::json_report(report));
  std::map<std::string, nlohmann::json> by_path;
  for (const auto& f : doc["files"]) by_path[f["path"].get<std::string>()] = f;
  ASSERT_TRUE(by_path.count("requirements.txt")) << doc.dump(2);
  EXPECT_EQ(by_path["requirements.txt"]["status"], "converted");
  ASSERT_EQ(by_path["requirements.txt"]["uses"].size(), 1u);
  EXPECT_EQ(by_path["requirements.txt"]["uses"][0]["rule"], "deps:requirements");
  EXPECT_EQ(by_path["requirements.txt"]["uses"][0]["paddle_api"], "paddlepaddle");
  EXPECT_EQ(by_path["requirements.txt"]["uses"][0]["line"], 2);
  ASSERT_TRUE(by_path.count("deps.list"));
  EXPECT_EQ(by_path["deps.list"]["status"], "converted");
  EXPECT_FALSE(by_path.count("notes.txt"));
  ASSERT_TRUE(by_path.count("pyproject.toml"));
  EXPECT_EQ(by_path["pyproject.toml"]["status"], "failed");
  EXPECT_EQ(by_path["pyproject.toml"]["error"]["code"], "toml-error");
  ASSERT_TRUE(by_path.count("setup.py"));
  EXPECT_EQ(by_path["setup.py"]["status"], "converted");
  bool dependency_use = false, python_use = false;
  for (const auto& u : by_path["setup.py"]["uses"]) {
    dependency_use = dependency_use || u["rule"] == "deps:setup.py";
    python_use = python_use || u["torch_api"] == "torch.zeros";
  }
  EXPECT_TRUE(dependency_use && python_use) << by_path["setup.py"].dump(2);
  EXPECT_EQ(read(root_ / "in/requirements.txt"), "-r deps.list\ntorch>=2.0  # framework\n");  // input untouched
}

}  // namespace
}  // namespace t2p::deps
