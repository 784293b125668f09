// tests: one parsed Python snippet with its FileModel and NameResolver, and node lookups.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parse/syntax_tree.h"
#include "semantic/file_model.h"
#include "semantic/file_model_builder.h"
#include "semantic/name_resolver.h"

namespace t2p::testing_support {

using parse::node_text;
using semantic::FileModel;
using semantic::NameResolver;
using semantic::Reference;
using semantic::ResolvedName;

// One parsed snippet with its model and resolver. Not copyable: the model points into the tree.
class Snippet {
 public:
  explicit Snippet(std::string source) : src_(std::move(source)) {
    tree_ = parser_.parse(src_);
    // The roots a compiled graph would give (tests of the graph's own roots: kg_test).
    static const kg::ConvertedRoots roots({"torch", "torchvision"});
    model_ = std::make_unique<FileModel>(semantic::build_file_model(tree_, src_, roots));
    resolver_ = std::make_unique<NameResolver>(*model_, src_);
  }
  Snippet(const Snippet&) = delete;
  Snippet& operator=(const Snippet&) = delete;

  bool parsed_cleanly() const { return tree_.valid() && !tree_.has_error(); }
  const FileModel& model() const { return *model_; }
  const NameResolver& resolver() const { return *resolver_; }
  const parse::SyntaxTree& tree() const { return tree_; }
  std::string_view source() const { return src_; }
  std::string_view text(TSNode n) const { return node_text(n, src_); }

  // The `nth` (0-based) reference in `refs` whose source text is exactly `text`.
  const Reference* find(const std::vector<Reference>& refs, std::string_view text,
                        int nth = 0) const {
    for (const auto& r : refs) {
      if (node_text(r.node, src_) == text && nth-- == 0) return &r;
    }
    return nullptr;
  }
  const Reference* call(std::string_view text, int nth = 0) const {
    return find(model_->calls, text, nth);
  }
  const Reference* attribute(std::string_view text, int nth = 0) const {
    return find(model_->attributes, text, nth);
  }
  const Reference* identifier(std::string_view text, int nth = 0) const {
    return find(model_->identifiers, text, nth);
  }

  // The callee of a call reference.
  static TSNode callee(const Reference& call) {
    return ts_node_child_by_field_name(call.node, "function", 8);
  }

  // The qualified name of a call's callee, or "" when it does not resolve through an import.
  std::string callee_qualname(const Reference& call) const {
    TSNode fn = ts_node_child_by_field_name(call.node, "function", 8);
    int32_t index = -1;
    const std::string* out = resolver_->qualified_name_of(fn, call.scope, &index);
    if (!out) return "";
    EXPECT_GE(index, 0);
    return *out;
  }
  std::string qualname(const Reference& ref) const {
    const std::string* out = resolver_->qualified_name_of(ref.node, ref.scope, nullptr);
    return out ? *out : "";
  }
  ResolvedName resolve_at(const Reference& ref, std::string_view name) const {
    return resolver_->resolve(ref.scope, name);
  }

 private:
  std::string src_;
  parse::PythonParser parser_;
  parse::SyntaxTree tree_;
  std::unique_ptr<FileModel> model_;
  std::unique_ptr<NameResolver> resolver_;
};

}  // namespace t2p::testing_support
