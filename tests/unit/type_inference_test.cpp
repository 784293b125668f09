// tests: semantic::TypeInference over real snippets, with the compiled knowledge graph.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>

#include "graph_test.h"
#include "kg/knowledge_graph.h"
#include "semantic/type_inference.h"
#include "snippet.h"

namespace t2p::semantic {
namespace {

using kg::ValueKind;
using testing_support::Snippet;

class TypeInferenceTest : public testing_support::GraphTest {
 protected:

  // Parses `source` and runs the inference over it.
  void load(std::string source) {
    types_.reset();
    snippet_ = std::make_unique<Snippet>(std::move(source));
    ASSERT_TRUE(snippet_->parsed_cleanly());
    types_ = std::make_unique<TypeInference>(snippet_->resolver(), *graph_);
  }

  // The `nth` bare-name reference `name` (a test failure when there is none).
  const Reference* identifier(std::string_view name, int nth) {
    const Reference* r = snippet_->identifier(name, nth);
    EXPECT_NE(r, nullptr) << "no identifier " << name << " #" << nth;
    return r;
  }
  // The kind of the `nth` bare-name reference `name`.
  ExprKind name(std::string_view name, int nth = 0) {
    const Reference* r = identifier(name, nth);
    return r ? types_->kind_of(r->node, r->scope) : ExprKind{};
  }
  // The kind of the subscript whose value is the `nth` bare-name reference `name` (`xs[0]`).
  ExprKind subscript_of(std::string_view name, int nth = 0) {
    const Reference* r = identifier(name, nth);
    return r ? types_->kind_of(ts_node_parent(r->node), r->scope) : ExprKind{};
  }
  // The kind of the `nth` call with this text.
  ExprKind call(std::string_view text, int nth = 0) {
    const Reference* r = snippet_->call(text, nth);
    EXPECT_NE(r, nullptr) << "no call " << text;
    if (!r) return {};
    return types_->kind_of(r->node, r->scope);
  }
  // The kind of the callee of the call with this text (`self.fc` in `self.fc(x)`).
  ExprKind callee(std::string_view call_text) {
    const Reference* r = snippet_->call(call_text);
    EXPECT_NE(r, nullptr) << "no call " << call_text;
    if (!r) return {};
    return types_->kind_of(Snippet::callee(*r), r->scope);
  }
  // The kind of the `nth` maximal attribute chain with this text, in source order.
  ExprKind attribute_nth(std::string_view text, int nth) {
    int seen = 0;
    for (const Reference& r : snippet_->model().attributes) {
      if (parse::node_text(r.node, snippet_->source()) != text || seen++ != nth) continue;
      return types_->kind_of(r.node, r.scope);
    }
    ADD_FAILURE() << "no attribute " << text << " #" << nth;
    return {};
  }
  // The kind of the maximal attribute chain with this text.
  ExprKind attribute(std::string_view text) {
    const Reference* r = snippet_->attribute(text);
    EXPECT_NE(r, nullptr) << "no attribute " << text;
    if (!r) return {};
    return types_->kind_of(r->node, r->scope);
  }

  std::unique_ptr<Snippet> snippet_;
  std::unique_ptr<TypeInference> types_;
};


void expect_kind(const ExprKind& e, ValueKind kind, Confidence confidence) {
  EXPECT_EQ(kg::to_string(e.kind), kg::to_string(kind));
  EXPECT_EQ(static_cast<int>(e.confidence), static_cast<int>(confidence));
}

void expect_unknown(const ExprKind& e) {
  EXPECT_EQ(e.confidence, Confidence::kUnknown) << "kind " << kg::to_string(e.kind);
  EXPECT_FALSE(e.tensor_like());
}

// ---------------------------------------------------------------------------------------------
// Knowledge-graph return kinds

TEST_F(TypeInferenceTest, TorchFactoryGivesACertainTensor) {
  load("import torch\nx = torch.randn(3)\nprint(x)\n");
  expect_kind(call("torch.randn(3)"), ValueKind::kTensor, Confidence::kCertain);
  ExprKind x = name("x", 1);
  expect_kind(x, ValueKind::kTensor, Confidence::kCertain);
  EXPECT_TRUE(x.tensor_like());
  EXPECT_TRUE(x.is(ValueKind::kTensor));
}

TEST_F(TypeInferenceTest, LayerConstructorGivesAModule) {
  load("import torch.nn as nn\nm = nn.Linear(2, 3)\nprint(m)\n");
  expect_kind(call("nn.Linear(2, 3)"), ValueKind::kModule, Confidence::kCertain);
  expect_kind(name("m", 1), ValueKind::kModule, Confidence::kCertain);
  EXPECT_FALSE(name("m", 1).tensor_like());
  // The class itself, not called, is a callable reference.
  ExprKind cls = callee("nn.Linear(2, 3)");
  EXPECT_TRUE(cls.callable_ref);
  EXPECT_EQ(cls.api, "torch.nn.Linear");
}

TEST_F(TypeInferenceTest, TensorMethodResultsFollowTheGraph) {
  load("import torch\nx = torch.zeros(2, 3)\ny = x.view(-1)\nn = x.size()\nprint(y, n)\n");
  expect_kind(name("y", 1), ValueKind::kTensor, Confidence::kCertain);
  expect_kind(name("n", 1), ValueKind::kSize, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, ModuleMethodsReturningAModuleReturnTheModuleItself) {
  // `to`, `cuda`, `eval`, `float`, `apply`...: the graph says they return a Module, and every
  // such method returns its receiver, class included, so reassigning keeps the variable's kind.
  load("import torch.nn as nn\nclass Net(nn.Module):\n    pass\n"
       "model = Net()\nmodel = model.to('cpu')\nmodel = model.cuda().eval().float().apply(print)\nprint(model)\n");
  ExprKind m = name("model", 2);
  expect_kind(m, ValueKind::kModule, Confidence::kCertain);
  EXPECT_GE(m.user_class, 0);
  EXPECT_FALSE(m.callable_ref);
  // A layer of the library too; other results keep the graph's kind.
  load("import torch.nn as nn\nm = nn.Linear(2, 3).to('cpu').train()\nsd = m.state_dict()\nprint(m, sd)\n");
  expect_kind(name("m", 1), ValueKind::kModule, Confidence::kCertain);
  EXPECT_FALSE(name("sd", 1).is(ValueKind::kModule));
}

TEST_F(TypeInferenceTest, NextOfAModulesParametersIsAParameter) {
  load("import torch.nn as nn\nm = nn.Linear(2, 3)\n"
       "a = next(m.parameters())\nb = next(iter(m.parameters()), None)\n"
       "c = next(m.named_parameters())\nd = next(x.parameters())\n"
       "class H:\n    def parameters(self):\n        return iter([1])\n"
       "e = next(H().parameters())\n");
  EXPECT_EQ(name("a", 0).kind, ValueKind::kParameter);
  EXPECT_EQ(name("b", 0).kind, ValueKind::kParameter);
  EXPECT_NE(name("c", 0).kind, ValueKind::kParameter);  // a (name, parameter) pair
  EXPECT_EQ(name("d", 0).kind, ValueKind::kParameter);  // unknown x: only modules have parameters()
  EXPECT_NE(name("e", 0).kind, ValueKind::kParameter);  // a class of the file
}

TEST_F(TypeInferenceTest, TensorArithmeticStaysATensor) {
  load("import torch\nx = torch.ones(2)\ny = x * 2 + 1\nz = -x\nprint(y, z)\n");
  expect_kind(name("y", 1), ValueKind::kTensor, Confidence::kCertain);
  expect_kind(name("z", 1), ValueKind::kTensor, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, ModuleLevelVariableSeenFromAFunctionDefinedEarlier) {
  load("import torch\ndef f():\n    return w\nw = torch.zeros(1)\n");
  expect_kind(name("w"), ValueKind::kTensor, Confidence::kCertain);
}

// Assignments are inferred in two rounds; the second recomputes only those that read a variable
// bound or changed after them. One step of propagation per round, as before that shortcut.
TEST_F(TypeInferenceTest, TwoRoundsOfAssignmentsPropagateOneStepBack) {
  load("import torch\ndef f():\n    return b, c\nc = a\na = b\nb = torch.zeros(1)\nprint(a, c)\n");
  expect_kind(name("b"), ValueKind::kTensor, Confidence::kCertain);   // in f, bound later
  expect_kind(name("a", 1), ValueKind::kTensor, Confidence::kCertain);  // `a = b`, redone
  EXPECT_EQ(name("c", 1).confidence, Confidence::kUnknown);            // would need a third round
  load("import torch\ndef f(x):\n    x = torch.abs(x)\n    y = x\n    return y\n");
  expect_kind(name("y", 1), ValueKind::kTensor, Confidence::kCertain);
}

// ---------------------------------------------------------------------------------------------
// User classes

constexpr const char* kNet =
    "import torch\n"
    "import torch.nn as nn\n"
    "class Net(nn.Module):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.fc = nn.Linear(2, 3)\n"
    "        self.scale = 2.0\n"
    "    def forward(self, x, mask):\n"
    "        h = self.fc(x)\n"
    "        return h * self.scale + mask\n"
    "class Deeper(Net):\n"
    "    pass\n"
    "class Plain:\n"
    "    def forward(self, x):\n"
    "        return x\n"
    "net = Net()\n"
    "deep = Deeper()\n"
    "plain = Plain()\n"
    "print(net, deep, plain)\n";

TEST_F(TypeInferenceTest, SubclassOfNnModuleIsAModuleClass) {
  load(kNet);
  ASSERT_EQ(snippet_->model().classes.size(), 3u);
  EXPECT_TRUE(types_->is_module_class(0));   // Net(nn.Module)
  EXPECT_TRUE(types_->is_module_class(1));   // Deeper(Net)
  EXPECT_FALSE(types_->is_module_class(2));  // Plain
}

TEST_F(TypeInferenceTest, SelfAttributeAssignedALayerIsAModule) {
  load(kNet);
  ExprKind fc = callee("self.fc(x)");
  expect_kind(fc, ValueKind::kModule, Confidence::kCertain);
  EXPECT_FALSE(fc.callable_ref);
  // Calling a layer gives a tensor.
  ExprKind h = call("self.fc(x)");
  EXPECT_TRUE(h.tensor_like());
  EXPECT_TRUE(name("h", 1).tensor_like());
  // A float attribute is not a tensor.
  expect_kind(attribute("self.scale"), ValueKind::kFloat, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, ForwardParametersAreLikelyTensors) {
  load(kNet);
  // Identifiers in forward: `x` (in self.fc(x)) and `mask`.
  const Reference* x = snippet_->identifier("x");
  ASSERT_NE(x, nullptr);
  expect_kind(types_->kind_of(x->node, x->scope), ValueKind::kTensor, Confidence::kLikely);
  expect_kind(name("mask"), ValueKind::kTensor, Confidence::kLikely);
  // `self` in a Module subclass is the module (the object of `self.fc` in `self.fc(x)`).
  const Reference* fc_call = snippet_->call("self.fc(x)");
  ASSERT_NE(fc_call, nullptr);
  TSNode self_node = ts_node_child_by_field_name(Snippet::callee(*fc_call), "object", 6);
  ExprKind self = types_->kind_of(self_node, fc_call->scope);
  EXPECT_TRUE(self.is(ValueKind::kModule));
  EXPECT_EQ(self.user_class, 0);
}

TEST_F(TypeInferenceTest, ForwardOfAPlainClassSaysNothing) {
  load(kNet);
  // The last `x` is Plain.forward's parameter.
  int n = 0;
  const Reference* last = nullptr;
  while (const Reference* r = snippet_->identifier("x", n)) {
    last = r;
    ++n;
  }
  ASSERT_NE(last, nullptr);
  ASSERT_GE(n, 2);
  expect_unknown(types_->kind_of(last->node, last->scope));
}

TEST_F(TypeInferenceTest, InstancesOfUserClasses) {
  load(kNet);
  ExprKind net = name("net", 1);
  EXPECT_TRUE(net.is(ValueKind::kModule));
  EXPECT_EQ(net.user_class, 0);
  EXPECT_FALSE(net.callable_ref);
  ExprKind deep = name("deep", 1);
  EXPECT_TRUE(deep.is(ValueKind::kModule));
  EXPECT_EQ(deep.user_class, 1);
  ExprKind plain = name("plain", 1);
  EXPECT_EQ(plain.user_class, 2);
  EXPECT_FALSE(plain.is(ValueKind::kModule));
  EXPECT_FALSE(plain.tensor_like());
}

// ---------------------------------------------------------------------------------------------
// Other libraries and builtins

TEST_F(TypeInferenceTest, NumpyCallGivesAnNdarray) {
  load("import numpy as np\nimport torch\na = np.zeros(3)\nprint(a)\n");
  ExprKind a = name("a", 1);
  EXPECT_EQ(a.kind, ValueKind::kNdarray);
  EXPECT_NE(a.confidence, Confidence::kUnknown);
  EXPECT_FALSE(a.tensor_like());
}

TEST_F(TypeInferenceTest, StringLiteralAndItsMethods) {
  load("import torch\ns = \"a,b\"\nparts = s.split(\",\")\nu = s.upper()\nprint(s, parts, u)\n");
  expect_kind(name("s", 1), ValueKind::kStr, Confidence::kCertain);
  expect_kind(name("parts", 1), ValueKind::kList, Confidence::kCertain);
  expect_kind(name("u", 1), ValueKind::kStr, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, ContainerLiterals) {
  load(
      "import torch\n"
      "l = [1, 2]\n"
      "d = {\"a\": 1}\n"
      "t = (1, 2)\n"
      "st = {1, 2}\n"
      "lc = [i for i in range(3)]\n"
      "dc = {i: i for i in range(3)}\n"
      "print(l, d, t, st, lc, dc)\n");
  expect_kind(name("l", 1), ValueKind::kList, Confidence::kCertain);
  expect_kind(name("d", 1), ValueKind::kDict, Confidence::kCertain);
  expect_kind(name("t", 1), ValueKind::kTuple, Confidence::kCertain);
  expect_kind(name("st", 1), ValueKind::kSet, Confidence::kCertain);
  expect_kind(name("lc", 1), ValueKind::kList, Confidence::kCertain);
  expect_kind(name("dc", 1), ValueKind::kDict, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, ScalarLiteralsAndBuiltinCalls) {
  load(
      "import torch\n"
      "i = 3\nf = 1.5\nb = True\nn = None\nk = len(\"ab\")\n"
      "print(i, f, b, n, k)\n");
  expect_kind(name("i", 1), ValueKind::kInt, Confidence::kCertain);
  expect_kind(name("f", 1), ValueKind::kFloat, Confidence::kCertain);
  expect_kind(name("b", 1), ValueKind::kBool, Confidence::kCertain);
  expect_kind(name("n", 1), ValueKind::kNone, Confidence::kCertain);
  expect_kind(name("k", 1), ValueKind::kInt, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, UnknownCallSaysNothing) {
  load("import torch\nv = make_something()\nprint(v)\n");
  expect_unknown(name("v", 1));
}

// ---------------------------------------------------------------------------------------------
// Annotations

TEST_F(TypeInferenceTest, ParameterAnnotation) {
  load(
      "import torch\n"
      "def f(x: torch.Tensor, m: torch.nn.Module, s: str = \"\", n: int = 0):\n"
      "    return x, m, s, n\n");
  // Parameter names are bindings, not references: the first `x` reference is in the body.
  expect_kind(name("x"), ValueKind::kTensor, Confidence::kCertain);
  EXPECT_EQ(snippet_->identifier("x", 1), nullptr);
  expect_kind(name("m"), ValueKind::kModule, Confidence::kCertain);
  expect_kind(name("s"), ValueKind::kStr, Confidence::kCertain);
  expect_kind(name("n"), ValueKind::kInt, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, TrueDivisionOfIntsIsAFloat) {
  load(
      "def f(n: int):\n"
      "    a = n / 2\n"
      "    b = n // 2\n"
      "    c = n ** 2\n"
      "    d = n ** -1\n"
      "    e = 2 ** n\n"
      "    g = round(n / 3)\n"
      "    h = round(n / 3, 2)\n"
      "    return a, b, c, d, e, g, h\n");
  expect_kind(name("a", 1), ValueKind::kFloat, Confidence::kCertain);
  expect_kind(name("b", 1), ValueKind::kInt, Confidence::kCertain);
  expect_kind(name("c", 1), ValueKind::kInt, Confidence::kCertain);
  expect_kind(name("d", 1), ValueKind::kFloat, Confidence::kCertain);
  // An exponent of unknown sign: an int or a float.
  expect_unknown(name("e", 1));
  // round(x) is an int, round(x, ndigits) a float for a float x.
  expect_kind(name("g", 1), ValueKind::kInt, Confidence::kCertain);
  expect_unknown(name("h", 1));
}

TEST_F(TypeInferenceTest, ElementOfAnAnnotatedSequenceParameter) {
  load(
      "import torch\n"
      "from typing import List, Optional, Tuple\n"
      "def f(xs: List[torch.Tensor], ts: Tuple[torch.Tensor, ...], o: Optional[List[torch.Tensor]],\n"
      "      pair: Tuple[torch.Tensor, int], names: List[str], ys: List[torch.Tensor]):\n"
      "    ys = [1, 2]\n"
      "    return xs[0], ts[1], o[0], pair[0], names[0], xs[1:], ys[0]\n");
  expect_kind(subscript_of("xs"), ValueKind::kTensor, Confidence::kLikely);
  expect_kind(subscript_of("ts"), ValueKind::kTensor, Confidence::kLikely);
  expect_kind(subscript_of("o"), ValueKind::kTensor, Confidence::kLikely);
  expect_unknown(subscript_of("pair"));  // a tuple of several kinds
  expect_kind(subscript_of("names"), ValueKind::kStr, Confidence::kLikely);
  EXPECT_FALSE(subscript_of("xs", 1).tensor_like());  // a slice is a list again
  expect_unknown(subscript_of("ys", 1));  // rebound in the function
}

TEST_F(TypeInferenceTest, IsinstanceNarrowsANameInItsBlock) {
  load(
      "import torch\n"
      "import torch.nn as nn\n"
      "def f(m, x):\n"
      "    if isinstance(m, nn.Linear):\n"
      "        a = m\n"
      "    elif isinstance(x, torch.Tensor):\n"
      "        b = x\n"
      "    c = m\n"
      "    if isinstance(m, (nn.Conv2d, nn.Linear)):\n"
      "        d = m\n"
      "    if not isinstance(x, torch.Tensor):\n"
      "        e = x\n");
  ExprKind a = name("m", 1);  // #0 is the argument of isinstance, outside the block
  expect_kind(a, ValueKind::kModule, Confidence::kCertain);
  EXPECT_EQ(a.api, "torch.nn.Linear");
  expect_kind(name("x", 1), ValueKind::kTensor, Confidence::kCertain);
  expect_unknown(name("m", 2));  // after the block
  ExprKind d = name("m", 4);
  expect_kind(d, ValueKind::kModule, Confidence::kCertain);
  EXPECT_EQ(d.api, "");  // of no one class
  expect_unknown(name("x", 3));  // `not isinstance`: no narrowing
}

TEST_F(TypeInferenceTest, IsinstanceNarrowsAnAttributeChainAndAnAndOperand) {
  load(
      "import torch.nn as nn\n"
      "def f(self, ok):\n"
      "    if ok and isinstance(self.fc, nn.Linear):\n"
      "        a = self.fc\n"
      "    if ok or isinstance(self.fc, nn.Linear):\n"
      "        b = self.fc\n");
  ExprKind a = attribute_nth("self.fc", 1);
  expect_kind(a, ValueKind::kModule, Confidence::kCertain);
  EXPECT_EQ(a.api, "torch.nn.Linear");
  EXPECT_NE(attribute_nth("self.fc", 3).api, "torch.nn.Linear");  // under `or`: not narrowed
}

TEST_F(TypeInferenceTest, OptionalParameterAnnotationIsALikelyTensor) {
  load(
      "import torch\n"
      "from typing import Optional\n"
      "def f(o: Optional[torch.Tensor] = None):\n"
      "    return o\n");
  expect_kind(name("o"), ValueKind::kTensor, Confidence::kLikely);
}

TEST_F(TypeInferenceTest, StringAnnotationSaysNothing) {
  load("import torch\ndef f(p: \"torch.Tensor\"):\n    return p\n");
  expect_unknown(name("p"));
}

TEST_F(TypeInferenceTest, AnnotatedDeclarationWithoutValue) {
  // `x: torch.Tensor` declares x a tensor; a later use must see that.
  load("import torch\nx: torch.Tensor\nprint(x)\n");
  ExprKind x = name("x", 1);
  EXPECT_TRUE(x.tensor_like()) << "kind " << kg::to_string(x.kind) << " confidence "
                               << static_cast<int>(x.confidence);
}

TEST_F(TypeInferenceTest, AnnotatedAssignmentWithUnknownValue) {
  // The annotation is evidence even when the value says nothing.
  load("import torch\ny: torch.Tensor = load_it()\nprint(y)\n");
  ExprKind y = name("y", 1);
  EXPECT_TRUE(y.tensor_like()) << "kind " << kg::to_string(y.kind) << " confidence "
                               << static_cast<int>(y.confidence);
}

TEST_F(TypeInferenceTest, ReturnAnnotationOfALocalFunction) {
  load("import torch\ndef make() -> torch.Tensor:\n    pass\nr = make()\nprint(r)\n");
  expect_kind(name("r", 1), ValueKind::kTensor, Confidence::kCertain);
}

// ---------------------------------------------------------------------------------------------
// Conflicting evidence

TEST_F(TypeInferenceTest, TensorAndStringInOneScopeIsUnknown) {
  load("import torch\nv = torch.zeros(1)\nv = \"s\"\nprint(v)\n");
  expect_unknown(name("v", 2));
}

TEST_F(TypeInferenceTest, StringThenTensorInOneFunctionIsUnknown) {
  load(
      "import torch\n"
      "def f(flag):\n"
      "    v = \"s\"\n"
      "    if flag:\n"
      "        v = torch.zeros(1)\n"
      "    return v\n");
  expect_unknown(name("v", 2));
}

TEST_F(TypeInferenceTest, TwoTensorsInOneScopeStayATensor) {
  load("import torch\nv = torch.zeros(1)\nv = torch.ones(2)\nprint(v)\n");
  EXPECT_TRUE(name("v", 2).tensor_like());
}

TEST_F(TypeInferenceTest, SameNameInDifferentScopesDoesNotConflict) {
  load(
      "import torch\n"
      "v = \"s\"\n"
      "def f():\n"
      "    v = torch.zeros(1)\n"
      "    return v\n"
      "print(v)\n");
  // identifiers named v: module target, function target, function use, module use.
  expect_kind(name("v", 2), ValueKind::kTensor, Confidence::kCertain);
  expect_kind(name("v", 3), ValueKind::kStr, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, ShadowedImportIsNotTheLibrary) {
  load(
      "import torch\n"
      "def f(torch):\n"
      "    y = torch.zeros(1)\n"
      "    return y\n");
  expect_unknown(call("torch.zeros(1)"));
  expect_unknown(name("y", 1));
}

// ---------------------------------------------------------------------------------------------
// Loops

TEST_F(TypeInferenceTest, LoopOverADataLoader) {
  load(
      "import torch\n"
      "from torch.utils.data import DataLoader\n"
      "loader = DataLoader(ds, batch_size=2)\n"
      "for i, batch in enumerate(loader):\n"
      "    print(i, batch)\n"
      "for inputs, labels in loader:\n"
      "    print(inputs, labels)\n");
  expect_kind(name("loader", 1), ValueKind::kDataLoader, Confidence::kCertain);
  expect_kind(name("i", 1), ValueKind::kInt, Confidence::kCertain);
  expect_kind(name("batch", 1), ValueKind::kTensor, Confidence::kLikely);
  expect_kind(name("inputs", 1), ValueKind::kTensor, Confidence::kLikely);
  expect_kind(name("labels", 1), ValueKind::kTensor, Confidence::kLikely);
}

TEST_F(TypeInferenceTest, LoopOverRangeGivesInts) {
  load("import torch\nfor k in range(3):\n    print(k)\n");
  expect_kind(name("k", 1), ValueKind::kInt, Confidence::kCertain);
}

// Kinds are memoised per node: a kind computed deep inside another expression, where the depth
// limit may cut it short, must not stand in for the same node asked from the top.
TEST_F(TypeInferenceTest, MemoisedKindsRespectTheDepthLimit) {
  std::string chain = "torch.zeros(2)";
  for (int i = 0; i < 30; ++i) chain = "(" + chain + " + 1)";
  load("import torch\nx = " + chain + "\ny = x\nz = x\n");
  // `x` is too deep to infer from the top of its value: unknown, asked twice.
  EXPECT_EQ(name("x", 1).confidence, Confidence::kUnknown);
  EXPECT_EQ(name("x", 2).confidence, Confidence::kUnknown);
  // The innermost call, asked directly after the chain was walked, is still a certain tensor.
  ExprKind inner = call("torch.zeros(2)");
  EXPECT_TRUE(inner.tensor_like());
  EXPECT_EQ(inner.confidence, Confidence::kCertain);
  load("import torch\nx = torch.zeros(2)\ny = x + 1\ny2 = x + 1\n");
  EXPECT_TRUE(name("y").tensor_like());
  EXPECT_TRUE(name("y2").tensor_like());
  EXPECT_TRUE(name("y").tensor_like());  // a second query of the same node
}

TEST_F(TypeInferenceTest, AKindMemoisedInTheFirstRoundKeepsItsReads) {
  // `a = g()` computes the kind of g's `return t` (t is not bound yet) and memoises it; `b = g()`
  // is served from the memo, and must still count t among its reads: t changes after both, so
  // the second round recomputes both and b is a tensor too.
  load(
      "import torch\n"
      "def g():\n"
      "    return t\n"
      "a = g()\n"
      "b = g()\n"
      "t = torch.zeros(3)\n"
      "use_a = a\n"
      "use_b = b\n");
  expect_kind(name("a"), ValueKind::kTensor, Confidence::kCertain);
  expect_kind(name("b"), ValueKind::kTensor, Confidence::kCertain);
}

// ---------------------------------------------------------------------------------------------
// Custom autograd functions: the ctx parameter

TEST_F(TypeInferenceTest, CtxOfAnAutogradFunctionIsAFunctionCtx) {
  load(
      "import torch\n"
      "from torch.autograd import Function as AF\n"
      "class A(AF):\n"
      "    @staticmethod\n"
      "    def forward(c1, x):\n"
      "        keep(c1, x)\n"
      "    @staticmethod\n"
      "    def backward(c2, g):\n"
      "        keep(c2)\n"
      "class Base(torch.autograd.function.Function):\n"
      "    pass\n"
      "class B(Base):\n"
      "    @staticmethod\n"
      "    def vjp(c3, g):\n"
      "        keep(c3)\n"
      "    def backward(c4, g):\n"  // not static: PyTorch refuses it, nothing is assumed
      "        keep(c4)\n"
      "class Plain:\n"
      "    @staticmethod\n"
      "    def forward(c5, x):\n"
      "        keep(c5)\n"
      "def helper(c6: torch.autograd.function.FunctionCtx):\n"
      "    keep(c6)\n");
  expect_kind(name("c1"), ValueKind::kFunctionCtx, Confidence::kCertain);
  expect_unknown(name("x"));
  expect_kind(name("c2"), ValueKind::kFunctionCtx, Confidence::kCertain);
  expect_kind(name("c3"), ValueKind::kFunctionCtx, Confidence::kCertain);
  expect_unknown(name("c4"));
  expect_unknown(name("c5"));
  expect_kind(name("c6"), ValueKind::kFunctionCtx, Confidence::kCertain);
}

TEST_F(TypeInferenceTest, SetupContextStyleForwardTakesNoCtx) {
  load(
      "import torch\n"
      "class Cube(torch.autograd.Function):\n"
      "    @staticmethod\n"
      "    def forward(x):\n"
      "        keep(x)\n"
      "    @staticmethod\n"
      "    def setup_context(c1, inputs, output):\n"
      "        keep(c1)\n"
      "class Fine(torch.autograd.Function):\n"
      "    @staticmethod\n"
      "    def forward(c2, x):\n"
      "        keep(c2)\n");
  expect_unknown(name("x"));
  expect_kind(name("c1"), ValueKind::kFunctionCtx, Confidence::kCertain);
  expect_kind(name("c2"), ValueKind::kFunctionCtx, Confidence::kCertain);
  // The class with setup_context cannot become a PyLayer; the other can.
  const auto& classes = snippet_->resolver().model().classes;
  ASSERT_EQ(classes.size(), 2u);
  const std::string* why = types_->pylayer_problem(classes[0].node);
  ASSERT_NE(why, nullptr);
  EXPECT_NE(why->find("setup_context"), std::string::npos);
  EXPECT_EQ(types_->pylayer_problem(classes[1].node), nullptr);
}

TEST_F(TypeInferenceTest, TypeCommentsDeclareParameters) {
  load(
      "from typing import List, Optional\n"
      "import torch\n"
      "from torch import Tensor\n"
      "class Heads(torch.nn.Module):\n"
      "    def assign(self, proposals, count, boxes):\n"
      "        # type: (List[Tensor], int, Optional[Tensor]) -> Tensor\n"
      "        keep(proposals, count, boxes, proposals[0])\n"
      "    def post(\n"
      "        self,\n"
      "        logits,  # type: torch.Tensor\n"
      "        sizes,  # type: List[int]\n"
      "    ):\n"
      "        # type: (...) -> Tensor\n"
      "        keep(logits, sizes, sizes[0])\n"
      "def short(a, b):\n"
      "    # type: (Tensor) -> Tensor\n"
      "    keep(a, b)\n");
  expect_kind(name("proposals", 0), ValueKind::kList, Confidence::kCertain);
  expect_kind(subscript_of("proposals", 1), ValueKind::kTensor, Confidence::kLikely);
  expect_kind(name("count", 0), ValueKind::kInt, Confidence::kCertain);
  expect_kind(name("boxes", 0), ValueKind::kTensor, Confidence::kLikely);  // Optional
  expect_kind(name("logits", 0), ValueKind::kTensor, Confidence::kCertain);
  expect_kind(subscript_of("sizes", 1), ValueKind::kInt, Confidence::kLikely);
  // One type for two parameters (not `self`): the comment is not read.
  expect_unknown(name("a", 0));
  expect_unknown(name("b", 0));
}

TEST_F(TypeInferenceTest, LoopsGiveElementsOfDeclaredListsAndTensorLiterals) {
  load(
      "from typing import List\n"
      "import torch\n"
      "def f(xs: List[torch.Tensor], ns: List[int], q: torch.Tensor, other):\n"
      "    for x, n in zip(xs, ns):\n"
      "        keep(x, n)\n"
      "    for t in [q, q]:\n"
      "        keep(t)\n"
      "    for u in [q, other]:\n"
      "        keep(u)\n"
      "    keep([v for v in xs])\n");
  expect_kind(name("x", 1), ValueKind::kTensor, Confidence::kLikely);
  expect_kind(name("n", 1), ValueKind::kInt, Confidence::kLikely);
  expect_kind(name("t", 1), ValueKind::kTensor, Confidence::kLikely);
  expect_unknown(name("u", 1));
  expect_kind(name("v", 0), ValueKind::kTensor, Confidence::kLikely);  // a comprehension's clause
}

TEST_F(TypeInferenceTest, IntegerTensorsAreMarked) {
  load(
      "import torch\n"
      "def f(n: int, x: torch.Tensor):\n"
      "    a = torch.arange(1, n + 1)\n"
      "    b = torch.arange(0.5, n)\n"
      "    c = torch.arange(n, dtype=torch.float32)\n"
      "    d = -a * 2 // n\n"
      "    e = a / n\n"
      "    g = x.argmax(-1)\n"
      "    keep(a, b, c, d, e, g)\n");
  EXPECT_TRUE(name("a", 2).integer);
  EXPECT_FALSE(name("b", 1).integer);
  EXPECT_FALSE(name("c", 1).integer);
  EXPECT_TRUE(name("d", 1).integer);
  EXPECT_FALSE(name("e", 1).integer);  // true division
  EXPECT_TRUE(name("g", 1).integer);
}

}  // namespace
}  // namespace t2p::semantic
