#include "driver/layer_attributes.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

#include "parse/node_kinds.h"
#include "semantic/file_model_builder.h"
#include "semantic/name_resolver.h"

namespace t2p::driver {
namespace {

// Walks the values of `self.<name> = ...` and records the torch layers they build, with the items
// of Sequential and ModuleList containers under their index.
class Collector {
 public:
  Collector(const semantic::FileModel& model, const semantic::NameResolver& resolver, const kg::KnowledgeGraph& graph,
            std::vector<LayerAttribute>* out)
      : m_(model), r_(resolver), g_(graph), k_(parse::NodeKinds::get()), out_(out) {}

  // Records `value` (assigned to `name` of `owner`) when it is a call building a torch layer.
  void add(const std::string& owner, TSNode value, int32_t scope, const std::string& name) {
    std::string api = api_of(value, scope);
    if (api.empty()) return;
    out_->push_back({owner, name, api, ts_node_start_point(value).row + 1});
    if (api == "torch.nn.Sequential" || api == "torch.nn.ModuleList") add_items(owner, value, scope, name, api);
  }

 private:
  // The torch API a call resolves to through the file's imports (`nn.Linear` -> torch.nn.Linear),
  // or "" (not a call, a user's class, a name bound locally).
  std::string api_of(TSNode node, int32_t scope) const {
    if (ts_node_is_null(node) || ts_node_symbol(node) != k_.call) return "";
    int32_t import_index = -1;
    const std::string* q = r_.qualified_name_of(m_.function_of(node), scope, &import_index);
    if (q == nullptr || import_index < 0 || !m_.imported_names[import_index].is_torch) return "";
    return std::string(g_.canonical(*q));
  }

  // `nn.Sequential(a, b)`: `name.0`, `name.1`; `nn.ModuleList([a, b])`: the same;
  // `nn.ModuleList([nn.Linear(..) for _ in ...])`: `name.*`. A Sequential of an OrderedDict, a
  // starred argument or a list built elsewhere records nothing: its items' names are not known.
  void add_items(const std::string& owner, TSNode call, int32_t scope, const std::string& name, const std::string& api) {
    const TSNode* items = nullptr;
    uint32_t count = 0;
    bool trailing_comma = false;
    if (!m_.argument_list_items(m_.arguments_of(call), &items, &count, &trailing_comma)) return;
    const std::string prefix = name.empty() ? "" : name + ".";
    if (api == "torch.nn.Sequential") {
      for (uint32_t i = 0; i < count; ++i) {
        TSSymbol s = ts_node_symbol(items[i]);
        if (s == k_.keyword_argument || s == k_.list_splat || s == k_.dictionary_splat) return;
      }
      for (uint32_t i = 0; i < count; ++i) add(owner, items[i], scope, prefix + std::to_string(i));
      return;
    }
    if (count != 1) return;
    TSNode arg = items[0];
    if (ts_node_symbol(arg) == k_.list) {
      uint32_t index = 0;
      for (uint32_t i = 0; i < ts_node_named_child_count(arg); ++i) {
        TSNode item = ts_node_named_child(arg, i);
        if (ts_node_symbol(item) == k_.comment) continue;
        if (ts_node_symbol(item) == k_.list_splat) return;
        add(owner, item, scope, prefix + std::to_string(index++));
      }
    } else if (ts_node_symbol(arg) == k_.list_comprehension && ts_node_named_child_count(arg) > 0) {
      add(owner, ts_node_named_child(arg, 0), scope, prefix + "*");
    }
  }

  const semantic::FileModel& m_;
  const semantic::NameResolver& r_;
  const kg::KnowledgeGraph& g_;
  const parse::NodeKinds& k_;
  std::vector<LayerAttribute>* out_;
};

}  // namespace

bool layer_attributes(std::string_view source, const kg::KnowledgeGraph& graph, parse::PythonParser& parser,
                      std::vector<LayerAttribute>* out, std::string* error) {
  parse::TreeArena::Scope tree_memory(parser.arena());
  parse::SyntaxTree tree = parser.parse(source);
  if (auto err = parse::first_syntax_error(tree, source)) {
    *error = std::to_string(err->line) + ":" + std::to_string(err->column) + ": " + err->message;
    return false;
  }
  semantic::FileModel model = semantic::build_file_model(tree, source, graph.converted_roots());
  semantic::NameResolver resolver(model, source);
  Collector collect(model, resolver, graph, out);
  const auto& k = parse::NodeKinds::get();
  for (const auto& cls : model.classes) {
    for (const auto& a : cls.self_attributes) collect.add(cls.name, a.value, a.scope, a.name);
  }
  // `model = nn.Sequential(...)` outside a class: its items are the state_dict's top-level names.
  for (const auto& a : model.assignments) {
    if (a.is_for || a.is_with || ts_node_is_null(a.value) || ts_node_symbol(a.target) != k.identifier) continue;
    const size_t before = out->size();
    collect.add("", a.value, a.scope, "");
    // The container itself has no name of its own there; only its items are kept.
    if (out->size() > before && (*out)[before].name.empty()) out->erase(out->begin() + static_cast<ptrdiff_t>(before));
  }
  std::stable_sort(out->begin(), out->end(), [](const LayerAttribute& a, const LayerAttribute& b) { return a.line < b.line; });
  return true;
}

bool layer_attributes_of_paths(const std::vector<std::filesystem::path>& paths, const kg::KnowledgeGraph& graph,
                               std::vector<SourceLayers>* out, std::string* error) {
  namespace fs = std::filesystem;
  std::vector<fs::path> files;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      for (fs::recursive_directory_iterator it(p, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->is_regular_file(ec) && it->path().extension() == ".py") files.push_back(it->path());
      }
      if (ec) {
        *error = p.string() + ": cannot list the folder (" + ec.message() + ")";
        return false;
      }
    } else if (fs::is_regular_file(p, ec)) {
      files.push_back(p);
    } else {
      *error = p.string() + ": no such file or folder";
      return false;
    }
  }
  std::sort(files.begin(), files.end());
  parse::PythonParser parser;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream text;
    if (in.is_open()) text << in.rdbuf();
    if (!in.is_open() || in.bad()) {
      *error = f.string() + ": cannot read the file";
      return false;
    }
    SourceLayers layers{f, {}};
    std::string why;
    if (!layer_attributes(text.str(), graph, parser, &layers.attributes, &why)) {
      *error = f.string() + ":" + why;
      return false;
    }
    out->push_back(std::move(layers));
  }
  return true;
}

}  // namespace t2p::driver
