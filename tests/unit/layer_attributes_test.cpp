// driver::layer_attributes: which torch layer each attribute of a source holds, for
// `torch2paddle weights --source`.
#include "driver/layer_attributes.h"

#include <gtest/gtest.h>

#include "graph_test.h"

namespace t2p::driver {
namespace {

class LayerAttributesTest : public testing_support::GraphTest {
 protected:
  std::vector<std::string> list(std::string_view source) {
    parse::PythonParser parser;
    std::vector<LayerAttribute> out;
    std::string error;
    EXPECT_TRUE(layer_attributes(source, *graph_, parser, &out, &error)) << error;
    std::vector<std::string> lines;
    for (const auto& a : out) lines.push_back(a.owner + "." + a.name + "=" + a.api + "@" + std::to_string(a.line));
    return lines;
  }
};

TEST_F(LayerAttributesTest, SelfAttributesResolvedThroughImports) {
  EXPECT_EQ(list("import torch.nn as nn\nfrom torch.nn import Linear\n"
                 "class Net(nn.Module):\n"
                 "    def __init__(self):\n"
                 "        self.fc = Linear(2, 3)\n"
                 "        self.conv = nn.Conv2d(3, 4, 3)\n"
                 "        self.mine = MyLayer()\n"
                 "        self.size = 4\n"),
            (std::vector<std::string>{"Net.fc=torch.nn.Linear@5", "Net.conv=torch.nn.Conv2d@6"}));
}

TEST_F(LayerAttributesTest, ContainerItemsByIndex) {
  EXPECT_EQ(list("from torch import nn\n"
                 "class Net(nn.Module):\n"
                 "    def __init__(self):\n"
                 "        self.features = nn.Sequential(nn.Conv2d(3, 4, 3), nn.Sequential(nn.Linear(1, 1)))\n"
                 "        self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])\n"
                 "head = nn.Sequential(nn.Linear(2, 2))\n"),
            (std::vector<std::string>{"Net.features=torch.nn.Sequential@4", "Net.features.0=torch.nn.Conv2d@4",
                                      "Net.features.1=torch.nn.Sequential@4", "Net.features.1.0=torch.nn.Linear@4",
                                      "Net.blocks=torch.nn.ModuleList@5", "Net.blocks.*=torch.nn.Linear@5",
                                      ".0=torch.nn.Linear@6"}));
}

TEST_F(LayerAttributesTest, ALocalNameShadowingTheImportIsNotALayer) {
  EXPECT_EQ(list("from torch import nn\n"
                 "class Net:\n"
                 "    def __init__(self, nn):\n"
                 "        self.fc = nn.Linear(2, 3)\n"),
            std::vector<std::string>{});
}

TEST_F(LayerAttributesTest, SyntaxErrorIsReportedWithItsPlace) {
  parse::PythonParser parser;
  std::vector<LayerAttribute> out;
  std::string error;
  EXPECT_FALSE(layer_attributes("class A(:\n", *graph_, parser, &out, &error));
  EXPECT_EQ(error.rfind("1:", 0), 0u) << error;
}

}  // namespace
}  // namespace t2p::driver
