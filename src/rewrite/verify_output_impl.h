// rewrite: the internals of verify_output (rewrite/verify_output.h), private to src/rewrite: the
// outline of the input, its units, the in-place check of edits and the document of units, defined by
// job in src/rewrite/verify_output*.cpp. Nothing outside those files includes this header.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"
#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "semantic/block_statements.h"

namespace t2p::rewrite::detail {

using base::Edit;
using base::EditSide;

// A statement of the input (a named child of the module or of a block), or a part of one with
// a header of its own: a clause (`elif`, `except`, ...) or the definition under decorators.
struct Entry {
  uint32_t start, end;
  uint32_t header_end;  // start of the first block child (the definition, for decorators); 0: none
  int32_t parent;       // enclosing entry, -1 at module level
  uint32_t subtree_end; // index after this entry's descendants
  TSSymbol symbol;
  bool statement;       // a child of the module or of a block (not a part)
  TSNode node;
};

// The compound statements that no edit touches are not expanded (no entries for their parts and
// inner statements, header_end 0): no unit is ever asked for inside them, and the planner's
// searches through the entries step over them as over any other statement.
// Members in verify_output_outline.cpp.
class Outline {
 public:
  // `blocks` (optional): the statements of the blocks, from the file model's walk; a block it
  // lacks is read from the tree.
  Outline(TSNode root, std::string_view src, const std::vector<Edit>& edits,
          const semantic::BlockStatements* blocks = nullptr);
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  bool touched(uint32_t start, uint32_t end) const;
  void container(TSNode node, int32_t parent);
  void add(TSNode node, int32_t parent, bool statement);
  bool compound(TSSymbol sy) const;
  void parts(TSNode node, int32_t idx);
  void part(TSNode child, int32_t idx);
  bool last_part(TSTreeCursor* c, int32_t idx);

  const parse::NodeKinds& s_;
  std::string_view src_;
  const std::vector<Edit>& edits_;  // in EditSet order: by begin
  const semantic::BlockStatements* blocks_;
  std::vector<uint32_t> max_end_;   // per edit: the largest end up to it
  bool all_ = false;                // edits out of order: expand everything
  std::vector<Entry> entries_;
};

// A region of the input, rendered with its edits and wrapped into a small module of its own.
struct Unit {
  uint32_t begin = 0, end = 0;  // [begin, end) of the input: whole lines
  std::string pre{};            // text before the rendered region
  std::string post{};           // text after it
  bool wrapped = false;         // inside `if 1:` (an indented region)
  TSSymbol expect = 0;          // 0: any statements; else exactly one statement of this kind
  int32_t entry = -1;   // the statement (statement units), or the entry whose header it is
  bool expression = false;  // one expression on a line of its own (see ExpressionChecker)
  // Expression units: insertions at their very start or end belong to them only when listed
  // here; the others (`[` before an argument) were checked with the argument list around.
  std::vector<const Edit*> own_ends{};
  // Header units: the dummy body (`pass`, or `def _(): pass` under decorators) starts this many
  // bytes into `post`, and must come out as the body: else the edited header took it in.
  bool header = false;
  uint32_t dummy = 0;
  // An expression unit that is an attribute or subscript, not a call: accepted only when the
  // scan proves it (see SimpleExpression); else its statement is parsed instead.
  bool scan_only = false;
};

inline bool blank(char c) { return c == ' ' || c == '\t'; }

// The unit of the input that holds an edit (unit_for): members in verify_output_units.cpp, but for
// the line helpers, kept inline.
class Planner {
 public:
  Planner(std::string_view src, const std::vector<Entry>& entries)
      : src_(src), e_(entries), s_(parse::NodeKinds::get()) {}

  bool unit_for(const Edit& edit, Unit* out) const;

 private:
  // Start of the line holding `o`. The scans back are bounded (kFar) so that many statements on
  // one huge line cost linear time: such units do not fit (see far()).
  static constexpr uint32_t kFar = 1u << 16;
  uint32_t line_start(uint32_t o) const {
    uint32_t limit = o > kFar ? o - kFar : 0;
    while (o > limit && src_[o - 1] != '\n') --o;
    return o;
  }
  bool far(uint32_t ls) const { return ls > 0 && src_[ls - 1] != '\n'; }
  // After the newline ending the line of `o` (or the end of the input); kNone when that is
  // further than kFar.
  static constexpr uint32_t kNone = UINT32_MAX;
  uint32_t line_end(uint32_t o) const {
    if (o >= src_.size()) return static_cast<uint32_t>(src_.size());
    size_t limit = std::min(src_.size(), static_cast<size_t>(o) + kFar);
    const void* nl = std::memchr(src_.data() + o, '\n', limit - o);
    if (nl) return static_cast<uint32_t>(static_cast<const char*>(nl) - src_.data() + 1);
    return limit == src_.size() ? static_cast<uint32_t>(limit) : kNone;
  }
  uint32_t first_code(uint32_t ls) const {
    while (ls < src_.size() && blank(src_[ls])) ++ls;
    return ls;
  }
  // Whether the line before the one starting at `ls` ends with a line continuation.
  bool continued(uint32_t ls) const {
    if (ls < 2) return false;
    uint32_t k = ls - 2;  // ls - 1 is the '\n'
    if (src_[k] == '\r') {
      if (k == 0) return false;
      --k;
    }
    return src_[k] == '\\';
  }

  int statement_unit_of(int32_t idx, Unit* out) const;
  int statement_unit(int32_t idx, Unit* out) const;
  bool header_unit(int32_t idx, Unit* out) const;

  std::string_view src_;
  const std::vector<Entry>& e_;
  const parse::NodeKinds& s_;
  mutable int32_t last_statement_ = -1;  // statement_unit_of()'s memo
  mutable int last_result_ = 0;
  mutable Unit last_unit_;
};

// Same placement rule as EditSet: an insertion at a region's start belongs to it unless it
// closes the construct before; at its end, unless it opens the one after.
inline bool inside(const Edit& e, uint32_t begin, uint32_t end) {
  if (e.begin < begin || e.end > end) return false;
  bool insertion = e.begin == e.end;
  if (insertion && e.begin == begin && e.side == EditSide::kClose) return false;
  if (insertion && e.begin == end && e.side == EditSide::kOpen) return false;
  return true;
}

// Checks the edits of one statement (or header) without re-parsing it, when every edit is
//   - a name replaced by a name (`torch.zeros` -> `paddle.zeros`, the keyword `dim` -> `axis`):
//     a lexical check, with the name's place in the tree saying whether a dotted name fits;
//   - comment or import lines inserted above the statement with its indentation (a TODO,
//     `import paddle`); an import statement replaced by import statements; whole lines removed
//     at module level; `\n<indent>f(x)` inserted after an expression statement, f(x) proven
//     by the scan (SimpleExpression);
//   - inside a call that is not inside a string: the call, with its edits, becomes an
//     expression unit, parsed on a line of its own (or proven by the scan), which must give one
//     call-like primary expression (a call, subscript, attribute, bracketed display): those fit
//     anywhere the call did. Outside calls, the innermost attribute or subscript where any
//     expression fits (an argument, an operand, an assigned value) is such a unit, when the
//     scan proves it (else the statement is parsed).
// Members in verify_output_in_place.cpp, the argument-list ones in verify_output_argument_lists.cpp.
class ExpressionChecker {
 public:
  ExpressionChecker(std::string_view src, const std::vector<TSNode>* name_nodes);

  size_t named() const { return named_; }

  bool split(const Entry& st, const Unit& unit, const Edit* first, const Edit* last,
             std::vector<Unit>* calls);

 private:
  struct Path {
    TSNode exact{};         // deepest node spanning exactly the edit
    TSNode exact_parent{};
    TSNode call{};          // innermost call containing the edit
    TSNode primary{};       // innermost attribute or subscript containing it, where any primary fits
    bool in_string = false; // an ancestor is a string (the edit is in an f-string's field)
    TSNode args{};          // innermost argument list containing the edit
    TSNode arg{};           // its child on the way down (null: the edit spans several)
  };

  // An edit of an argument list that keeps it a valid list on its own:
  //   kOpen `[` (or `name=[`) at the start of a positional argument with kClose `]` at the end
  //   of the same or a later one: the arguments in between become one list;
  //   kOpen `name=` at the start of a plain positional argument: it becomes a keyword argument;
  //   the deletion of whole arguments with their separators ([a.start, c.start), [a.end, c.end)
  //   for arguments a before c, or everything between the parentheses).
  enum class ArgKind : uint8_t { kOpen, kKeyword, kClose, kDelete };
  struct ArgEdit {
    const Edit* edit;
    TSNode list, call;
    ArgKind kind;
    bool keyword;  // kOpen: `name=[`
  };

  bool argument_edit(const Edit& e, const Path& p, ArgEdit* out) const;
  bool list_edits_fit(const ArgEdit* first, const ArgEdit* last) const;
  bool descend(TSNode top, uint32_t b, uint32_t e, Path* path) const;
  bool statement_after(const Edit& e, const Entry& st, std::string_view indent) const;
  bool expression_position(TSSymbol ps, bool first) const;
  static constexpr uint32_t kQuick = 4096;  // see quick_name_replacement()
  bool quick_name_replacement(TSNode top, const Edit& e) const;
  TSNode named_node(TSNode top, const Edit& e) const;
  bool name_replacement(const Path& p, std::string_view text) const;

  std::string_view src_;
  const parse::NodeKinds& s_;
  struct Named {
    uint32_t start;
    TSNode node;
  };
  std::vector<Named> named_at_;  // the name nodes handed over, by start
  std::vector<const Edit*> rest_;  // split()'s edits left to expression units
  std::vector<ArgEdit> arg_edits_; // split()'s argument-list edits
  mutable size_t named_ = 0;
  mutable int64_t budget_ = 0;
};

// The units of `units` that fail in the parsed document `doc` (verify_output_unit_shapes.cpp).
std::vector<size_t> failed_units(const parse::SyntaxTree& doc, const std::vector<const Unit*>& units,
                                 const std::vector<uint32_t>& offsets, const std::vector<uint32_t>& dummies);

// The document of units: each rendered with the edits inside it, wrapped, one after another.
// add and take_back_simple in verify_output_document.cpp.
struct Document {
  std::string text;
  std::vector<uint32_t> offsets;
  std::vector<const Unit*> units;
  std::vector<uint32_t> dummies;  // per unit: where its dummy body starts, or UINT32_MAX
  bool continuation = false;  // a unit ends with a line continuation
  bool reindented = false;    // a unit's first line of code lost its indentation

  void add(const Unit& u, std::string_view src, const Edit* first, const Edit* last);
  void finish() { offsets.push_back(static_cast<uint32_t>(text.size())); }

  struct Mark {
    size_t text, units;
    bool continuation, reindented;
  };
  Mark mark() const { return {text.size(), units.size(), continuation, reindented}; }
  void rollback(const Mark& m) {
    text.resize(m.text);
    offsets.resize(m.units);
    units.resize(m.units);
    dummies.resize(m.units);
    continuation = m.continuation;
    reindented = m.reindented;
  }

  bool take_back_simple(std::string_view src);
};

}  // namespace t2p::rewrite::detail
