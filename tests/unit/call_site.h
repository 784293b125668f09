// tests: one call of a parsed snippet ready for a rule handler: its CallSite, arguments bound
// to a hand-written PyTorch signature, the type inference and an empty edit set.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "graph_test.h"
#include "kg/api_record.h"
#include "rewrite/edit_set.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "semantic/type_inference.h"
#include "snippet.h"

namespace t2p::testing_support {

class CallSiteTest : public GraphTest {
 protected:
  // Parses `source`, finds the call whose text is `call_text` and binds its arguments to
  // `signature` (`{"input", "dim=None", "*", "out=None"}`; a receiver when the callee is `x.m`).
  void load(std::string source, std::string_view call_text, const std::vector<std::string>& signature) {
    snippet_ = std::make_unique<Snippet>(std::move(source));
    ASSERT_TRUE(snippet_->parsed_cleanly());
    types_ = std::make_unique<semantic::TypeInference>(snippet_->resolver(), *graph_);
    const semantic::Reference* r = snippet_->call(call_text);
    ASSERT_NE(r, nullptr) << "no call " << call_text;
    TSNode fn = Snippet::callee(*r);
    TSNode receiver{};
    if (std::string_view(ts_node_type(fn)) == "attribute" && method_) receiver = ts_node_child_by_field_name(fn, "object", 6);
    site_ = rules::CallSite{r->node, receiver, r->scope, snippet_->source(), r->parent, r->statement};
    record_.torch = "torch.t";
    record_.torch_params = kg::parse_signature(nlohmann::json(signature));
    args_ = rules::read_arguments(r->node, snippet_->source(), &snippet_->model());
    params_ = rules::bind_any_signature(record_, &args_);
    edits_ = std::make_unique<rewrite::EditSet>(snippet_->source());
  }

  bool method_ = false;  // set before load(): `x.m(...)` has receiver x
  std::unique_ptr<Snippet> snippet_;
  std::unique_ptr<semantic::TypeInference> types_;
  rules::CallSite site_;
  kg::ApiRecord record_;
  rules::CallArguments args_;
  const std::vector<kg::Param>* params_ = nullptr;
  std::unique_ptr<rewrite::EditSet> edits_;
};

}  // namespace t2p::testing_support
