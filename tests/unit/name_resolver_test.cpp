// tests: semantic::build_file_model and NameResolver on real snippets: imports, scopes, shadowing.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "parse/node_kinds.h"
#include "semantic/file_model_builder.h"
#include "semantic/name_resolver.h"
#include "snippet.h"

namespace t2p::semantic {
namespace {

using testing_support::Snippet;

// ---------------------------------------------------------------------------------------------
// Import forms

TEST(NameResolver, ImportTorch) {
  Snippet s("import torch\nx = torch.zeros(2)\n");
  ASSERT_TRUE(s.parsed_cleanly());
  ASSERT_EQ(s.model().imports.size(), 1u);
  EXPECT_FALSE(s.model().imports[0].is_from);
  ASSERT_EQ(s.model().imported_names.size(), 1u);
  const ImportedName& n = s.model().imported_names[0];
  EXPECT_EQ(n.local, "torch");
  EXPECT_EQ(n.qualname, "torch");
  EXPECT_TRUE(n.is_torch);
  EXPECT_EQ(n.statement, 0);

  ResolvedName r = s.resolver().resolve(0, "torch");
  EXPECT_EQ(r.source, NameSource::kImport);
  EXPECT_EQ(r.import_index, 0);
  EXPECT_EQ(r.scope, 0);

  const Reference* c = s.call("torch.zeros(2)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->scope, 0);
  EXPECT_EQ(s.callee_qualname(*c), "torch.zeros");
}

TEST(NameResolver, ImportSubmoduleAsAlias) {
  Snippet s("import torch.nn as nn\nlayer = nn.Linear(2, 3)\n");
  ASSERT_EQ(s.model().imported_names.size(), 1u);
  EXPECT_EQ(s.model().imported_names[0].local, "nn");
  EXPECT_EQ(s.model().imported_names[0].qualname, "torch.nn");
  EXPECT_EQ(s.resolver().resolve(0, "nn").source, NameSource::kImport);
  EXPECT_EQ(s.resolver().resolve(0, "torch").source, NameSource::kUnbound);
  const Reference* c = s.call("nn.Linear(2, 3)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.callee_qualname(*c), "torch.nn.Linear");
}

TEST(NameResolver, FromTorchImportNn) {
  Snippet s("from torch import nn\nconv = nn.Conv2d(1, 2, 3)\n");
  ASSERT_EQ(s.model().imports.size(), 1u);
  EXPECT_TRUE(s.model().imports[0].is_from);
  EXPECT_FALSE(s.model().imports[0].is_relative);
  ASSERT_EQ(s.model().imported_names.size(), 1u);
  EXPECT_EQ(s.model().imported_names[0].local, "nn");
  EXPECT_EQ(s.model().imported_names[0].qualname, "torch.nn");
  const Reference* c = s.call("nn.Conv2d(1, 2, 3)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.callee_qualname(*c), "torch.nn.Conv2d");
}

TEST(NameResolver, FromTorchNnImportFunctionalAsF) {
  Snippet s("from torch.nn import functional as F\ny = F.relu(x)\n");
  ASSERT_EQ(s.model().imported_names.size(), 1u);
  EXPECT_EQ(s.model().imported_names[0].local, "F");
  EXPECT_EQ(s.model().imported_names[0].qualname, "torch.nn.functional");
  EXPECT_EQ(s.resolver().resolve(0, "functional").source, NameSource::kUnbound);
  const Reference* c = s.call("F.relu(x)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.callee_qualname(*c), "torch.nn.functional.relu");
}

TEST(NameResolver, FromImportClassAsAlias) {
  Snippet s("from torch.nn import Conv2d as C\nconv = C(1, 2, 3)\n");
  ASSERT_EQ(s.model().imported_names.size(), 1u);
  EXPECT_EQ(s.model().imported_names[0].local, "C");
  EXPECT_EQ(s.model().imported_names[0].qualname, "torch.nn.Conv2d");
  EXPECT_EQ(s.resolver().resolve(0, "Conv2d").source, NameSource::kUnbound);
  const Reference* c = s.call("C(1, 2, 3)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.callee_qualname(*c), "torch.nn.Conv2d");
}

TEST(NameResolver, ImportDottedBindsOnlyTheRoot) {
  Snippet s("import torch.nn\nlayer = torch.nn.Linear(1, 2)\n");
  ASSERT_EQ(s.model().imported_names.size(), 1u);
  EXPECT_EQ(s.model().imported_names[0].local, "torch");
  EXPECT_EQ(s.model().imported_names[0].qualname, "torch");
  EXPECT_EQ(s.resolver().resolve(0, "torch").source, NameSource::kImport);
  EXPECT_EQ(s.resolver().resolve(0, "nn").source, NameSource::kUnbound);
  const Reference* c = s.call("torch.nn.Linear(1, 2)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.callee_qualname(*c), "torch.nn.Linear");
}

TEST(NameResolver, SeveralNamesInOneStatementKeepSourceOrder) {
  Snippet s("import torch as t, numpy as np\nfrom torch.nn import (Linear, Conv2d as C2)\n");
  ASSERT_EQ(s.model().imports.size(), 2u);
  ASSERT_EQ(s.model().imports[0].names.size(), 2u);
  ASSERT_EQ(s.model().imports[1].names.size(), 2u);
  const auto& names = s.model().imported_names;
  const ImportedName& t = names[s.model().imports[0].names[0]];
  const ImportedName& np = names[s.model().imports[0].names[1]];
  const ImportedName& lin = names[s.model().imports[1].names[0]];
  const ImportedName& c2 = names[s.model().imports[1].names[1]];
  EXPECT_EQ(t.local, "t");
  EXPECT_EQ(t.qualname, "torch");
  EXPECT_TRUE(t.is_torch);
  EXPECT_EQ(np.local, "np");
  EXPECT_EQ(np.qualname, "numpy");
  EXPECT_FALSE(np.is_torch);
  EXPECT_EQ(lin.local, "Linear");
  EXPECT_EQ(lin.qualname, "torch.nn.Linear");
  EXPECT_EQ(c2.local, "C2");
  EXPECT_EQ(c2.qualname, "torch.nn.Conv2d");
  EXPECT_EQ(lin.statement, 1);
  EXPECT_EQ(s.text(c2.item), "Conv2d as C2");
}

TEST(NameResolver, TorchvisionCountsAsConverted) {
  Snippet s("import torchvision.transforms as T\nimport torchtext\n");
  ASSERT_EQ(s.model().imported_names.size(), 2u);
  EXPECT_TRUE(s.model().imported_names[0].is_torch);
  EXPECT_FALSE(s.model().imported_names[1].is_torch);  // "torchtext" is not "torch"
}

TEST(NameResolver, WildcardTorchImportIsFlagged) {
  Snippet plain("from os.path import *\n");
  EXPECT_FALSE(plain.model().has_wildcard_torch_import);
  Snippet star("from torch.nn import *\n");
  EXPECT_TRUE(star.model().has_wildcard_torch_import);
  EXPECT_TRUE(star.model().imported_names.empty());
}

TEST(NameResolver, FutureImportIsNotABinding) {
  Snippet s("from __future__ import annotations\nimport torch\n");
  ASSERT_EQ(s.model().imported_names.size(), 1u);
  EXPECT_EQ(s.model().imported_names[0].local, "torch");
  EXPECT_EQ(s.resolver().resolve(0, "annotations").source, NameSource::kUnbound);
}

// ---------------------------------------------------------------------------------------------
// Chains

TEST(NameResolver, NestedChainCall) {
  Snippet s("import torch\ny = torch.nn.functional.relu(x)\n");
  const Reference* c = s.call("torch.nn.functional.relu(x)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.callee_qualname(*c), "torch.nn.functional.relu");
}

TEST(NameResolver, NestedChainAttributeIsRecordedOnceAsMaximalChain) {
  Snippet s("import torch\nact = torch.nn.functional.relu\n");
  // Only the maximal chain is an attribute reference; its inner parts are not.
  EXPECT_EQ(s.attribute("torch.nn.functional.relu") != nullptr, true);
  EXPECT_EQ(s.attribute("torch.nn.functional"), nullptr);
  EXPECT_EQ(s.attribute("torch.nn"), nullptr);
  EXPECT_EQ(s.identifier("torch"), nullptr);  // the root of a chain is not a bare name
  EXPECT_EQ(s.qualname(*s.attribute("torch.nn.functional.relu")), "torch.nn.functional.relu");
}

TEST(NameResolver, ChainThroughACallIsNotAQualifiedName) {
  Snippet s("import torch\nv = torch.zeros(1).shape\n");
  const Reference* a = s.attribute("torch.zeros(1).shape");
  ASSERT_NE(a, nullptr);
  int32_t index = 7;
  EXPECT_EQ(s.resolver().qualified_name_of(a->node, a->scope, &index), nullptr);
  EXPECT_EQ(index, 7);  // left as it was
}

TEST(NameResolver, ChainOnANonImportIsNotAQualifiedName) {
  Snippet s("import torch\nmodel = make()\nmodel.fc.weight\n");
  const Reference* a = s.attribute("model.fc.weight");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(s.qualname(*a), "");
}

TEST(NameResolver, QualifiedNameReportsTheImportIndex) {
  Snippet s("import numpy as np\nimport torch\ntorch.ones(1)\n");
  const Reference* c = s.call("torch.ones(1)");
  ASSERT_NE(c, nullptr);
  int32_t index = -1;
  const std::string* out =
      s.resolver().qualified_name_of(ts_node_child_by_field_name(c->node, "function", 8), c->scope, &index);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(*out, "torch.ones");
  EXPECT_EQ(index, 1);
  EXPECT_EQ(s.model().imported_names[index].local, "torch");
}

TEST(NameResolver, QualifiedNameOfIsKeptPerNodeAndScope) {
  // Asked twice: the same string, not a copy, and the same import index.
  Snippet s("import torch\nimport numpy as np\ndef f(np):\n    return np.ones(1)\nx = np.ones(1)\n");
  const Reference* inner = s.call("np.ones(1)", 0);
  const Reference* outer = s.call("np.ones(1)", 1);
  ASSERT_NE(inner, nullptr);
  ASSERT_NE(outer, nullptr);
  TSNode inner_fn = ts_node_child_by_field_name(inner->node, "function", 8);
  TSNode outer_fn = ts_node_child_by_field_name(outer->node, "function", 8);
  int32_t index = -1;
  const std::string* q = s.resolver().qualified_name_of(outer_fn, outer->scope, &index);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(*q, "numpy.ones");
  EXPECT_EQ(index, 1);
  index = -1;
  EXPECT_EQ(s.resolver().qualified_name_of(outer_fn, outer->scope, &index), q);
  EXPECT_EQ(index, 1);
  // In f, `np` is the parameter: no qualified name, asked once or twice.
  EXPECT_EQ(s.resolver().qualified_name_of(inner_fn, inner->scope, nullptr), nullptr);
  EXPECT_EQ(s.resolver().qualified_name_of(inner_fn, inner->scope, nullptr), nullptr);
  // The same node asked in the module's scope resolves `np` there.
  const std::string* in_module = s.resolver().qualified_name_of(inner_fn, 0, nullptr);
  ASSERT_NE(in_module, nullptr);
  EXPECT_EQ(*in_module, "numpy.ones");
}

// ---------------------------------------------------------------------------------------------
// Relative imports and import placement

TEST(NameResolver, RelativeImportsAreIgnored) {
  Snippet s(
      "from . import x\n"
      "from ..pkg import torch\n"
      "from .models import nn as F\n"
      "y = torch.zeros(1)\n");
  ASSERT_EQ(s.model().imports.size(), 3u);
  for (const auto& st : s.model().imports) {
    EXPECT_TRUE(st.is_from);
    EXPECT_TRUE(st.is_relative);
    EXPECT_TRUE(st.names.empty());
  }
  EXPECT_TRUE(s.model().imported_names.empty());
  EXPECT_EQ(s.resolver().resolve(0, "x").source, NameSource::kUnbound);
  EXPECT_EQ(s.resolver().resolve(0, "torch").source, NameSource::kUnbound);
  const Reference* c = s.call("torch.zeros(1)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.callee_qualname(*c), "");
}

TEST(NameResolver, ImportInsideAFunctionIsVisibleOnlyThere) {
  Snippet s(
      "def f():\n"
      "    import torch\n"
      "    return torch.ones(1)\n"
      "def g():\n"
      "    return torch.ones(2)\n"
      "torch.ones(3)\n");
  ASSERT_EQ(s.model().imports.size(), 1u);
  EXPECT_NE(s.model().imports[0].scope, 0);

  const Reference* in_f = s.call("torch.ones(1)");
  const Reference* in_g = s.call("torch.ones(2)");
  const Reference* top = s.call("torch.ones(3)");
  ASSERT_TRUE(in_f && in_g && top);
  EXPECT_EQ(s.resolve_at(*in_f, "torch").source, NameSource::kImport);
  EXPECT_EQ(s.callee_qualname(*in_f), "torch.ones");
  EXPECT_EQ(s.resolve_at(*in_g, "torch").source, NameSource::kUnbound);
  EXPECT_EQ(s.callee_qualname(*in_g), "");
  EXPECT_EQ(s.resolve_at(*top, "torch").source, NameSource::kUnbound);
  EXPECT_EQ(s.callee_qualname(*top), "");
}

TEST(NameResolver, EnclosingFunctionImportIsVisibleFromNestedFunction) {
  Snippet s(
      "def outer():\n"
      "    import torch\n"
      "    def inner():\n"
      "        return torch.ones(1)\n"
      "    return inner\n");
  const Reference* c = s.call("torch.ones(1)");
  ASSERT_NE(c, nullptr);
  ResolvedName r = s.resolve_at(*c, "torch");
  EXPECT_EQ(r.source, NameSource::kImport);
  EXPECT_NE(r.scope, c->scope);  // bound by outer, not inner
  EXPECT_EQ(s.callee_qualname(*c), "torch.ones");
}

// ---------------------------------------------------------------------------------------------
// Shadowing: every local binding hides the import inside its scope only

constexpr const char* kImportF = "import torch.nn.functional as F\ntop = F.relu(a)\n";

void expect_module_use_resolves(const Snippet& s) {
  const Reference* top = s.call("F.relu(a)");
  ASSERT_NE(top, nullptr);
  EXPECT_EQ(top->scope, 0);
  EXPECT_EQ(s.resolve_at(*top, "F").source, NameSource::kImport);
  EXPECT_EQ(s.callee_qualname(*top), "torch.nn.functional.relu");
}

void expect_shadowed(const Snippet& s, std::string_view call_text) {
  const Reference* c = s.call(call_text);
  ASSERT_NE(c, nullptr) << call_text;
  EXPECT_NE(c->scope, 0) << call_text;
  ResolvedName r = s.resolve_at(*c, "F");
  EXPECT_EQ(r.source, NameSource::kLocal) << call_text;
  EXPECT_EQ(r.import_index, -1) << call_text;
  EXPECT_EQ(s.callee_qualname(*c), "") << call_text;
}

TEST(NameResolverShadowing, Parameter) {
  Snippet s(std::string(kImportF) +
            "def f(F, x):\n"
            "    return F.relu(x)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
}

TEST(NameResolverShadowing, StarAndKeywordParameters) {
  Snippet s(std::string(kImportF) +
            "def f(*F):\n"
            "    return F.relu(x)\n"
            "def g(**F):\n"
            "    return F.relu(y)\n"
            "def h(x, *, F=None):\n"
            "    return F.relu(z)\n"
            "def k(F: int = 0):\n"
            "    return F.relu(w)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
  expect_shadowed(s, "F.relu(y)");
  expect_shadowed(s, "F.relu(z)");
  expect_shadowed(s, "F.relu(w)");
}

TEST(NameResolverShadowing, LocalAssignment) {
  Snippet s(
      "import torch.nn as nn\n"
      "a = nn.Linear(1, 2)\n"
      "def build():\n"
      "    nn = make()\n"
      "    return nn.Linear(3, 4)\n");
  const Reference* top = s.call("nn.Linear(1, 2)");
  const Reference* local = s.call("nn.Linear(3, 4)");
  ASSERT_TRUE(top && local);
  EXPECT_EQ(s.resolve_at(*top, "nn").source, NameSource::kImport);
  EXPECT_EQ(s.callee_qualname(*top), "torch.nn.Linear");
  EXPECT_EQ(s.resolve_at(*local, "nn").source, NameSource::kLocal);
  EXPECT_EQ(s.callee_qualname(*local), "");
}

TEST(NameResolverShadowing, AssignmentAfterUseStillMakesTheNameLocal) {
  // Python decides locality per function, not per statement.
  Snippet s(std::string(kImportF) +
            "def f(x):\n"
            "    y = F.relu(x)\n"
            "    F = None\n"
            "    return y\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
}

TEST(NameResolverShadowing, TupleUnpackingAndAugmentedAssignment) {
  Snippet s(std::string(kImportF) +
            "def f(x):\n"
            "    (F, other), rest = pair\n"
            "    return F.relu(x)\n"
            "def g(x):\n"
            "    F += 1\n"
            "    return F.relu(y)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
  expect_shadowed(s, "F.relu(y)");
}

TEST(NameResolverShadowing, ForLoopVariable) {
  Snippet s(std::string(kImportF) +
            "def f(fs, x):\n"
            "    for F in fs:\n"
            "        F.relu(x)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
}

TEST(NameResolverShadowing, ComprehensionVariable) {
  Snippet s(std::string(kImportF) +
            "ys = [F.relu(x) for F in fs]\n"
            "zs = {F.relu(y) for (i, F) in pairs}\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
  expect_shadowed(s, "F.relu(y)");
  // The comprehension variable does not leak into the module.
  EXPECT_EQ(s.resolver().resolve(0, "F").source, NameSource::kImport);
}

TEST(NameResolverShadowing, GeneratorAndDictComprehension) {
  Snippet s(std::string(kImportF) +
            "g = sum(F.relu(x) for F in fs)\n"
            "d = {k: F.relu(y) for k, F in items}\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
  expect_shadowed(s, "F.relu(y)");
}

TEST(NameResolverShadowing, LambdaParameter) {
  Snippet s(std::string(kImportF) + "g = lambda F: F.relu(x)\nh = lambda x: F.relu(y)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
  // A lambda that does not bind F sees the import.
  const Reference* other = s.call("F.relu(y)");
  ASSERT_NE(other, nullptr);
  EXPECT_NE(other->scope, 0);
  EXPECT_EQ(s.callee_qualname(*other), "torch.nn.functional.relu");
}

TEST(NameResolverShadowing, WithAsTarget) {
  Snippet s(std::string(kImportF) +
            "def f(p):\n"
            "    with open(p) as F:\n"
            "        F.relu(x)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
}

TEST(NameResolverShadowing, WalrusTarget) {
  Snippet s(std::string(kImportF) +
            "def f(x):\n"
            "    if (F := pick()):\n"
            "        F.relu(x)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
}

TEST(NameResolverShadowing, NestedFunctionAndClassNames) {
  Snippet s(std::string(kImportF) +
            "def f(x):\n"
            "    def F():\n"
            "        pass\n"
            "    return F.relu(x)\n"
            "def g(y):\n"
            "    class F:\n"
            "        pass\n"
            "    return F.relu(y)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
  expect_shadowed(s, "F.relu(y)");
}

TEST(NameResolverShadowing, ImportAndAssignmentInOneScopeIsAmbiguous) {
  Snippet s("import torch.nn.functional as F\nF = wrap(F)\nF.relu(x)\n");
  ResolvedName r = s.resolver().resolve(0, "F");
  EXPECT_EQ(r.source, NameSource::kAmbiguous);
  EXPECT_EQ(r.import_index, 0);
  const Reference* c = s.call("F.relu(x)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.callee_qualname(*c), "");
}

TEST(NameResolverShadowing, ParameterDefaultIsEvaluatedInTheEnclosingScope) {
  // `act=F.relu` runs when `def` executes, in the module scope, where F is the import, even
  // though the function also has a parameter called F.
  Snippet s(std::string(kImportF) +
            "def f(x, act=F.relu, F=None):\n"
            "    return F.relu(x)\n");
  expect_module_use_resolves(s);
  expect_shadowed(s, "F.relu(x)");
  const Reference* dflt = s.attribute("F.relu");
  ASSERT_NE(dflt, nullptr);
  EXPECT_EQ(s.qualname(*dflt), "torch.nn.functional.relu");
}

TEST(NameResolverShadowing, DecoratorIsEvaluatedOutsideTheFunction) {
  Snippet s(
      "import torch\n"
      "class M:\n"
      "    @torch.no_grad()\n"
      "    def f(self, torch):\n"
      "        return torch.ones(1)\n");
  const Reference* deco = s.call("torch.no_grad()");
  const Reference* body = s.call("torch.ones(1)");
  ASSERT_TRUE(deco && body);
  EXPECT_EQ(s.callee_qualname(*deco), "torch.no_grad");
  EXPECT_EQ(s.resolve_at(*body, "torch").source, NameSource::kLocal);
}

// ---------------------------------------------------------------------------------------------
// Class bodies

TEST(NameResolverClasses, ClassBodyNamesAreNotVisibleFromMethods) {
  Snippet s(
      "import torch.nn as nn\n"
      "class A:\n"
      "    nn = None\n"
      "    alias = nn\n"
      "    def m(self):\n"
      "        return nn.Linear(1, 2)\n");
  const Reference* in_body = s.identifier("nn");
  ASSERT_NE(in_body, nullptr);
  EXPECT_EQ(s.model().scopes[in_body->scope].kind, ScopeKind::kClass);
  EXPECT_EQ(s.resolve_at(*in_body, "nn").source, NameSource::kLocal);

  const Reference* in_method = s.call("nn.Linear(1, 2)");
  ASSERT_NE(in_method, nullptr);
  EXPECT_EQ(s.model().scopes[in_method->scope].kind, ScopeKind::kFunction);
  EXPECT_EQ(s.resolve_at(*in_method, "nn").source, NameSource::kImport);
  EXPECT_EQ(s.callee_qualname(*in_method), "torch.nn.Linear");
}

TEST(NameResolverClasses, ImportInAClassBodyIsNotVisibleFromMethods) {
  Snippet s(
      "class B:\n"
      "    import torch\n"
      "    t = torch.ones(1)\n"
      "    def m(self):\n"
      "        return torch.ones(2)\n");
  const Reference* body = s.call("torch.ones(1)");
  const Reference* method = s.call("torch.ones(2)");
  ASSERT_TRUE(body && method);
  EXPECT_EQ(s.callee_qualname(*body), "torch.ones");
  EXPECT_EQ(s.resolve_at(*method, "torch").source, NameSource::kUnbound);
  EXPECT_EQ(s.callee_qualname(*method), "");
}

TEST(NameResolverClasses, ClassInfoRecordsBasesAndSelfAttributes) {
  Snippet s(
      "import torch.nn as nn\n"
      "class Net(nn.Module, metaclass=Meta):\n"
      "    def __init__(self):\n"
      "        self.fc = nn.Linear(2, 3)\n"
      "        other.x = 1\n");
  ASSERT_EQ(s.model().classes.size(), 1u);
  const ClassInfo& c = s.model().classes[0];
  EXPECT_EQ(c.name, "Net");
  EXPECT_EQ(c.scope, 0);
  ASSERT_EQ(c.bases.size(), 1u);  // keyword arguments are not bases
  EXPECT_EQ(s.text(c.bases[0]), "nn.Module");
  ASSERT_EQ(c.self_attributes.size(), 1u);
  EXPECT_EQ(c.self_attributes[0].name, "fc");
  EXPECT_GT(c.self_attributes[0].scope, 0);  // the __init__ scope
  EXPECT_EQ(s.text(c.self_attributes[0].value), "nn.Linear(2, 3)");
}

// ---------------------------------------------------------------------------------------------
// global

TEST(NameResolverGlobal, GlobalReadsTheModuleBinding) {
  Snippet s(
      "import torch.nn.functional as F\n"
      "def outer():\n"
      "    F = 1\n"
      "    def inner(x):\n"
      "        global F\n"
      "        return F.relu(x)\n"
      "    return inner\n");
  const Reference* c = s.call("F.relu(x)");
  ASSERT_NE(c, nullptr);
  ResolvedName r = s.resolve_at(*c, "F");
  EXPECT_EQ(r.source, NameSource::kImport);
  EXPECT_EQ(r.scope, 0);
  EXPECT_EQ(s.callee_qualname(*c), "torch.nn.functional.relu");
}

TEST(NameResolverGlobal, GlobalAssignmentRebindsTheModuleName) {
  // `global torch; torch = None` rebinds the module's `torch`: neither the function's use nor
  // the module-level use may be treated as certainly the import.
  Snippet s(
      "import torch\n"
      "def reset():\n"
      "    global torch\n"
      "    torch = None\n"
      "    return torch.zeros(1)\n"
      "torch.zeros(2)\n");
  const Reference* in_fn = s.call("torch.zeros(1)");
  const Reference* top = s.call("torch.zeros(2)");
  ASSERT_TRUE(in_fn && top);
  EXPECT_NE(s.resolve_at(*in_fn, "torch").source, NameSource::kImport);
  EXPECT_EQ(s.resolve_at(*top, "torch").source, NameSource::kAmbiguous);
}

TEST(NameResolverGlobal, GlobalImportInAFunctionBindsTheModuleName) {
  // The lazy-import idiom: the import inside setup() binds the module-level `torch`.
  Snippet s(
      "def setup():\n"
      "    global torch\n"
      "    import torch\n"
      "def use():\n"
      "    return torch.zeros(1)\n");
  const Reference* c = s.call("torch.zeros(1)");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(s.resolve_at(*c, "torch").source, NameSource::kImport);
  EXPECT_EQ(s.callee_qualname(*c), "torch.zeros");
}

TEST(NameResolverGlobal, NonlocalIsALocalBinding) {
  Snippet s(
      "import torch.nn.functional as F\n"
      "def outer():\n"
      "    F = 1\n"
      "    def inner(x):\n"
      "        nonlocal F\n"
      "        return F.relu(x)\n"
      "    return inner\n");
  const Reference* c = s.call("F.relu(x)");
  ASSERT_NE(c, nullptr);
  EXPECT_NE(s.resolve_at(*c, "F").source, NameSource::kImport);
  EXPECT_EQ(s.callee_qualname(*c), "");
}

// ---------------------------------------------------------------------------------------------
// Model structure

TEST(FileModel, ScopesFormATreeRootedAtTheModule) {
  Snippet s(
      "class A:\n"
      "    def m(self):\n"
      "        return [y for y in self.xs]\n"
      "f = lambda q: q\n");
  const auto& scopes = s.model().scopes;
  ASSERT_GE(scopes.size(), 5u);
  EXPECT_EQ(scopes[0].kind, ScopeKind::kModule);
  EXPECT_EQ(scopes[0].parent, -1);
  std::vector<ScopeKind> kinds;
  for (size_t i = 1; i < scopes.size(); ++i) {
    kinds.push_back(scopes[i].kind);
    EXPECT_GE(scopes[i].parent, 0);
    EXPECT_LT(scopes[i].parent, static_cast<int32_t>(i));
  }
  EXPECT_EQ(kinds, (std::vector<ScopeKind>{ScopeKind::kClass, ScopeKind::kFunction,
                                           ScopeKind::kComprehension, ScopeKind::kLambda}));
  EXPECT_EQ(scopes[2].class_index, 0);  // the method knows its class
  EXPECT_EQ(s.model().functions.size(), 1u);
}

TEST(FileModel, KeywordArgumentNamesAreNotReferences) {
  Snippet s("import torch\ny = f(torch=1, dim=torch)\n");
  // `torch=` is a keyword name, the value `torch` is a reference.
  int count = 0;
  for (const auto& r : s.model().identifiers) {
    if (s.text(r.node) == "torch") {
      ++count;
      std::string_view before = "import torch\ny = f(torch=1, dim=";
      EXPECT_EQ(ts_node_start_byte(r.node), before.size());
    }
  }
  EXPECT_EQ(count, 1);
}


// ---------------------------------------------------------------------------------------------
// The walk's cache of attribute and call fields

// Every attribute, call and keyword argument node of `node`'s subtree, pre-order.
void collect_attributes_and_calls(TSNode node, std::vector<TSNode>* out) {
  std::string_view type = ts_node_type(node);
  if (type == "attribute" || type == "call" || type == "keyword_argument") out->push_back(node);
  for (uint32_t i = 0, n = ts_node_child_count(node); i < n; ++i) {
    collect_attributes_and_calls(ts_node_child(node, i), out);
  }
}

TEST(FileModelFields, SameAsTreeSitterFieldLookups) {
  // Comments inside chains and argument lists, a generator as callee and as arguments, calls
  // of calls, subscripts, decorators, lambdas, and chains inside f-strings (not walked: the
  // accessors fall back to tree-sitter there).
  Snippet s(
      "import torch\n"
      "x = (torch  # c\n"
      "     .nn  # d\n"
      "     .functional.relu  # e\n"
      "     (torch.zeros(2)))\n"
      "y = (a for a in b)(1)\n"
      "z = sum(v.w for v in vs)\n"
      "q = torch.zeros(1)[0].item().real\n"
      "r = f'{torch.ones(2).sum()}'\n"
      "@torch.no_grad()\n"
      "def f(m=torch.nn.Linear(2, 3)):\n"
      "    return (lambda t: t.view(-1))(m.weight)\n"
      "k = g(a=1,  # one\n"
      "      b  # the name\n"
      "      =  # then the value\n"
      "      h(c=None), **kw)\n");
  ASSERT_TRUE(s.parsed_cleanly());
  std::vector<TSNode> nodes;
  collect_attributes_and_calls(s.tree().root(), &nodes);
  ASSERT_EQ(nodes.size(), 32u);
  const auto& f = parse::NodeFields::get();
  const FileModel& m = s.model();
  int cached = 0;
  for (TSNode n : nodes) {
    bool call = std::string_view(ts_node_type(n)) == "call";
    bool keyword = std::string_view(ts_node_type(n)) == "keyword_argument";
    SCOPED_TRACE(std::string(s.text(n)));
    FieldCache::Fields found;
    if (m.fields.find(n, &found)) ++cached;
    if (keyword) {
      EXPECT_TRUE(ts_node_eq(m.keyword_name_of(n), ts_node_child_by_field_id(n, f.name)));
      EXPECT_TRUE(ts_node_eq(m.keyword_value_of(n), ts_node_child_by_field_id(n, f.value)));
    } else if (call) {
      EXPECT_TRUE(ts_node_eq(m.function_of(n), ts_node_child_by_field_id(n, f.function)));
      EXPECT_TRUE(ts_node_eq(m.arguments_of(n), ts_node_child_by_field_id(n, f.arguments)));
    } else {
      EXPECT_TRUE(ts_node_eq(m.object_of(n), ts_node_child_by_field_id(n, f.object)));
      EXPECT_TRUE(ts_node_eq(m.attribute_of(n), ts_node_child_by_field_id(n, f.attribute)));
    }
  }
  // All came from the walk, the four nodes inside the f-string's replacement fields included
  // (the walk enters f-strings: the names used there are references).
  EXPECT_EQ(cached, static_cast<int>(nodes.size()));
  // A node of another kind is never answered from the cache: a call's id asked as an attribute.
  const Reference* c = s.call("torch.zeros(2)");
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(ts_node_is_null(m.attribute_of(c->node)));
}

TEST(FileModelFields, CacheGrowsAndFindsEveryEntry) {
  FieldCache cache;
  std::vector<int> storage(5000);
  int tree = 0;  // stands for the TSTree all nodes share
  auto node_at = [&](const void* id) {
    TSNode n{};
    n.id = id;
    n.tree = reinterpret_cast<const TSTree*>(&tree);
    return n;
  };
  for (size_t i = 0; i < storage.size(); ++i) {
    FieldCache::Fields fl;
    fl.owner = i % 2 == 0 ? FieldCache::Owner::kCall : FieldCache::Owner::kAttribute;
    fl.first.id = &storage[(i + 1) % storage.size()];
    fl.first.tree = reinterpret_cast<const TSTree*>(&tree);
    fl.first.context[0] = static_cast<uint32_t>(i);
    fl.first.context[3] = 7;
    fl.items_count = static_cast<uint32_t>(i);
    cache.add(node_at(&storage[i]), fl);
  }
  for (size_t i = 0; i < storage.size(); ++i) {
    FieldCache::Fields fl;
    ASSERT_TRUE(cache.find(node_at(&storage[i]), &fl));
    EXPECT_EQ(fl.first.context[0], i);
    EXPECT_EQ(fl.first.context[3], 7u);
    EXPECT_EQ(fl.first.id, &storage[(i + 1) % storage.size()]);
    EXPECT_EQ(fl.first.tree, reinterpret_cast<const TSTree*>(&tree));
    EXPECT_TRUE(ts_node_is_null(fl.second));  // a null node stays null
    EXPECT_EQ(fl.items_count, i);
    EXPECT_EQ(fl.owner == FieldCache::Owner::kCall, i % 2 == 0);
  }
  int other = 0;
  FieldCache::Fields fl;
  EXPECT_FALSE(cache.find(node_at(&other), &fl));
  EXPECT_FALSE(cache.find(node_at(nullptr), &fl));
  // The same id in another tree is not the same node.
  TSNode elsewhere = node_at(&storage[0]);
  elsewhere.tree = reinterpret_cast<const TSTree*>(&other);
  EXPECT_FALSE(cache.find(elsewhere, &fl));
}


// Every node of one of `types` in `node`'s subtree, pre-order.
void collect(TSNode node, const std::vector<std::string_view>& types, std::vector<TSNode>* out) {
  for (std::string_view t : types) {
    if (t == ts_node_type(node)) out->push_back(node);
  }
  for (uint32_t i = 0, n = ts_node_child_count(node); i < n; ++i) collect(ts_node_child(node, i), types, out);
}

TEST(FileModelAssignments, TargetValueAndAnnotationAsTreeSitterFields) {
  // Plain, annotated (with and without a value), chained, tuple targets, comments between the
  // parts, `for` with `async`-free and tuple targets, a comprehension's `for` (a loop too), self
  // attributes, and the binders that keep no assignment (augmented, walrus) but bind their target.
  Snippet s(
      "import torch\n"
      "a = torch.zeros(2)\n"
      "b: torch.Tensor = a  # annotated\n"
      "c: int\n"
      "d = e = a + 1\n"
      "f, (g, h) = 1, (2, 3)\n"
      "i = (  # comment\n"
      "    a)\n"
      "for j, k in enumerate(a):  # loop\n"
      "    l = j\n"
      "else:\n"
      "    m = 0\n"
      "class N(torch.nn.Module):\n"
      "    def __init__(self):\n"
      "        self.fc = self.other = torch.nn.Linear(2, 3)\n"
      "        self.w: torch.Tensor = torch.ones(2)\n"
      "o += 1\n"
      "if (p := a.sum()) > 0:\n"
      "    q = [r for r in range(3)]\n");
  ASSERT_TRUE(s.parsed_cleanly());
  const auto& f = parse::NodeFields::get();
  const FileModel& m = s.model();
  std::vector<TSNode> nodes;
  collect(s.tree().root(), {"assignment", "for_statement", "for_in_clause"}, &nodes);
  ASSERT_EQ(m.assignments.size(), nodes.size());
  for (size_t i = 0; i < nodes.size(); ++i) {
    SCOPED_TRACE(std::string(s.text(nodes[i])));
    const Assignment& a = m.assignments[i];
    bool is_for = std::string_view(ts_node_type(nodes[i])) != "assignment";
    EXPECT_EQ(a.is_for, is_for);
    EXPECT_TRUE(ts_node_eq(a.target, ts_node_child_by_field_id(nodes[i], f.left)));
    TSNode value = ts_node_child_by_field_id(nodes[i], f.right);
    EXPECT_EQ(ts_node_is_null(a.value), ts_node_is_null(value));
    if (!ts_node_is_null(value)) {
      EXPECT_TRUE(ts_node_eq(a.value, value));
    }
    TSNode type = is_for ? TSNode{} : ts_node_child_by_field_id(nodes[i], f.type);
    EXPECT_EQ(ts_node_is_null(a.annotation), ts_node_is_null(type));
    if (!ts_node_is_null(type)) {
      EXPECT_TRUE(ts_node_eq(a.annotation, type));
    }
  }
  ASSERT_EQ(m.classes.size(), 1u);
  ASSERT_EQ(m.classes[0].self_attributes.size(), 3u);
  EXPECT_EQ(m.classes[0].self_attributes[0].name, "fc");
  EXPECT_EQ(s.text(m.classes[0].self_attributes[0].value), "self.other = torch.nn.Linear(2, 3)");
  EXPECT_EQ(m.classes[0].self_attributes[1].name, "other");
  EXPECT_EQ(m.classes[0].self_attributes[2].name, "w");
  // Every target is bound in its scope.
  for (std::string_view name : {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "o", "p", "q"}) {
    EXPECT_EQ(s.resolver().resolve(0, name).source, NameSource::kLocal) << name;
  }
  const Reference* r = s.identifier("r", 1);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(s.resolver().resolve(r->scope, "r").source, NameSource::kLocal);
  EXPECT_NE(r->scope, 0);
}


TEST(FileModelParameters, NamesPositionsAnnotationsAndDefaults) {
  // Positions count every named child of the list: comments and the `*` / `/` separators too.
  Snippet s(
      "def f(self,  # the instance\n"
      "      a: int, b=lambda q, r=1: q, /, *args, c: str = 'x', d=None, **kw) -> int:\n"
      "    return a\n"
      "g = lambda x, *ys: x\n");
  ASSERT_TRUE(s.parsed_cleanly());
  const FileModel& m = s.model();
  struct Want {
    const char* name;
    uint32_t position;
    const char* annotation;
    const char* default_value;
  };
  const Want want[] = {
      {"self", 0, "", ""}, {"a", 2, "int", ""}, {"b", 3, "", "lambda q, r=1: q"},
      {"q", 0, "", ""}, {"r", 1, "", "1"}, {"args", 5, "", ""}, {"c", 6, "str", "'x'"},
      {"d", 7, "", "None"}, {"kw", 8, "", ""}, {"x", 0, "", ""}, {"ys", 1, "", ""},
  };
  ASSERT_EQ(m.parameters.size(), std::size(want));
  for (size_t i = 0; i < m.parameters.size(); ++i) {
    const Parameter& p = m.parameters[i];
    SCOPED_TRACE(p.name);
    EXPECT_EQ(p.name, want[i].name);
    EXPECT_EQ(p.position, want[i].position);
    EXPECT_EQ(ts_node_is_null(p.annotation) ? "" : std::string(s.text(p.annotation)), want[i].annotation);
    EXPECT_EQ(ts_node_is_null(p.default_value) ? "" : std::string(s.text(p.default_value)), want[i].default_value);
    EXPECT_EQ(s.resolver().resolve(p.scope, p.name).source, NameSource::kLocal);
    EXPECT_NE(p.scope, 0);
  }
  // The lambda in b's default has its own scope, inside f's; the default is read in f's parent.
  EXPECT_EQ(m.scopes[m.parameters[3].scope].parent, m.parameters[0].scope);
  EXPECT_EQ(s.resolver().resolve(0, "args").source, NameSource::kUnbound);
}

}  // namespace
}  // namespace t2p::semantic
