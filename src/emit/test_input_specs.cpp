#include "emit/test_input_specs.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace t2p::emit {
namespace {

using nlohmann::json;

InputSpec read_input(const json& j) {
  InputSpec s;
  if (j.contains("value")) {
    s.value = j["value"].get<std::string>();
    if (j.contains("paddle_value")) s.paddle_value = j["paddle_value"].get<std::string>();
    s.replaces_literal = j.value("replaces_literal", false);
    return s;
  }
  s.dtype = j.value("dtype", std::string("float32"));
  const json shape = j.value("shape", json::array());
  for (const auto& d : shape) s.shape.push_back(d.is_string() ? d.get<std::string>() : d.dump());
  if (j.contains("low")) s.low = j["low"].dump();
  if (j.contains("high")) s.high = j["high"].dump();
  if (j.contains("count")) s.count = j["count"].dump();
  s.parameters = j.value("parameters", false);
  return s;
}

// How specific a pattern matching `api` is: -1 no match, else the length of the text it names
// (the exact id beats every prefix, a longer prefix a shorter one).
int match_length(std::string_view pattern, std::string_view api) {
  if (!pattern.empty() && pattern.back() == '*') {
    std::string_view prefix = pattern.substr(0, pattern.size() - 1);
    return api.substr(0, prefix.size()) == prefix ? static_cast<int>(prefix.size()) : -1;
  }
  return pattern == api ? static_cast<int>(pattern.size()) + 1000 : -1;
}

}  // namespace

TestInputSpecs::TestInputSpecs(const kg::KnowledgeGraph& graph) {
  std::string raw = graph.raw("meta:test_inputs");
  if (raw.empty()) return;
  json all = json::parse(raw, nullptr, /*allow_exceptions=*/false);
  if (!all.is_array()) return;
  for (const auto& j : all) {
    Entry e;
    const json match = j.value("match", json::array());
    for (const auto& m : match) e.match.push_back(m.get<std::string>());
    e.sets_kind = j.contains("kind");
    e.spec.kind = j.value("kind", std::string("call"));
    e.sets_reason = j.contains("reason");
    e.spec.reason = j.value("reason", std::string());
    e.sets_result = j.contains("result");
    e.spec.result = j.value("result", std::string());
    const json inputs = j.value("inputs", json::object());
    for (const auto& [name, spec] : inputs.items()) e.spec.inputs[name] = read_input(spec);
    // One input, or a list of them (a loss layer is called with its input and its target).
    if (j.contains("layer_input")) {
      const json& li = j["layer_input"];
      if (li.is_array()) {
        for (const auto& one : li) e.spec.layer_inputs.push_back(read_input(one));
      } else {
        e.spec.layer_inputs.push_back(read_input(li));
      }
    }
    entries_.push_back(std::move(e));
  }
}

ApiTestSpec TestInputSpecs::lookup(std::string_view api) const {
  // The matching entries from the least to the most specific; equal ones in file order.
  std::vector<std::pair<int, const Entry*>> matching;
  for (const auto& e : entries_) {
    int best = -1;
    for (const auto& m : e.match) best = std::max(best, match_length(m, api));
    if (best >= 0) matching.emplace_back(best, &e);
  }
  std::stable_sort(matching.begin(), matching.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  ApiTestSpec out;
  for (const auto& [_, e] : matching) {
    if (e->sets_kind) out.kind = e->spec.kind;
    if (e->sets_reason) out.reason = e->spec.reason;
    if (e->sets_result) out.result = e->spec.result;
    for (const auto& [name, input] : e->spec.inputs) out.inputs[name] = input;
    if (!e->spec.layer_inputs.empty()) out.layer_inputs = e->spec.layer_inputs;
  }
  return out;
}

}  // namespace t2p::emit
