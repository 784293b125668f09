#include "rules/file_converter.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <tuple>
#include <unordered_set>

#include "base/source_text.h"
#include "parse/node_kinds.h"
#include "rewrite/edit_set.h"
#include "rewrite/import_manager.h"
#include "rewrite/verify_names.h"
#include "rules/autograd_base.h"
#include "rules/call_arguments.h"
#include "rules/call_rewriter.h"
#include "rules/fix_groups.h"
#include "rules/target_spellings.h"
#include "semantic/code_names.h"
#include "semantic/file_model_builder.h"
#include "semantic/name_resolver.h"
#include "semantic/type_inference.h"

namespace t2p::rules {
namespace {

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
std::string_view module_root(std::string_view text) {
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
  // `banned`: modules the converted code may not name, because the file binds that name to
  // something else (found by a first run, see convert_tree).
  Converter(const parse::SyntaxTree& tree, std::string_view src, const kg::KnowledgeGraph& graph,
            const ConvertOptions& options, const std::set<std::string>& banned = {},
            const std::vector<uint32_t>* barred = nullptr)
      : barred_(barred),
        src_(src),
        graph_(graph),
        options_(options),
        model_(semantic::build_file_model(tree, src, graph.converted_roots())),
        resolver_(model_, src),
        types_(resolver_, graph),
        edits_(src),
        k_(parse::NodeKinds::get()),
        banned_(banned.begin(), banned.end()) {
    for (const auto& n : model_.imported_names) {
      if (n.local == target().name) file_imports_paddle_ = true;
    }
    nl_ = base::line_ending(src);  // inserted lines follow the file's own line ending
    root_ = tree.root();
  }

  FileConversion run() {
    if (!ts_node_is_null(model_.python2)) {
      FileConversion out;
      out.output = std::string(src_);
      TSPoint p = ts_node_start_point(model_.python2);
      out.refused = base::Diagnostic{base::Severity::kError, p.row + 1, p.column + 1, "python2",
                                     std::string("Python 2 syntax (") + model_.python2_what +
                                         "); convert the file to Python 3 first"};
      return out;
    }
    // No torch import: nothing in this file can be a PyTorch object (the word "torch" was only
    // in a comment or a string).
    bool imports_torch = model_.has_wildcard_torch_import;
    for (const auto& n : model_.imported_names) imports_torch |= n.is_torch;
    if (!imports_torch) {
      FileConversion out;
      out.output = std::string(src_);
      return out;
    }
    std::vector<Ref> refs;
    refs.reserve(model_.calls.size() + model_.attributes.size() + 16);
    uses_.reserve(refs.capacity());  // at most one use per reference, mostly: no regrowth
    use_import_.reserve(refs.capacity());
    for (const auto& c : model_.calls) refs.push_back({c.node, c.scope, RefKind::kCall, c.parent, c.statement, c.in_fstring});
    for (const auto& a : model_.attributes) refs.push_back({a.node, a.scope, RefKind::kAttribute, a.parent, a.statement, a.in_fstring});
    // Only names some torch import binds can refer to torch: filter before resolving scopes.
    for (const auto& n : model_.imported_names) {
      if (n.is_torch) torch_locals_.push_back(n.local);
    }
    // Methods on objects are converted only where the output will import paddle whenever it
    // keeps a torch import (see below): not when the file binds `paddle` to something else, nor
    // beside an optional torch import (a paddle import outside its `try` would not be optional).
    methods_off_ = file_imports_paddle_ || banned_.count(target().name) > 0;
    for (size_t i = 0; i < model_.imported_names.size() && !methods_off_; ++i) {
      if (model_.imported_names[i].is_torch && optional_import(static_cast<int32_t>(i))) methods_off_ = true;
    }
    for (const auto& i : model_.identifiers) {
      std::string_view text = node_text(i.node, src_);
      if (!torch_local(text)) continue;
      semantic::ResolvedName rn = resolver_.resolve(i.scope, text);
      if ((rn.source == semantic::NameSource::kImport || rn.source == semantic::NameSource::kAmbiguous) &&
          model_.imported_names[rn.import_index].is_torch) {
        refs.push_back({i.node, i.scope, RefKind::kIdentifier, i.parent, i.statement, i.in_fstring});
      }
    }
    // Inner constructs before the ones containing them, so that nested rewrites compose. The
    // references' ranges are read once and sorted as small keys: the comparisons are those of
    // sorting the references themselves, so std::sort takes the same steps (ties included).
    struct Key {
      uint32_t start, end, index;
    };
    std::vector<Key> order(refs.size());
    for (size_t i = 0; i < refs.size(); ++i) {
      order[i] = {ts_node_start_byte(refs[i].node), ts_node_end_byte(refs[i].node), static_cast<uint32_t>(i)};
    }
    std::sort(order.begin(), order.end(), [](const Key& a, const Key& b) {
      if (a.start != b.start) return a.start > b.start;
      return a.end < b.end;
    });
    for (const Key& key : order) {
      const Ref& r = refs[key.index];
      current_ = &r;
      owner_ = key.index;  // the fix of this reference's use (base::Edit::owner)
      edits_.set_owner(owner_);
      switch (r.kind) {
        case RefKind::kCall: on_call(r); break;
        case RefKind::kAttribute: on_attribute(r); break;
        case RefKind::kIdentifier: on_identifier(r); break;
      }
    }
    next_owner_ = static_cast<uint32_t>(refs.size());
    note_names_in_text();
    for (const auto& [end, text, owner] : after_statements_) {
      edits_.set_owner(owner);
      edits_.add({end, end, text, base::EditSide::kClose, 0});
    }
    edits_.set_owner(base::kFileEdit);
    // A converted method (`x.index_add(1, i, s, alpha=2)` -> `x.index_add(i, 1, 2 * s)`) names
    // no module, and only an import of paddle tells a second run not to convert it again. So an
    // output that keeps a torch import (an unsupported or ambiguous use: `torch = torch.f(...)`)
    // imports paddle whenever a method or attribute of an object was converted.
    if (object_converted_ && !file_imports_paddle_ && !banned_.count(target().name) && keeps_torch_import()) {
      needed_.emplace(target().name);
    }
    if (banned_.empty()) {
      for (const auto& m : needed_) {
        if (module_name_taken(m)) conflicts_.insert(m);
      }
      if (!conflicts_.empty()) return {};  // convert_tree runs again with these banned
    }
    if (converted_ > 0 || !edits_.empty()) {
      rewrite::plan_import_edits(model_, src_, std::vector<std::string>(needed_.begin(), needed_.end()), nl_, &edits_);
    }
    keep_replaced_comments();
    edits_.set_owner(base::kNoteEdit);
    record_backward_returns();
    add_todo_comments();

    FileConversion out;
    std::vector<uint32_t> owners;
    out.uses = sorted_uses(&owners);
    out.changed = !edits_.empty();
    if (out.changed) {
      const std::vector<rewrite::EditSet::Merge> merges = edits_.merges();
      out.edits = edits_.take_edits();  // the set's last use
      group_fixes(owners, merges, &out);  // rules/fix_groups.h
      out.name_nodes = edits_.take_name_nodes();
      out.unbound = rewrite::verify_names(model_, resolver_, src_, out.edits, rewrite::removed_imports(model_));
      std::sort(statements_.begin(), statements_.end());
      statements_.erase(std::unique(statements_.begin(), statements_.end()), statements_.end());
      out.statements = std::move(statements_);
    }
    return out;
  }

  // The uses, retracted ones dropped, by offset. The sort orders indices, not the uses (four
  // strings each): std::sort's steps depend only on its comparisons, so the order, ties
  // included, is the one sorting the uses themselves gave.
  std::vector<ApiUse> sorted_uses(std::vector<uint32_t>* owners) {
    std::vector<uint32_t> order;
    order.reserve(uses_.size());
    for (size_t i = 0; i < uses_.size(); ++i) {
      if (uses_[i].rule != "retracted") order.push_back(static_cast<uint32_t>(i));
    }
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return uses_[a].offset < uses_[b].offset; });
    std::vector<ApiUse> sorted;
    sorted.reserve(order.size());
    owners->reserve(order.size());
    for (uint32_t i : order) {
      sorted.push_back(std::move(uses_[i]));
      owners->push_back(use_owner_[i]);
    }
    return sorted;
  }

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

  // One of the modules the call needs that the file binds to something else (at module level,
  // or in the call's own function: `def f(os): ...`), or empty.
  std::string banned_module(const RewriteOutcome& o, const std::string& paddle_api, int32_t scope) const {
    std::string found;
    for_each_module_needed(&o, paddle_api, [&](std::string_view m) {
      if (!found.empty()) return;
      if (banned_.count(m)) {
        found = m;
        return;
      }
      if (bound_elsewhere(m, scope)) found = m;
    });
    return found;
  }

  // Whether `module` names something else in `scope` (not at module level: that is checked at
  // the end). Name resolution does not change during a run, and most converted calls in a row
  // ask for the same module in the same scope: the last answer is kept.
  bool bound_elsewhere(std::string_view module, int32_t scope) const {
    if (scope == bound_memo_.scope && module == bound_memo_.module) return bound_memo_.elsewhere;
    semantic::ResolvedName rn = resolver_.resolve(scope, module);
    bool same_module = rn.source == semantic::NameSource::kImport && model_.imported_names[rn.import_index].qualname == module;
    bound_memo_.scope = scope;
    bound_memo_.module.assign(module);
    bound_memo_.elsewhere = rn.scope > 0 && !same_module;  // scope <= 0: unbound, or module level
    return bound_memo_.elsewhere;
  }

  // Whether the module-level name `module` refers to something other than that module once the
  // imports are fixed: an assignment, def or class, or an import of something else that stays
  // (`from transformers import logging` with a use left unconverted).
  bool module_name_taken(const std::string& module) const {
    semantic::ResolvedName rn = resolver_.resolve(0, module);
    if (rn.source == semantic::NameSource::kUnbound) return false;
    if (rn.source != semantic::NameSource::kImport) return true;
    const auto& imp = model_.imported_names[rn.import_index];
    if (imp.qualname == module) return false;
    return !(imp.is_torch && imp.uses == imp.converted);
  }

  // Records a use; `import_index` >= 0 counts it against the import it came through. A converted
  // use needs the modules its `outcome`'s template names, or else the root of `paddle_api` (the
  // Paddle name or text written: `paddlenlp.transformers.AddedToken` needs `import paddlenlp`).
  // The strings taken by value are moved into the report row (callers move their last use).
  void record(TSNode node, std::string torch_api, const std::string& paddle_api,
              UseStatus status, std::string rule, std::string reason,
              int32_t import_index, const RewriteOutcome* outcome = nullptr) {
    if (status == UseStatus::kConverted) {
      if (import_index < 0) object_converted_ = true;  // a method or attribute of an object
      for_each_module_needed(outcome, paddle_api, [&](std::string_view m) {
        if (needed_.find(m) == needed_.end()) needed_.emplace(m);
      });
    }
    // Converted with a review note (RewriteOutcome::review): counted as converted for the
    // imports, reported as needs review, with a TODO line above the statement.
    const bool review = status == UseStatus::kConverted && outcome && !outcome->review.empty();
    if (status == UseStatus::kUnsupported || review) todo_at_.emplace_back(ts_node_start_byte(current_->statement), uses_.size());
    ApiUse& u = uses_.emplace_back();
    u.offset = ts_node_start_byte(node);
    u.end = ts_node_end_byte(node);
    use_owner_.push_back(owner_);
    if (status == UseStatus::kConverted) {
      u.applicability = (review || likely_evidence_) ? Applicability::kReview : Applicability::kSafe;
    }
    u.torch_api = std::move(torch_api);
    u.paddle_api = paddle_api;
    u.status = status;
    u.rule = std::move(rule);
    u.reason = std::move(reason);
    if (review) {
      u.status = UseStatus::kNeedsReview;
      u.applied = true;
      u.reason = outcome->review;
    }
    if (import_index >= 0) {
      auto& imp = model_.imported_names[import_index];
      ++imp.uses;
      if (status == UseStatus::kConverted) ++imp.converted;
    }
    if (status == UseStatus::kConverted) ++converted_;
    if (status == UseStatus::kConverted && current_ && !ts_node_is_null(current_->statement)) {
      statements_.emplace_back(ts_node_start_byte(current_->statement), ts_node_end_byte(current_->statement));
    }
    use_import_.push_back(import_index);
  }

  // A use through a torch import that the file binds locally too. The optional-import idiom
  // (`try: import torch` / `except ImportError: torch = None`) is reported with how to convert it
  // (a TODO at each use); any other local binding asks for a review.
  void record_ambiguous(TSNode node, std::string api, int32_t import_index) {
    if (optional_import(import_index)) {
      const std::string& local = model_.imported_names[import_index].local;
      record(node, std::move(api), "", UseStatus::kUnsupported, "resolver",
             local + " is an optional import (`" + local + " = None` when the import fails): convert the idiom by hand, `try: import paddle` / `except ImportError: paddle = None`, then this use",
             import_index);
      return;
    }
    record(node, std::move(api), "", UseStatus::kNeedsReview, "resolver",
           "the name is bound both by a torch import and locally", import_index);
  }

  // Whether the output keeps an import of a converted root (a use not converted keeps it).
  bool keeps_torch_import() const {
    if (model_.has_wildcard_torch_import) return true;
    for (const auto& n : model_.imported_names) {
      if (n.is_torch && n.uses != n.converted) return true;
    }
    return false;
  }

  // Whether the import is in the body of a `try` whose `except` clause binds its name to None.
  bool optional_import(int32_t import_index) const {
    const auto& imp = model_.imported_names[import_index];
    if (imp.statement < 0) return false;
    const auto& f = parse::NodeFields::get();
    TSNode block = ts_node_parent(model_.imports[imp.statement].node);
    if (ts_node_is_null(block) || ts_node_symbol(block) != k_.block) return false;
    TSNode try_stmt = ts_node_parent(block);
    if (ts_node_is_null(try_stmt) || ts_node_symbol(try_stmt) != k_.try_statement) return false;
    for (uint32_t i = 0; i < ts_node_named_child_count(try_stmt); ++i) {
      TSNode clause = ts_node_named_child(try_stmt, i);
      if (ts_node_symbol(clause) != k_.except_clause) continue;
      for (uint32_t j = 0; j < ts_node_named_child_count(clause); ++j) {
        TSNode body = ts_node_named_child(clause, j);
        if (ts_node_symbol(body) != k_.block) continue;
        for (uint32_t s = 0; s < ts_node_named_child_count(body); ++s) {
          TSNode st = ts_node_named_child(body, s);
          if (ts_node_symbol(st) != k_.expression_statement || ts_node_named_child_count(st) != 1) continue;
          TSNode a = ts_node_named_child(st, 0);
          if (ts_node_symbol(a) != k_.assignment) continue;
          TSNode left = ts_node_child_by_field_id(a, f.left), right = ts_node_child_by_field_id(a, f.right);
          if (!ts_node_is_null(left) && !ts_node_is_null(right) && ts_node_symbol(right) == k_.none &&
              node_text(left, src_) == imp.local) {
            return true;
          }
        }
      }
    }
    return false;
  }

  // Uses inside source ranges an outer rewrite removed (a dropped `weights=Enum.DEFAULT`
  // argument) are gone from the output: forget them, and what they kept alive.
  void retract_uses_in(const std::vector<std::pair<uint32_t, uint32_t>>& ranges) {
    for (size_t i = 0; i < uses_.size(); ++i) {
      ApiUse& u = uses_[i];
      if (u.status == UseStatus::kConverted || u.applied || u.rule == "retracted") continue;
      for (const auto& [b, e] : ranges) {
        if (u.offset < b || u.offset >= e) continue;
        if (use_import_[i] >= 0) --model_.imported_names[use_import_[i]].uses;
        u.rule = "retracted";
        break;
      }
    }
  }

  // Reason for a record that cannot be converted as a whole. An id whose record gives no
  // reason of its own (none, or only "no equivalent" / "composite") takes its family's, by prefix
  // (mappings/families.jsonl: `torch._C.` -> "PyTorch internal API, ...").
  std::string unconvertible_reason(const ApiRecord* rec, std::string_view api) const {
    std::string own = record_reason(rec);
    if (own == "unknown to the knowledge graph" || own == "Paddle has no equivalent" || own == "no Paddle mapping yet" ||
        own == "needs a composite rewrite by hand") {
      if (const std::string* family = graph_.prefix_reason(api)) return *family;
    }
    return own;
  }
  static std::string record_reason(const ApiRecord* rec) {
    if (!rec) return "unknown to the knowledge graph";
    // A rule that only reports (rules/*.jsonl cases with a reason and no template) says why, for
    // a reference too: `torch.backends.cudnn.benchmark = True`, `x: torch.jit.Final[int]`.
    if (!rec->cases.empty() && std::all_of(rec->cases.begin(), rec->cases.end(), [](const kg::TemplateCase& c) {
          return c.template_text.empty() && !c.reason.empty();
        })) {
      return rec->cases.back().reason;
    }
    if (rec->status == ApiStatus::kNotImplemented) return "Paddle has no equivalent";
    if (rec->reason == "return_differs") return "Paddle returns a different value; needs a rewrite by hand";
    if (rec->reason == "composite") return "needs a composite rewrite by hand";
    return "no Paddle mapping yet";
  }

  void on_call(const Ref& r) {
    TSNode fn = model_.function_of(r.node);
    int32_t import_index = -1;
    TSSymbol fs = ts_node_symbol(fn);
    const std::string* qualname = fs == k_.attribute || fs == k_.identifier
                                      ? resolver_.qualified_name_of(fn, r.scope, &import_index)
                                      : nullptr;
    if (qualname) {
      if (!model_.imported_names[import_index].is_torch) return;
      convert_api_call(r, *qualname, import_index, TSNode{});
      return;
    }
    if ((fs == k_.identifier || fs == k_.attribute) && convert_instance_call(r, fn)) return;
    if (fs == k_.identifier) {
      // `F.relu` bound ambiguously, or a torch import shadowed: counts as a use of the import.
      std::string_view name = node_text(fn, src_);
      if (!torch_local(name)) return;  // cannot resolve to a torch import
      semantic::ResolvedName rn = resolver_.resolve(r.scope, name);
      if (rn.source == semantic::NameSource::kAmbiguous && model_.imported_names[rn.import_index].is_torch) {
        record_ambiguous(r.node, model_.imported_names[rn.import_index].qualname, rn.import_index);
      }
      return;
    }
    if (fs != k_.attribute) return;
    TSNode receiver = model_.object_of(fn);
    std::string method(node_text(model_.attribute_of(fn), src_));
    // A chain rooted in an ambiguous torch name: keep its import, ask for review.
    if (mark_ambiguous_root(fn, r)) return;
    if (convert_family_method(r, receiver, method)) return;
    convert_method_call(r, receiver, method);
  }

  // The class that gives `method` to instances of user class `index`: a base imported from a
  // converted family whose method the graph knows (`class M(transformers.PreTrainedModel)` ->
  // `transformers.PreTrainedModel` for `post_init`), searched through the file's own classes.
  std::string family_owner(int32_t index, const std::string& method, int depth) {
    if (index < 0 || depth > 8) return {};
    index_classes_by_name();
    if (depth > 0) return family_owner_uncached(index, method, depth);
    // Memoised per (class, method) for the whole search only (an inner one is cut by the depth
    // limit): files may hold many classes and many `self.m()` calls.
    std::string key = std::to_string(index) + ":" + method;
    if (auto it = family_owner_memo_.find(key); it != family_owner_memo_.end()) return it->second;
    std::string owner = family_owner_uncached(index, method, depth);
    family_owner_memo_.emplace(std::move(key), owner);
    return owner;
  }

  void index_classes_by_name() {
    if (!classes_by_name_.empty()) return;
    for (size_t i = 0; i < model_.classes.size(); ++i) {
      classes_by_name_[model_.classes[i].name].push_back(static_cast<int32_t>(i));
    }
  }

  // Whether user class `index`, or a class of this file it derives from, defines `method` in its
  // body (a def, decorated or not, or an assignment): then `obj.method()` is the user's method,
  // not the library's, whatever the library base class is.
  bool user_class_defines(int32_t index, std::string_view method, int depth = 0) const {
    if (index < 0 || depth > 8) return false;
    const semantic::ClassInfo& c = model_.classes[index];
    const auto& f = parse::NodeFields::get();
    TSNode body = ts_node_child_by_field_id(c.node, f.body);
    for (uint32_t i = 0, n = ts_node_named_child_count(body); i < n; ++i) {
      TSNode st = ts_node_named_child(body, i);
      if (ts_node_symbol(st) == k_.decorated_definition) st = ts_node_child_by_field_id(st, f.definition);
      TSNode name{};
      if (ts_node_symbol(st) == k_.function_definition || ts_node_symbol(st) == k_.class_definition) {
        name = ts_node_child_by_field_id(st, f.name);
      } else if (ts_node_symbol(st) == k_.expression_statement && ts_node_named_child_count(st) == 1) {
        TSNode a = ts_node_named_child(st, 0);
        if (ts_node_symbol(a) == k_.assignment) name = ts_node_child_by_field_id(a, f.left);
      }
      if (!ts_node_is_null(name) && node_text(name, src_) == method) return true;
    }
    for (TSNode base : c.bases) {
      if (ts_node_symbol(base) != k_.identifier) continue;
      auto same_name = classes_by_name_.find(std::string(node_text(base, src_)));
      if (same_name == classes_by_name_.end()) continue;
      for (int32_t i : same_name->second) {
        if (i != index && user_class_defines(i, method, depth + 1)) return true;
      }
    }
    return false;
  }

  std::string family_owner_uncached(int32_t index, const std::string& method, int depth) {
    if (depth == 0 && user_class_defines(index, method)) return {};
    const semantic::ClassInfo& c = model_.classes[index];
    for (TSNode base : c.bases) {
      int32_t import_index = -1;
      if (const std::string* q = resolver_.qualified_name_of(base, c.scope, &import_index)) {
        if (!model_.imported_names[import_index].is_torch) continue;
        const ApiRecord* rec = graph_.find_member(*q, method);
        if (rec && rec->kind == "method") return *q;
        continue;
      }
      if (ts_node_symbol(base) != k_.identifier) continue;
      auto same_name = classes_by_name_.find(std::string(node_text(base, src_)));
      if (same_name == classes_by_name_.end()) continue;
      for (int32_t i : same_name->second) {
        if (i == index) continue;
        if (std::string q2 = family_owner(i, method, depth + 1); !q2.empty()) return q2;
      }
    }
    return {};
  }

  // A method of a class of a converted family other than torch's (`model.generate(...)`,
  // `self.post_init()`, `tok.encode(text)`), on an object known to be an instance of that class
  // or of a class of this file deriving from it. Torch objects (tensors, modules, optimizers) go
  // through convert_method_call; objects of unknown kind are left alone.
  bool convert_family_method(const Ref& r, TSNode receiver, const std::string& method) {
    if (methods_off_) return false;
    ExprKind kind = types_.kind_of(receiver, r.scope);
    if (owner_for(kind)) return false;
    std::string owner;
    if (kind.user_class >= 0) {
      owner = family_owner(kind.user_class, method, 0);
    } else if (!kind.api.empty() && !kind.callable_ref && kind.confidence != Confidence::kUnknown &&
               graph_.converted_roots().contains_root_of(kind.api)) {
      const ApiRecord* cls = graph_.find(kind.api);
      const ApiRecord* rec = graph_.find_member(kind.api, method);
      if (cls && cls->kind == "class" && rec && rec->kind == "method") owner = kind.api;
    }
    if (owner.empty()) return false;
    convert_api_call(r, owner + "." + method, -1, receiver);
    return true;
  }

  // Rewrites the call at `site` by `rec`, unless the Paddle form needs a module whose name the
  // file binds to something else (then nothing is edited and the outcome says why). Every kind of
  // call (functions, methods, instance calls) goes through here.
  RewriteOutcome rewrite_at(const CallSite& site, const ApiRecord& rec) {
    if (is_barred(site.statement)) {
      RewriteOutcome barred;
      barred.reason = kUnparsableReason;
      return barred;
    }
    edits_.commit();
    const size_t mark = edits_.checkpoint();
    RewriteOutcome o = rewrite_call(site, rec, types_, &edits_);
    if (!o.ok) return o;
    if (current_ && current_->in_fstring) {
      if (const char* what = fstring_forbids(site.call)) {
        edits_.rollback(mark);
        o.ok = false;
        o.reason = std::string("inside an f-string, the Paddle form would write ") + what +
                   ", which Python before 3.12 does not allow there; rewrite by hand";
        return o;
      }
    }
    if (std::string m = banned_module(o, rec.paddle, site.scope); !m.empty()) {
      edits_.rollback(mark);
      o.ok = false;
      o.reason = "the Paddle form names the module " + m + ", but this file binds " + m + " to something else";
    }
    return o;
  }

  // What the rewritten text of `node` (inside an f-string's replacement field) writes that
  // Python before 3.12 forbids there and its original text did not hold: the quote of an
  // enclosing f-string, a backslash, `#`, a line break in a single-quoted f-string. Null if none.
  const char* fstring_forbids(TSNode node) const {
    const uint32_t b = ts_node_start_byte(node), e = ts_node_end_byte(node);
    const std::string after = edits_.render(b, e);
    const std::string_view before = src_.substr(b, e - b);
    auto added = [&](char c) { return after.find(c) != std::string::npos && before.find(c) == std::string_view::npos; };
    for (const semantic::FString& f : model_.fstrings) {
      if (f.begin >= b || f.end <= e) continue;  // not around the node
      if (added(f.quote)) return f.quote == '"' ? "a double quote" : "a single quote";
      if (!f.triple && added('\n')) return "a line break";
    }
    if (added('\\')) return "a backslash";
    if (added('#')) return "`#`";
    return nullptr;
  }

  // Names of torch imports used in type comments and string annotations (FileModel::
  // named_in_text): a class the graph maps to a Paddle class is renamed in place (`"torch.Tensor"`
  // -> `"paddle.Tensor"`, `# type: (nn.Module) -> None` -> `paddle.nn.Layer`); any other name
  // there is reported and counted as a use of its import, which therefore stays.
  void note_names_in_text() {
    for (const semantic::NamedInText& t : model_.named_in_text) {
      std::string_view whole = node_text(t.node, src_);
      std::string_view text = t.comment ? semantic::type_comment_text(whole) : semantic::string_content(whole);
      if (text.empty()) continue;
      // A string annotation with escapes or an f-string prefix is left as it is.
      if (!t.comment && (text.find('\\') != std::string_view::npos || (whole[0] | 0x20) == 'f')) continue;
      const uint32_t base = ts_node_start_byte(t.node) + static_cast<uint32_t>(text.data() - whole.data());
      for (const semantic::CodeName& n : semantic::code_names(text)) {
        if (n.role != semantic::NameRole::kUse || !torch_local(n.name)) continue;
        semantic::ResolvedName rn = resolver_.resolve(t.scope, n.name);
        if (rn.source != semantic::NameSource::kImport && rn.source != semantic::NameSource::kAmbiguous) continue;
        const semantic::ImportedName& imp = model_.imported_names[rn.import_index];
        if (!imp.is_torch) continue;
        // The dotted name written there: `nn.Module` -> torch.nn.Module.
        size_t end = n.offset + n.name.size();
        while (end + 1 < text.size() && text[end] == '.' &&
               (std::isalnum(static_cast<unsigned char>(text[end + 1])) || text[end + 1] == '_')) {
          ++end;
          while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_')) ++end;
        }
        std::string api = canonical_id(imp.qualname + std::string(text.substr(n.offset + n.name.size(), end - n.offset - n.name.size())));
        Ref at{t.node, t.scope, RefKind::kIdentifier, TSNode{}, t.statement, false};
        current_ = &at;
        const uint32_t begin_at = base + n.offset, end_at = base + static_cast<uint32_t>(end);
        const ApiRecord* rec = rn.source == semantic::NameSource::kImport ? graph_.find(api) : nullptr;
        std::string paddle;
        if (rec && rec->kind == "class" && rec->status == ApiStatus::kMapped && !rec->paddle.empty()) {
          if (!rec->as_reference.empty()) paddle = rec->as_reference;
          else if (rec->paddle_kind != "function") paddle = rec->paddle;
        }
        owner_ = next_owner_++;
        edits_.set_owner(owner_);
        if (!paddle.empty() && edits_.add({begin_at, end_at, paddle})) {
          record(t.node, std::move(api), paddle, UseStatus::kConverted, rec->rule, "", rn.import_index);
        } else {
          record(t.node, std::move(api), "", UseStatus::kUnsupported, "resolver",
                 std::string("named in a ") + (t.comment ? "type comment" : "string annotation") +
                     " with no Paddle type to name there; its import is kept",
                 rn.import_index);
        }
        uses_.back().offset = begin_at;
        uses_.back().end = end_at;
        current_ = nullptr;
      }
    }
  }

  // Whether the statement is one whose converted form did not parse (convert_tree's `barred`).
  bool is_barred(TSNode statement) const {
    if (!barred_ || barred_->empty() || ts_node_is_null(statement)) return false;
    return std::binary_search(barred_->begin(), barred_->end(), ts_node_start_byte(statement));
  }

  // A call of an object that holds an instance of a torch class (`cell(x, h)` after
  // `cell = nn.GRUCell(...)`): the rule `<class>.__call__`, when the graph has one, rewrites the
  // call (Paddle's RNN cells return `(output, states)` where PyTorch returns the state).
  bool convert_instance_call(const Ref& r, TSNode callee) {
    if (methods_off_) return false;
    ExprKind kind = types_.kind_of(callee, r.scope);
    if (kind.callable_ref || kind.api.empty() || kind.confidence == Confidence::kUnknown) return false;
    std::string api = std::string(graph_.canonical(kind.api)) + ".__call__";
    const ApiRecord* rec = graph_.find(api);
    if (!rec || rec->status != ApiStatus::kMapped || rec->cases.empty()) return false;
    RewriteOutcome o = rewrite_at(CallSite{r.node, callee, r.scope, src_, r.parent, r.statement}, *rec);
    if (!o.ok) {
      record(r.node, api, "", UseStatus::kUnsupported, rec->rule, o.reason, -1);
      return true;
    }
    record(r.node, api, "", UseStatus::kConverted, rec->rule, "", -1, &o);
    return true;
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

  bool mark_ambiguous_root(TSNode expr, const Ref& r) {
    TSNode n = expr;
    while (ts_node_symbol(n) == k_.attribute) n = model_.object_of(n);
    if (ts_node_symbol(n) != k_.identifier) return false;
    std::string_view root = node_text(n, src_);
    if (!torch_local(root)) return false;  // cannot resolve to a torch import
    semantic::ResolvedName rn = resolver_.resolve(r.scope, root);
    if (rn.source != semantic::NameSource::kAmbiguous || !model_.imported_names[rn.import_index].is_torch) return false;
    record_ambiguous(r.node, std::string(node_text(expr, src_)), rn.import_index);
    return true;
  }

  void convert_api_call(const Ref& r, std::string qualname, int32_t import_index, TSNode receiver) {
    std::string api = canonical_id(std::move(qualname));
    const ApiRecord* rec = graph_.find(api);
    if (rec && rec->delete_as_statement && !ts_node_is_null(r.statement) &&
        ts_node_start_byte(r.statement) == ts_node_start_byte(r.node) &&
        ts_node_end_byte(r.statement) == ts_node_end_byte(r.node) &&
        delete_line_of(r.statement, ts_node_end_byte(r.node), true)) {
      record(r.node, api, "", UseStatus::kConverted, rec->rule + " delete_as", "", import_index);
      return;
    }
    if (!rec || rec->status != ApiStatus::kMapped) {
      record(r.node, api, "", UseStatus::kUnsupported, rec ? rec->rule : "kg", unconvertible_reason(rec, api), import_index);
      return;
    }
    RewriteOutcome o = rewrite_at(CallSite{r.node, receiver, r.scope, src_, r.parent, r.statement}, *rec);
    if (!o.ok) {
      record(r.node, std::move(api), rec->paddle, UseStatus::kUnsupported, rec->rule, std::move(o.reason), import_index);
      return;
    }
    if (!o.after_statement.empty()) add_after_statement(r.statement, o.after_statement);
    if (!o.removed.empty()) retract_uses_in(o.removed);
    record(r.node, std::move(api), rec->paddle, UseStatus::kConverted, rec->rule, "", import_index, &o);
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
    return nullptr;
  }

  // What the arguments of `x.method(...)` say about an `x` of unknown kind, in one pass:
  // - torch: the argument evidence of knowledge_graph/classifier/argument_evidence.jsonl (a
  //   positional argument of a torch-only kind such as a torch.device, dtype or int; a torch-only
  //   keyword), `keepdim=` (numpy spells it `keepdims`) or `dim=` with an integer;
  // - not torch: a positional argument of a kind only other objects take (`s.split(",")`), or
  //   `dim=` with a string (xarray's named dimensions);
  // - likely torch: `dim=` with a value of unknown kind.
  enum class ArgumentSay : uint8_t { kNothing, kLikelyTorch, kTorch, kNotTorch };
  ArgumentSay arguments_say(const Ref& r, const std::string& method) {
    const kg::ArgumentEvidence& evidence = graph_.argument_evidence(method);
    auto listed = [](const std::vector<std::string>& list, std::string_view v) {
      return std::find(list.begin(), list.end(), v) != list.end();
    };
    const auto& f = parse::NodeFields::get();
    TSNode args = model_.arguments_of(r.node);
    uint32_t n = ts_node_named_child_count(args);
    if (evidence.min_arguments > 0) {
      // `line.split()`: fewer arguments than PyTorch's method needs, so another object's method.
      uint32_t given = 0;
      bool splat = false;
      for (uint32_t i = 0; i < n; ++i) {
        TSSymbol s = ts_node_symbol(ts_node_named_child(args, i));
        if (s == k_.comment) continue;
        splat |= s == k_.list_splat || s == k_.dictionary_splat;
        ++given;
      }
      if (!splat && given < static_cast<uint32_t>(evidence.min_arguments)) return ArgumentSay::kNotTorch;
    }
    ArgumentSay say = ArgumentSay::kNothing;
    uint32_t positional = 0;      // positional arguments, for evidence.min_positional
    bool count_evidence = true;   // no splat, keyword or positional argument of a kind other than int
    for (uint32_t i = 0; i < n; ++i) {
      TSNode a = ts_node_named_child(args, i);
      if (ts_node_symbol(a) == k_.comment) continue;
      if (ts_node_symbol(a) == k_.list_splat || ts_node_symbol(a) == k_.dictionary_splat) count_evidence = false;
      if (ts_node_symbol(a) == k_.keyword_argument) {
        count_evidence = false;
        std::string_view kw = node_text(ts_node_child_by_field_id(a, f.name), src_);
        if (kw == "keepdim" || listed(evidence.keywords, kw)) return ArgumentSay::kTorch;
        if (kw != "dim") continue;
        TSNode v = ts_node_child_by_field_id(a, f.value);
        if (ts_node_symbol(v) == k_.unary_operator) v = ts_node_child_by_field_id(v, f.argument);
        if (ts_node_symbol(v) == k_.integer || types_.kind_of(v, r.scope).is(kg::ValueKind::kInt)) return ArgumentSay::kTorch;
        if (ts_node_symbol(v) == k_.string || ts_node_symbol(v) == k_.concatenated_string) return ArgumentSay::kNotTorch;
        say = ArgumentSay::kLikelyTorch;
        continue;
      }
      ++positional;
      if (evidence.positional_kinds.empty() && evidence.positional_kinds_against.empty() && evidence.min_positional == 0) continue;
      ExprKind kind = types_.kind_of(a, r.scope);
      if (kind.confidence == Confidence::kUnknown) continue;
      if (listed(evidence.positional_kinds, kg::to_string(kind.kind))) return ArgumentSay::kTorch;
      if (listed(evidence.positional_kinds_against, kg::to_string(kind.kind))) return ArgumentSay::kNotTorch;
      if (!kind.is(kg::ValueKind::kInt)) count_evidence = false;
    }
    // `x.view(B, T, C)`: more positional arguments than the name's other owners take (numpy's
    // view takes two at most), none of another kind than int, in a file that defines no function
    // of that name (a user class's `view(a, b, c)`).
    if (say == ArgumentSay::kNothing && evidence.min_positional > 0 && count_evidence &&
        positional >= static_cast<uint32_t>(evidence.min_positional)) {
      if (!file_facts_ready_) collect_file_facts();
      if (!defined_names_.count(method)) return ArgumentSay::kTorch;
    }
    return say;
  }


  // Whether an object of another owner of the shared name `name` (knowledge_graph/classifier/
  // shared_methods.jsonl) can be in this file. Builtins, io objects and user objects can be
  // anywhere; a numpy array or a pandas frame only where the file imports a library that makes
  // them (owner_sources.jsonl) or calls a method that returns them (`t.numpy()`); and a user
  // object when the file defines a function of that name. When none can, an unknown receiver of
  // `x.gt(2)` in a file that imports only torch is a tensor.
  bool other_owner_possible(std::string_view name) {
    if (!file_facts_ready_) collect_file_facts();
    if (defined_names_.count(name)) return true;
    const std::vector<std::string>& owners = graph_.shared_method_owners(name);
    // Owners present in any file first: no scan at all for `mean`, `size`, `split`.
    for (const std::string& owner : owners) {
      if (!graph_.owner_sources(owner)) return true;
    }
    for (const std::string& owner : owners) {
      if (owner_in_file(owner)) return true;
    }
    return false;
  }

  // Whether the file can hold an object of the library class `owner` (owner_sources.jsonl): it
  // imports a library that makes them or calls a method that returns them. Once per owner and
  // file (the graph keeps its owner strings alive, so they key the memo).
  bool owner_in_file(const std::string& owner) {
    auto [it, fresh] = owner_in_file_.try_emplace(owner, false);
    if (!fresh) return it->second;
    const kg::OwnerSources* sources = graph_.owner_sources(owner);
    for (std::string_view root : import_roots_) {
      if (std::find(sources->import_roots.begin(), sources->import_roots.end(), root) != sources->import_roots.end()) {
        return it->second = true;
      }
    }
    for (const std::string& m : sources->producer_methods) {
      for (size_t at = src_.find(m); at != std::string_view::npos; at = src_.find(m, at + 1)) {
        if (at > 0 && src_[at - 1] == '.' && src_.substr(at + m.size(), 1) == "(") return it->second = true;
      }
    }
    return false;
  }

  // The import roots of the file and the names of the functions it defines, on first need.
  void collect_file_facts() {
    file_facts_ready_ = true;
    for (const auto& n : model_.imported_names) {
      std::string_view q = n.qualname;
      std::string_view root = q.substr(0, q.find('.'));
      if (!root.empty() && std::find(import_roots_.begin(), import_roots_.end(), root) == import_roots_.end()) {
        import_roots_.push_back(root);
      }
    }
    const auto& f = parse::NodeFields::get();
    for (const auto& fn : model_.functions) {
      TSNode name = ts_node_child_by_field_id(fn.node, f.name);
      if (!ts_node_is_null(name)) defined_names_.insert(node_text(name, src_));
    }
  }

  // Whether converting `receiver.method(...)` as a tensor method would leave its text as it is
  // (nested conversions aside). Tries the rewrite and undoes it.
  bool same_text_either_way(const Ref& r, TSNode receiver, const std::string& method) {
    const ApiRecord* rec = graph_.find_member("torch.Tensor", method);
    if (!rec || rec->status != ApiStatus::kMapped) return false;
    // The parent too: a result-field edit (`.values` -> `[0]`) lies just outside the call.
    TSNode span = ts_node_is_null(r.parent) ? r.node : r.parent;
    const uint32_t begin = ts_node_start_byte(span), end = ts_node_end_byte(span);
    edits_.commit();
    const std::string before = edits_.render(begin, end);
    const size_t mark = edits_.checkpoint();
    CallSite site{r.node, receiver, r.scope, src_, r.parent, r.statement};
    RewriteOutcome o = rewrite_call(site, *rec, types_, &edits_);
    const bool same = o.ok && o.after_statement.empty() && edits_.render(begin, end) == before;
    edits_.rollback(mark);
    return same;
  }

  // What the Paddle form of `receiver.method(...)` would be by the record of `owner`'s method:
  // the call's text (and its parent's, for result-field edits) after the rewrite, which is undone.
  // Empty when that record cannot convert this call.
  // `call_text` (optional): the call's own text after the rewrite, for messages.
  std::optional<std::string> converted_text_as(const Ref& r, TSNode receiver, const ApiRecord& rec,
                                               std::string* call_text = nullptr) {
    TSNode span = ts_node_is_null(r.parent) ? r.node : r.parent;
    const uint32_t begin = ts_node_start_byte(span), end = ts_node_end_byte(span);
    edits_.commit();
    const size_t mark = edits_.checkpoint();
    CallSite site{r.node, receiver, r.scope, src_, r.parent, r.statement};
    RewriteOutcome o = rewrite_call(site, rec, types_, &edits_);
    std::optional<std::string> text;
    if (o.ok && o.after_statement.empty()) {
      text = edits_.render(begin, end);
      if (call_text) *call_text = edits_.render(ts_node_start_byte(r.node), ts_node_end_byte(r.node));
    }
    edits_.rollback(mark);
    return text;
  }

  // `obj.m(...)` on an object of unknown kind, where `m` is a method of torch classes other than
  // the tensor (`load_state_dict`, `zero_grad`, `named_parameters`: modules and optimizers).
  // Never skipped without a word: when every torch owner of `m` converts this call to the same
  // text, it is converted (rule `classifier:owners`) - or left alone when that text is the
  // call's own (`model.eval()`), since the output is then right whatever `obj` is; a name that
  // other objects have too (shared_methods.jsonl) or owners that disagree ask for review, with
  // the candidate owners in the message. A name no torch class has is not an API use.
  void convert_torch_object_method(const Ref& r, TSNode receiver, const std::string& method,
                                   const std::vector<std::string>& owners) {
    std::vector<std::pair<std::string, const ApiRecord*>> torch_owners;
    for (const std::string& o : owners) {
      if (o.rfind("torch.", 0) != 0) continue;
      const ApiRecord* rec = graph_.find_member(o, method);
      if (rec && signature_rejects(r, *rec)) continue;  // not this owner's method
      torch_owners.emplace_back(o, rec);
    }
    // `GradMultiply.apply(x, scale)`: no torch class's `apply` takes two arguments, so this is
    // another object's method, not a use of torch's (the code would fail under PyTorch otherwise).
    if (torch_owners.empty()) return;
    TSNode span = ts_node_is_null(r.parent) ? r.node : r.parent;
    edits_.commit();
    const std::string before = edits_.render(ts_node_start_byte(span), ts_node_end_byte(span));
    std::optional<std::string> agreed;
    bool agree = true;
    std::string candidates;  // `as torch.nn.Module.zero_grad: opt.clear_gradients()`, ...
    for (const auto& [owner, rec] : torch_owners) {
      std::optional<std::string> text;
      std::string shown;
      if (rec && rec->status == ApiStatus::kMapped && keeps_instance_call(*rec, method)) {
        text = before;  // `ctx.save_for_backward(x)`: PyLayerContext's method of the same name
        shown = "unchanged";
      } else if (rec && rec->status == ApiStatus::kMapped) {
        text = converted_text_as(r, receiver, *rec, &shown);
      }
      candidates += std::string(candidates.empty() ? "" : "; ") + "as " + owner + "." + method + ": ";
      if (!rec || rec->status != ApiStatus::kMapped) candidates += "no Paddle mapping";
      else if (!text) candidates += "this call cannot be converted";
      else candidates += "`" + (shown.size() > 80 ? shown.substr(0, 77) + "..." : shown) + "`";
      if (!text || (agreed && *agreed != *text)) agree = false;
      if (text && !agreed) agreed = text;
    }
    if (agree && agreed && *agreed == before) return;  // the same text whatever `receiver` is
    size_t chosen = 0;  // the owner whose record converts the call
    std::string rule = " classifier:owners";
    bool convert = agree && agreed && !graph_.is_shared_method_name(method);
    if (!agree) {
      // The other methods called on the same variable may leave one owner: `model.parameters()`
      // or `model.train()` elsewhere in its scope says `model` is no optimizer.
      std::optional<size_t> only = owner_by_usage(r, receiver, torch_owners);
      if (only && torch_owners[*only].second && torch_owners[*only].second->status == ApiStatus::kMapped) {
        chosen = *only;
        convert = true;
        rule = " classifier:usage";
      }
    }
    if (convert) {
      const ApiRecord& rec = *torch_owners[chosen].second;
      std::string api = canonical_id(torch_owners[chosen].first + "." + method);
      RewriteOutcome o = rewrite_at(CallSite{r.node, receiver, r.scope, src_, r.parent, r.statement}, rec);
      if (o.ok) {
        if (!o.removed.empty()) retract_uses_in(o.removed);
        record(r.node, std::move(api), rec.paddle, UseStatus::kConverted, rec.rule + rule, "", -1, &o);
        return;
      }
    }
    record(r.node, torch_owners.front().first + "." + method, "", UseStatus::kNeedsReview, "classifier",
           "receiver of unknown kind, and its kind decides the Paddle form (" + candidates + ")" +
               (agree && agreed ? "; objects other than torch's have a `" + method + "` method too" : ""),
           -1);
  }

  // A method record mapped to the method of the same name of a Paddle class, every argument as
  // written (category `same`), but spelt as a call through the class (`form` not `method`: the
  // docs' static methods, `Function.forward`): on an object, the Paddle call is the call's own text.
  static bool keeps_instance_call(const ApiRecord& rec, std::string_view method) {
    if (rec.kind != "method" || rec.category != "same" || rec.form != kg::Form::kCall || !rec.self_param.empty() ||
        !rec.cases.empty()) {
      return false;
    }
    const size_t dot = rec.paddle.rfind('.');
    if (rec.paddle.rfind("paddle.", 0) != 0 || dot == std::string::npos || rec.paddle.substr(dot + 1) != method) return false;
    for (const auto& a : rec.args) {
      if (a.action != kg::ArgAction::kSame || (!a.torch.empty() && a.paddle != a.torch)) return false;
    }
    return true;
  }

  // Whether `rec`'s PyTorch signatures (known: at least one parameter) all take fewer positional
  // arguments than the call passes, none of them taking `*args`. Star arguments could hold
  // anything: never rejected. (Keywords are not judged: a signature may omit one.)
  bool signature_rejects(const Ref& r, const ApiRecord& rec) const {
    if (rec.torch_params.empty()) return false;
    CallArguments call = read_arguments(r.node, src_, &model_);
    size_t positional = 0;
    for (const auto& a : call.args) {
      if (a.splat || a.kwsplat) return false;
      if (a.keyword.empty()) ++positional;
    }
    auto takes = [&](const std::vector<kg::Param>& params) {
      size_t capacity = 0;
      for (const auto& p : params) {
        if (p.kind == kg::ParamKind::kVarArgs) return true;
        if (p.kind == kg::ParamKind::kNormal && !p.keyword_only) ++capacity;
      }
      return positional <= capacity;
    };
    if (takes(rec.torch_params)) return false;
    for (const auto& o : rec.torch_overloads) {
      if (takes(o)) return false;
    }
    return true;
  }

  // Of `owners` (torch classes having the method called on `receiver`), the only one that has
  // every method of theirs the file calls on the same variable: `model` with `model.to(device)`
  // and `model.parameters()` in its scope is a module, not an optimizer. Nothing when the
  // receiver is not a plain name, or when no single owner is left.
  std::optional<size_t> owner_by_usage(const Ref& r, TSNode receiver,
                                       const std::vector<std::pair<std::string, const ApiRecord*>>& owners) {
    const std::vector<std::string_view>* called = methods_called_on(r, receiver, nullptr);
    if (!called) return {};
    std::optional<size_t> only;
    for (size_t i = 0; i < owners.size(); ++i) {
      bool fits = true;
      for (std::string_view m : *called) {
        if (graph_.find_member(owners[i].first, m)) continue;
        // A method this owner lacks but another candidate has: not this owner.
        for (size_t j = 0; j < owners.size() && fits; ++j) {
          if (j != i && graph_.find_member(owners[j].first, m)) fits = false;
        }
        if (!fits) break;
      }
      if (!fits) continue;
      if (only) return {};  // two owners fit
      only = i;
    }
    return only;
  }

  // Whether `receiver` is a name its scope binds once (a parameter never reassigned, or one
  // assignment) on which the scope also calls a method only tensors have (`tensor.ndimension()`,
  // `x.unsqueeze(0)`): then every use of the name holds that tensor.
  bool bound_once_to_a_tensor(const Ref& r, TSNode receiver) {
    const semantic::Binding* b = nullptr;
    const std::vector<std::string_view>* called = methods_called_on(r, receiver, &b);
    if (!called || !b || b->other_count != 1 || b->import_count != 0 || b->global) return false;
    for (std::string_view m : *called) {
      // As rule `classifier:name` decides: a method of torch.Tensor that no other object has.
      const auto& owners = graph_.method_owners(m);
      if (std::find(owners.begin(), owners.end(), "torch.Tensor") != owners.end() && !graph_.is_shared_method_name(m)) {
        return true;
      }
    }
    return false;
  }

  // The methods the scope binding `receiver` (a plain local name) calls on it, and (when asked)
  // that binding; null for any other receiver or a name with no method called.
  const std::vector<std::string_view>* methods_called_on(const Ref& r, TSNode receiver, const semantic::Binding** binding) {
    if (ts_node_symbol(receiver) != k_.identifier) return nullptr;
    const std::string_view name = node_text(receiver, src_);
    const semantic::ResolvedName rn = resolver_.resolve(r.scope, name);
    if (rn.source != semantic::NameSource::kLocal) return nullptr;
    if (binding) {
      const int32_t id = model_.bindings.id_of(name);
      *binding = id < 0 ? nullptr : model_.bindings.find(rn.scope, id);
    }
    if (!methods_called_ready_) index_methods_called();
    auto it = methods_called_.find(std::to_string(rn.scope) + ":" + std::string(name));
    return it == methods_called_.end() ? nullptr : &it->second;
  }

  // Every method called on a plain name in the file, by the name's binding (scope and name).
  void index_methods_called() {
    methods_called_ready_ = true;
    for (const auto& c : model_.calls) {
      TSNode fn = model_.function_of(c.node);
      if (ts_node_symbol(fn) != k_.attribute) continue;
      TSNode obj = model_.object_of(fn);
      if (ts_node_symbol(obj) != k_.identifier) continue;
      const std::string_view name = node_text(obj, src_);
      const semantic::ResolvedName rn = resolver_.resolve(c.scope, name);
      if (rn.source != semantic::NameSource::kLocal) continue;
      auto& methods = methods_called_[std::to_string(rn.scope) + ":" + std::string(name)];
      const std::string_view m = node_text(model_.attribute_of(fn), src_);
      if (std::find(methods.begin(), methods.end(), m) == methods.end()) methods.push_back(m);
    }
  }

  void convert_method_call(const Ref& r, TSNode receiver, const std::string& method) {
    // A file that already imports paddle may hold methods we converted before, and method names
    // mean different things in the two frameworks (`a.equal(b)` is elementwise in Paddle, a bool
    // in PyTorch): methods on objects are left alone there, so converting twice changes nothing.
    if (methods_off_) return;
    ExprKind kind = types_.kind_of(receiver, r.scope);
    const char* owner = owner_for(kind);
    std::string rule = "classifier:type";
    bool likely = false;  // converted on evidence only --aggressive accepts
    if (!owner) {
      // A receiver whose kind we know and that is not torch: leave it alone. A free builtin name
      // (`input.addmm(...)`) has no tensor methods: the code binds that name elsewhere (a snippet,
      // a global set at run time), so its kind is unknown.
      bool free_builtin = kind.builtin && kind.callable_ref && kind.user_class < 0;
      if (!free_builtin && (kind.confidence != Confidence::kUnknown || kind.user_class >= 0 || kind.callable_ref)) return;
      const auto& owners = graph_.method_owners(method);
      if (std::find(owners.begin(), owners.end(), "torch.Tensor") == owners.end()) {
        convert_torch_object_method(r, receiver, method, owners);
        return;
      }
      bool shared = graph_.is_shared_method_name(method);
      if (!shared) {
        owner = "torch.Tensor";  // only tensors have a method of this name
        rule = "classifier:name";
      } else if (const ArgumentSay say = arguments_say(r, method);
                 say == ArgumentSay::kTorch || (say == ArgumentSay::kLikelyTorch && options_.aggressive)) {
        owner = "torch.Tensor";  // `x.to(device)`: only torch objects take a torch.device
        rule = "classifier:arguments";
        likely = say == ArgumentSay::kLikelyTorch;
      } else if (say != ArgumentSay::kNotTorch && !other_owner_possible(method)) {
        owner = "torch.Tensor";  // no object of the name's other owners can be in this file
        rule = "classifier:file";
      } else if (say == ArgumentSay::kNotTorch || same_text_either_way(r, receiver, method)) {
        // `s.split(",")`: a str method; `da.mean(dim="time")`: xarray's named dimensions.
        // `x.to(device)`, `x.item()`, `x.abs()`: the Paddle form is the same text, so the output
        // is right whatever `x` is and there is nothing to review.
        return;
      } else if (bound_once_to_a_tensor(r, receiver)) {
        owner = "torch.Tensor";  // `tensor.ndimension()` elsewhere: the name holds a tensor
        rule = "classifier:usage";
      } else {
        record(r.node, "torch.Tensor." + method, "", UseStatus::kNeedsReview, "classifier",
               say == ArgumentSay::kLikelyTorch ? "likely a tensor (dim= keyword); use --aggressive to convert"
                                                : "receiver of unknown kind; `" + method + "` is also a method of non-torch objects",
               -1);
        return;
      }
    } else if (kind.confidence == Confidence::kLikely && !kind.tensor_like() && graph_.is_shared_method_name(method) &&
               kind.user_class < 0 && (likely = options_.aggressive)) {
      // --aggressive: converted, as a fix to review (Applicability::kReview).
    } else if (kind.confidence == Confidence::kLikely && !kind.tensor_like() && graph_.is_shared_method_name(method) &&
               !options_.aggressive && kind.user_class < 0) {
      // A likely module or optimizer with a name that other objects have too: ask first.
      // (Likely tensors - inputs of `forward`, results of calling a layer - are converted.)
      record(r.node, std::string(owner) + "." + method, "", UseStatus::kNeedsReview, "classifier",
             "receiver is likely a tensor; use --aggressive to convert", -1);
      return;
    }
    if (kind.user_class >= 0) {
      // `self.zero_grad()` in a Module subclass that defines its own `zero_grad`: the user's.
      index_classes_by_name();
      if (user_class_defines(kind.user_class, method)) return;
    }
    std::string api = canonical_id(std::string(owner) + "." + method);
    const ApiRecord* rec = graph_.find(api);
    if (!rec) {
      // Methods the graph does not know on a known torch object (user-defined module methods,
      // `model(x)`-style calls): not an API use.
      return;
    }
    if (rec->status != ApiStatus::kMapped) {
      record(r.node, api, "", UseStatus::kUnsupported, rec->rule, unconvertible_reason(rec, api), -1);
      return;
    }
    RewriteOutcome o = rewrite_at(CallSite{r.node, receiver, r.scope, src_, r.parent, r.statement}, *rec);
    if (!o.ok) {
      record(r.node, std::move(api), rec->paddle, UseStatus::kUnsupported, rec->rule, std::move(o.reason), -1);
      return;
    }
    if (!o.after_statement.empty()) add_after_statement(r.statement, o.after_statement);
    if (!o.removed.empty()) retract_uses_in(o.removed);
    likely_evidence_ = likely;
    record(r.node, std::move(api), rec->paddle, UseStatus::kConverted, rec->rule + " " + rule, "", -1, &o);
    likely_evidence_ = false;
  }

  void on_attribute(const Ref& r) {
    int32_t import_index = -1;
    if (const std::string* qualname = resolver_.qualified_name_of(r.node, r.scope, &import_index)) {
      if (!model_.imported_names[import_index].is_torch) return;
      std::string api = canonical_id(*qualname);
      const ApiRecord* rec = graph_.find(api);
      if (rec && replace_annotation(r, api, *rec, import_index)) return;
      if (rec && delete_decorator(r, api, *rec, import_index)) return;
      if (!rec || rec->status != ApiStatus::kMapped || rec->paddle.empty()) {
        record(r.node, api, "", UseStatus::kUnsupported, rec ? rec->rule : "kg", unconvertible_reason(rec, api), import_index);
        return;
      }
      replace_reference(r, api, *rec, import_index);
      return;
    }
    if (mark_ambiguous_root(r.node, r)) return;
    // A tensor attribute: `x.shape`, `x.T`, `p.requires_grad = False`.
    TSNode receiver = model_.object_of(r.node);
    TSNode attr = model_.attribute_of(r.node);
    std::string name(node_text(attr, src_));
    ExprKind kind = types_.kind_of(receiver, r.scope);
    const char* owner = owner_for(kind);
    if (!owner) {
      // A receiver of unknown kind: an attribute only tensors have (`x.mT`, `x.is_leaf`) says
      // it is one, as for methods (rule classifier:name); shared names (`shape`, `device`) do not.
      bool free_builtin = kind.builtin && kind.callable_ref && kind.user_class < 0;
      if (methods_off_ || (graph_.is_shared_method_name(name) && other_owner_possible(name))) return;
      if (!free_builtin && (kind.confidence != Confidence::kUnknown || kind.user_class >= 0 || kind.callable_ref)) return;
      owner = "torch.Tensor";
    }
    std::string api = canonical_id(std::string(owner) + "." + name);
    const ApiRecord* rec = graph_.find(api);
    if (!rec || rec->kind != "attribute") return;
    if (rec->status != ApiStatus::kMapped) {
      record(r.node, api, "", UseStatus::kUnsupported, rec->rule, unconvertible_reason(rec, api), -1);
      return;
    }
    if (!rec->cases.empty()) {
      if (is_barred(r.statement)) {
        record(r.node, api, rec->paddle, UseStatus::kUnsupported, rec->rule, kUnparsableReason, -1);
        return;
      }
      if (convert_attribute_template(r, *rec, receiver)) return;
      record(r.node, api, rec->paddle, UseStatus::kUnsupported, rec->rule, "no case of the rule fits", -1);
      return;
    }
    std::string paddle_name = rec->paddle.substr(rec->paddle.rfind('.') + 1);
    if (paddle_name != name) edits_.note_name_node(attr);
    if (paddle_name != name && !edits_.add({ts_node_start_byte(attr), ts_node_end_byte(attr), paddle_name})) {
      record(r.node, api, rec->paddle, UseStatus::kUnsupported, rec->rule, "conflicting edits", -1);
      return;
    }
    record(r.node, std::move(api), rec->paddle, UseStatus::kConverted, rec->rule, "", -1);
  }

  // Whether the value of attribute reference `r` is written through: `x.real[0] = v`,
  // `x.real += v`, `x.real.mul_(2)` (an in-place method, named with a trailing `_`). PyTorch's
  // view attributes change the tensor then; a Paddle form that copies (`x.real()`) would not.
  bool written_through(const Ref& r) const {
    const auto& f = parse::NodeFields::get();
    TSNode parent = r.parent;
    if (ts_node_is_null(parent)) return false;
    TSSymbol ps = ts_node_symbol(parent);
    if (ps == k_.augmented_assignment) return ts_node_child_by_field_id(parent, f.left).id == r.node.id;
    if (ps == k_.subscript) {
      TSNode up = ts_node_parent(parent);
      TSSymbol us = ts_node_is_null(up) ? 0 : ts_node_symbol(up);
      return (us == k_.assignment || us == k_.augmented_assignment) && ts_node_child_by_field_id(up, f.left).id == parent.id;
    }
    if (ps == k_.attribute && ts_node_child_by_field_id(parent, f.object).id == r.node.id) {
      std::string_view method = node_text(ts_node_child_by_field_id(parent, f.attribute), src_);
      TSNode up = ts_node_parent(parent);
      return method.size() > 1 && method.back() == '_' && method[method.size() - 2] != '_' && !ts_node_is_null(up) &&
             ts_node_symbol(up) == k_.call;
    }
    return false;
  }

  // Attribute templates: `{receiver}` and, for assignments `x.attr = v`, `{value}`;
  // cases: "load" (read), "store" (assignment target) and "write" (a read whose value is then
  // written through, see written_through) via `has`; a case with a reason reports the use.
  bool convert_attribute_template(const Ref& r, const ApiRecord& rec, TSNode receiver) {
    TSNode parent = r.parent;
    bool store = ts_node_symbol(parent) == k_.assignment &&
                 ts_node_child_by_field_id(parent, parse::NodeFields::get().left).id == r.node.id;
    const bool write = written_through(r);
    for (const auto& c : rec.cases) {
      bool wants_store = std::find(c.has.begin(), c.has.end(), "store") != c.has.end();
      bool wants_write = std::find(c.has.begin(), c.has.end(), "write") != c.has.end();
      if (wants_store != store || (wants_write && !write)) continue;
      if (c.template_text.empty()) {
        record(r.node, rec.torch, rec.paddle, UseStatus::kUnsupported, rec.rule, c.reason, -1);
        return true;
      }
      std::string recv = edits_.render(ts_node_start_byte(receiver), ts_node_end_byte(receiver));
      std::string value;
      uint32_t b = ts_node_start_byte(r.node), e = ts_node_end_byte(r.node);
      if (store) {
        TSNode right = ts_node_child_by_field_id(parent, parse::NodeFields::get().right);
        if (ts_node_is_null(right)) return false;
        value = edits_.render(ts_node_start_byte(right), ts_node_end_byte(right));
        if (value == "True") value = "False";
        else if (value == "False") value = "True";
        else value = "not (" + value + ")";
        e = ts_node_end_byte(right);
      }
      std::string text = c.template_text;
      auto count = [&](const std::string& key) {
        size_t n = 0;
        for (size_t p = text.find(key); p != std::string::npos; p = text.find(key, p + 1)) ++n;
        return n;
      };
      if (count("{receiver}") > 1 && !evaluates_alike_twice(receiver)) {
        // `torch.rand(2, 2).mT` would draw the tensor once per `{receiver}`.
        record(r.node, rec.torch, rec.paddle, UseStatus::kUnsupported, rec.rule,
               "the receiver of " + rec.torch + " must be a name or a value without calls: the Paddle form writes it twice", -1);
        return true;
      }
      auto replace_all = [&](const std::string& key, const std::string& with) {
        for (size_t p = text.find(key); p != std::string::npos; p = text.find(key, p + with.size())) {
          text.replace(p, key.size(), with);
        }
      };
      replace_all("{receiver}", recv);
      replace_all("{not_value}", value);
      if (!store) text = fit_to_context(r.parent, std::move(text));
      if (!edits_.replace_subsuming(b, e, text)) return false;
      RewriteOutcome o;
      o.templated = true;
      o.imports = c.imports;
      record(r.node, rec.torch, rec.paddle, UseStatus::kConverted, rec.rule, "", -1, &o);
      return true;
    }
    return false;
  }

  void on_identifier(const Ref& r) {
    semantic::ResolvedName rn = resolver_.resolve(r.scope, node_text(r.node, src_));
    if (rn.source == semantic::NameSource::kAmbiguous) {
      record_ambiguous(r.node, model_.imported_names[rn.import_index].qualname, rn.import_index);
      return;
    }
    const auto& imp = model_.imported_names[rn.import_index];
    std::string api(graph_.canonical(imp.qualname));
    const ApiRecord* rec = graph_.find(api);
    if (rec && replace_annotation(r, api, *rec, rn.import_index)) return;
    if (rec && delete_decorator(r, api, *rec, rn.import_index)) return;
    if (!rec || rec->status != ApiStatus::kMapped || rec->paddle.empty()) {
      record(r.node, api, "", UseStatus::kUnsupported, rec ? rec->rule : "kg", unconvertible_reason(rec, api), rn.import_index);
      return;
    }
    replace_reference(r, api, *rec, rn.import_index);
  }

  // A record with "decorator" in `delete_as` used bare as a decorator alone on its line
  // (`@torch.jit.export`): the line is deleted. False when it is not such a use.
  bool delete_decorator(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index) {
    if (!rec.delete_as_decorator || ts_node_is_null(r.parent) || ts_node_symbol(r.parent) != k_.decorator) return false;
    // The decorator node holds a comment that follows it on its line: the line ends with r.node.
    if (!delete_line_of(r.parent, ts_node_end_byte(r.node), false)) return false;
    record(r.node, api, "", UseStatus::kConverted, rec.rule + " delete_as", "", import_index);
    return true;
  }

  // Deletes the line holding only `node`, whose text ends at `e` (indentation and trailing blanks
  // aside: no comment, no `;`, nothing before it), line ending included. A statement (`statement`) that is the only
  // one of its block is kept: the block would be empty. False when nothing was deleted.
  bool delete_line_of(TSNode node, uint32_t e, bool statement) {
    uint32_t b = ts_node_start_byte(node);
    uint32_t ls = b;
    while (ls > 0 && (src_[ls - 1] == ' ' || src_[ls - 1] == '\t')) --ls;
    if (ls > 0 && src_[ls - 1] != '\n') return false;
    uint32_t le = e;
    while (le < src_.size() && (src_[le] == ' ' || src_[le] == '\t')) ++le;
    if (le < src_.size() && src_[le] == '\r') ++le;
    if (le < src_.size()) {
      if (src_[le] != '\n') return false;
      ++le;
    }
    if (statement) {
      TSNode block = ts_node_parent(node);
      if (ts_node_is_null(block)) return false;
      uint32_t statements = 0;
      for (uint32_t i = 0, n = ts_node_named_child_count(block); i < n; ++i) {
        if (ts_node_symbol(ts_node_named_child(block, i)) != k_.comment) ++statements;
      }
      if (statements < 2) return false;
    }
    edits_.note_name_node(node);
    if (!edits_.add({ls, le, ""})) return false;
    retract_uses_in({{ls, le}});
    return true;
  }

  // A torch API named inside a type annotation (`dtype: torch.dtype = ...`, `-> List[torch.dtype]`,
  // `x: Optional[torch.dtype] = None`) whose record gives an annotation spelling: replaced by it.
  // Only there: `isinstance(d, torch.dtype)` runs, an annotation does not. False when the record
  // has no such spelling or the name is not inside a `type` node.
  bool replace_annotation(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index) {
    if (rec.as_annotation.empty()) return false;
    bool annotation = false;
    for (TSNode n = ts_node_parent(r.node); !ts_node_is_null(n); n = ts_node_parent(n)) {
      std::string_view type(ts_node_type(n));
      if (type == "type") {
        annotation = true;
        break;
      }
      // An annotation ends at its statement or parameter; a lambda or call inside one is code.
      if (type == "call" || type == "lambda" || type == "block" || type == "module") break;
    }
    if (!annotation) return false;
    edits_.note_name_node(r.node);
    if (!edits_.add({ts_node_start_byte(r.node), ts_node_end_byte(r.node), rec.as_annotation})) {
      record(r.node, api, rec.as_annotation, UseStatus::kUnsupported, rec.rule, "conflicting edits", import_index);
      return true;
    }
    record(r.node, api, rec.as_annotation, UseStatus::kConverted, rec.rule, "", import_index);
    return true;
  }

  // A torch API named but not called (`nn.Module` as a base, `torch.float32`, `isinstance(x,
  // torch.Tensor)`, `@torch.no_grad`): replaced by its Paddle name, or by the record's reference
  // or decorator spelling.
  void replace_reference(const Ref& r, const std::string& api, const ApiRecord& rec, int32_t import_index) {
    TSNode node = r.node;
    TSNode parent = r.parent;
    bool bare_decorator = !ts_node_is_null(parent) && std::string_view(ts_node_type(parent)) == "decorator";
    if (const std::string* why = pylayer_base_problem(parent, api, types_)) {
      record(node, api, rec.paddle, UseStatus::kUnsupported, rec.rule, *why, import_index);
      return;
    }
    std::string text = rec.paddle;
    if (bare_decorator && !rec.as_decorator.empty()) {
      text = rec.as_decorator;
    } else if (!rec.as_reference.empty()) {
      text = rec.as_reference;
    } else if (rec.kind == "class" && rec.paddle_kind == "function") {
      record(node, api, rec.paddle, UseStatus::kUnsupported, rec.rule,
             "used as a type, but Paddle creates it with the function " + rec.paddle, import_index);
      return;
    }
    edits_.note_name_node(node);
    if (!edits_.add({ts_node_start_byte(node), ts_node_end_byte(node), text})) {
      record(node, api, rec.paddle, UseStatus::kUnsupported, rec.rule, "conflicting edits", import_index);
      return;
    }
    record(node, api, text, UseStatus::kConverted, rec.rule, "", import_index);
  }

  // Adds `text` as a statement right after `stmt`: on a line of its own with stmt's indentation
  // when stmt starts its logical line, else after `; ` on the same line (`if c: x = ...`,
  // `a = 1; x = ...`, a line continued by `\`: a new line there would leave the one-line body or
  // be indented wrongly).
  void add_after_statement(TSNode stmt, const std::string& text) {
    const base::StatementLine line = base::statement_line(src_, ts_node_start_byte(stmt));
    if (!line.starts_logical_line) {
      after_statements_.emplace_back(ts_node_end_byte(stmt), "; " + text, owner_);
      return;
    }
    after_statements_.emplace_back(ts_node_end_byte(stmt), nl_ + std::string(line.indent) + text, owner_);
  }

  // The run of comment-only lines that ends right before the line starting at `ls`.
  std::vector<std::string_view> comment_lines_above(uint32_t ls) const {
    std::vector<std::string_view> lines;
    uint32_t end = ls;
    while (end > 0) {
      uint32_t start = end - 1;  // end - 1 is the '\n' closing the previous line
      while (start > 0 && src_[start - 1] != '\n') --start;
      std::string_view line = src_.substr(start, end - 1 - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      size_t first = line.find_first_not_of(" \t");
      if (first == std::string_view::npos || line[first] != '#') break;
      lines.push_back(line);
      end = start;
    }
    return lines;
  }

  // A comment inside text an edit replaces (`torch  # c` in a dotted name split over lines, a
  // comment between the arguments of a call that a template rewrites) would be lost: it goes on
  // a line of its own above its statement, with the line's indentation, as a TODO does. Every
  // comment of the input stays in the output.
  // Where a comment line for the statement starting at `start` goes: the start of its line,
  // past a BOM. When that line starts inside an earlier statement (`s = """...` continued,
  // then `; y = f()`; or inside its brackets), the start of that statement's line instead: a
  // line inserted there would land inside the string or the call.
  uint32_t comment_line_for(uint32_t start) const {
    TSNode root = model_.scopes[0].node;
    for (;;) {
      uint32_t ls = start;
      while (ls > 0 && src_[ls - 1] != '\n') --ls;
      if (ls == 0) return src_.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // the BOM stays first
      uint32_t q = ls;
      // A form feed is whitespace before a statement too (Python resets the indentation there).
      while (q < start && (src_[q] == ' ' || src_[q] == '\t' || src_[q] == '\f')) ++q;
      if (q >= start) return ls;
      // Something precedes the statement on its line: the statement holding that first byte.
      uint32_t b = ts_node_start_byte(statement_holding(ts_node_descendant_for_byte_range(root, q, q)));
      if (b >= start) return ls;
      start = b;
    }
  }

  // The statement (a child of the module or of a block) that holds `n`. Walks up with
  // ts_node_parent, which searches from the root: for the rare comment placements only.
  TSNode statement_holding(TSNode n) const {
    for (TSNode up = ts_node_parent(n); !ts_node_is_null(up); up = ts_node_parent(n)) {
      TSSymbol sy = ts_node_symbol(up);
      if (sy == k_.module || sy == k_.block) break;
      n = up;
    }
    return n;
  }

  std::string line_indent(uint32_t ls) const {
    size_t b = ls;
    while (b < src_.size() && src_[b] == '\f') ++b;  // form feeds before the indentation count for nothing
    size_t e = b;
    while (e < src_.size() && (src_[e] == ' ' || src_[e] == '\t')) ++e;
    return std::string(src_.substr(b, e - b));
  }

  void keep_replaced_comments() {
    std::map<uint32_t, std::string> by_line;  // line start of the statement -> comment lines
    TSNode root = model_.scopes.empty() ? TSNode{} : model_.scopes[0].node;
    if (ts_node_is_null(root)) return;
    for (const auto& e : edits_.ordered()) {  // no copy of the edits
      if (e.begin >= e.end) continue;
      std::string_view removed = src_.substr(e.begin, e.end - e.begin);
      for (size_t p = removed.find('#'); p != std::string_view::npos; p = removed.find('#', p + 1)) {
        uint32_t at = e.begin + static_cast<uint32_t>(p);
        TSNode c = ts_node_descendant_for_byte_range(root, at, at + 1);
        if (ts_node_symbol(c) != k_.comment || ts_node_start_byte(c) != at) continue;  // in a string
        std::string_view text = node_text(c, src_);
        p = ts_node_end_byte(c) - e.begin - 1;
        if (e.text.find(text) != std::string::npos) continue;  // the edit keeps it
        uint32_t ls = comment_line_for(ts_node_start_byte(statement_holding(c)));
        // The grammar's comment token runs to the '\n': on a CRLF line it holds the '\r'.
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        by_line[ls] += line_indent(ls) + std::string(text) + nl_;
      }
    }
    for (const auto& [ls, text] : by_line) edits_.add({ls, ls, text, base::EditSide::kOpen, 1u << 30});
  }

  // Returns of a PyLayer's backward holding None for inputs of forward: left as written, with a
  // TODO above them, for review (semantic::backward_none_returns says why).
  void record_backward_returns() {
    for (const auto& b : types_.backward_returns()) {
      todo_at_.emplace_back(ts_node_start_byte(b.statement), uses_.size());
      ApiUse& u = uses_.emplace_back();
      u.offset = ts_node_start_byte(b.value);
      u.end = ts_node_end_byte(b.value);
      u.torch_api = "torch.autograd.Function.backward";
      u.paddle_api = "paddle.autograd.PyLayer.backward";
      u.status = UseStatus::kNeedsReview;
      u.rule = "autograd";
      u.reason = b.reason;
      use_owner_.push_back(next_owner_++);
      use_import_.push_back(-1);
    }
  }

  void add_todo_comments() {
    // One comment per unsupported API per statement, above the statement, with its indentation.
    // Each comment is kept with its API: the key that makes a second conversion add nothing.
    std::map<uint32_t, std::vector<std::pair<std::string, std::string>>> by_statement;
    for (const auto& [stmt_start, use_index] : todo_at_) {
      if (uses_[use_index].rule == "retracted") continue;
      auto& v = by_statement[stmt_start];
      const ApiUse& use = uses_[use_index];
      std::pair<std::string, std::string> c{(use.applied ? "review: " : "") + use.torch_api, todo_comment(use)};
      if (std::find(v.begin(), v.end(), c) == v.end()) v.push_back(std::move(c));
    }
    for (auto& [b, comments] : by_statement) {
      // The comment goes above the line, with the line's indentation (also when the statement
      // shares its line: `x = 1; y = torch.foo()`, `if a: y = torch.foo()`).
      uint32_t ls = comment_line_for(b);
      std::string indent = line_indent(ls);
      // Idempotence: a comment for the same API already in the block of comment lines right
      // above is kept once, even when its wording quoted an argument that has since been
      // converted (`approximate=torch.tensor(1)` -> `approximate=paddle.to_tensor(1)`).
      std::vector<std::string_view> above = comment_lines_above(ls);
      auto already_above = [&](const std::string& api) {
        const std::string key = indent + "# TODO(torch2paddle): " + api;
        for (std::string_view a : above) {
          if (a.size() > key.size() && a.substr(0, key.size()) == key && (a[key.size()] == ':' || a[key.size()] == ' ')) {
            return true;
          }
        }
        return false;
      };
      std::string text;
      for (const auto& [api, c] : comments) {
        if (already_above(api)) continue;
        text += indent + c + nl_;
      }
      if (!text.empty()) edits_.add({ls, ls, text, base::EditSide::kOpen, 1u << 30});
    }
  }

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
  bool methods_called_ready_ = false;
  // "scope:name" of a variable -> the methods the file calls on it (owner_by_usage)
  std::unordered_map<std::string, std::vector<std::string_view>> methods_called_;
  std::string nl_ = "\n";
  TSNode root_{};  // the tree's root, for the walk over string annotations
};

}  // namespace

std::string todo_comment(const ApiUse& use) {
  if (use.applied) return "# TODO(torch2paddle): review: " + use.torch_api + ": " + use.reason;
  if (use.reason == "Paddle has no equivalent" || use.reason == "no Paddle mapping yet" ||
      use.reason == "unknown to the knowledge graph") {
    return "# TODO(torch2paddle): " + use.torch_api + " has no Paddle equivalent yet";
  }
  return "# TODO(torch2paddle): " + use.torch_api + ": " + use.reason;
}

FileConversion convert_tree(const parse::SyntaxTree& tree, std::string_view source,
                            const kg::KnowledgeGraph& graph, const ConvertOptions& options,
                            const std::vector<uint32_t>& barred) {
  // A module the converted code needs whose name the file binds to something else (`logging`
  // after `from transformers import logging` that stays): convert again, reporting the calls
  // that would name it.
  Converter first(tree, source, graph, options, {}, &barred);
  FileConversion out = first.run();
  if (first.import_conflicts().empty()) return out;
  return Converter(tree, source, graph, options, first.import_conflicts(), &barred).run();
}

}  // namespace t2p::rules
