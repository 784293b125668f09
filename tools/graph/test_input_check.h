// graph tools: validation of the input specs of the generated per-API tests
// (knowledge_graph/test_inputs/*.jsonl, docs/data-formats.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace t2p::kg {

// An empty string when `entry` is a valid test-input spec line, else what is wrong with it.
std::string check_test_input_spec(const nlohmann::json& entry);

}  // namespace t2p::kg
