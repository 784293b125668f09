#include "emit/call_forms.h"

#include <algorithm>
#include <map>

#include "emit/form_builder.h"
#include "emit/python_source.h"

namespace t2p::emit {
namespace {

using forms::begin_of;
using forms::end_of;
using forms::is;
using std::string;

// The call whose bytes are exactly [b, e), or a null node.
TSNode call_at(TSNode root, uint32_t b, uint32_t e) {
  TSNode n = ts_node_descendant_for_byte_range(root, b, e);
  while (!ts_node_is_null(n) && begin_of(n) == b && end_of(n) == e) {
    if (is(n, "call")) return n;
    n = ts_node_parent(n);
  }
  return TSNode{};
}

}  // namespace

std::vector<CallForm> extract_call_forms(const FileReport& file, const kg::KnowledgeGraph& graph,
                                         const TestInputSpecs& specs, parse::PythonParser& parser) {
  std::vector<CallForm> forms;
  if (file.status != FileStatus::kConverted || file.input.empty()) return forms;
  parse::TreeArena::Scope memory(parser.arena());
  parse::SyntaxTree tree = parser.parse(file.input);
  if (!tree.valid()) return forms;
  forms::FormBuilder builder(file, graph, specs, tree.root());
  std::map<string, size_t> by_key;  // key -> index in forms
  for (const auto& use : file.uses) {
    const bool converted = use.status == rules::UseStatus::kConverted ||
                           (use.status == rules::UseStatus::kNeedsReview && use.applied);
    if (!converted || use.end <= use.offset) continue;
    TSNode call = call_at(tree.root(), use.offset, use.end);
    if (ts_node_is_null(call)) continue;  // a name or attribute use: no call form
    CallForm f = builder.build(use, call);
    auto it = by_key.find(f.key);
    if (it == by_key.end()) {
      by_key[f.key] = forms.size();
      forms.push_back(std::move(f));
    } else if (!forms[it->second].reason.empty() && f.reason.empty()) {
      forms[it->second] = std::move(f);  // a later occurrence that can be built
    }
  }
  std::stable_sort(forms.begin(), forms.end(), [](const CallForm& a, const CallForm& b) { return a.line < b.line; });
  return forms;
}

}  // namespace t2p::emit
