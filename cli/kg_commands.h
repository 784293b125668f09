// cli: the knowledge-graph commands about where facts come from: `kg import-paconvert`, `kg list`,
// and the story printed by `kg query` (sources, argument map, templates, golden cases).
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "kg/knowledge_graph.h"

namespace t2p::cli {

// `kg import-paconvert DIR`: writes knowledge_graph/paconvert/ (kg/paconvert_importer.h) and
// prints the counts. 0 when the tables were read.
int kg_import_paconvert(const std::string& dir, const std::string& kg_dir, const std::string& reference,
                        const std::string& out);

// `kg list [--source S] [--status S]`: one line per record, `id<TAB>status<TAB>edge source`, for
// the records whose edge source starts with `source` and whose status is `status` (empty: any).
int kg_list(const kg::KnowledgeGraph& graph, const std::string& source, const std::string& status, std::ostream& out);

// The story of one compiled record, after its JSON: where the edge comes from, PaConvert's opinion,
// each argument with its source, curations, template, decisions, aliases, and the golden cases under
// `golden` (each `<case>/input.py`, converted with the graph) that convert it.
void print_story(const kg::KnowledgeGraph& graph, const std::string& id, const nlohmann::json& rec,
                 const std::filesystem::path& golden, std::ostream& out);

}  // namespace t2p::cli
