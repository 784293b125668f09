// tools/graph, doc importer: turns PaddlePaddle's PyTorch-to-Paddle mapping docs into knowledge_graph/ JSON Lines.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace t2p::kg {

struct DocImportReport {
  int files_read = 0;      // per-API docs read (api_difference*/<family>/*.md)
  int files_imported = 0;  // docs that produced a maps_to or not_implemented line
  int aliases = 0;         // alias_of lines written
  int not_implemented = 0; // not_implemented lines written (master table and "missing" docs)
  int torch_nodes = 0;     // nodes written for the documented (PyTorch-side) APIs
  int paddle_nodes = 0;    // nodes written for the Paddle-side APIs (paddle, paddlenlp, ...)
  int edges = 0;           // maps_to lines written
  std::vector<std::string> problems;  // "path: reason" for anything it could not parse
};

// Parses the docs under docs_root (the folder holding api_difference/,
// api_difference_third_party/ and pytorch_api_mapping_cn.md) and writes under out_dir:
//   apis/<family>.jsonl   one node per documented API and per Paddle API in the docs' signatures
//   edges/maps_to.jsonl, edges/alias_of.jsonl, edges/not_implemented.jsonl
// Only names, signatures, categories, action codes, default values and short English reason codes
// are written, never the docs' prose or examples. Deterministic: lines sorted by key, keys in a
// fixed order, no timestamps, so rerunning on the same docs gives byte-identical files. apis/*.jsonl
// files of families that no longer occur are removed. Never throws; I/O failures become problems.
DocImportReport import_mapping_docs(const std::filesystem::path& docs_root, const std::filesystem::path& out_dir);

}  // namespace t2p::kg
