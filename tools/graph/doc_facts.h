// tools/graph, doc importer: turns parsed doc pieces into facts (argument actions, node kinds, returns).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "graph/doc_markdown.h"

namespace t2p::kg {

// One `args[]` entry of a maps_to edge (docs/data-formats.md); empty strings are omitted on output.
struct DocArg {
  std::string torch;
  std::string paddle;
  std::string action;
  std::string value;
  std::string reason;
};

// Classifies one param-table row into zero or more args entries, from the note's keywords (one
// table in doc_facts.cpp). `torch_params` are the torch signature tokens of the row's section (to
// read PyTorch's default for `default`); `example_params` the parameters its conversion examples
// are about (a same/rename row with an example becomes `rewrite`). Rows that need no entry (a
// Paddle-only parameter Paddle may keep at its default, a "return value" row) give {}. A row that
// cannot be understood gives {} and sets `problem`.
//   {torch ["input"], paddle ["x"], "仅参数名不一致"} -> [{input, x, rename}]
//   {torch ["out"], paddle [], "...需要转写"}        -> [{out, -, out}]
std::vector<DocArg> classify_row(const DocParamRow& row, const std::vector<std::string>& torch_params,
                                 const std::vector<std::string>& example_params, std::string& problem);

// The value a Paddle-only parameter `paddle_name` must take, read from the note
// ("Paddle 需设置为 'cpu'" -> "'cpu'", "应设置为 False" -> "False", "可以指定 `axis=1`" -> "1");
// empty when the note gives none or it is not a plain value. Bare words are quoted ("reflect").
std::string paddle_only_value(std::string_view note, std::string_view paddle_name);

// Aligns the names in a section's param table with the signatures: the tables often drop the
// stars (`tensors` for `*tensors`, `kwargs` for `**kwargs`) and sometimes misspell a name
// (`pin_memeory`). A name is replaced only by the starred form or by the single unused signature
// name within edit distance 2 (names of 6+ characters).
void align_row_names(std::vector<DocParamRow>& rows, const std::vector<std::string>& torch_params,
                     const std::vector<std::string>& paddle_params);

// Kind and owner of an API node: `attribute` when the doc writes it without a call, `method`
// (owner = the enclosing class) when a component before the last starts uppercase
// (torch.Tensor.add, torch.nn.Module.to), `class` when the last component does, else `function`.
struct NodeShape {
  std::string kind;
  std::string owner;
};
NodeShape node_shape(std::string_view id, bool written_as_call);

// Best-effort `returns` for a node from a small ordered rule table; "other" when no rule applies.
std::string infer_returns(std::string_view id, std::string_view kind);

// Dotted-name glob used by the returns table: `*` matches within one component, `**` across
// components, `{a,b}` alternatives. Exposed for tests.
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace t2p::kg
