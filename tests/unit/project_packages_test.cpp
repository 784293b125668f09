// tests: the project's own packages named like a converted library (driver/project_packages.h):
// found as Python would import them, and their imports left as the project's code by a run.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "driver/project_packages.h"
#include "driver/repo_runner.h"
#include "kg/knowledge_graph.h"
#include "temp_root.h"

namespace t2p::driver {
namespace {

namespace fs = std::filesystem;

using Strings = std::vector<std::string>;

const kg::ConvertedRoots& roots() {
  static const kg::ConvertedRoots r({"torch", "torchvision", "transformers"});
  return r;
}

class ProjectPackagesTest : public testing_support::TempRootTest {
 protected:
  ProjectPackagesTest() : TempRootTest("project-packages") {}
};

TEST_F(ProjectPackagesTest, RegularPackagesAndModulesCount) {
  write("torchvision/__init__.py", "");
  write("transformers.py", "");
  write("app.py", "import torch\n");
  EXPECT_EQ(own_packages(root_, roots()), (Strings{"torchvision", "transformers"}));
}

TEST_F(ProjectPackagesTest, NamespaceDirectoriesAndTorchDoNotCount) {
  // A folder without __init__.py loses to an installed regular package of that name.
  write("torchvision/ops.py", "");
  // PyTorch's own sources are still converted as torch code.
  write("torch/__init__.py", "");
  EXPECT_TRUE(own_packages(root_, roots()).empty());
}

TEST_F(ProjectPackagesTest, TheRootOfAFileADirectoryAndAPackage) {
  write("repo/pyproject.toml", "");
  write("repo/pkg/deep/app.py", "");
  write("repo/torchvision/__init__.py", "");
  write("repo/torchvision/ops/__init__.py", "");
  write("loose/app.py", "");
  const fs::path repo = fs::canonical(root_ / "repo");
  EXPECT_EQ(project_root_of(root_ / "repo/pkg/deep/app.py"), repo);  // the marker above it
  EXPECT_EQ(project_root_of(root_ / "repo"), repo);                  // a directory is its own root
  EXPECT_EQ(project_root_of(root_ / "repo/torchvision/ops"), repo);  // a package: above the packages
  EXPECT_EQ(project_root_of(root_ / "loose/app.py"), fs::canonical(root_ / "loose"));  // no marker
}

TEST_F(ProjectPackagesTest, SrcLayoutAndScriptFolders) {
  write("src/transformers/__init__.py", "");
  write("scripts/torchvision.py", "");
  write("scripts/run.py", "");
  write("pkg/__init__.py", "");
  write("pkg/torchvision.py", "");  // inside a package: absolute imports do not see it
  ProjectRoots project(root_, roots());
  auto at_root = project.for_file(root_ / "app.py");
  ASSERT_NE(at_root, nullptr);
  EXPECT_EQ(at_root->roots(), (Strings{"torch", "torchvision"}));
  auto script = project.for_file(root_ / "scripts/run.py");
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->roots(), (Strings{"torch"}));
  EXPECT_EQ(project.for_file(root_ / "pkg/m.py"), at_root);
  ASSERT_EQ(project.notices().size(), 2u);
  EXPECT_NE(project.notices()[0].find("transformers: a package of this project"), std::string::npos);
  EXPECT_NE(project.notices()[1].find("torchvision: a package of this project (scripts/)"), std::string::npos)
      << project.notices()[1];
}

TEST_F(ProjectPackagesTest, RootsWithoutKeepsTheOthers) {
  EXPECT_EQ(roots_without(roots(), {}), nullptr);
  auto r = roots_without(roots(), {"torchvision"});
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->roots(), (Strings{"torch", "transformers"}));
  EXPECT_FALSE(r->contains_root_of("torchvision.ops.nms"));
  EXPECT_TRUE(r->contains_root_of("torch.nn"));
}

// A run over a project holding torchvision's package: its torchvision imports stay the project's
// code (a notice says so), while torch is converted; without the package they are converted.
class OwnPackageRunTest : public testing_support::TempRootTest {
 protected:
  OwnPackageRunTest() : TempRootTest("own-package-run") {}
  // Converts the folder `in` (below the root) into `out` and returns `out/app.py`.
  std::string convert_app(emit::RunReport* report, const std::string& in = "in") {
    static const std::unique_ptr<kg::KnowledgeGraph> graph = [] {
      std::string err;
      auto g = kg::KnowledgeGraph::open(T2P_KG_DB_PATH, &err);
      EXPECT_NE(g, nullptr) << err;
      return g;
    }();
    if (!graph) return {};
    RunOptions o;
    o.input = root_ / in;
    o.output = root_ / "out";
    o.jobs = 1;
    std::string error;
    EXPECT_TRUE(run_conversion(o, *graph, report, &error)) << error;
    std::ifstream f(root_ / "out/app.py", std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
  }
};

constexpr const char* kApp =
    "import torch\n"
    "from torchvision.transforms import RandomCrop\n"
    "x = torch.zeros(1)\n"
    "crop = RandomCrop(3)\n";

TEST_F(OwnPackageRunTest, TheProjectsOwnTorchvisionStaysItsCode) {
  write("in/torchvision/__init__.py", "");
  write("in/torchvision/transforms.py", "class RandomCrop:\n    def __init__(self, size):\n        self.size = size\n");
  write("in/app.py", kApp);
  emit::RunReport report;
  std::string out = convert_app(&report);
  EXPECT_NE(out.find("from torchvision.transforms import RandomCrop\n"), std::string::npos) << out;
  EXPECT_NE(out.find("crop = RandomCrop(3)\n"), std::string::npos) << out;
  EXPECT_NE(out.find("x = paddle.zeros([1])\n"), std::string::npos) << out;
  ASSERT_EQ(report.notices.size(), 1u);
  EXPECT_NE(report.notices[0].find("torchvision: a package of this project"), std::string::npos) << report.notices[0];
}

TEST_F(OwnPackageRunTest, ConvertingThePackageFolderItself) {
  write("in/torchvision/__init__.py", "");
  write("in/torchvision/transforms.py", "class RandomCrop:\n    pass\n");
  write("in/torchvision/app.py", kApp);
  emit::RunReport report;
  std::string out = convert_app(&report, "in/torchvision");
  EXPECT_NE(out.find("crop = RandomCrop(3)\n"), std::string::npos) << out;
  EXPECT_EQ(report.notices.size(), 1u);
}

TEST_F(OwnPackageRunTest, WithoutThePackageTorchvisionIsConverted) {
  write("in/app.py", kApp);
  emit::RunReport report;
  std::string out = convert_app(&report);
  EXPECT_NE(out.find("paddle.vision.transforms.RandomCrop(3)"), std::string::npos) << out;
  EXPECT_EQ(out.find("torchvision"), std::string::npos) << out;
  EXPECT_TRUE(report.notices.empty());
}

}  // namespace
}  // namespace t2p::driver
