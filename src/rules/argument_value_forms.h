// rules: the Paddle value of an argument whose map is a value table (`action: value_map`) when
// the user's value is an expression, not one of the table's literals.
#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <string_view>

#include "kg/api_record.h"
#include "rules/call_rewriter.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

// What to write for a value_map argument whose value is not a literal of the table.
struct ValueForm {
  bool drop = false;  // the argument goes (both table entries are Paddle's default)
  std::string text;   // else the Paddle value
};

// For a table with `True` and `False` entries (and no `*` entry), a value that is an expression
// (not a literal) chooses between the two entries by its truth, as PyTorch's `if bias:` does:
//   {"False": "False", "True": ""} (bias -> bias_attr), `bias=config.bias`
//       -> `bias_attr=None if config.bias else False` ("" is Paddle's default, from its signature)
//   {"True": "False", "False": "True"}  -> `not flag`;   {"True": "True", "False": "False"} -> `flag`
// The value is written once, so it is evaluated once. `rendered` is the value's text with nested
// conversions. Returns false (and `reason`) when the table has no such pair, an entry sets
// further keywords (`"False": "False, bias_hh_attr=False"`), or Paddle's default is unknown.
bool truth_value_form(const kg::ArgRule& rule, const kg::ApiRecord& record, std::string_view paddle_name,
                      TSNode value, const std::string& rendered, ValueForm* form, std::string* reason);

// Whether the call is the data of `torch.nn.Parameter(<call>)` (first positional or `data=`) that
// passes no `requires_grad` other than True: the parameter requires grad whatever the flag of
// its data, which nothing else can reach, so `requires_grad=True` on the call can simply go:
// `nn.Parameter(torch.zeros(3, requires_grad=True))` -> `...from_tensor(paddle.zeros([3]))`.
bool is_parameter_data(const CallSite& site, const semantic::TypeInference& types);

}  // namespace t2p::rules
