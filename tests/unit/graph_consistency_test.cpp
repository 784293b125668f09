// The real knowledge graph, as the build compiles it: valid, and every edge the converter can
// follow lands on a Paddle API that exists with the keywords the converter writes.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "graph/graph_compiler.h"

namespace t2p::kg {
namespace {

const CompiledGraph& graph() {
  static const CompiledGraph g = load_graph_sources(T2P_SOURCE_DIR);
  return g;
}

std::set<std::string> paddle_param_names(const nlohmann::json& params, bool* open_kwargs) {
  std::set<std::string> names;
  for (const auto& t : params) {
    std::string tok = t;
    if (tok.rfind("**", 0) == 0) *open_kwargs = true;
    size_t start = tok.find_first_not_of('*');
    if (start != std::string::npos) names.insert(tok.substr(start, tok.find('=') - start));
  }
  return names;
}

TEST(GraphConsistency, SourcesAreValid) {
  EXPECT_TRUE(graph().errors.empty()) << graph().errors.front();
}

TEST(GraphConsistency, AtLeast1600TorchApisConvert) {
  int mapped = 0;
  for (const auto& [family, n] : graph().stats.mapped_per_family) {
    if (family == "torch" || family == "torchvision" || family == "transformers" ||
        family == "fairscale" || family == "flash_attn") {
      mapped += n;
    }
  }
  EXPECT_GE(mapped, 1600);
  EXPECT_GE(graph().stats.not_implemented, 650);
  // 111 from the docs, 18 more that only PaConvert lists (knowledge_graph/paconvert/aliases.jsonl,
  // less one rejected in mappings/paconvert_decisions.jsonl, and torch.concatenate, which a
  // curation in mappings/utilities.jsonl maps itself), and 769 of PyTorch's re-exports
  // (mappings/reexports.jsonl, written by scripts/gen-reexports.py), and one module alias of
  // torch/nn/functional.py (mappings/internals.jsonl).
  EXPECT_EQ(graph().stats.aliases, 129 + 769 + 1);
}

TEST(GraphConsistency, EveryPaddleTargetIsAPaddleNode) {
  std::vector<std::string> missing;
  for (const auto& [id, rec] : graph().records) {
    if (rec.value("status", "") != "mapped") continue;
    std::string paddle = rec.value("paddle", "");
    if (paddle.rfind("paddle.", 0) != 0) continue;
    if (rec.contains("cases")) continue;  // templates spell their own Paddle code
    if (!graph().paddle_nodes.count(paddle) && !rec.contains("paddle_params")) missing.push_back(id + " -> " + paddle);
  }
  EXPECT_TRUE(missing.empty()) << missing.size() << " edges, first: " << missing.front();
}

TEST(GraphConsistency, EveryEmittedKeywordIsAPaddleParameter) {
  // Actions after which the converter writes `paddle_name=...` into the call.
  const std::set<std::string> emitting{"same", "rename", "default", "paddle_only", "value_map",
                                       "value_expr", "dtype"};
  std::vector<std::string> bad;
  for (const auto& [id, rec] : graph().records) {
    if (rec.value("status", "") != "mapped" || !rec.contains("paddle_params")) continue;
    bool open_kwargs = false;
    auto names = paddle_param_names(rec["paddle_params"], &open_kwargs);
    if (open_kwargs || names.empty()) continue;
    for (const auto& a : rec.value("args", nlohmann::json::array())) {
      std::string paddle = a.value("paddle", "");
      if (paddle.empty() || !emitting.count(a.value("action", ""))) continue;
      std::string bare = paddle.substr(paddle.find_first_not_of('*'));
      if (!names.count(bare)) bad.push_back(id + ": " + paddle);
    }
  }
  EXPECT_TRUE(bad.empty()) << bad.size() << " keywords, first: " << bad.front();
}

TEST(GraphConsistency, AliasesPointAtKnownApis) {
  for (const auto& [alias, canonical] : graph().aliases) {
    EXPECT_TRUE(graph().records.count(canonical)) << alias << " -> " << canonical;
  }
}

}  // namespace
}  // namespace t2p::kg
