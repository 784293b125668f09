// emit: the input specs of the generated per-API tests (knowledge_graph/test_inputs/, compiled
// under `meta:test_inputs`): per API or family, how a test builds what a call needs.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "kg/knowledge_graph.h"

namespace t2p::emit {

// How to make one input: a tensor (numpy dtype, dimensions as written in the data: a number or
// `{parameter}`) or a Python value (`value`, its text).
struct InputSpec {
  std::string value;
  std::string paddle_value;  // when set: `value` is the torch half's text, this the Paddle half's (a dtype)
  std::string dtype;
  std::vector<std::string> shape;
  std::string low, high;  // value range of a tensor's elements, Python text; empty: the default
  std::string count;      // a list of this many tensors (`torch._foreach_*`, `torch.stack`); empty: one
  bool parameters = false;  // the tensors are trainable parameters (an optimizer's `params`)
  bool replaces_literal = false;  // stands even for a literal argument (a file name: no such file here)
  int ordinal = 0;  // set per call: which of the inputs made for one parameter this is (0, 1, ...)
  bool tensor() const { return value.empty(); }
};

// What the specs say about one API, merged from the general entries (`*`) to the most specific
// (the exact id): a field set by a more specific entry wins.
struct ApiTestSpec {
  // call, layer (construct, copy weights, call), random, optimizer (construct on spec'd
  // parameters, two steps with the same gradients, compare the parameters), context (a `with`
  // block computing on a tensor that requires grad: compare the result and its grad flag), value (a
  // class whose instance is a value: `nn.Parameter`, `torch.finfo`), seed (reseeds the global
  // generator: compare whether two draws after it agree), untested
  std::string kind = "call";
  std::string reason;         // untested: why
  // What the test compares instead of the call's value, Python text over `{result}` (the call's
  // value) and `{param}` (what the call passes there): `{self}` for a call that works in place and
  // returns None (`torch._foreach_add_`), `str({result})` for a device.
  std::string result;
  std::map<std::string, InputSpec> inputs;  // parameter name ("self": the receiver) -> input
  std::vector<InputSpec> layer_inputs;  // layer: what the layer is called with (a loss: two inputs)
};

class TestInputSpecs {
 public:
  // Reads `meta:test_inputs` (empty when the graph has none).
  explicit TestInputSpecs(const kg::KnowledgeGraph& graph);
  ApiTestSpec lookup(std::string_view api) const;
  bool empty() const { return entries_.empty(); }

 private:
  struct Entry {
    std::vector<std::string> match;  // ids, or prefixes ending in '*'
    ApiTestSpec spec;
    bool sets_kind = false, sets_reason = false, sets_result = false;
  };
  std::vector<Entry> entries_;
};

}  // namespace t2p::emit
