// rules: rewrites one call to a mapped PyTorch API into its Paddle form, as minimal edits:
// keep positional arguments where Paddle takes the same position, rename keywords, drop what
// Paddle does not need, turn `*size` varargs into a list, wrap `out=`.
#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kg/api_record.h"
#include "rules/call_arguments.h"
#include "rewrite/edit_set.h"
#include "semantic/type_inference.h"

namespace t2p::rules {

struct CallSite {
  TSNode call{};
  TSNode receiver{};     // for `x.m(...)`: x; null for `torch.f(...)`
  int32_t scope = 0;
  std::string_view source;
  TSNode parent{};       // the call's parent node
  TSNode statement{};    // the statement containing the call
};

struct RewriteOutcome {
  bool ok = false;
  std::string reason;          // when !ok: why the call cannot be converted
  std::string after_statement; // a statement to add after the enclosing one (requires_grad)
  // A template wrote the call: the modules its text needs (the case's `imports`). Otherwise
  // the converted call needs the root of the record's Paddle name.
  bool templated = false;
  std::vector<std::string> imports;
  // Source ranges the rewrite removed or replaced (dropped arguments, replaced values): uses
  // recorded inside them no longer exist in the output.
  std::vector<std::pair<uint32_t, uint32_t>> removed;
  // The rewrite replaced the call's parent too (`torch.max(f(x), 1)[1]` -> one element of the
  // template's tuple): a result field read on the call is already taken.
  bool replaced_parent = false;
  // Converted (edits planned), but the user must check what this says: star arguments pass
  // keys Paddle may spell differently. The use is reported as needs review, with its edits
  // applied and a `# TODO(torch2paddle): review: ...` line above its statement.
  std::string review;
};

// Plans the edits for `site` according to `record`. Changes nothing when it fails.
RewriteOutcome rewrite_call(const CallSite& site, const kg::ApiRecord& record,
                            const semantic::TypeInference& types, rewrite::EditSet* edits);

// Plans the replacement of a whole call by a template from rules/ (`{receiver}`, `{argN}`,
// `{arg:name}`, `{args}`); nested conversions inside the arguments are kept.
// `call`: the call's arguments, bound once (rules/call_arguments.h, bind_call).
RewriteOutcome rewrite_with_template(const CallSite& site, const kg::ApiRecord& record, const BoundCall& call,
                                     const semantic::TypeInference& types, rewrite::EditSet* edits);

// Whether a single `*size` argument is one integer (to wrap in a list) rather than a whole
// shape (a list, tuple, torch.Size, `x.size()`, `x.shape` or a name holding one) that Paddle
// takes as it is.
bool is_single_dimension(TSNode value, const CallSite& site, const semantic::TypeInference& types);

// Whether `value`, a name or attribute chain of unknown kind passed alone as sizes, reads as either
// one dimension or a whole shape (`new_size`, `input_size`; not `size`, `shape`, `batch`): the
// converted call then lists it only when it is not already a list or tuple.
bool is_dimension_or_shape(TSNode value, const CallSite& site, const semantic::TypeInference& types);

// A whole shape: `x.shape`, `x.size()`, or a torch.Size by inference.
bool is_shape_value(TSNode value, const CallSite& site, const semantic::TypeInference& types);

// The target of `target = <call>` when the call is the whole value of a statement of its own with
// one target that a statement added after it may repeat: a name, or an attribute of an object
// (`self.x`; not of a module such as `torch.x`, which would be a new torch use there, nor a
// chain `a = b = <call>`). Null otherwise.
TSNode assignment_target(const CallSite& site, const semantic::TypeInference& types);

// For a call passing `requires_grad=True`: the statement `x.stop_gradient = False` to add after
// `x = <call>` (see assignment_target); empty (and `reason` set) anywhere else.
std::string stop_gradient_statement(const CallSite& site, const semantic::TypeInference& types, std::string* reason);

// `text` as it must be written in place of a node whose parent is `parent`: parenthesised when
// it is compound and the node sits inside an operator, attribute access, subscript or call.
std::string fit_to_context(TSNode parent, std::string text);

// `f(..., out=...)` of an API with several results (`"value":"tuple"`) whose call is a whole
// expression statement: `out=(a, b)` binds the names to the results (`a, b = f(...)`); `out=y`
// puts the results in fresh names, then into y's elements: `out0, out1 = f(...)` and
// `paddle.assign(out0, y[0]), paddle.assign(out1, y[1])` (as many as the record's
// result_fields; `out0`, `out1`, ... unless the file spells one of them). Sets `unpack` (the
// names before ` = `) and `assigns` (the statement after, or empty); false (and `reason`) when
// the call cannot be written so.
bool several_results_out(const CallSite& site, const kg::ApiRecord& record, TSNode value, rewrite::EditSet* edits,
                         std::string* unpack, std::string* assigns, std::string* reason);

// Whether `word` occurs in `source` as a whole identifier (in code, a comment or a string: a
// fresh name must avoid them all).
bool spells_identifier(std::string_view source, const std::string& word);

// Whether evaluating the expression `v` twice is the same as once: it holds no call, `:=`,
// `await` or `yield` (names, attributes, literals, operators, subscripts). A rewrite that writes
// a value twice needs this (`torch.max(model(x), 1)` must not run the model twice).
bool evaluates_alike_twice(TSNode v);

}  // namespace t2p::rules
