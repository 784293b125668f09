// tests: semantic::add_module_aliases: which module-level names bound to a torch module read as
// imports of it, and what the resolver then gives for the calls through them.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "parse/syntax_tree.h"
#include "semantic/file_model_builder.h"
#include "semantic/module_aliases.h"
#include "semantic/name_resolver.h"

namespace t2p::semantic {
namespace {

class ModuleAliases : public ::testing::Test {
 protected:
  void build(std::string source) {
    src_ = std::move(source);
    tree_ = parser_.parse(src_);
    ASSERT_TRUE(tree_.valid() && !tree_.has_error());
    static const kg::ConvertedRoots roots({"torch", "torchvision"});
    model_ = build_file_model(tree_, src_, roots);
    const std::set<std::string> known{"torch", "torch.nn", "torch.nn.functional"};
    add_module_aliases(&model_, src_, [&](const std::string& m) { return known.count(m) > 0; });
    resolver_ = std::make_unique<NameResolver>(model_, src_);
  }
  // The qualified name of the callee of the first call whose text is `call`, or "".
  std::string callee(std::string_view call) const {
    for (const Reference& r : model_.calls) {
      if (parse::node_text(r.node, src_) != call) continue;
      const std::string* q = resolver_->qualified_name_of(model_.function_of(r.node), r.scope, nullptr);
      return q ? *q : "";
    }
    ADD_FAILURE() << "no call " << call;
    return "";
  }

  std::string src_;
  parse::PythonParser parser_;
  parse::SyntaxTree tree_;
  FileModel model_;
  std::unique_ptr<NameResolver> resolver_;
};

TEST_F(ModuleAliases, ANameBoundOnceToATorchModuleReadsAsItsImport) {
  build("from torch import nn\nimport torch\nF = nn.functional\nT = torch\n"
        "def f(x):\n    return F.softmax(x, dim=-1), T.zeros(2)\n");
  ASSERT_EQ(model_.module_aliases.size(), 2u);
  const ModuleAlias& f = model_.module_aliases[0];
  EXPECT_EQ(model_.imported_names[f.import_index].local, "F");
  EXPECT_EQ(model_.imported_names[f.import_index].qualname, "torch.nn.functional");
  EXPECT_EQ(model_.imported_names[f.import_index].statement, -1);
  EXPECT_TRUE(model_.imported_names[f.import_index].is_torch);
  EXPECT_EQ(model_.imported_names[f.root_import].local, "nn");
  EXPECT_EQ(parse::node_text(f.value, src_), "nn.functional");
  EXPECT_EQ(parse::node_text(f.target, src_), "F");
  EXPECT_EQ(resolver_->resolve(1, "F").source, NameSource::kImport);
  EXPECT_EQ(callee("F.softmax(x, dim=-1)"), "torch.nn.functional.softmax");
  EXPECT_EQ(callee("T.zeros(2)"), "torch.zeros");
}

TEST_F(ModuleAliases, OtherBindingsAreOrdinaryVariables) {
  build("import torch\nimport numpy as np\n"
        "A = torch.nn.functional\nA = None\n"        // bound twice
        "B = torch.nn.functional\ndef g():\n    global B\n    B = 1\n"  // rebound through global
        "C: object = torch.nn.functional\n"          // annotated
        "D = E = torch.nn.functional\n"              // chained
        "G = torch.optim\n"                          // a module the predicate does not know
        "H = np.linalg\n"                            // not torch
        "def h():\n    K = torch.nn.functional\n    return K.relu(1)\n");  // not module level
  EXPECT_TRUE(model_.module_aliases.empty());
  EXPECT_EQ(resolver_->resolve(0, "A").source, NameSource::kLocal);
  EXPECT_EQ(callee("K.relu(1)"), "");
}

TEST_F(ModuleAliases, AnAliasOfAnAliasFollowsTheFirst) {
  build("import torch\nnn = torch.nn\nF = nn.functional\ny = F.relu(1)\n");
  ASSERT_EQ(model_.module_aliases.size(), 2u);
  EXPECT_EQ(model_.imported_names[model_.module_aliases[1].import_index].qualname, "torch.nn.functional");
  EXPECT_EQ(callee("F.relu(1)"), "torch.nn.functional.relu");
}

}  // namespace
}  // namespace t2p::semantic
