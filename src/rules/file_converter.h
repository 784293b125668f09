// rules: converts one parsed file: finds every PyTorch API use (calls, attributes, names,
// methods on tensors/modules/optimizers), plans the edits, fixes imports, adds TODO comments.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/edit.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"
#include "rules/api_use.h"
#include "semantic/block_statements.h"

namespace t2p::rules {

// The engine's result for one file: its findings (the uses, each with the index of its fix),
// the fixes, and every edit in apply order. Applying them is a separate step
// (rewrite/apply_edits.h); `output` is filled by the caller that applies them.
struct FileConversion {
  std::string output;        // the converted text, once applied (driver::convert_source)
  bool changed = false;      // some edit was planned
  std::vector<ApiUse> uses;  // sorted by offset; ApiUse::fix indexes `fixes`
  // Every edit, in apply order: the fixes' (base::Edit::owner: the converter's number of the use)
  // and the file-level ones (imports, comments kept from replaced code, TODO lines), which go
  // with the whole set of fixes.
  std::vector<base::Edit> edits;
  std::vector<Fix> fixes;
  // Nodes of the input tree that name edits replace whole (rewrite::EditSet::note_name_node),
  // in no particular order: handed to verify_output, they spare it most of its searches.
  std::vector<TSNode> name_nodes;
  // The statements of each block of the input tree, from the file model: handed to
  // verify_output, they spare its outline a walk over the blocks the edits touch.
  semantic::BlockStatements blocks;
  std::optional<base::Diagnostic> refused;  // the file is not converted (Python 2 syntax, statements at two indents)
  // The output would use a name unbound, or bound to something else than in the input
  // (rewrite/verify_names.h): the file is not converted. Null when every name is bound as before.
  std::optional<base::Diagnostic> unbound;
  // The statements (start, end) holding a converted call, sorted, once each: where the driver
  // looks for the statement whose Paddle form does not parse (driver/statement_fallback.h).
  std::vector<std::pair<uint32_t, uint32_t>> statements;
};

// The reason given for the uses of a statement left as written because its converted form
// did not parse.
inline constexpr const char* kUnparsableReason = "internal: the Paddle form did not parse";

// Converts the file. `barred`: start offsets of statements whose calls are left as written and
// reported as unsupported (kUnparsableReason): their converted form did not parse.
FileConversion convert_tree(const parse::SyntaxTree& tree, std::string_view source,
                            const kg::KnowledgeGraph& graph, const ConvertOptions& options,
                            const std::vector<uint32_t>& barred = {});

// The comment put above a statement that keeps an unsupported API.
std::string todo_comment(const ApiUse& use);

}  // namespace t2p::rules
