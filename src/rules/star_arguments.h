// rules: calls holding `*args` / `**kw` that the plain binding refuses: which parameters the
// visible arguments take, what the star arguments may hold, and whether the call converts
// exactly, converts with a review note, or is refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "kg/api_record.h"
#include "rules/call_arguments.h"
#include "semantic/file_model.h"

namespace t2p::rules {

// What bind_star_arguments learnt about the star arguments of one call.
struct StarBinding {
  int splat = -1;              // index (in CallArguments::args) of a `*args` that binds no `*size`
  size_t splat_from = 0;       // the first torch parameter that `*args` may fill
  std::vector<int> kwsplats;   // indices of the `**kw` arguments
  bool opaque_kwsplat = false; // a `**kw` whose keys are not all visible
  // Keys of the visible `**` dictionaries (`**{'bias': False}`, `**dd` after `dd = dict(...)`),
  // with the torch parameter each binds to.
  std::vector<std::pair<std::string, int>> visible_keys;
  // For each visible key: the index of its `**` argument, and its value in a dict literal or
  // `dict(k=v)` written at the call (null for `**name`, whose value is read as `name['key']`).
  std::vector<int> visible_key_args;
  std::vector<TSNode> visible_key_values;
};

// A visible `**` dictionary written out as keywords because Paddle spells one of its keys
// differently: `**factory_kwargs` (`{'device': device, 'dtype': dtype}`) ->
// `dtype=factory_kwargs['dtype']`, the device key dropped as a `device=` keyword would be.
struct KeywordExpansion {
  int arg = -1;  // index (in CallArguments::args) of the `**` argument
  struct Item {
    std::string keyword;     // Paddle's keyword
    TSNode value{};          // the value written in the call (rendered with nested edits), or
    std::string value_text;  // when the value is null: `name['key']`
  };
  std::vector<Item> items;   // empty: the argument goes
};

// Whether the call has a `*args` or `**kw` argument.
bool has_star_arguments(const CallArguments& call);

// Binds a call with star arguments against the record's signature: the visible arguments by
// Python's rules; a `*args` that no `*size` parameter takes fills the positional parameters
// after the visible ones (positions unknown), a `**kw` passes through. The star arguments get
// CallArg::param -1 (kept as written). Returns the signature, or null with `reason` set.
// `model` / `source` / `scope`: to read the keys of `**name` where `name` is bound once, in the
// call's scope, to a dict literal or `dict(k=v, ...)`, and used nowhere else but in `**name`.
const std::vector<kg::Param>* bind_star_arguments(const kg::ApiRecord& record, CallArguments* call,
                                                  const semantic::FileModel& model, std::string_view source,
                                                  int32_t scope, StarBinding* stars, std::string* reason);

// Whether `key`, passed to this API under that name, reaches Paddle unchanged (same keyword,
// same value). Otherwise `how` tells what Paddle does with it (`Paddle: bias_attr`).
bool keyword_passes_unchanged(const kg::ApiRecord& record, const std::vector<kg::Param>& params, int param,
                              std::string_view key, std::string* how);

// After the plain checks of rewrite_call: decides what the star arguments make of the call.
// `paddle_position` is the Paddle position the `*args` starts at (the visible positionals and
// the receiver before it), `demoted` whether a visible positional became a keyword.
// A visible dictionary holding keys that Paddle spells differently is written out as keywords
// (`expansions`) when each of its keys is renamed, kept or dropped by the argument map. Returns
// false (and `reason`) when the call cannot be converted (among others: a visible key that
// Paddle converts some other way); else `review` is empty (exact) or says what the user must
// check (the keywords an opaque `**kw` may hold that Paddle spells differently).
bool check_star_arguments(const kg::ApiRecord& record, const std::vector<kg::Param>& params,
                          const CallArguments& call, const StarBinding& stars, size_t paddle_position,
                          bool demoted, std::string_view source, std::vector<KeywordExpansion>* expansions,
                          std::string* review, std::string* reason);

}  // namespace t2p::rules
