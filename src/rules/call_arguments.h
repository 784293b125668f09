// rules: a call's arguments as written, and their binding to a signature's parameters.
#pragma once

#include <tree_sitter/api.h>

#include <string_view>
#include <vector>

#include "kg/api_record.h"
#include "semantic/file_model.h"

namespace t2p::rules {

struct CallArg {
  TSNode node{};           // the whole argument (keyword_argument included)
  TSNode value{};          // the expression
  TSNode keyword_node{};   // the keyword's identifier, null for positional
  std::string_view keyword;
  bool splat = false;      // `*xs`
  bool kwsplat = false;    // `**kw`
  int param = -1;          // index into the signature's params after binding
};

struct CallArguments {
  TSNode list{};  // argument_list (null when the call takes a bare generator expression)
  std::vector<CallArg> args;
  bool trailing_comma = false;
  uint32_t close_paren = 0;  // offset of ')'
  uint32_t open_paren = 0;   // offset just after '('
};

// With `model` (the file's), the list's items and fields come from what its walk kept.
CallArguments read_arguments(TSNode call, std::string_view source, const semantic::FileModel* model = nullptr);

// Binds positional and keyword arguments to `params` (Python's rules). Returns false when they
// do not fit: too many positionals, an unknown keyword, a splat we cannot see through.
bool bind_arguments(const std::vector<kg::Param>& params, CallArguments* call);

// Binds against the record's first signature, then its overloads; returns the signature that
// fits (its parameters are what CallArg::param indexes), or null.
const std::vector<kg::Param>* bind_any_signature(const kg::ApiRecord& record, CallArguments* call);

// A call's arguments bound to the record's PyTorch signature: read and bound once per call, then
// handed to whichever rewrite path takes it (a template, else the argument map).
struct BoundCall {
  CallArguments args;
  const std::vector<kg::Param>* signature = nullptr;  // the signature that fits; null: none
};
BoundCall bind_call(TSNode call, std::string_view source, const semantic::FileModel* model, const kg::ApiRecord& record);

}  // namespace t2p::rules
