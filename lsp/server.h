// lsp: `torch2paddle lsp`, a Language Server Protocol 3.17 server over stdio. Front end only:
// diagnostics, quick fixes and hovers come from the engine (driver::convert_source,
// driver::single_fix, kg::KnowledgeGraph); this folder turns them into LSP messages.
//
// Threads: the calling thread reads messages and keeps the documents' text (didOpen, didChange,
// didClose, shutdown, exit; a notebook's cells: notebookDocument/*, lsp/notebook_sync.h); one worker converts documents, publishes their diagnostics (a short
// debounce after a change) and answers codeAction and hover from each document's last result,
// so a large file never blocks reading.
#pragma once

#include <cstdio>

#include "kg/knowledge_graph.h"
#include "rules/api_use.h"

namespace t2p::lsp {

struct ServerOptions {
  rules::ConvertOptions convert;
  int debounce_ms = 200;  // after didChange, before converting
};

// Serves one client on `in_fd` / `out` until `exit` or the end of the input. Returns the exit
// code LSP asks for: 0 after `shutdown` then `exit`, else 1.
int run_server(const kg::KnowledgeGraph& graph, const ServerOptions& options, int in_fd, FILE* out);

}  // namespace t2p::lsp
