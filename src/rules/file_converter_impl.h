// rules: the converter of one file (rules/file_converter.h), private to src/rules: the class
// Converter, whose member functions are defined by job in src/rules/file_converter*.cpp.
// Nothing outside those files includes this header.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "kg/knowledge_graph.h"
#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rewrite/edit_set.h"
#include "rules/api_use.h"
#include "rules/call_rewriter.h"
#include "rules/file_converter.h"
#include "semantic/file_model.h"
#include "semantic/name_resolver.h"
#include "semantic/type_inference.h"

namespace t2p::rules::detail {

using kg::ApiRecord;
using kg::ApiStatus;
using parse::node_text;
using semantic::Confidence;
using semantic::ExprKind;

enum class RefKind : uint8_t { kCall, kAttribute, kIdentifier };
struct Ref {
  TSNode node;
  int32_t scope;
  RefKind kind;
  TSNode parent;
  TSNode statement;
  bool in_fstring = false;
};

// The module a written name or text starts from: `paddle.nn.Linear` -> `paddle`,
// `paddle.no_grad()` -> `paddle`; empty when the text does not start with a dotted name.
inline std::string_view module_root(std::string_view text) {
  size_t i = 0;
  // ASCII tests, not the locale-aware isalnum (the tool never sets a locale): once per use.
  auto word = [](char c) {
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
  };
  while (i < text.size() && word(text[i])) ++i;
  if (i == 0 || i >= text.size() || text[i] != '.' || (text[0] >= '0' && text[0] <= '9')) return {};
  return text.substr(0, i);
}

class Converter {
 public:
  Converter(const parse::SyntaxTree& tree, std::string_view src, const kg::KnowledgeGraph& graph,
            const ConvertOptions& options, const std::set<std::string>& banned = {},
            const std::vector<uint32_t>* barred = nullptr);
  FileConversion run();
  std::vector<ApiUse> sorted_uses(std::vector<uint32_t>* owners);

  // Modules the converted code needs whose names the file binds to something else (found by
  // run(); convert_tree then converts again with them banned).
  const std::set<std::string>& import_conflicts() const { return conflicts_; }

 private:
  // The modules a converted call needs: its template's, or the root of its Paddle name.
  // Calls `fn(module)` for each (no allocation: this runs for every converted use).
  template <typename Fn>
  static void for_each_module_needed(const RewriteOutcome* outcome, std::string_view paddle_api, Fn fn) {
    if (outcome && outcome->templated) {
      for (const auto& m : outcome->imports) fn(std::string_view(m));
      return;
    }
    if (std::string_view root = module_root(paddle_api); !root.empty()) fn(root);
  }

  // Whether the statement is one whose converted form did not parse (convert_tree's `barred`).
  bool is_barred(TSNode statement) const {
    if (!barred_ || barred_->empty() || ts_node_is_null(statement)) return false;
    return std::binary_search(barred_->begin(), barred_->end(), ts_node_start_byte(statement));
  }

  // Whether some torch import binds `name` (every identifier of the file comes here). A name
  // resolved to an import is that import's local name, so no other name can resolve to a torch
  // import: callers skip the resolution for them.
  bool torch_local(std::string_view name) const {
    for (std::string_view l : torch_locals_) {
      if (l.size() == name.size() && !name.empty() && l[0] == name[0] && l == name) return true;
    }
    return false;
  }

  // The canonical id of `id`: `id` itself, buffer and all, unless the graph knows it as an alias
  // (canonical() then returns a view of its argument), so that no second string is built.
  std::string canonical_id(std::string id) const {
    std::string_view c = graph_.canonical(id);
    if (c.data() == id.data() && c.size() == id.size()) return id;
    return std::string(c);
  }

  // Which class's methods apply to a receiver of this kind.
  static const char* owner_for(const ExprKind& k) {
    if (k.tensor_like()) return "torch.Tensor";
    if (k.is(kg::ValueKind::kModule) && !k.callable_ref) return "torch.nn.Module";
    if (k.is(kg::ValueKind::kOptimizer)) return "torch.optim.Optimizer";
    if (k.is(kg::ValueKind::kFunctionCtx)) return "torch.autograd.function.FunctionCtx";
    if (k.is(kg::ValueKind::kLRScheduler)) return "torch.optim.lr_scheduler.LRScheduler";
    if (k.is(kg::ValueKind::kDevice)) return "torch.device";
    return nullptr;
  }

  // file_converter.cpp: the walk over the references, and the calls it dispatches
  void on_call(const Ref& r);

  // file_converter_imports.cpp: the modules converted code names, and the torch imports that stay
  std::string banned_module(const RewriteOutcome& o, const std::string& paddle_api, int32_t scope) const;
  bool bound_elsewhere(std::string_view module, int32_t scope) const;
  bool module_name_taken(const std::string& module) const;
  bool keeps_torch_import() const;
  bool optional_import(int32_t import_index) const;

  // file_converter_uses.cpp: the report rows (ApiUse) of the uses found
  void record(TSNode node, std::string torch_api, const std::string& paddle_api,
              UseStatus status, std::string rule, std::string reason,
              int32_t import_index, const RewriteOutcome* outcome = nullptr);
  void record_ambiguous(TSNode node, std::string api, int32_t import_index);
  void retract_uses_in(const std::vector<std::pair<uint32_t, uint32_t>>& ranges);
  std::string unconvertible_reason(const ApiRecord* rec, std::string_view api) const;
  static std::string record_reason(const ApiRecord* rec);
  bool mark_ambiguous_root(TSNode expr, const Ref& r);

  // file_converter_calls.cpp: rewriting calls of functions, classes and instances
  std::string family_owner(int32_t index, const std::string& method, int depth);
  void index_classes_by_name();
  bool user_class_defines(int32_t index, std::string_view method, int depth = 0) const;
  const std::vector<std::string_view>& names_defined_in(int32_t index) const;
  std::string family_owner_uncached(int32_t index, const std::string& method, int depth);
  bool convert_family_method(const Ref& r, TSNode receiver, const std::string& method);
  RewriteOutcome rewrite_at(const CallSite& site, const ApiRecord& rec);
  const char* fstring_forbids(TSNode node) const;
  bool convert_instance_call(const Ref& r, TSNode callee);
  void convert_api_call(const Ref& r, std::string qualname, int32_t import_index, TSNode receiver);
  void add_after_statement(TSNode stmt, const std::string& text);

  // file_converter_methods.cpp: the method classifier (is the receiver a tensor, a module, an optimizer?)
  // What the arguments of `x.method(...)` say about an `x` of unknown kind, in one pass:
  // - torch: the argument evidence of knowledge_graph/classifier/argument_evidence.jsonl (a
  //   positional argument of a torch-only kind such as a torch.device, dtype or int; a torch-only
  //   keyword), `keepdim=` (numpy spells it `keepdims`) or `dim=` with an integer; a torch dtype
  //   or device passed anywhere to a name that no Module or Optimizer has (`x.mean(dtype=torch.float64)`);
  // - not torch: a positional argument of a kind only other objects take (`s.split(",")`), or
  //   `dim=` with a string (xarray's named dimensions);
  // - likely torch: `dim=` with a value of unknown kind.
  enum class ArgumentSay : uint8_t { kNothing, kLikelyTorch, kTorch, kNotTorch };
  ArgumentSay arguments_say(const Ref& r, const std::string& method);
  bool other_owner_possible(std::string_view name);
  bool owner_in_file(const std::string& owner);
  void collect_file_facts();
  bool same_text_either_way(const Ref& r, TSNode receiver, const std::string& method);
  std::optional<std::string> converted_text_as(const Ref& r, TSNode receiver, const ApiRecord& rec,
                                               std::string* call_text = nullptr);
  void convert_torch_object_method(const Ref& r, TSNode receiver, const std::string& method,
                                   const std::vector<std::string>& owners);
  static bool keeps_instance_call(const ApiRecord& rec, std::string_view method);
  bool signature_rejects(const Ref& r, const ApiRecord& rec) const;
  std::optional<size_t> owner_by_usage(const Ref& r, TSNode receiver,
                                       const std::vector<std::pair<std::string, const ApiRecord*>>& owners);
  bool bound_once_to_a_tensor(const Ref& r, TSNode receiver);
  // The methods called on a plain local name, the calls themselves (for their arguments), and
  // whether an `isinstance` call tests it.
  struct VariableUse {
    std::vector<std::string_view> methods;  // each name once
    std::vector<const semantic::Reference*> calls;
    bool isinstance_tested = false;
  };
  const VariableUse* methods_called_on(const Ref& r, TSNode receiver, const semantic::Binding** binding);
  void index_methods_called();
  void note_isinstance_test(const semantic::Reference& call);
  void convert_method_call(const Ref& r, TSNode receiver, const std::string& method);
  bool report_torch_object_attribute(const Ref& r, const std::string& name);

  // file_converter_references.cpp: names and attributes used but not called
  void note_names_in_text();
  void on_attribute(const Ref& r);
  bool written_through(const Ref& r) const;
  // `parent`: value's parent when known (a reference's, recorded by the file model), else null.
  void wrap_size_in_tuple_context(TSNode value, TSNode parent, int32_t scope);
  void wrap_if_tuple_operand(TSNode value, TSNode parent, int32_t scope);
  struct TupleOperand {
    TSNode wrap;       // the shape operand to write tuple(...) around
    bool found;        // whether it is compared with or added to a tuple
    TSNode other_too;  // the other operand when it needs tuple(...) too
  };
  TupleOperand tuple_operand(TSNode value, TSNode parent, int32_t scope) const;
  void record_dynamic_lookups();
  void record_class_body_imports();
  void record_reexported_imports();
  void record_overridden_hooks();
  bool is_reported_module_hook(const std::string& method) const;
  bool is_hook_super_call(const Ref& r, TSNode receiver, const std::string& method) const;
  // `F = nn.functional` (semantic/module_aliases.h): its name and value are convert_module_aliases's.
  bool is_module_alias_value(TSNode node) const;
  // Binds each module alias to Paddle's module when every use through it was converted; else the
  // alias stays torch's and keeps its import.
  void convert_module_aliases();
  void report_outside_references(TSNode node, TSNode statement, std::string api, std::string reason, int32_t import_index,
                                 std::string rule = "imports");
  bool check_inherited_call(const Ref& r, TSNode callee, bool through_partial = false);
  bool check_super_init(const Ref& r, TSNode receiver);
  std::string torch_base_of(int32_t cls, std::string_view member, bool self_attributes, bool from_bases = false);
  void review_shared_attribute(const Ref& r, const std::string& name);
  const ApiRecord* tensor_attribute_written_otherwise(std::string_view name) const;
  bool assigned(const Ref& r) const;
  bool str_argument(const Ref& r) const;
  bool compared_with_string(const Ref& r) const;
  bool convert_attribute_template(const Ref& r, const ApiRecord& rec, TSNode receiver);
  void on_identifier(const Ref& r);
  bool delete_decorator(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index);
  bool delete_keeping_comment(TSNode node, uint32_t e);
  bool delete_line_of(TSNode node, uint32_t e, bool statement);
  bool replace_annotation(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index);
  bool is_functools_partial(TSNode call, int32_t scope) const;
  std::string torch_layer_class(const ExprKind& kind, const std::string& name);
  const ApiRecord* member_record(const ExprKind& kind, const char* owner, const std::string& name,
                                 std::string_view member_kind, std::string* api);
  void replace_reference(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index);

  // file_converter_comments.cpp: TODO comments, and the comments of replaced code kept
  std::vector<std::string_view> comment_lines_above(uint32_t ls) const;
  uint32_t comment_line_for(uint32_t start) const;
  TSNode statement_holding(TSNode n) const;
  std::string line_indent(uint32_t ls) const;
  void keep_replaced_comments();
  void record_backward_returns();
  void add_todo_comments();

  const std::vector<uint32_t>* barred_;  // sorted statement starts left as written
  std::vector<std::pair<uint32_t, uint32_t>> statements_;  // statements holding converted calls
  std::string_view src_;
  const kg::KnowledgeGraph& graph_;
  const ConvertOptions& options_;
  semantic::FileModel model_;
  semantic::NameResolver resolver_;
  semantic::TypeInference types_;
  rewrite::EditSet edits_;
  const parse::NodeKinds& k_;
  std::vector<ApiUse> uses_;
  std::vector<int32_t> use_import_;  // per use: the import it came through, or -1
  std::vector<std::pair<uint32_t, size_t>> todo_at_;
  std::vector<std::tuple<uint32_t, std::string, uint32_t>> after_statements_;  // (offset, text, owner)
  uint32_t owner_ = base::kFileEdit;  // the owner of the reference being converted (base::Edit::owner)
  uint32_t next_owner_ = 0;           // the next owner number for uses found outside the references
  std::vector<uint32_t> use_owner_;   // per use: owner_ when it was recorded
  bool likely_evidence_ = false;      // the method being converted is one only --aggressive converts
  int converted_ = 0;
  std::set<std::string, std::less<>> needed_;  // modules the converted code names (`paddle`, `os`)
  std::set<std::string> conflicts_;             // of those, names the file binds to something else
  std::set<std::string, std::less<>> banned_;
  std::unordered_map<std::string, std::string> family_owner_memo_;  // "class:method" -> owner
  std::unordered_map<std::string, std::vector<int32_t>> classes_by_name_;
  const Ref* current_ = nullptr;  // the reference being converted (for TODO placement)
  // Attribute reads converted by a template on the converter's own evidence, by node, with the
  // kind of what they read (`inp.device`: a device), for the chain around them.
  std::unordered_map<const void*, kg::ValueKind> converted_kinds_;
  // tensor_attribute_written_otherwise, by name (owned: some callers' names are temporaries;
  // looked up by view).
  mutable std::unordered_map<std::string, const ApiRecord*, semantic::NameHash, std::equal_to<>> written_otherwise_;
  mutable struct {
    int32_t scope = INT32_MIN;
    std::string module;
    bool elsewhere = false;
  } bound_memo_;  // bound_elsewhere()'s last answer
  bool file_imports_paddle_ = false;
  bool object_converted_ = false;  // a use converted not through an import (methods, attributes)
  bool methods_off_ = false;  // no conversions of methods on objects (file_imports_paddle_ and more)
  bool file_facts_ready_ = false;
  std::vector<std::string_view> import_roots_;   // `numpy` for `import numpy as np`
  std::vector<std::string_view> torch_locals_;   // names torch imports bind (run() fills it)
  std::unordered_set<std::string_view> defined_names_;  // names of the functions the file defines
  std::unordered_map<std::string_view, bool> owner_in_file_;  // owner class -> can be in the file
  // By class index: the names its body binds (names_defined_in), once asked.
  mutable std::vector<std::optional<std::vector<std::string_view>>> class_names_;
  bool methods_called_ready_ = false;
  // (scope, name) of a variable -> what the file does with it (owner_by_usage,
  // bound_once_to_a_tensor). The name views the source: no string is built per call indexed.
  using VariableKey = std::pair<int32_t, std::string_view>;
  struct VariableKeyHash {
    size_t operator()(const VariableKey& k) const {
      return std::hash<std::string_view>()(k.second) ^ (static_cast<size_t>(static_cast<uint32_t>(k.first)) * 0x9E3779B97F4A7C15ull);
    }
  };
  std::unordered_map<VariableKey, VariableUse, VariableKeyHash> methods_called_;
  std::string nl_ = "\n";
  TSNode root_{};  // the tree's root, for the walk over string annotations
};

}  // namespace t2p::rules::detail
