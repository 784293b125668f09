// rewrite: proves that a converted file parses, at a cost that follows the edited text.
//
// Each edit is mapped to the smallest unit of the input tree that holds it: a statement (with
// the statements sharing its lines), the header of a compound statement or clause (`def f(x:
// T):`, `elif c:`, `except E:`), or the decorator lines of a definition. The units are rendered
// with their edits applied, wrapped so they parse on their own (`if 1:` around an indented
// block, `pass` as a header's body), and parsed together as one small document. The output
// parses when every unit parses cleanly with the same shape. Most edits of a statement or a
// header are checked in place instead, without parsing it: names for names, argument-list
// edits, comment and import lines, a call statement inserted after a statement, lexically; any
// other edit inside a call (or an attribute or subscript where any expression fits) with just
// that call as a unit of its own, proven by a scan when it is made of simple parts (see
// simple_call_like) and parsed otherwise. Whenever an edit does not fit this scheme, or the
// local check fails, the whole output is parsed instead, which is the final word: a local
// failure never fails a file by itself.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/edit.h"
#include "parse/syntax_tree.h"
#include "rewrite/simple_expression.h"  // simple_call_like, for callers and tests
#include "semantic/block_statements.h"

namespace t2p::rewrite {

enum class VerifyMode : uint8_t {
  kLocal,  // units around the edits; the full re-parse only as a fallback
  kFull,   // always re-parse the whole output (debugging: T2P_VERIFY=full)
  kBoth,   // both; abort when the local check passes an output the full parse rejects
           // (T2P_VERIFY=both, for testing the local scheme on a corpus)
};

// What a verification did, for tests and profiling.
struct VerifyStats {
  size_t units = 0;          // units checked locally
  size_t scanned = 0;        // of them, call units proven by a scan (simple_call_like), not parsed
  size_t local_bytes = 0;    // size of the document parsed for the others
  bool full_parse = false;   // the whole output was parsed
  const char* fallback = ""; // why, when full_parse ("" otherwise)
  size_t named = 0;          // name edits placed by a node from `name_nodes`, without a search
};

// T2P_VERIFY=full selects kFull, T2P_VERIFY=both kBoth; anything else kLocal. Read once.
// T2P_VERIFY_TRACE=1 prints to stderr why a whole output was re-parsed.
VerifyMode verify_mode_from_env();

// Checks that `output` parses without ERROR or MISSING nodes. `output` must be `source` with
// `edits` applied, `edits` in EditSet order (as EditSet::edits() returns them), and `tree` the
// error-free tree of `source`. Returns the first syntax error of `output` (from a full parse,
// so its line and column are in `output`), or nothing when it parses.
// `name_nodes` (optional; rules::FileConversion::name_nodes): nodes of `tree`, in any order,
// that edits may replace whole by a name. Each is checked before use (same tree, the edit's
// exact range, an attribute or identifier), so any list gives the same answer; a right one
// replaces the search of the tree for most name edits.
// `blocks` (optional; rules::FileConversion::blocks): the statements of the blocks of `tree` as
// the file model recorded them; they spare the outline its walk over the touched blocks. A block
// missing from them (or from another tree) is read from the tree, so any value gives the same answer.
std::optional<base::Diagnostic> verify_output(const parse::SyntaxTree& tree, std::string_view source,
                                              const std::vector<base::Edit>& edits,
                                              std::string_view output, parse::PythonParser& parser,
                                              VerifyMode mode, VerifyStats* stats = nullptr,
                                              const std::vector<TSNode>* name_nodes = nullptr,
                                              const semantic::BlockStatements* blocks = nullptr);

}  // namespace t2p::rewrite
