#include "graph/test_input_check.h"

#include <set>

namespace t2p::kg {
namespace {

using nlohmann::json;

const std::set<std::string> kDtypes = {"float32", "float64", "float16", "int64", "int32", "uint8", "bool", "complex64"};
const std::set<std::string> kKinds = {"call", "layer", "random", "optimizer", "context", "module", "sequential", "value", "seed", "raises",
                                          "untested"};

// One input: a tensor (`dtype` and `shape`, dims numbers or `{param}` of the call) or a Python
// value written as text (`value`).
std::string check_input(const std::string& name, const json& spec) {
  if (!spec.is_object()) return "input '" + name + "' must be an object";
  if (spec.contains("value")) {
    if (!spec["value"].is_string()) return "input '" + name + "': 'value' must be Python text (a string)";
    if (spec.contains("replaces_literal") && !spec["replaces_literal"].is_boolean()) {
      return "input '" + name + "': 'replaces_literal' (it stands for a literal argument too) must be true or false";
    }
    if (spec.contains("paddle_value") && !spec["paddle_value"].is_string()) {
      return "input '" + name + "': 'paddle_value' (the Paddle half's text when it differs) must be a string";
    }
    return {};
  }
  if (!spec.contains("dtype") || !spec["dtype"].is_string() || !kDtypes.count(spec["dtype"].get<std::string>())) {
    return "input '" + name + "' needs 'value', or 'dtype' (float32 float64 float16 int64 int32 uint8 bool complex64) and 'shape'";
  }
  if (!spec.contains("shape") || !spec["shape"].is_array()) return "input '" + name + "' needs array 'shape'";
  for (const auto& d : spec["shape"]) {
    bool ok = (d.is_number_integer() && d.get<int64_t>() >= 0) ||
              (d.is_string() && d.get<std::string>().size() > 2 && d.get<std::string>().front() == '{' &&
               d.get<std::string>().back() == '}');
    if (!ok) return "input '" + name + "': a dimension is a non-negative integer, `{parameter}`, `{parameter*}` or `{parameter|helper}`";
  }
  if (spec.contains("count") && !(spec["count"].is_number_integer() && spec["count"].get<int64_t>() > 0)) {
    return "input '" + name + "': 'count' (a list of that many tensors) must be a positive integer";
  }
  if (spec.contains("parameters") && !spec["parameters"].is_boolean()) {
    return "input '" + name + "': 'parameters' (the tensors are trainable parameters) must be true or false";
  }
  for (const char* bound : {"low", "high"}) {
    if (spec.contains(bound) && !spec[bound].is_number()) return "input '" + name + "': '" + bound + "' must be a number";
  }
  return {};
}

}  // namespace

std::string check_test_input_spec(const json& entry) {
  if (!entry.is_object()) return "a test-input spec is an object";
  if (!entry.contains("match") || !entry["match"].is_array() || entry["match"].empty()) {
    return "needs a non-empty array 'match' (API ids, or prefixes ending in '*')";
  }
  for (const auto& m : entry["match"]) {
    if (!m.is_string() || m.get<std::string>().empty()) return "'match' holds API ids or prefixes ending in '*'";
  }
  if (entry.contains("kind") && (!entry["kind"].is_string() || !kKinds.count(entry["kind"].get<std::string>()))) {
    return "'kind' is one of call, layer, random, optimizer, context, module, sequential, value, seed, raises, untested";
  }
  if (entry.value("kind", std::string()) == "untested" && !entry.contains("reason")) {
    return "an 'untested' entry needs its 'reason'";
  }
  if (entry.contains("reason") && !entry["reason"].is_string()) return "'reason' must be a string";
  if (entry.contains("result") && !entry["result"].is_string()) {
    return "'result' (what the test compares: Python text over {result} and {param}) must be a string";
  }
  if (entry.contains("inputs")) {
    if (!entry["inputs"].is_object()) return "'inputs' maps parameter names to input specs";
    for (const auto& [name, spec] : entry["inputs"].items()) {
      std::string problem = check_input(name, spec);
      if (!problem.empty()) return problem;
    }
  }
  if (entry.contains("layer_input")) {
    // One input, or a list of them: what the layer is called with (a loss: input and target).
    const json& li = entry["layer_input"];
    if (li.is_array() && li.empty()) return "'layer_input' is an input spec or a non-empty list of them";
    for (const auto& one : li.is_array() ? li : json::array({li})) {
      std::string problem = check_input("layer_input", one);
      if (!problem.empty()) return problem;
    }
  }
  for (const auto& [key, _] : entry.items()) {
    static const std::set<std::string> known = {"match", "kind", "reason", "inputs", "layer_input", "note", "result"};
    if (!known.count(key)) return "unknown field '" + key + "'";
  }
  return {};
}

}  // namespace t2p::kg
