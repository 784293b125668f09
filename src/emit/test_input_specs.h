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
  bool tensor() const { return value.empty(); }
};

// What the specs say about one API, merged from the general entries (`*`) to the most specific
// (the exact id): a field set by a more specific entry wins.
struct ApiTestSpec {
  std::string kind = "call";  // call, layer (construct, copy weights, call), random, untested
  std::string reason;         // untested: why
  std::map<std::string, InputSpec> inputs;  // parameter name ("self": the receiver) -> input
  InputSpec layer_input;      // layer: what the layer is called with
  bool has_layer_input = false;
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
    bool sets_kind = false, sets_reason = false;
  };
  std::vector<Entry> entries_;
};

}  // namespace t2p::emit
