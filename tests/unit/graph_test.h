// tests: a test suite sharing the compiled knowledge graph (build/kg.db), opened once per suite.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "kg/knowledge_graph.h"

namespace t2p::testing_support {

class GraphTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string err;
    graph_ = kg::KnowledgeGraph::open(T2P_KG_DB_PATH, &err).release();
    ASSERT_NE(graph_, nullptr) << err;
  }
  static void TearDownTestSuite() {
    delete graph_;
    graph_ = nullptr;
  }
  void SetUp() override { ASSERT_NE(graph_, nullptr); }

  static inline kg::KnowledgeGraph* graph_ = nullptr;
};

}  // namespace t2p::testing_support
