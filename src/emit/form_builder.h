// emit: builds the call form of one converted use (emit/call_forms.h): fills each argument from
// a literal, a name bound to one, or an input spec, and derives the torch and the Paddle call.
// form_builder.cpp: the whole form; form_arguments.cpp: the arguments; form_stand_ins.cpp: a
// container's layers, unpacked lists, method chains, types; form_calls.cpp: the Paddle call's
// edits, the imports both calls need and what they compare.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "emit/call_forms.h"
#include "emit/file_imports.h"
#include "rules/call_arguments.h"

namespace t2p::emit::forms {

// One place of the call the test fills: a range of the input replaced by an input's name.
struct Placeholder {
  uint32_t begin = 0, end = 0;
  std::string name;
};

class FormBuilder {
 public:
  FormBuilder(const FileReport& file, const kg::KnowledgeGraph& graph, const TestInputSpecs& specs, TSNode root);

  // The form of the converted use `use` whose call is `call`.
  CallForm build(const rules::ApiUse& use, TSNode call);

 private:
  CallForm build_once(const rules::ApiUse& use, TSNode call);
  // A method call whose arguments are all literals (`.transpose(1, 2)`) inside an argument that
  // the conversion rewrites with the call: filled through to its receiver. False: not such a call.
  bool fill_chain(TSNode value, const std::string& param, bool whole_slot, bool* ok);
  CallForm& fail(const std::string& why, const std::string& reason);
  std::string fresh_name(std::string_view wanted);
  bool add_input(const std::string& name, const std::string& param, std::string_view text);
  // Fills one argument (or the receiver): kept as written when constant, bound when a name bound
  // to a literal, else an input from the spec of `param`. False (with the reason) when it cannot.
  bool fill(TSNode value, const std::string& param, bool whole_slot);
  // An argument of a container (`nn.Sequential(nn.Linear(d, 8), nn.ReLU())`): a converted layer
  // construction with a `layer` spec, kept in the call with its own arguments filled by its own
  // specs. The first one's `layer_input` is the container's.
  bool fill_inner_layer(TSNode call);
  // A layer built in place in a container: its API and the Python text the test passes for each
  // parameter (form_layer_shapes.cpp follows the shapes through them).
  struct SeqLayer {
    std::string api;
    std::map<std::string, std::string> args;
  };
  enum class SeqFit { kFits, kNoFit, kUnknown };
  // The input shape every layer of the container accepts in turn (kFits), none (kNoFit, `why`
  // says which layer refuses), or a layer this does not follow (kUnknown).
  SeqFit fit_sequential_input(std::vector<long>* input, std::string* why) const;
  bool apply_layer(const SeqLayer& layer, std::vector<long>* shape, int* free, long* bound, std::string* why,
                   bool* unknown) const;
  // Whether a call argument of a container is a converted layer construction with a `layer` spec.
  bool is_spec_layer(TSNode call) const;
  // `*layers`: the unpacked expression replaced by the input of the spec `*param`. False (with
  // the reason) when the spec has none.
  bool fill_unpacked(TSNode splat, const std::string& param);
  // The spec's `result` with `{result}` and `{param}` filled in (CallForm::result). False (with
  // the reason) when the call passes nothing for a parameter it names.
  bool resolve_result(const std::string& result);
  bool allowed_import(const std::string& name);
  // Whether a function around `at` binds `name` (a parameter, an assignment), hiding an import
  // of that name (`def to_empty(self, *, device)` in a file that imports `device`).
  bool bound_in_function(TSNode at, const std::string& name) const;
  bool allowed_import_const(const std::string& name) const;
  // A type written as an argument (`str`, `List[int]` of `typing` over such types or imported
  // classes): kept as written, as a literal is.
  bool is_type_expression(TSNode value, bool in_generic = false) const;
  // Fills an argument (or the receiver) and notes the text the call passes for `param` there:
  // the input standing for it, or the argument's text (for dimensions written `{param}`).
  // `element`: one of several variadic arguments (`torch.empty(1, n, d)`), filled like an element.
  bool fill_slot(TSNode value, const std::string& param, bool element = false);
  // Dimensions written `{param}` in a spec become the number of elements of what the call passes
  // for that parameter (`compare.numel(...)`: a size, a shape, several varargs sizes; -1 counts 3),
  // or of the parameter's spec value when the call passes nothing there.
  bool resolve_dims(InputSpec* in, const std::string& what);
  // The engine's edits inside the call [b, e), less those inside a placeholder (the conversions
  // of the calls in that argument: tested on their own), added to `out`.
  bool paddle_edits_of(const rules::ApiUse& use, uint32_t b, uint32_t e, std::vector<base::Edit>* out);
  // The read of one element right around the call (`call[0]`, `call.indices`) when the use's fix
  // rewrites it with the call, else a null node.
  TSNode element_read_around(const rules::ApiUse& use, TSNode call) const;
  // Every name `code` uses is an input, a builtin, or bound by an import the test can copy.
  bool bind_names(const std::string& code, bool paddle);

  const FileReport& file_;
  std::string_view src_;
  const kg::KnowledgeGraph& graph_;
  const TestInputSpecs& specs_;
  FileImports imports_;
  std::set<std::string, std::less<>> converted_roots_;
  CallForm* form_ = nullptr;
  const ApiTestSpec* spec_ = nullptr;
  std::vector<Placeholder> placeholders_;
  std::set<std::string> used_names_;
  std::map<std::string, int> ordinals_;  // parameter -> inputs made for it so far
  std::map<std::string, std::vector<std::string>> given_text_;  // parameter -> what the call passes (Python text)
  std::vector<SeqLayer> seq_layers_;  // the container's layers built in place, in order
  bool sequential_ = false;  // the form's arguments are layers built in place (kind `sequential`)
  int inner_depth_ = 0;      // > 0 while filling the arguments of such a layer
  bool whole_slot_ = true;   // the argument being filled is a whole argument, not a list element
  bool element_ = false;     // the argument being filled is one of several variadic arguments
  bool descend_ = false;     // method chains with literal arguments are kept, their receiver filled
};

}  // namespace t2p::emit::forms
