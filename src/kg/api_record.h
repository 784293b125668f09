// kg: what the converter knows about one PyTorch API, decoded from the compiled graph.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "kg/template_text.h"

namespace t2p::kg {

// What an expression evaluates to, at the level the classifiers need.
enum class ValueKind : uint8_t {
  kUnknown, kTensor, kParameter, kModule, kOptimizer, kLRScheduler, kDataLoader, kDataset,
  kDtype, kDevice, kSize, kBool, kInt, kFloat, kStr, kList, kTuple, kDict, kSet, kNone,
  kNdarray, kDataFrame, kTorchModule /* a Python module such as torch.nn */, kOther,
  kFunctionCtx /* the ctx of a custom autograd function (torch.autograd.function.FunctionCtx) */,
  kPath /* a pathlib path */, kFile /* an open file object (open(), tempfile's files), not an io.BytesIO */
};
ValueKind value_kind_from_string(std::string_view s);
std::string_view to_string(ValueKind k);

enum class ParamKind : uint8_t { kNormal, kVarArgs, kVarKwargs };

// One parameter of a signature, parsed from a token such as `dim=None`, `*size` or `**kwargs`.
struct Param {
  std::string name;
  std::string default_value;  // source text of the default; empty when required
  bool has_default = false;
  bool keyword_only = false;
  bool positional_only = false;
  ParamKind kind = ParamKind::kNormal;
};
// Parses `["input", "dim=None", "*", "out=None"]`; markers `*` and `/` set the flags.
std::vector<Param> parse_signature(const nlohmann::json& tokens);

enum class ArgAction : uint8_t {
  kSame, kRename, kDrop, kDefault, kVarargsToList, kOut, kDtype, kDevice, kRequiresGrad,
  kPinMemory, kPaddleOnly, kRewrite, kUnsupported, kValueMap, kValueExpr, kLegacyReduction,
  kTensorOperand, kUnpack, kDeviceString, kInplace
};
bool arg_action_from_string(std::string_view s, ArgAction* out);

struct ArgRule {
  std::string torch;   // empty for a Paddle-only parameter
  std::string paddle;  // empty when Paddle has no counterpart; kUnpack: comma-separated names
  ArgAction action = ArgAction::kSame;
  std::string value;   // kDefault / kPaddleOnly: value to pass
  std::string reason;  // kUnsupported: why
  std::vector<std::pair<std::string, std::string>> values;  // kValueMap: user text -> Paddle text ("" drops)
  std::string expr;    // kValueExpr: Paddle value, `{value}` standing for the user's text
  // When not empty: a call that omits this argument is reported with this reason (PyTorch's
  // default means something Paddle cannot express: `batch_first=False` on attention layers).
  std::string omitted;
  // When not empty (with a `value` for the omitted argument): the value is written only when
  // the call passes this other parameter with a value other than zero. AvgPool's
  // count_include_pad: without padding, PyTorch's default and Paddle's agree (exclusive=True
  // is then PyTorch's result even for ceil_mode's partial windows, which exclusive=False is not).
  std::string only_with;
  // When not empty: the argument may be a list of dicts (an optimizer's parameter groups), and a
  // dict literal in it may hold only these keys; a call with another key is reported
  // (rules/handlers/parameter_groups.cpp).
  std::vector<std::string> group_keys;
};

// How the Paddle side is spelt.
enum class Form : uint8_t { kCall, kMethod, kAttribute, kDrop };

// A template case from rules/: the first case whose conditions hold is used.
struct TemplateCase {
  int nargs = -1;                  // -1: any
  int positional = -1;             // number of positional arguments; -1: any
  std::vector<std::string> has;    // keywords that must be present
  std::vector<std::string> lacks;  // keywords that must be absent
  std::vector<std::string> ints;   // parameters whose value must be an integer
  std::vector<std::string> numbers;  // parameters whose value must be a number (int or float)
  std::vector<std::string> tensors;  // parameters whose value must be a tensor
  std::vector<std::string> sequences;  // parameters whose value must be a list or tuple literal
  std::vector<std::string> dtypes;     // parameters whose value must be a dtype (`torch.float16`)
  // parameters whose value must be data for a legacy constructor (`torch.FloatTensor(data)`): a
  // list or tuple literal or comprehension, or a list, tuple, ndarray or tensor by inference
  std::vector<std::string> data;
  // parameters whose value must be a whole shape: `x.size()`, `x.shape`, a torch.Size, `*shape`
  std::vector<std::string> shapes;
  // parameters whose value must be a call of `OrderedDict` (named layers for nn.Sequential)
  std::vector<std::string> ordered_dicts;
  // parameters whose value must be the `weight` of a torch module (`self.fc.weight`): a
  // converted Paddle layer's weight, in Paddle's layout (a Linear's is [in, out])
  std::vector<std::string> layer_weights;
  // parameters whose value must be a parameter of the enclosing function: it comes from the
  // caller, so what it holds (a layer's weight or a tensor of the user's) is not seen here
  std::vector<std::string> passed_in;
  // parameters (or "receiver") whose value must be a subscript of a tensor (`grid[..., 0]`,
  // `x[i, :n]`, `t[0]` of a known tensor; not `state[k]` of a value of unknown kind)
  std::vector<std::string> subscripts;
  // parameters (or "receiver") whose value is of bool dtype whatever it is: a comparison
  // (`(y == y_pred)`), or `&` / `|` / `^` / `~` of such values, parenthesized or not
  std::vector<std::string> bools;
  // parameters (or "receiver") whose value is a call (`x.narrow(1, 0, 2)`): in PyTorch often a
  // view of another tensor, in Paddle a new one
  std::vector<std::string> calls;
  // parameters whose values must be integer literals naming different axes whatever the rank
  // (both from the front or both from the back): `moveaxis` refuses one axis named twice
  std::vector<std::string> distinct_axes;
  // parameters (or "receiver") whose value must be a name or attribute chain: a template that
  // writes them twice must not evaluate a call twice
  std::vector<std::string> names;
  bool statement = false;  // the call must be a whole expression statement (templates such as `assert ...`)
  // The call must be the iterator `next(...)` is given (the builtin): `next(model.parameters())`,
  // where PyTorch's method returns a generator and Paddle's a list.
  bool next = false;
  // The call's result is seeded: `.manual_seed(...)` is called on the call itself, or on the name
  // `g = call` binds in the call's scope (a generator whose seed the code sets).
  bool seeded = false;
  // The call is an operand of `==` / `!=` whose other operand is a name every assignment of the
  // call's scope binds to a tensor's device (`device = x.device`): Paddle's is a Place, which
  // never equals the device string the call becomes.
  bool place_compared = false;
  // The call is the whole value of an assignment to a plain name (`y = call`): `{target}` of an
  // `after` statement is then that name, never an attribute whose getter may hand out another
  // object (`p.grad`).
  bool named_target = false;
  // The call's value is only counted, saved or loaded: the one argument of `len(...)`, the first
  // of a `save(...)`, the argument of a `load_state_dict` / `set_state_dict` call. A state dict of
  // detached tensors and one of the parameters themselves give the same result there.
  bool consumed = false;
  // An argument reads the receiver (`v.addmv_(m, v)`): an in-place template must compute from the
  // arguments before it writes the receiver.
  bool reads_receiver = false;
  std::vector<std::pair<std::string, std::string>> values;  // parameter -> exact value text
  std::string template_text;
  // A statement added after the one holding the call (`{arg:optimizer}.set_lr_scheduler({target})`,
  // `{target}` being the assigned name): the case then only fits `name = call(...)` statements.
  std::string after;
  std::string reason;  // a case without template: the call is reported with this reason
  // Modules the case's text needs imported (`os` for `os.environ[...]`): given, or derived by
  // the graph compiler from the dotted names the text spells out.
  std::vector<std::string> imports;
  // The texts parsed once, when the record is decoded (`kg compile` has checked them with the
  // same parser): the converter expands these, never the text.
  ParsedTemplate parsed;
  ParsedTemplate parsed_after;
  // When the template is one tuple `(e0, e1, ...)`: each element, parsed (a call that reads one
  // result right away writes that element alone).
  std::vector<ParsedTemplate> parsed_elements;
};

enum class ApiStatus : uint8_t { kMapped, kNotImplemented, kKnown };

struct ApiRecord {
  ApiStatus status = ApiStatus::kKnown;
  std::string torch;         // canonical torch id
  std::string kind;          // function, class, method, attribute, module
  ValueKind returns = ValueKind::kUnknown;
  std::string paddle;        // Paddle API (empty when removable or unmapped)
  std::string category;
  Form form = Form::kCall;
  std::string self_param;    // Tensor method -> function: the Paddle parameter taking the receiver
  std::string reason;        // for kNotImplemented, or a mapping that is unsupported as a whole
  std::string rule;          // id of the rule that converts it (for reports)
  std::string as_decorator;  // spelling when used bare as a decorator (`@torch.no_grad`)
  bool argmap_fallback = true;  // when no template case fits, may the argument map convert it?
  std::string as_reference;  // spelling when named but not called (`isinstance(x, torch.Tensor)`)
  // `delete_as` (an API returning its argument unchanged when run eagerly): "decorator", a bare
  // decorator use alone on its line is deleted with the line (`@torch.jit.export`); "statement",
  // a call that is a whole statement alone on its line is (`torch.fx.wrap("f")`).
  bool delete_as_decorator = false;
  bool delete_as_statement = false;
  std::string as_annotation;  // spelling inside a type annotation only (`d: torch.dtype`), for an
                              // API whose other uses stay reported
  std::string paddle_kind;   // kind of the Paddle node (a class mapped to a factory function
                             // cannot be used as a type)
  std::vector<Param> torch_params;
  // What the call returns when it passes a parameter, where that differs from `returns`
  // (`"returns_with":{"dim":"int"}`: `x.size()` is a Size, `x.size(1)` an int); first match wins.
  std::vector<std::pair<std::string, ValueKind>> returns_with;
  // The tensor it returns has an integer dtype when no `dtype=` is passed (mappings/
  // integer_dtypes.jsonl): always (`torch.randperm`, `x.long()`), or when every positional
  // argument is an int (`torch.arange(1, n + 1)`).
  enum class IntegerResult : uint8_t { kNo, kAlways, kIntArguments };
  IntegerResult integer_result = IntegerResult::kNo;
  // PyTorch computes it on an integer tensor in the default float dtype (`torch.arange(n).sqrt()`),
  // while Paddle's kernel takes floats only: the converter casts such an input first.
  bool int_to_float = false;
  std::vector<std::vector<Param>> torch_overloads;  // further PyTorch signatures, tried in order
  std::vector<Param> paddle_params;
  std::vector<ArgRule> args;
  std::vector<TemplateCase> cases;
  // A rule that only reports: cases, each with a reason and no template (`param_groups`,
  // `torch.backends.cudnn.benchmark`, a module's `_load_from_state_dict`).
  bool reports_only() const {
    if (cases.empty()) return false;
    for (const TemplateCase& c : cases) {
      if (!c.template_text.empty() || c.reason.empty()) return false;
    }
    return true;
  }
  // Names of the fields of the named tuple PyTorch returns (`torch.max(x, 1).values`), in order:
  // Paddle returns a plain tuple, so `.values` becomes `[0]`.
  std::vector<std::string> result_fields;
  // The Paddle parameters that Paddle's API reference documents as taking only a Tensor (no
  // Python number): a number literal passed there is wrapped in `paddle.to_tensor(...)`.
  std::vector<std::string> paddle_tensor_only;
  // The Paddle parameters that Paddle's API reference documents as taking a string (`str`,
  // `str|BytesIO`: no pathlib path, no open file), with that type: a pathlib path passed there
  // is written `str(path)`, an open file is reported (rules/str_operands.h).
  std::vector<std::pair<std::string, std::string>> paddle_str_only;
  // A layout-changing API (`"layout":{"params":[...],"perm":[0,2,1,3]}`): Paddle wants these
  // tensor arguments with their axes permuted by `layout_perm` (`q.transpose([0, 2, 1, 3])`) and
  // returns its result in that layout, permuted back by `layout_result_perm` (the inverse).
  std::vector<std::string> layout_params;
  std::string layout_perm;         // Python list text, `[0, 2, 1, 3]`; empty: no layout change
  std::string layout_result_perm;  // the inverse permutation, same spelling

  // The lowest Paddle version the record's conversion is known to work with: the highest
  // version among the sources of its facts (`"3.0"`; mappings/sources.jsonl); empty: unknown.
  std::string min_paddle;

  const ArgRule* arg_for_torch(std::string_view name) const;
};

// `"3.0"`, `"3.1.2"` -> {3, 0}, {3, 1, 2}; nullopt for anything else.
std::optional<std::vector<int>> parse_version(std::string_view text);
// <0, 0, >0 as version `a` is lower than, equal to, higher than `b` (`"3.0"` == `"3.0.0"`);
// an unparsable version is lower than any other.
int compare_versions(std::string_view a, std::string_view b);

// Decodes a compiled record (the JSON written by the graph compiler).
ApiRecord decode_record(const nlohmann::json& j);

}  // namespace t2p::kg
