// semantic: gives each expression a kind (Tensor, Module, ndarray, str, ...) with a confidence,
// from the knowledge graph's return kinds, user classes, annotations, literals and assignments.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "kg/api_record.h"
#include "kg/knowledge_graph.h"
#include "semantic/autograd_function.h"
#include "semantic/name_resolver.h"
#include "semantic/node_memo.h"

namespace t2p::semantic {

enum class Confidence : uint8_t { kUnknown, kLikely, kCertain };

struct ExprKind {
  kg::ValueKind kind = kg::ValueKind::kUnknown;
  Confidence confidence = Confidence::kUnknown;
  int32_t user_class = -1;  // instance of a class defined in this file
  std::string api;          // the qualified name when the expression names an API or module
  bool callable_ref = false;  // `nn.Linear` (the class itself), `torch.relu` (the function)
  bool builtin = false;       // a free name that only Python's builtins bind (`input`, `len`)
  bool integer = false;       // a tensor of an integer dtype (`torch.arange(n)`, `x.long()`)
  bool or_tuple = false;      // kSize: a name the scope binds to a torch.Size and to a tuple

  bool is(kg::ValueKind k) const { return kind == k && confidence != Confidence::kUnknown; }
  bool tensor_like() const {
    return (kind == kg::ValueKind::kTensor || kind == kg::ValueKind::kParameter) &&
           confidence != Confidence::kUnknown;
  }
};

class TypeInference {
 public:
  TypeInference(const NameResolver& resolver, const kg::KnowledgeGraph& graph);

  // The kind of an expression in a scope. Cheap: variables were inferred by the constructor.
  ExprKind kind_of(TSNode expr, int32_t scope) const;
  // Whether class `index` (FileModel::classes) derives, directly or not, from torch.nn.Module.
  bool is_module_class(int32_t index) const { return module_class_[index]; }
  // Why the class_definition `cls`, which names torch.autograd.Function as a base, cannot derive
  // from paddle.autograd.PyLayer instead (semantic/autograd_function.h), or null. Problems of
  // the file's classes deriving from `cls` count too.
  const std::string* pylayer_problem(TSNode cls) const;
  // The returns of backward methods holding None for inputs of forward, in the file's autograd
  // functions that become PyLayers (semantic/autograd_function.h).
  const std::vector<BackwardReturn>& backward_returns() const { return backward_returns_; }
  const FileModel& model() const { return m_; }

 private:
  ExprKind kind_of_depth(TSNode expr, int32_t scope, int depth) const;
  ExprKind compute_kind(TSNode expr, int32_t scope, int depth) const;
  void forget_kinds() const { memo_.clear(); }
  void replay_reads(uint32_t begin, uint32_t end) const;
  ExprKind call_kind(TSNode call, int32_t scope, int depth) const;
  // Whether the tensor `rec`'s call returns has an integer dtype (ApiRecord::integer_result).
  bool integer_result(const kg::ApiRecord& rec, TSNode call, int32_t scope, int depth) const;
  ExprKind returned_kind(TSNode function, int depth) const;
  // `unqualified`: the caller knows qualified_name fails on `attr` (no import roots it).
  ExprKind attribute_kind(TSNode attr, int32_t scope, int depth, bool unqualified = false) const;
  ExprKind name_kind(TSNode ident, int32_t scope, int depth) const;
  ExprKind name_kind_unnarrowed(TSNode ident, int32_t scope, int depth) const;
  const ExprKind* narrowed(TSNode expr, int32_t scope) const;
  ExprKind annotation_kind(TSNode annotation, int32_t scope) const;
  // The kind an annotation naming the class `q` declares; `int`, `str`, ... as types.
  ExprKind type_name_kind(const std::string& q) const;
  static ExprKind builtin_type_kind(std::string_view text);
  // PEP 484 type comments of parameters (semantic/type_comments.cpp): collected once; the kind
  // the text of one declares (`element`: of one element of the container it declares).
  void collect_type_comments();
  ExprKind type_text_kind(std::string_view text, int32_t scope, bool element) const;
  // The kind a parameter's annotation or type comment declares.
  ExprKind declared_kind(const Parameter& p, int32_t scope) const;
  // The target of a `for` (semantic/loop_targets.cpp): true when its kind was assigned from
  // what the loop walks; `for a, b in zip(xs, ys)`: each target an element of the list it walks.
  bool assign_loop_target(const Assignment& a);
  bool assign_zip_elements(TSNode target, TSNode value, int32_t scope);
  ExprKind element_kind(TSNode value, int32_t scope) const;
  // `record`, when given, receives the graph's record of `qualname` (null when none was looked up).
  ExprKind api_kind(const std::string& qualname, bool called, const kg::ApiRecord** record = nullptr) const;
  void infer_assignments();
  bool parameters_of_module(TSNode value, int32_t scope) const;
  // `next(model.parameters())`: the call's first item is a parameter of a module.
  bool first_parameter_of_module(TSNode next_call, int32_t scope) const;
  // `max(a, b, ...)` / `min(...)` of two or more ints and floats: a float when any is one; else
  // of unknown kind (a tensor or a list among them).
  ExprKind numbers_kind(TSNode call, int32_t scope, int depth) const;
  // The items of a call's argument list (keywords and splats included); empty when it has none or
  // takes a bare generator expression.
  std::span<const TSNode> argument_items(TSNode call) const;
  ExprKind instance_of(int32_t user_class) const;
  void assign(TSNode target, const ExprKind& kind, int32_t scope, bool element_of);
  bool assign_pairwise(TSNode target, TSNode value, int32_t scope);
  void classify_classes();
  void collect_narrowings();
  // Class `i` derives from torch.autograd.Function (`root`: the class of the file naming it).
  void note_autograd_function(size_t i, int32_t root);
  // A variable: a name in the scope that binds it. The name views the source or the model.
  struct VarKey {
    int32_t scope;
    std::string_view name;
    bool operator==(const VarKey& o) const { return scope == o.scope && name == o.name; }
  };
  struct VarKeyHash {
    size_t operator()(const VarKey& k) const {
      return std::hash<std::string_view>()(k.name) ^ (static_cast<size_t>(k.scope) * 0x9E3779B97F4A7C15ull);
    }
  };
  template <typename V>
  using VarMap = std::unordered_map<VarKey, V, VarKeyHash>;

  const NameResolver& r_;
  const FileModel& m_;
  const kg::KnowledgeGraph& kg_;
  std::string_view src_;
  std::vector<bool> module_class_;
  // Custom autograd functions: for each class deriving from torch.autograd.Function, the class
  // of the file that names it as a base (itself, or the base it derives through); else -1.
  std::vector<int32_t> function_root_;
  std::unordered_map<int32_t, std::string> pylayer_problems_;  // root class -> why not PyLayer
  std::vector<BackwardReturn> backward_returns_;
  std::unordered_set<int32_t> ctx_scopes_;  // methods whose first parameter is the ctx object
  VarMap<ExprKind> vars_;       // variable -> kind
  VarMap<bool> conflicted_;     // variables bound to several kinds
  VarMap<TSNode> functions_;    // variable -> function_definition
  // Indexes so that a lookup never scans the whole file (files may hold 100,000 classes).
  VarMap<int32_t> classes_;     // variable -> class index
  VarMap<const Parameter*> parameters_;  // variable -> parameter
  VarMap<std::string_view> comment_types_;  // parameter -> the type its type comment declares
  std::unordered_map<int32_t, std::vector<TSNode>> returns_;      // function scope -> values
  // `if isinstance(m, nn.Linear):` ... `m` in the block is a Linear (and `elif` alike).
  struct Narrowing {
    int32_t scope;
    uint32_t begin, end;  // the block's bytes
    ExprKind kind;
  };
  std::unordered_map<std::string_view, std::vector<Narrowing>> narrowings_;  // name -> blocks

  // Kinds already computed, per (node, scope). A kind depends on the depth only through the
  // depth limit: an entry holds how deep its computation went (`height`) and serves a query
  // at `depth` when depth + height stays within the limit; computations the limit cut short
  // are not kept. Cleared whenever what kinds depend on changes (vars_, module_class_).
  struct Memo {
    ExprKind kind;
    int height;
    // The variables the computation read: reads_[reads_begin, reads_end) when it ran while
    // reads were collected, else reads_begin == kNoReads (the second round of
    // infer_assignments needs them, so such an entry does not serve the first).
    uint32_t reads_begin, reads_end;
  };
  static constexpr uint32_t kNoReads = UINT32_MAX;
  mutable NodeMemo<Memo> memo_;
  // The first round of infer_assignments notes which variables each assignment's kinds read;
  // the second recomputes only the assignments that read a variable changed after them (the
  // others would compute the same kinds again). The reads of all assignments go one after the
  // other into one vector; a memoised kind served in the first round appends its reads again.
  mutable std::vector<VarKey>* reads_ = nullptr;  // collecting (the first round), or null
  VarMap<uint64_t> changed_at_;
  uint64_t clock_ = 0;  // counts changes of vars_
  mutable int reached_ = 0;  // deepest depth reached by the computation in progress
  mutable bool cut_ = false; // the computation in progress hit the depth limit
};

}  // namespace t2p::semantic
