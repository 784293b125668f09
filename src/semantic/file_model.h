// semantic: what one file's names refer to: imports, scopes, bindings, and the references the
// rules look at. Computed once per file by one walk over the tree.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/diagnostic.h"
#include "semantic/block_statements.h"

namespace t2p::semantic {

enum class ScopeKind : uint8_t { kModule, kFunction, kClass, kLambda, kComprehension };

// How a name is bound inside one scope. A name can be bound several ways (an import and an
// assignment): then what it refers to depends on control flow and we do not guess.
struct Binding {
  uint8_t import_count = 0;  // bound by an import statement
  uint8_t other_count = 0;   // bound by assignment, parameter, def, class, for, with, ...
  bool global = false;       // `global name` in this scope
  int32_t import_index = -1; // index into FileModel::imported_names of the (last) import
};

// Hashes std::string keys and std::string_view lookups alike (no string built per lookup).
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view k) const { return std::hash<std::string_view>()(k); }
};

// How every scope binds its names: (scope, name) -> Binding. Each name bound anywhere in the file
// has an id, so that a lookup through several scopes hashes the name's text once and then costs
// an integer probe per scope.
class Bindings {
 public:
  // The id of a name some scope binds, or -1 (then no scope binds it).
  int32_t id_of(std::string_view name) const {
    auto it = ids_.find(name);
    return it == ids_.end() ? -1 : it->second;
  }
  int32_t intern(std::string_view name) {
    auto it = ids_.find(name);
    if (it == ids_.end()) it = ids_.emplace(std::string(name), static_cast<int32_t>(ids_.size())).first;
    return it->second;
  }
  const Binding* find(int32_t scope, int32_t id) const {
    if (slots_.empty()) return nullptr;
    const uint64_t k = key(scope, id);
    for (size_t i = start(k);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i].key == k) return &slots_[i].binding;
      if (slots_[i].key == kFree) return nullptr;
    }
  }
  // The binding of `id` in `scope`, made (unbound so far) when missing. Valid until the next get.
  Binding& get(int32_t scope, int32_t id);

 private:
  static constexpr uint64_t kFree = ~uint64_t{0};
  static uint64_t key(int32_t scope, int32_t id) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(scope)) << 32) | static_cast<uint32_t>(id);
  }
  size_t start(uint64_t k) const { return static_cast<size_t>((k * 0x9E3779B97F4A7C15ull) >> 32) & (slots_.size() - 1); }
  struct Slot {
    uint64_t key = kFree;
    Binding binding;
  };
  std::unordered_map<std::string, int32_t, NameHash, std::equal_to<>> ids_;
  std::vector<Slot> slots_;  // open addressing: a power of two, at most half full
  size_t count_ = 0;
};

struct Scope {
  ScopeKind kind = ScopeKind::kModule;
  int32_t parent = -1;
  TSNode node{};
  int32_t class_index = -1;  // for class scopes and methods: index into FileModel::classes
  // Parameter list and return annotation of a function or lambda: evaluated in the enclosing
  // scope (defaults, annotations), so references there resolve from the parent.
  uint32_t header_begin = 0, header_end = 0;  // (its names are in FileModel::bindings)
};

// One name bound by an import: `import torch.nn as nn` binds `nn` -> "torch.nn";
// `import torch.nn` binds `torch` -> "torch"; `from torch import nn` binds `nn` -> "torch.nn".
struct ImportedName {
  std::string local;       // the bound name
  std::string qualname;    // what it refers to
  int32_t statement = -1;  // index into FileModel::imports; -1 for a ModuleAlias
  TSNode item{};           // the dotted_name / aliased_import node inside the statement
  bool is_torch = false;   // refers into a converted family (torch, torchvision, transformers, ...)
  int32_t uses = 0;        // references resolved through this name
  int32_t converted = 0;   // of those, references the rewrite replaced
};

// A module-level name bound once, by an assignment, to a torch module (`F = nn.functional`):
// semantic/module_aliases.h makes it an ImportedName without a statement, so that `F.softmax`
// resolves as through `import torch.nn.functional as F`.
struct ModuleAlias {
  int32_t import_index = -1;  // the ImportedName of the alias (its statement is -1)
  int32_t root_import = -1;   // the import that binds the value's root (`nn`)
  TSNode target{};            // `F`
  TSNode value{};             // `nn.functional`
  TSNode statement{};         // the expression statement of the assignment
};

struct ImportStatement {
  TSNode node{};
  int32_t scope = 0;
  bool is_from = false;
  bool is_relative = false;
  std::vector<int32_t> names;  // indices into imported_names, in source order
};

// A user class: its bases and the attributes assigned on `self` in its methods.
struct ClassInfo {
  std::string name;
  TSNode node{};
  int32_t scope = 0;  // the scope the class is defined in
  std::vector<TSNode> bases;
  // How `self.name` got its value: assigned, or registered by a torch.nn.Module method (whose
  // value is then a tensor or None whatever the argument's expression: PyTorch checks it).
  enum class Registered : uint8_t { kAssigned, kBuffer, kParameter };
  struct SelfAttribute {
    std::string name;
    TSNode value{};
    int32_t scope = 0;  // the method that assigns it
    Registered how = Registered::kAssigned;
  };
  // `self.fc = nn.Linear(...)`; `self.register_buffer("fb", fb)` (semantic/registered_attributes.h)
  std::vector<SelfAttribute> self_attributes;
};

struct Assignment {
  TSNode target{};
  TSNode value{};       // null for a bare annotation `x: T`
  TSNode annotation{};  // `x: T = v`: T
  int32_t scope = 0;
  bool is_for = false;  // `for target in value`, also a comprehension's clause
  // `with value as target`: the target is what value's __enter__ returns, which is value itself
  // only for some kinds (an open file); readers that take `value` for the target's value skip it.
  bool is_with = false;
};

struct Parameter {
  std::string name;
  TSNode annotation{};  // null node when absent
  TSNode default_value{};  // null node when absent
  int32_t scope = 0;    // the function's scope
  uint32_t position = 0;
};

struct Reference {
  TSNode node{};
  int32_t scope = 0;
  TSNode parent{};     // recorded by the walk: ts_node_parent costs O(depth) in tree-sitter 0.20
  TSNode statement{};  // the statement (child of a block or the module) that contains the node
  bool in_fstring = false;  // inside an f-string's replacement field (FileModel::fstrings)
};

// An f-string (`f"{x!r:{w}}"`): the walk enters its replacement fields like any code, so the
// names used there are references. Pre-3.12 Python forbids in a replacement field the string's
// own quote, a backslash, a comment, and (in a single-quoted string) a line break: a rewrite
// there must not write them (rules check, rewrite/verify_names.h checks again).
struct FString {
  uint32_t begin = 0, end = 0;  // the string node's bytes
  char quote = '"';
  bool triple = false;
};

// Text the grammar does not parse as code but that names things: a type comment
// (`# type: (torch.Tensor) -> None`) or a string annotation (`def f(x: "torch.Tensor")`).
// A name used there keeps its import (the converter counts it as a use).
struct NamedInText {
  TSNode node{};       // the comment or the string
  int32_t scope = 0;   // where its names resolve
  TSNode statement{};  // where a TODO for it goes
  bool comment = false;
};

// What the file-model walk saw of the nodes the resolver, the type inference and the rules take
// apart again and again, by node id: the two fields of every attribute (object, attribute), call
// (function, arguments) and keyword argument (name, value), and the items of every argument
// list. ts_node_child_by_field_id costs hundreds of instructions per call in tree-sitter 0.20
// and ts_node_child(i) walks from the first child. Entries are kept densely, indexed by an
// open-addressing table; about 5 bytes per byte of source.
class FieldCache {
 public:
  enum class Owner : uint8_t { kAttribute, kCall, kKeywordArgument, kArgumentList };
  struct Fields {
    TSNode first{};   // attribute: object; call: function; keyword argument: name
    TSNode second{};  // attribute: attribute; call: arguments; keyword argument: value
    uint32_t items_begin = 0;  // argument list: its named children but comments, in
    uint32_t items_count = 0;  //   FileModel::argument_items[items_begin, items_begin + items_count)
    Owner owner = Owner::kAttribute;
    bool trailing_comma = false;  // argument list: a comma after its last item
  };
  // Room for `n` entries without growing.
  void reserve(size_t n);
  // All nodes added belong to one tree (the first node's).
  void add(TSNode node, const Fields& fields);
  // False when the node was not recorded (the walk skips strings, imports, ...) or belongs to
  // another tree than the nodes added.
  bool find(TSNode node, Fields* out) const {
    const void* id = node.id;
    if (slots_.empty() || id == nullptr || node.tree != tree_) return false;
    for (size_t i = slot(id);; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == 0) return false;
      const Entry& e = entries_[slots_[i] - 1];
      if (e.key != id) continue;
      out->first = unpack(e.first);
      out->second = unpack(e.second);
      out->items_begin = e.items_begin;
      out->items_count = e.items_count;
      out->owner = e.owner;
      out->trailing_comma = e.trailing_comma;
      return true;
    }
  }

 private:
  // A node without its tree (the same for all): memory is about 7 bytes per byte of source.
  struct Packed {
    uint32_t context[4];
    const void* id;
  };
  struct Entry {
    const void* key;
    Packed first, second;
    uint32_t items_begin, items_count;
    Owner owner;
    bool trailing_comma;
  };
  static Packed pack(TSNode n) { return {{n.context[0], n.context[1], n.context[2], n.context[3]}, n.id}; }
  TSNode unpack(const Packed& p) const {
    if (p.id == nullptr) return TSNode{};
    return TSNode{{p.context[0], p.context[1], p.context[2], p.context[3]}, p.id, tree_};
  }
  void rehash(size_t size);
  size_t slot(const void* id) const {
    auto h = reinterpret_cast<uintptr_t>(id) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h >> 32) & (slots_.size() - 1);
  }
  std::vector<uint32_t> slots_;  // index into entries_ + 1, 0 for a free slot; a power of two
  std::vector<Entry> entries_;
  const TSTree* tree_ = nullptr;
};

struct FileModel {
  std::vector<Scope> scopes;  // scopes[0] is the module
  Bindings bindings;          // the names each scope binds
  std::vector<ImportStatement> imports;
  std::vector<ImportedName> imported_names;
  std::vector<ModuleAlias> module_aliases;  // in source order
  std::vector<ClassInfo> classes;
  std::vector<Assignment> assignments;  // in source order
  std::vector<Parameter> parameters;
  std::vector<Reference> calls;        // every call, pre-order
  std::vector<Reference> attributes;   // maximal attribute chains that are not a call's callee
  // Attributes that are the object of another (`x.real` in `x.real.sum()`, `t.device` in
  // `t.device.type`): a tensor attribute Paddle spells otherwise may hide inside a chain.
  std::vector<Reference> inner_attributes;
  std::vector<Reference> identifiers;  // bare names in load position that an import may bind
  std::vector<Reference> functions;    // function definitions with their own scope
  std::vector<Reference> returns;      // `return <value>`: the value, in the function's scope
  std::vector<FString> fstrings;       // in source order of their start
  std::vector<NamedInText> named_in_text;  // type comments and string annotations, in order
  std::unordered_map<uintptr_t, int32_t> scope_of_node;  // scope-opening node id -> scope
  FieldCache fields;  // fields of attribute, call and keyword argument nodes; use the accessors
  std::vector<TSNode> argument_items;  // items of the argument lists in `fields`
  BlockStatements block_statements;  // the statements of each block and of the module
  bool has_wildcard_torch_import = false;
  // The first Python 2 construct the grammar still accepts (`print "x"`, `exec "code"`,
  // `except E, e:`): such a file is reported, not converted. Null node when none.
  TSNode python2{};
  const char* python2_what = nullptr;
  // The first statement or clause at a column Python refuses (parse/indentation_check.h), told
  // by the walk that builds the model: a conversion needs no walk of its own for the check.
  std::optional<base::Diagnostic> indentation_error;

  // The fields of an attribute node (`object`, `attribute`) and of a call node (`function`,
  // `arguments`): what ts_node_child_by_field_id gives, from `fields` when the walk saw the node.
  TSNode object_of(TSNode attribute) const;
  TSNode attribute_of(TSNode attribute) const;
  TSNode function_of(TSNode call) const;
  TSNode arguments_of(TSNode call) const;
  // The `name` and `value` of a keyword_argument node.
  TSNode keyword_name_of(TSNode keyword_argument) const;
  TSNode keyword_value_of(TSNode keyword_argument) const;
  // The named children of an argument_list node but comments, in order, and whether a comma
  // follows the last of them. False when the walk did not see the list.
  bool argument_list_items(TSNode list, const TSNode** items, uint32_t* count, bool* trailing_comma) const;
};

}  // namespace t2p::semantic
