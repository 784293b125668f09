// rules: the report rows (ApiUse) of the uses the converter finds, and why a use is not converted.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "rules/file_converter_impl.h"

namespace t2p::rules::detail {

// Records a use; `import_index` >= 0 counts it against the import it came through. A converted
// use needs the modules its `outcome`'s template names, or else the root of `paddle_api` (the
// Paddle name or text written: `paddlenlp.transformers.AddedToken` needs `import paddlenlp`).
// The strings taken by value are moved into the report row (callers move their last use).
void Converter::record(TSNode node, std::string torch_api, const std::string& paddle_api,
                       UseStatus status, std::string rule, std::string reason,
                       int32_t import_index, const RewriteOutcome* outcome) {
  if (status == UseStatus::kConverted) {
    if (import_index < 0) object_converted_ = true;  // a method or attribute of an object
    for_each_module_needed(outcome, paddle_api, [&](std::string_view m) {
      if (needed_.find(m) == needed_.end()) needed_.emplace(m);
    });
  }
  // Converted with a review note (RewriteOutcome::review): counted as converted for the
  // imports, reported as needs review, with a TODO line above the statement. A use left as
  // written for review (a method on a receiver of unknown kind) gets its TODO line too: the file
  // is what people read, and `x.view(n, m)` left there fails at run time if `x` is a tensor.
  const bool review = status == UseStatus::kConverted && outcome && !outcome->review.empty();
  if (status == UseStatus::kUnsupported || status == UseStatus::kNeedsReview || review) {
    todo_at_.emplace_back(ts_node_start_byte(current_->statement), uses_.size());
  }
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
void Converter::record_ambiguous(TSNode node, std::string api, int32_t import_index) {
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

// Uses inside source ranges an outer rewrite removed (a dropped `weights=Enum.DEFAULT`
// argument) are gone from the output: forget them, and what they kept alive.
void Converter::retract_uses_in(const std::vector<std::pair<uint32_t, uint32_t>>& ranges) {
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
std::string Converter::unconvertible_reason(const ApiRecord* rec, std::string_view api) const {
  std::string own = record_reason(rec);
  if (own == "unknown to the knowledge graph" || own == "Paddle has no equivalent" || own == "no Paddle mapping yet" ||
      own == "needs a composite rewrite by hand") {
    if (const std::string* family = graph_.prefix_reason(api)) return *family;
  }
  return own;
}

std::string Converter::record_reason(const ApiRecord* rec) {
  if (!rec) return "unknown to the knowledge graph";
  // A rule that only reports (rules/*.jsonl cases with a reason and no template) says why, for
  // a reference too: `torch.backends.cudnn.benchmark = True`, `x: torch.jit.Final[int]`.
  if (rec->reports_only()) return rec->cases.back().reason;
  if (rec->status == ApiStatus::kNotImplemented) return "Paddle has no equivalent";
  if (rec->reason == "return_differs") return "Paddle returns a different value; needs a rewrite by hand";
  if (rec->reason == "composite") return "needs a composite rewrite by hand";
  return "no Paddle mapping yet";
}

bool Converter::mark_ambiguous_root(TSNode expr, const Ref& r) {
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

// `getattr(sys.modules[__name__], name)`, `globals()[name]`: the module's names looked up by a
// string the converter cannot read (skorch's LRScheduler(policy="StepLR")). A torch name that a
// module-level `from ... import` binds, and that the code names nowhere else, would lose its
// import; so such imports stay, and the lookup is reported once.
void Converter::record_dynamic_lookups() {
  // The torch names such a lookup could reach that would lose their import: none, no scan.
  std::vector<int32_t> reachable;
  for (const semantic::ImportStatement& st : model_.imports) {
    if (!st.is_from || st.scope != 0) continue;
    for (int32_t i : st.names) {
      const semantic::ImportedName& imp = model_.imported_names[i];
      if (imp.is_torch && imp.uses == imp.converted) reachable.push_back(i);  // else kept anyway
    }
  }
  if (reachable.empty()) return;
  TSNode lookup{};
  for (const semantic::Reference& c : model_.calls) {
    // The callee from the walk's field cache, not a field lookup in the tree (every call of a
    // file that may lose a torch import is looked at).
    std::string_view callee = node_text(model_.function_of(c.node), src_);
    // `vars(args)` reads an object's attributes; only `vars()` and `globals()` are the module's.
    TSNode args = callee == "vars" || callee == "getattr" ? model_.arguments_of(c.node) : TSNode{};
    const uint32_t n = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
    if (callee == "globals" || (callee == "vars" && !ts_node_is_null(args) && n == 0) ||
        (callee == "getattr" && n > 0 && node_text(ts_node_named_child(args, 0), src_) == "sys.modules[__name__]")) {
      lookup = c.node;
      break;
    }
  }
  if (ts_node_is_null(lookup)) return;
  std::string names;
  for (int32_t i : reachable) {
    names += (names.empty() ? "" : ", ") + model_.imported_names[i].local;
    if (i != reachable.front()) ++model_.imported_names[i].uses;  // kept: the lookup may ask for it
  }
  report_outside_references(lookup, statement_holding(lookup), "dynamic lookup of module names",
                            "this module's names are looked up by a string here, and the torch imports that bind " + names +
                                " stay for it: bind the Paddle counterparts a string may ask for to those names instead",
                            reachable.front());
}

// An unsupported use found after the walk over the references (an import, a lookup), with a fix
// number of its own and its TODO line above `statement`.
void Converter::report_outside_references(TSNode node, TSNode statement, std::string api, std::string reason,
                                          int32_t import_index, std::string rule) {
  Ref at{node, 0, RefKind::kIdentifier, TSNode{}, statement, false};
  current_ = &at;
  owner_ = next_owner_++;
  edits_.set_owner(owner_);
  record(node, std::move(api), "", UseStatus::kUnsupported, std::move(rule), std::move(reason), import_index);
  current_ = nullptr;
}

// A torch-family module imported in a class body (`import transformers as _transformers` under
// `class Tokenizer:`) is a class attribute, read as `self._transformers.AutoTokenizer`: no name
// of the file refers to it, so the import would look unused and go, and those reads, which the
// converter does not follow, would fail. The import stays, reported.
void Converter::record_class_body_imports() {
  for (const semantic::ImportStatement& st : model_.imports) {
    if (st.scope <= 0 || model_.scopes[st.scope].kind != semantic::ScopeKind::kClass) continue;
    for (int32_t i : st.names) {
      const semantic::ImportedName& imp = model_.imported_names[i];
      if (!imp.is_torch) continue;
      report_outside_references(imp.item, st.node, imp.qualname,
                                "imported into a class body, " + imp.local + " is a class attribute (read as self." +
                                    imp.local + "...), which the converter does not follow: the import stays; "
                                    "convert what is read through it by hand",
                                i);
    }
  }
}

// `from torch.hub import load_state_dict_from_url  # noqa: F401`, or a name listed in `__all__`:
// imported for other modules, which import it from here and call it with PyTorch's arguments.
// Nothing in the file uses it, so the import would go (other modules then fail to import it) or
// stay without a word (the file unchanged, still needing torch). It stays, reported.
void Converter::record_reexported_imports() {
  const bool has_all = src_.find("__all__") != std::string_view::npos;
  for (const semantic::ImportStatement& st : model_.imports) {
    if (!st.is_from || st.scope != 0) continue;
    const uint32_t line_end = static_cast<uint32_t>(std::min(src_.size(), src_.find('\n', ts_node_end_byte(st.node))));
    const std::string_view rest = src_.substr(ts_node_end_byte(st.node), line_end - ts_node_end_byte(st.node));
    const bool noqa = rest.find("noqa") != std::string_view::npos;
    for (int32_t i : st.names) {
      const semantic::ImportedName& imp = model_.imported_names[i];
      if (!imp.is_torch || imp.uses != 0) continue;
      const bool listed = has_all && (src_.find("'" + imp.local + "'") != std::string_view::npos ||
                                      src_.find("\"" + imp.local + "\"") != std::string_view::npos);
      if (!noqa && !listed) continue;
      report_outside_references(imp.item, st.node, imp.qualname,
                                imp.local + " is imported here for other modules (" + std::string(noqa ? "noqa" : "__all__") +
                                    "), which call PyTorch's " + imp.qualname + " with PyTorch's arguments: the "
                                    "import stays; import Paddle's counterpart in those modules and convert their calls",
                                i);
    }
  }
}

}  // namespace t2p::rules::detail
