// driver: which torch layer each module attribute of a source holds (`self.fc = nn.Linear(...)`),
// for the checkpoint converter (`torch2paddle weights --source`, docs/testing-your-migration.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"

namespace t2p::driver {

// One attribute that holds a torch layer. `name` is the attribute's path under its owner, as a
// state_dict key spells it: `fc`; `features.0` for the first item of `self.features =
// nn.Sequential(...)`; `blocks.*` (any index) for the items of a ModuleList built by a list
// comprehension. `owner` is the class that assigns it, empty for a Sequential bound to a plain
// variable (`model = nn.Sequential(...)`: its items are `0`, `1`, ...).
struct LayerAttribute {
  std::string owner;
  std::string name;
  std::string api;   // the torch API the call resolves to: `torch.nn.Linear`
  uint32_t line = 0;  // 1-based line of the call
};

// The layer attributes of one source, in source order. Only calls whose callee resolves through
// an import to a torch API count (a user's own class does not). False with `*error` set (line and
// column) when the source does not parse.
bool layer_attributes(std::string_view source, const kg::KnowledgeGraph& graph, parse::PythonParser& parser,
                      std::vector<LayerAttribute>* out, std::string* error);

struct SourceLayers {
  std::filesystem::path file;
  std::vector<LayerAttribute> attributes;
};

// The same for files and directories (every `.py` below, sorted by path). False with `*error`
// naming the file and the reason when a path is missing or a file cannot be read or parsed.
bool layer_attributes_of_paths(const std::vector<std::filesystem::path>& paths, const kg::KnowledgeGraph& graph,
                               std::vector<SourceLayers>* out, std::string* error);

}  // namespace t2p::driver
