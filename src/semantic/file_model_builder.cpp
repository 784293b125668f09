#include "semantic/file_model_builder.h"
#include "semantic/registered_attributes.h"

#include <algorithm>
#include <string>

#include "parse/indentation_check.h"
#include "parse/node_kinds.h"
#include "semantic/code_names.h"

namespace t2p::semantic {
namespace {

using parse::node_text;

bool same_node(TSNode a, TSNode b) { return a.id == b.id; }

// Whether `child` (a child of `parent`) is its first one: for an attribute its object, for a call
// its function, for a keyword argument its name. A byte comparison, not a field lookup.
bool starts_parent(TSNode child, TSNode parent) { return ts_node_start_byte(child) == ts_node_start_byte(parent); }

// What the walk does on entering a node, by symbol: one table lookup instead of a chain of
// comparisons with every kind (most nodes are punctuation and expressions with no action).
enum class Action : uint8_t {
  kNone, kIdentifier, kCall, kAttribute, kImport, kImportFrom, kSkip, kFunction, kClass, kLambda,
  kComprehension, kForIn, kAssignment, kAugmented, kFor, kAsPattern, kNamed, kGlobal, kNonlocal,
  kPrint, kExec, kExcept, kReturn, kString, kComment,
};

class ActionTable {
 public:
  ActionTable() {
    const parse::NodeKinds& k = parse::NodeKinds::get();
    actions_.assign(ts_language_symbol_count(tree_sitter_python()), Action::kNone);
    // In the order enter_node used to test them: with two kinds of one symbol, the first wins.
    const std::pair<TSSymbol, Action> order[] = {
        {k.identifier, Action::kIdentifier}, {k.call, Action::kCall},
        {k.attribute, Action::kAttribute}, {k.import_statement, Action::kImport},
        {k.import_from_statement, Action::kImportFrom}, {k.future_import_statement, Action::kSkip},
        {k.function_definition, Action::kFunction}, {k.class_definition, Action::kClass},
        {k.lambda, Action::kLambda}, {k.list_comprehension, Action::kComprehension},
        {k.set_comprehension, Action::kComprehension}, {k.dictionary_comprehension, Action::kComprehension},
        {k.generator_expression, Action::kComprehension}, {k.for_in_clause, Action::kForIn},
        {k.assignment, Action::kAssignment}, {k.augmented_assignment, Action::kAugmented},
        {k.for_statement, Action::kFor}, {k.as_pattern, Action::kAsPattern},
        {k.named_expression, Action::kNamed}, {k.global_statement, Action::kGlobal},
        {k.nonlocal_statement, Action::kNonlocal}, {k.print_statement, Action::kPrint},
        {k.exec_statement, Action::kExec}, {k.except_clause, Action::kExcept},
        {k.return_statement, Action::kReturn}, {k.comment, Action::kComment}, {k.string, Action::kString},
        {k.integer, Action::kSkip}, {k.float_, Action::kSkip},
    };
    owners_.assign(actions_.size(), 0);
    const std::pair<TSSymbol, FieldCache::Owner> owners[] = {
        {k.attribute, FieldCache::Owner::kAttribute}, {k.call, FieldCache::Owner::kCall},
        {k.keyword_argument, FieldCache::Owner::kKeywordArgument},
        {k.argument_list, FieldCache::Owner::kArgumentList},
    };
    for (const auto& [symbol, owner] : owners) {
      if (symbol < owners_.size()) owners_[symbol] = static_cast<uint8_t>(owner) + 1;
    }
    std::vector<bool> set(actions_.size(), false);
    for (const auto& [symbol, action] : order) {
      if (symbol >= actions_.size() || set[symbol]) continue;
      set[symbol] = true;
      actions_[symbol] = action;
    }
    flags_.assign(actions_.size(), 0);
    for (size_t i = 0; i < flags_.size(); ++i) {
      Action a = actions_[i];
      if (owners_[i] != 0) flags_[i] |= kOwner;
      if (a == Action::kAssignment || a == Action::kFor || a == Action::kForIn || a == Action::kAugmented ||
          a == Action::kNamed) {
        flags_[i] |= kBinder;
      }
      if (a == Action::kFunction || a == Action::kClass || a == Action::kLambda || a == Action::kComprehension) {
        flags_[i] |= kScope;
      }
    }
    for (TSSymbol b : {k.block, k.module}) {
      if (b < flags_.size()) flags_[b] |= kStatements;
    }
    for (TSSymbol p : {k.parameters, k.lambda_parameters}) {
      if (p < flags_.size()) flags_[p] |= kParams;
    }
    if (k.string < flags_.size()) flags_[k.string] |= kString;
    for (TSSymbol c : {k.elif_clause, k.else_clause, k.except_clause, k.except_group_clause, k.finally_clause}) {
      if (c < flags_.size()) flags_[c] |= kClause;
    }
  }

  static constexpr uint8_t kStatements = 1;  // its children are statements (a block, the module)
  static constexpr uint8_t kOwner = 2;       // FileModel::fields keeps its fields or items
  static constexpr uint8_t kBinder = 4;      // binds its target child (Builder::note_binder_child)
  static constexpr uint8_t kScope = 8;       // opens a scope
  static constexpr uint8_t kParams = 16;     // a parameter list (Builder::note_parameter)
  static constexpr uint8_t kString = 32;     // a string: may be an f-string the walk enters
  static constexpr uint8_t kClause = 64;     // `elif`, `else`, `except`, `finally`: at its statement's column
  Action operator[](TSSymbol s) const { return s < actions_.size() ? actions_[s] : Action::kNone; }
  // What a node of symbol `s` asks of the walk beyond its action (kStatements, kOwner, ...).
  uint8_t flags(TSSymbol s) const { return s < flags_.size() ? flags_[s] : 0; }
  // Whether the walk keeps the fields or items of nodes of symbol `s` (FileModel::fields).
  bool owns_fields(TSSymbol s, FieldCache::Owner* owner) const {
    if (s >= owners_.size() || owners_[s] == 0) return false;
    *owner = static_cast<FieldCache::Owner>(owners_[s] - 1);
    return true;
  }

 private:
  std::vector<Action> actions_;
  std::vector<uint8_t> owners_;  // FieldCache::Owner + 1, 0 for none
  std::vector<uint8_t> flags_;
};

const ActionTable& actions() {
  static const ActionTable table;
  return table;
}

class Builder {
 public:
  Builder(std::string_view source, FileModel* model, const kg::ConvertedRoots& roots)
      : src_(source), m_(*model), roots_(roots), k_(parse::NodeKinds::get()), actions_(actions()), indentation_(source) {}

  void run(TSNode root) {
    open_scope(ScopeKind::kModule, root, -1);
    path_.reserve(64);
    TSTreeCursor cursor = ts_tree_cursor_new(root);
    // Iterative pre-order walk; `leave` runs when the cursor moves past a node's subtree. Each
    // node on the path counts the children not entered yet (ts_node_child_count is the number
    // of children the cursor visits): the cursor is not asked for a first child of a leaf nor
    // for a sibling after the last child, moves that fail and cost as much as those that
    // succeed (a failing goto_next_sibling climbs out of the grammar's hidden nodes). Most
    // leaves (punctuation, names) are entered and left at once, without joining the path.
    Entered e = enter(root);
    for (;;) {
      if (e == Entered::kDescend && path_.back().left > 0 && ts_tree_cursor_goto_first_child(&cursor)) {
        e = enter(ts_tree_cursor_current_node(&cursor));
        continue;
      }
      if (e != Entered::kLeft) leave();
      for (;;) {
        if (path_.empty()) {
          ts_tree_cursor_delete(&cursor);
          m_.indentation_error = indentation_.error();
          return;
        }
        if (path_.back().left > 0 && ts_tree_cursor_goto_next_sibling(&cursor)) break;
        ts_tree_cursor_goto_parent(&cursor);
        leave();
      }
      e = enter(ts_tree_cursor_current_node(&cursor));
    }
  }

 private:
  int32_t current() const { return scope_stack_.back(); }

  // The scope a reference at `node` is evaluated in: defaults and annotations of a function's
  // parameters belong to the enclosing scope.
  int32_t scope_for(TSNode node) const {
    const Scope& sc = m_.scopes[current()];
    if (sc.header_end > sc.header_begin && sc.parent >= 0) {
      uint32_t b = ts_node_start_byte(node);
      if (b >= sc.header_begin && b < sc.header_end) return sc.parent;
    }
    return current();
  }

  void open_scope(ScopeKind kind, TSNode node, int32_t class_index) {
    Scope s;
    s.kind = kind;
    s.parent = scope_stack_.empty() ? -1 : current();
    s.node = node;
    s.class_index = class_index;
    m_.scopes.push_back(std::move(s));
    int32_t idx = static_cast<int32_t>(m_.scopes.size() - 1);
    m_.scope_of_node[reinterpret_cast<uintptr_t>(node.id)] = idx;
    scope_stack_.push_back(idx);
  }

  void bind(int32_t scope, std::string_view name, int32_t import_index = -1) {
    // After `global name`, assignments and imports bind the module's name.
    const int32_t id = m_.bindings.intern(name);
    if (scope != 0) {
      const Binding* in_scope = m_.bindings.find(scope, id);
      if (in_scope && in_scope->global) scope = 0;
    }
    Binding& b = m_.bindings.get(scope, id);
    if (import_index >= 0) {
      if (b.import_count < 255) ++b.import_count;
      b.import_index = import_index;
    } else if (b.other_count < 255) {
      ++b.other_count;
    }
  }

  // Binds every identifier of an assignment / for / with target.
  void bind_target(TSNode target) {
    TSSymbol s = ts_node_symbol(target);
    if (s == k_.identifier) {
      bind(current(), node_text(target, src_));
      return;
    }
    if (s == k_.attribute || s == k_.subscript) return;  // not a name binding
    uint32_t n = ts_node_named_child_count(target);
    for (uint32_t i = 0; i < n; ++i) bind_target(ts_node_named_child(target, i));
  }

  bool is_parameter_name(TSNode node, TSNode parent, TSSymbol ps) const {
    if (ps == k_.parameters || ps == k_.lambda_parameters || ps == k_.list_splat_pattern ||
        ps == k_.dictionary_splat_pattern) {
      return true;
    }
    if (ps == k_.default_parameter || ps == k_.typed_default_parameter) {
      return same_node(ts_node_child_by_field_id(parent, parse::NodeFields::get().name), node);
    }
    if (ps == k_.typed_parameter) return same_node(ts_node_named_child(parent, 0), node);
    return false;
  }

  // A child of a function's or lambda's parameter list (the walk enters them in order): binds
  // the parameter in the function's scope (the current one) and records it. Its position
  // counts the named children before it, comments and separators included.
  void note_parameter(TSNode p, TSSymbol s) {
    if (!ts_node_is_named(p)) return;
    const uint32_t i = open_params_.back().second++;
    const int32_t scope = current();
    TSNode name_node{};
    TSNode annotation{};
    TSNode default_value{};
    if (s == k_.identifier) {
      name_node = p;
    } else if (s == k_.default_parameter || s == k_.typed_default_parameter) {
      name_node = ts_node_child_by_field_id(p, parse::NodeFields::get().name);
      default_value = ts_node_child_by_field_id(p, parse::NodeFields::get().value);
      if (s == k_.typed_default_parameter) annotation = ts_node_child_by_field_id(p, parse::NodeFields::get().type);
    } else if (s == k_.typed_parameter) {
      annotation = ts_node_child_by_field_id(p, parse::NodeFields::get().type);
      TSNode first = ts_node_named_child(p, 0);
      if (ts_node_symbol(first) == k_.identifier) name_node = first;
      else if (ts_node_named_child_count(first) > 0) name_node = ts_node_named_child(first, 0);
    } else if (s == k_.list_splat_pattern || s == k_.dictionary_splat_pattern) {
      if (ts_node_named_child_count(p) > 0) name_node = ts_node_named_child(p, 0);
    }
    if (!ts_node_is_null(name_node) && ts_node_symbol(name_node) == k_.identifier) {
      std::string_view name = node_text(name_node, src_);
      bind(scope, name);
      m_.parameters.push_back({std::string(name), annotation, default_value, scope, i});
    }
  }

  void record_import(TSNode node, bool is_from) {
    ImportStatement st;
    st.node = node;
    st.scope = current();
    st.is_from = is_from;
    int32_t stmt_index = static_cast<int32_t>(m_.imports.size());
    std::string module;
    if (is_from) {
      TSNode mod = ts_node_child_by_field_id(node, parse::NodeFields::get().module_name);
      if (ts_node_symbol(mod) == k_.relative_import) {
        st.is_relative = true;  // relative imports are the user's own modules: left alone
        m_.imports.push_back(std::move(st));
        return;
      }
      module = std::string(node_text(mod, src_));
    }
    uint32_t n = ts_node_named_child_count(node);
    for (uint32_t i = 0; i < n; ++i) {
      TSNode item = ts_node_named_child(node, i);
      TSSymbol s = ts_node_symbol(item);
      if (is_from && i == 0) continue;  // the module name
      if (s == k_.wildcard_import) {
        if (roots_.contains_root_of(module)) m_.has_wildcard_torch_import = true;
        continue;
      }
      ImportedName name;
      name.statement = stmt_index;
      name.item = item;
      std::string dotted;
      std::string alias;
      if (s == k_.aliased_import) {
        dotted = std::string(node_text(ts_node_child_by_field_id(item, parse::NodeFields::get().name), src_));
        alias = std::string(node_text(ts_node_child_by_field_id(item, parse::NodeFields::get().alias), src_));
      } else if (s == k_.dotted_name) {
        dotted = std::string(node_text(item, src_));
      } else {
        continue;
      }
      if (is_from) {
        name.qualname = module + "." + dotted;
        name.local = alias.empty() ? dotted : alias;
      } else if (!alias.empty()) {
        name.qualname = dotted;
        name.local = alias;
      } else {
        // `import torch.nn` binds only `torch`.
        name.local = dotted.substr(0, dotted.find('.'));
        name.qualname = name.local;
      }
      name.is_torch = roots_.contains_root_of(name.qualname);
      int32_t idx = static_cast<int32_t>(m_.imported_names.size());
      bind(current(), name.local, idx);
      st.names.push_back(idx);
      m_.imported_names.push_back(std::move(name));
    }
    m_.imports.push_back(std::move(st));
  }

  int32_t enclosing_class_of_function() const {
    // A method: the function's parent scope is a class scope.
    const Scope& fn = m_.scopes[current()];
    if (fn.parent >= 0 && m_.scopes[fn.parent].kind == ScopeKind::kClass) {
      return m_.scopes[fn.parent].class_index;
    }
    return -1;
  }

  enum class Entered : uint8_t {
    kDescend,  // on the path; its children are to be entered
    kSkip,     // on the path; its children are skipped
    kLeft,     // a leaf, entered and left already (not on the path)
  };

  // Keeps the path from the root to `node` (parents and the current statement) so nothing
  // has to ask tree-sitter for a parent.
  Entered enter(TSNode node) {
    const bool root = path_.empty();
    TSSymbol s = ts_node_symbol(node);
    const uint8_t flags = actions_.flags(s);
    const Action action = actions_[s];
    uint32_t children = ts_node_child_count(node);
    bool statement = false;
    if (!root) {
      PathEntry& parent = path_.back();
      --parent.left;
      parent_ = parent.node;
      parent_symbol_ = parent.symbol;
      statement = parent.flags & ActionTable::kStatements;
      if (statement) {
        statements_.push_back(node);
        if (s != k_.comment && ts_node_is_named(node)) pending_statements_.push_back(node);
        // The indentation check (parse/indentation_check.h) told in this walk's pre-order: the
        // statements of each block, and below the clauses of compound statements.
        if (s != k_.comment && !indentation_.error() && ts_node_is_named(node)) {
          indentation_.statement(node, s, &blocks_.back());
        }
      }
      if ((flags & ActionTable::kClause) && !indentation_.error()) indentation_.clause(node, parent.node);
      if (parent.flags & ActionTable::kOwner) note_field(node, s);
      if (parent.flags & ActionTable::kBinder) note_binder_child(node, s);
      if ((parent.flags & ActionTable::kParams) && !open_params_.empty() && open_params_.back().first == parent.node.id) {
        note_parameter(node, s);
      }
      if (children == 0 && flags == 0) {
        // A leaf that keeps nothing of its own: entered and left at once (it opens no scope).
        // Most are punctuation, with no action at all.
        if (action != Action::kNone) enter_node(node, action);
        if (statement) statements_.pop_back();
        return Entered::kLeft;
      }
    } else {
      parent_ = TSNode{};
      parent_symbol_ = 0;
    }
    path_.push_back({node, s, flags, statement, children});
    if (flags & ActionTable::kStatements) {
      blocks_.emplace_back();
      open_blocks_.push_back(static_cast<uint32_t>(pending_statements_.size()));
    }
    FieldCache::Owner owner;
    if ((flags & ActionTable::kOwner) && actions_.owns_fields(s, &owner)) {
      FieldCache::Fields f{TSNode{}, TSNode{}, static_cast<uint32_t>(pending_items_.size()), 0, owner, false};
      open_fields_.push_back(f);
    }
    return action == Action::kNone || enter_node(node, action) ? Entered::kDescend : Entered::kSkip;
  }

  // A child of the node on top of open_fields_ (the innermost one on the path that keeps
  // fields, so its parent). The fields are told by position, as the grammar builds these nodes:
  // `object . attribute` (an identifier), `function arguments` (an argument_list or a
  // generator_expression), `name = value`. The first child is never a comment (tree-sitter
  // leaves leading extras outside a node); comments elsewhere are skipped. An argument list
  // keeps its named children but comments, as items, and whether a comma followed the last.
  void note_field(TSNode child, TSSymbol child_symbol) {
    FieldCache::Fields& fields = open_fields_.back();
    switch (fields.owner) {
      case FieldCache::Owner::kArgumentList:
        if (!ts_node_is_named(child)) {
          if (node_text(child, src_) == ",") fields.trailing_comma = true;
        } else if (child_symbol != k_.comment) {
          pending_items_.push_back(child);
          fields.trailing_comma = false;
        }
        return;
      case FieldCache::Owner::kAttribute:
      case FieldCache::Owner::kCall:
      case FieldCache::Owner::kKeywordArgument:
        if (fields.first.id == nullptr) {
          fields.first = child;
        } else if (fields.second.id == nullptr && child_symbol != k_.comment && second_field(fields.owner, child, child_symbol)) {
          fields.second = child;
        }
        return;
    }
  }

  bool second_field(FieldCache::Owner owner, TSNode child, TSSymbol child_symbol) const {
    if (owner == FieldCache::Owner::kCall) return child_symbol == k_.argument_list || child_symbol == k_.generator_expression;
    if (owner == FieldCache::Owner::kAttribute) return child_symbol == k_.identifier;
    return ts_node_is_named(child);  // the value after `=`
  }

  // A child of the binder (ActionTable::kBinder: assignments, `for` statements and clauses,
  // augmented assignments, walrus) on top of binders_, its parent. The walk reads the binding
  // target (and for assignments and `for` a value and an annotation) instead of asking
  // tree-sitter for their fields. The grammar's shapes, by position:
  // the target is the first named child (`left = right`, `left: type = right`, `left += right`,
  // `name := value`, `for left in right`); an assignment's annotation follows `:` and its value
  // `=`; a for statement's value is its second named child. Comments are skipped.
  void note_binder_child(TSNode child, TSSymbol child_symbol) {
    Binder& b = binders_.back();
    if (!ts_node_is_named(child)) {
      if (b.action == Action::kAssignment) {
        std::string_view t = node_text(child, src_);
        if (t == ":" || t == "=") b.after = t[0];
      }
      return;
    }
    if (child_symbol == k_.comment) return;
    ++b.named;
    if (b.named == 1) {
      bind_target(child);
      if (b.assignment >= 0) m_.assignments[b.assignment].target = child;
      return;
    }
    if (b.assignment < 0) return;
    Assignment& a = m_.assignments[b.assignment];
    if (b.action == Action::kFor || b.action == Action::kForIn) {
      if (b.named == 2) a.value = child;
    } else if (b.after == ':' && ts_node_is_null(a.annotation)) {
      a.annotation = child;
    } else if (b.after == '=' && ts_node_is_null(a.value)) {
      a.value = child;
      record_self_attribute(a.target, child);
    }
  }

  Reference ref(TSNode node, int32_t scope) const {
    return Reference{node, scope, parent_, statements_.empty() ? node : statements_.back(), !open_fstrings_.empty()};
  }

  // A string: an f-string is entered (its replacement fields are code, `f"{torch.__version__}"`)
  // and recorded; a string annotation (`x: "torch.Tensor"`) is recorded for the names it holds;
  // any other string is skipped.
  bool enter_string(TSNode node) {
    const uint32_t b = ts_node_start_byte(node), e = ts_node_end_byte(node);
    uint32_t q = b;
    bool f = false;
    for (; q < e && src_[q] != '"' && src_[q] != '\''; ++q) {
      if ((src_[q] | 0x20) == 'f') f = true;  // the prefix: f, rf, Fr, ...
    }
    if (f && q < e) {
      const bool triple = q + 2 < e && src_[q + 1] == src_[q] && src_[q + 2] == src_[q];
      m_.fstrings.push_back({b, e, src_[q], triple});
      open_fstrings_.push_back(node.id);
      return true;
    }
    if (parent_symbol_ == k_.type) {
      m_.named_in_text.push_back({node, scope_for(node), statements_.empty() ? node : statements_.back(), false});
    }
    return false;
  }

  // A comment: a type comment (`# type: (torch.Tensor) -> None`, not `# type: ignore`) is
  // recorded for the names it holds. Its TODO goes above the comment's line, or, for a comment
  // alone on its line inside a block (a function's signature comment right below its `def`),
  // above the enclosing statement, so nothing comes between a `def` and its type comment.
  void enter_comment(TSNode node) {
    if (type_comment_text(node_text(node, src_)).empty()) return;
    TSNode statement = statements_.empty() ? node : statements_.back();
    if (statements_.size() >= 2 && statements_.back().id == node.id) {
      uint32_t ls = ts_node_start_byte(node);
      while (ls > 0 && (src_[ls - 1] == ' ' || src_[ls - 1] == '\t')) --ls;
      if (ls == 0 || src_[ls - 1] == '\n') statement = statements_[statements_.size() - 2];
    }
    m_.named_in_text.push_back({node, current(), statement, true});
  }

  // What the walk does on entering a node of this action (not kNone); false to skip its children.
  bool enter_node(TSNode node, Action action) {
    switch (action) {
      case Action::kNone:
        return true;
      case Action::kSkip:
        return false;
      case Action::kString:
        return enter_string(node);
      case Action::kComment:
        enter_comment(node);
        return false;
      case Action::kIdentifier: {
        TSNode parent = parent_;
        TSSymbol ps = parent_symbol_;
        // Names inside attributes, calls and keyword names are handled through their parents.
        if (ps == k_.attribute || ps == k_.keyword_argument) {
          // A keyword argument's name, an attribute's object and a call's function are the
          // children that start where their parent starts.
          if (ps == k_.keyword_argument && !starts_parent(node, parent)) {
            m_.identifiers.push_back(ref(node, scope_for(node)));
          }
          return false;
        }
        if (ps == k_.call && starts_parent(node, parent)) return false;
        if (is_parameter_name(node, parent, ps)) return false;  // a binding, not a reference
        m_.identifiers.push_back(ref(node, scope_for(node)));
        return false;
      }
      case Action::kCall:
        m_.calls.push_back(ref(node, scope_for(node)));
        return true;
      case Action::kAttribute: {
        TSNode parent = parent_;
        TSSymbol ps = parent_symbol_;
        bool is_object_of_parent = ps == k_.attribute && starts_parent(node, parent);
        bool is_callee = ps == k_.call && starts_parent(node, parent);
        if (!is_object_of_parent && !is_callee) m_.attributes.push_back(ref(node, scope_for(node)));
        else if (is_object_of_parent) m_.inner_attributes.push_back(ref(node, scope_for(node)));
        return true;
      }
      case Action::kImport:
        record_import(node, false);
        return false;
      case Action::kImportFrom:
        record_import(node, true);
        return false;
      case Action::kFunction: {
        TSNode name = ts_node_child_by_field_id(node, parse::NodeFields::get().name);
        bind(current(), node_text(name, src_));
        open_scope(ScopeKind::kFunction, node, enclosing_class_of_scope(current()));
        m_.functions.push_back({node, current()});
        TSNode params = ts_node_child_by_field_id(node, parse::NodeFields::get().parameters);
        TSNode ret = ts_node_child_by_field_id(node, parse::NodeFields::get().return_type);
        m_.scopes[current()].header_begin = ts_node_start_byte(params);
        m_.scopes[current()].header_end = ts_node_is_null(ret) ? ts_node_end_byte(params) : ts_node_end_byte(ret);
        open_params_.push_back({params.id, 0});  // bound as the walk enters them (note_parameter)
        return true;
      }
      case Action::kClass: {
        TSNode name = ts_node_child_by_field_id(node, parse::NodeFields::get().name);
        bind(current(), node_text(name, src_));
        ClassInfo info;
        info.name = std::string(node_text(name, src_));
        info.node = node;
        info.scope = current();
        TSNode supers = ts_node_child_by_field_id(node, parse::NodeFields::get().superclasses);
        if (!ts_node_is_null(supers)) {
          uint32_t n = ts_node_named_child_count(supers);
          for (uint32_t i = 0; i < n; ++i) {
            TSNode b = ts_node_named_child(supers, i);
            if (ts_node_symbol(b) != k_.keyword_argument) info.bases.push_back(b);
          }
        }
        m_.classes.push_back(std::move(info));
        open_scope(ScopeKind::kClass, node, static_cast<int32_t>(m_.classes.size() - 1));
        return true;
      }
      case Action::kLambda: {
        open_scope(ScopeKind::kLambda, node, -1);
        TSNode params = ts_node_child_by_field_id(node, parse::NodeFields::get().parameters);
        if (!ts_node_is_null(params)) {
          m_.scopes[current()].header_begin = ts_node_start_byte(params);
          m_.scopes[current()].header_end = ts_node_end_byte(params);
          open_params_.push_back({params.id, 0});
        }
        return true;
      }
      case Action::kComprehension:
        open_scope(ScopeKind::kComprehension, node, -1);
        return true;
      case Action::kAugmented:
      case Action::kNamed:
        // The target is bound when the walk enters it (note_binder_child).
        binders_.push_back({action, -1, 0, 0});
        return true;
      case Action::kAssignment:
      case Action::kFor:
      case Action::kForIn: {  // a comprehension's `for left in right` binds as a loop does
        // Recorded now, in source order; target, value and annotation are filled in as the
        // walk enters them (note_binder_child).
        Assignment a;
        a.scope = current();
        a.is_for = action == Action::kFor || action == Action::kForIn;
        m_.assignments.push_back(a);
        binders_.push_back({action, static_cast<int32_t>(m_.assignments.size() - 1), 0, 0});
        return true;
      }
      case Action::kAsPattern: {
        TSNode alias = ts_node_child_by_field_id(node, parse::NodeFields::get().alias);
        if (!ts_node_is_null(alias)) {
          TSNode target = ts_node_named_child_count(alias) > 0 ? ts_node_named_child(alias, 0) : alias;
          bind_target(target);
          TSNode parent = ts_node_parent(node);
          if (ts_node_symbol(parent) == k_.with_item && ts_node_symbol(target) == k_.identifier &&
              ts_node_named_child_count(node) > 0) {
            Assignment a;
            a.target = target;
            a.value = ts_node_named_child(node, 0);
            a.scope = current();
            a.is_with = true;
            m_.assignments.push_back(a);
          }
        }
        return true;
      }
      case Action::kGlobal:
      case Action::kNonlocal: {
        uint32_t n = ts_node_named_child_count(node);
        for (uint32_t i = 0; i < n; ++i) {
          Binding& b = m_.bindings.get(current(), m_.bindings.intern(node_text(ts_node_named_child(node, i), src_)));
          if (action == Action::kGlobal) b.global = true;
          else if (b.other_count < 255) ++b.other_count;
        }
        return false;
      }
      case Action::kPrint:
        note_python2(node, "print statement");
        return false;
      case Action::kExec:
        note_python2(node, "exec statement");
        return false;
      case Action::kExcept: {
        // `except E, e:`: a comma directly in the clause, before its block.
        uint32_t n = ts_node_child_count(node);
        for (uint32_t i = 0; i < n; ++i) {
          TSNode c = ts_node_child(node, i);
          if (ts_node_symbol(c) == k_.block) break;
          if (!ts_node_is_named(c) && node_text(c, src_) == ",") note_python2(node, "except with a comma");
        }
        return true;
      }
      case Action::kReturn:
        if (ts_node_named_child_count(node) > 0) m_.returns.push_back({ts_node_named_child(node, 0), current()});
        return true;
    }
    return true;
  }

  int32_t enclosing_class_of_scope(int32_t scope) const {
    const Scope& sc = m_.scopes[scope];
    return sc.kind == ScopeKind::kClass ? sc.class_index : -1;
  }

  // `self.fc = nn.Linear(...)` inside a method records attribute `fc` on the class.
  void record_self_attribute(TSNode left, TSNode right) {
    if (ts_node_symbol(left) != k_.attribute) return;
    const Scope& sc = m_.scopes[current()];
    if (sc.kind != ScopeKind::kFunction || sc.class_index < 0) return;
    TSNode obj = m_.object_of(left);
    if (ts_node_symbol(obj) != k_.identifier || node_text(obj, src_) != "self") return;
    TSNode attr = m_.attribute_of(left);
    m_.classes[sc.class_index].self_attributes.push_back({std::string(node_text(attr, src_)), right, current()});
  }

  void note_python2(TSNode node, const char* what) {
    if (!ts_node_is_null(m_.python2)) return;
    m_.python2 = node;
    m_.python2_what = what;
  }

  // Leaves the current node (the cursor's): the last one of `path_`.
  void leave() {
    const PathEntry& e = path_.back();
    if (e.flags == 0 && !e.statement) {  // most nodes: nothing to close
      path_.pop_back();
      return;
    }

    if ((e.flags & ActionTable::kScope) && scope_stack_.size() > 1 && same_node(m_.scopes[current()].node, e.node)) {
      scope_stack_.pop_back();
    }
    if (e.statement) statements_.pop_back();
    if (e.flags & ActionTable::kStatements) {
      blocks_.pop_back();
      // Its statements are the pending ones from where it opened on (nested blocks took theirs).
      // Recorded only here: every child of a node left was entered.
      const uint32_t begin = open_blocks_.back();
      open_blocks_.pop_back();
      m_.block_statements.add(e.node, pending_statements_.data() + begin,
                              static_cast<uint32_t>(pending_statements_.size() - begin));
      pending_statements_.resize(begin);
    }
    if ((e.flags & ActionTable::kString) && !open_fstrings_.empty() && open_fstrings_.back() == e.node.id) {
      open_fstrings_.pop_back();
    }
    if ((e.flags & ActionTable::kParams) && !open_params_.empty() && open_params_.back().first == e.node.id) {
      open_params_.pop_back();
    }
    if (e.flags & ActionTable::kBinder) {
      const Binder& b = binders_.back();
      if (b.action == Action::kAssignment) {
        // A bare `x` with neither value nor annotation is no assignment to infer from.
        const Assignment& a = m_.assignments[b.assignment];
        if (ts_node_is_null(a.value) && ts_node_is_null(a.annotation)) {
          m_.assignments.erase(m_.assignments.begin() + b.assignment);
        }
      }
      binders_.pop_back();
    }
    FieldCache::Owner owner;
    if ((e.flags & ActionTable::kOwner) && actions_.owns_fields(e.symbol, &owner)) {
      FieldCache::Fields& f = open_fields_.back();
      if (owner == FieldCache::Owner::kArgumentList) {
        // Its items are the pending ones from items_begin on (nested lists took theirs).
        uint32_t begin = f.items_begin;
        f.items_begin = static_cast<uint32_t>(m_.argument_items.size());
        f.items_count = static_cast<uint32_t>(pending_items_.size() - begin);
        m_.argument_items.insert(m_.argument_items.end(), pending_items_.begin() + begin, pending_items_.end());
        pending_items_.resize(begin);
      }
      m_.fields.add(e.node, f);
      open_fields_.pop_back();
    }
    path_.pop_back();
  }

  std::string_view src_;
  FileModel& m_;
  const kg::ConvertedRoots& roots_;
  const parse::NodeKinds& k_;
  const ActionTable& actions_;
  std::vector<int32_t> scope_stack_;
  struct PathEntry {
    TSNode node;
    TSSymbol symbol;  // ts_node_symbol once per node
    uint8_t flags;    // ActionTable::flags of the symbol
    bool statement;   // a child of a block or the module (on statements_)
    uint32_t left;    // children not entered yet
  };
  std::vector<PathEntry> path_;  // root .. current node (leaves entered and left at once aside)
  std::vector<TSNode> statements_;  // enclosing statements, innermost last
  parse::IndentationCheck indentation_;
  std::vector<parse::IndentationCheck::Block> blocks_;  // the module and blocks on the path, innermost last
  // The nodes on the path whose fields or items are kept (FieldCache::Owner), innermost last,
  // with what was seen of them so far.
  std::vector<FieldCache::Fields> open_fields_;
  std::vector<TSNode> pending_items_;  // items of the argument lists on the path, outermost first
  // Statements of the blocks (and the module) on the path, outermost first, and where each
  // open block's start in it (FileModel::block_statements).
  std::vector<TSNode> pending_statements_;
  std::vector<uint32_t> open_blocks_;
  struct Binder {
    Action action;
    int32_t assignment;  // index into m_.assignments (assignments and for statements), else -1
    uint8_t named;       // named children but comments entered so far
    char after;          // an assignment: the last `:` or `=` entered, else 0
  };
  std::vector<Binder> binders_;  // binders on the path, innermost last
  // Parameter lists of the functions and lambdas on the path, innermost last: the list's node
  // id and the position of its next named child.
  std::vector<std::pair<const void*, uint32_t>> open_params_;
  std::vector<const void*> open_fstrings_;  // ids of the f-strings on the path, innermost last
  TSNode parent_{};                 // parent of the node being entered
  TSSymbol parent_symbol_ = 0;      // its symbol (0 for the root)
};

}  // namespace

FileModel build_file_model(const parse::SyntaxTree& tree, std::string_view source,
                           const kg::ConvertedRoots& roots) {
  FileModel model;
  model.scopes.reserve(16);
  model.calls.reserve(256);
  model.identifiers.reserve(512);
  // About one attribute, call, keyword argument or argument list per 17 bytes of Python; room
  // for them up front saves growing the table (bounded: a huge file grows it as it goes).
  model.fields.reserve(std::min<size_t>(source.size() / 16, 1 << 14));
  Builder(source, &model, roots).run(tree.root());
  add_registered_attributes(&model, source);
  return model;
}

}  // namespace t2p::semantic
