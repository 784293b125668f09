// rules: the cast of an integer tensor that PyTorch computes in floats (see integer_inputs.h).
#include "rules/integer_inputs.h"

#include <string>
#include <utility>
#include <vector>

#include "parse/node_kinds.h"
#include "rules/call_arguments.h"
#include "rules/target_spellings.h"

namespace t2p::rules {
namespace {

// The input of the call: the receiver of `x.sqrt()`, the first positional argument or `input=`
// of `torch.sqrt(x)`; null when there is none.
TSNode input_of(const CallSite& site, const semantic::TypeInference& types) {
  if (!ts_node_is_null(site.receiver)) return site.receiver;
  for (const CallArg& a : read_arguments(site.call, site.source, &types.model()).args) {
    if (a.splat || a.kwsplat) return TSNode{};
    if (a.keyword.empty() || a.keyword == "input") return a.value;
  }
  return TSNode{};
}

// Whether `.astype(...)` can follow the expression without parentheses.
bool is_primary(TSNode n) {
  const auto& k = parse::NodeKinds::get();
  const TSSymbol s = ts_node_symbol(n);
  return s == k.identifier || s == k.attribute || s == k.call || s == k.subscript || s == k.parenthesized_expression;
}

}  // namespace

bool cast_integer_input(const CallSite& site, const kg::ApiRecord& record, const semantic::TypeInference& types,
                        rewrite::EditSet* edits) {
  if (!record.int_to_float) return true;
  TSNode input = input_of(site, types);
  if (ts_node_is_null(input) || !types.kind_of(input, site.scope).integer) return true;
  const uint32_t begin = ts_node_start_byte(input), end = ts_node_end_byte(input);
  const bool primary = is_primary(input);
  auto [before, after] = TargetSpellings::around(target().as_default_float, "{value}");
  if (!primary) {
    before += "(";
    after.insert(0, ")");
  }
  // Outside the input's own edits (deeper constructs, smaller spans), inside the call's.
  const uint32_t depth = end - begin + 1;
  std::vector<base::Edit> batch;
  if (!before.empty()) batch.push_back({begin, begin, std::move(before), base::EditSide::kOpen, depth});
  batch.push_back({end, end, std::move(after), base::EditSide::kClose, depth});
  return edits->add_all(std::move(batch));
}

}  // namespace t2p::rules
