// emit: the distinct converted call forms of one file, each with what its per-API test needs
// (--emit-tests): the torch call as written and the Paddle call as the engine's own edits make it,
// with every argument that is not a literal (or a name bound to one) replaced by an input built
// from the test-input specs. Nothing is converted here: the Paddle text is the input's bytes with
// the file's edits applied.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emit/run_report.h"
#include "emit/test_input_specs.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"

namespace t2p::emit {

// A name both call texts use and the test binds before the calls.
struct TestInput {
  std::string name;
  InputSpec spec;     // a tensor made from seeded numpy data, or a value (spec.value, Python text)
  bool bound = false; // a name the file binds to a literal in the call's scope (spec.value is it)
};

enum class FormKind : uint8_t {
  kCall,    // compare what the two calls return
  kLayer,   // construct both layers, copy the torch layer's weights, call both with one input
  kRandom,  // random values: compare dtype and shape only
  kOptimizer,  // construct on spec'd parameters, step twice with the same gradients, compare them
  kContext,    // a `with` block computing on a tensor that requires grad: the result and its flag
  kModule,     // a method of a spec'd module (weights copied): its result, flag and state after
  kSeed,       // reseeds the global generator: whether two draws after a reseed agree
  kRaises,     // what the call raises (the type and message of its exception, or None): the Paddle
               // form may be a statement (`torch._assert(c, m)` -> `assert c, m`)
};

struct CallForm {
  uint32_t line = 0;
  std::string torch_api, paddle_api;
  std::string written;      // the call as the file writes it
  std::string key;          // torch API, Paddle API and the parameters given: what makes it distinct
  FormKind kind = FormKind::kCall;
  std::string torch_call;   // what the torch half evaluates
  std::string paddle_call;  // what the Paddle half evaluates (the engine's edits applied)
  std::string result;       // what both halves compare (Python text over `t2p_result`, the call's value); empty: the value
  std::vector<std::string> torch_imports;   // import statements of the file the torch half needs
  std::vector<std::string> paddle_imports;  // the same for the Paddle half (never a torch one)
  std::vector<TestInput> inputs;
  std::vector<InputSpec> layer_inputs;  // kLayer: the layer's inputs, dimensions as Python text
  std::string reason;       // not empty: no test is generated, and this says why
  std::string why;          // the reason's kind, for the counts: "no input spec", ...
};

// The forms of one file in line order, one per key: the first occurrence that can be built (or
// the first, with its reason, when none can). Uses that are not calls (`torch.float32`,
// `nn.Module` as a base class) are no call forms. `file` needs its input text, edits and fixes
// (driver::RunOptions::keep_texts, ::keep_fixes).
std::vector<CallForm> extract_call_forms(const FileReport& file, const kg::KnowledgeGraph& graph,
                                         const TestInputSpecs& specs, parse::PythonParser& parser);

}  // namespace t2p::emit
