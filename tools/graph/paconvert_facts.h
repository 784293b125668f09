// tools/graph: merges the PaConvert facts of knowledge_graph/paconvert/ into the compiled graph, under
// the docs' edges and the curations, and applies the reviewed decisions on their disagreements.
#pragma once

#include <filesystem>

#include "graph/graph_compiler.h"

namespace t2p::kg {

// Called by load_graph_sources once the docs' edges are loaded and before the curations
// (mappings/) and templates (rules/) are applied, so the precedence is
// curation > docs > PaConvert:
// - every record gets `provenance.edge` ("paddle-docs", or the PaConvert source for an edge only
//   PaConvert knows) and, when PaConvert lists the API, `provenance.paconvert` (its Paddle API,
//   matcher, whether an argument map expresses it);
// - an API the docs neither map, alias nor list as missing becomes a record from PaConvert's
//   facts: mapped when they are plain and the Paddle API reference documents the Paddle API
//   (every Paddle keyword the edge writes is then checked against its signature), else known,
//   with the reason (`needs_template`, `paddle_api_not_in_reference`, ...);
// - PaConvert's aliases the docs lack are added when their canonical id is a record;
// - mappings/paconvert_decisions.jsonl: one reviewed decision per disagreement listed in
//   knowledge_graph/paconvert/disagreements.jsonl (`decision` = the torch id, `kind`, `arg`,
//   `winner`: docs | paconvert | curation | neither, `why`); `paconvert` applies PaConvert's fact
//   over the docs' one. A decision naming no listed disagreement is an error (stale entry).
// Problems go to `g->errors` as "file:line: reason". Without knowledge_graph/paconvert/ nothing
// changes.
void merge_paconvert_facts(const std::filesystem::path& root, CompiledGraph* g);

}  // namespace t2p::kg
