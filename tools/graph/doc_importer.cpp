// tools/graph, doc importer: turns PaddlePaddle's PyTorch-to-Paddle mapping docs into knowledge_graph/ JSON Lines.
#include "graph/doc_importer.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "graph/doc_facts.h"
#include "graph/doc_markdown.h"
#include "graph/doc_signature.h"

namespace t2p::kg {
namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

// The Paddle release range the snapshot of the docs describes (see shared/reference/README.md).
constexpr const char* kVersions = ">=3.0,<3.3";

// Families whose APIs are conversion targets; their nodes are "paddle nodes". Other targets the
// docs mention (numpy.pi, string literals) get no node: the graph would take them for PyTorch APIs.
bool is_target_family(std::string_view family) { return family == "paddle" || family == "paddlenlp"; }

std::string family_of(std::string_view id) { return std::string(id.substr(0, id.find('.'))); }

bool is_dotted_name(std::string_view s) {
  if (s.empty() || s.front() == '.' || s.back() == '.') return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.')) return false;
  }
  return !std::isdigit(static_cast<unsigned char>(s.front()));
}

struct NodeFact {
  std::string kind;
  std::string owner;
  std::vector<std::vector<std::string>> sigs;  // first = params, rest = overloads
  std::string source;                          // doc path, for problem messages
};

struct EdgeFact {
  std::string paddle;
  bool has_paddle = true;
  std::string category;
  std::vector<DocArg> args;
};

struct State {
  std::map<std::string, NodeFact> torch_nodes;
  std::map<std::string, NodeFact> paddle_nodes;
  std::map<std::string, std::vector<NodeFact>> paddle_variants;  // per doc, in path order
  std::map<std::string, EdgeFact> edges;
  std::map<std::string, std::string> edge_source;
  std::map<std::string, std::string> aliases;
  std::set<std::string> not_implemented;
  DocImportReport report;

  void problem(const std::string& where, const std::string& what) { report.problems.push_back(where + ": " + what); }
};

size_t param_count(const NodeFact& n) { return n.sigs.empty() ? 0 : n.sigs.front().size(); }

// Signature tokens as stored on a node: no `self` for methods, no Paddle `name=None`
// (the docs say to ignore it).
std::vector<std::string> node_params(const DocSignature& sig, const NodeShape& shape, bool paddle_side) {
  std::vector<std::string> out;
  for (const std::string& tok : sig.params) {
    std::string name = param_name(tok);
    if (out.empty() && name == "self" && !shape.owner.empty()) continue;
    if (paddle_side && name == "name" && param_default(tok).value_or("") == "None") continue;
    out.push_back(tok);
  }
  return out;
}

// Adds the node's signatures; identical signatures are kept once.
void add_sig(NodeFact& node, std::vector<std::string> params) {
  if (std::find(node.sigs.begin(), node.sigs.end(), params) == node.sigs.end()) node.sigs.push_back(std::move(params));
}

// The Paddle API a section maps to: the name its signature block spells, else the heading's.
std::string section_paddle(const DocSection& sec) {
  for (const DocSignature& s : sec.paddle_sigs) {
    if (is_dotted_name(s.name)) return s.name;
  }
  return sec.paddle_heading;
}

// Picks one node per Paddle API. Docs sometimes spell an API as the call they need
// (`paddle.nn.Layer.to(device="gpu")`) rather than its signature: keep the variant with the most
// parameters (the first such doc in path order on a tie) and note the disagreement once.
void choose_paddle_nodes(State& st) {
  for (auto& [id, variants] : st.paddle_variants) {
    size_t best = 0;
    std::set<std::vector<std::vector<std::string>>> distinct;
    for (size_t i = 0; i < variants.size(); ++i) {
      distinct.insert(variants[i].sigs);
      if (param_count(variants[i]) > param_count(variants[best])) best = i;
    }
    if (distinct.size() > 1) {
      st.problem(variants[best].source, "note: " + std::to_string(distinct.size()) + " different signatures for " +
                                            id + " in " + std::to_string(variants.size()) +
                                            " docs; kept this doc's (most parameters)");
    }
    st.paddle_nodes.emplace(id, std::move(variants[best]));
  }
}

void import_doc(State& st, const fs::path& path, const std::string& rel) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    st.problem(rel, "cannot read");
    return;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  st.report.files_read++;

  std::string error;
  auto page = parse_doc_page(buf.str(), error);
  if (!page) {
    st.problem(rel, error);
    return;
  }
  const std::string& torch_id = page->title.torch_id;
  const std::string& category = page->title.category;
  if (!is_dotted_name(torch_id)) {
    st.problem(rel, "title does not name an API: " + torch_id);
    return;
  }
  if (st.torch_nodes.count(torch_id)) {
    st.problem(rel, "duplicate doc for " + torch_id + " (also " + st.torch_nodes[torch_id].source + "); skipped");
    return;
  }

  // PyTorch node: every section's signatures are overloads of the one API.
  bool any_sig = false;
  bool as_call = false;
  for (const DocSection& sec : page->sections) {
    for (const DocSignature& s : sec.torch_sigs) {
      any_sig = true;
      as_call = as_call || s.has_parens;
      for (const std::string& e : s.errors) st.problem(rel, "bad parameter in " + s.name + ": " + e);
    }
  }
  NodeShape shape = node_shape(torch_id, !any_sig || as_call);
  NodeFact torch_node{shape.kind, shape.owner, {}, rel};
  for (const DocSection& sec : page->sections) {
    for (const DocSignature& s : sec.torch_sigs) add_sig(torch_node, node_params(s, shape, false));
  }
  if (!any_sig) st.problem(rel, "no PyTorch signature");
  st.torch_nodes.emplace(torch_id, std::move(torch_node));

  // Paddle nodes: within one doc, the sections' signatures of one API are its overloads
  // (paddle.Tensor.to(dtype, ...) and paddle.Tensor.to(device, ...)).
  std::map<std::string, NodeFact> by_name;
  for (const DocSection& sec : page->sections) {
    for (const DocSignature& s : sec.paddle_sigs) {
      for (const std::string& e : s.errors) st.problem(rel, "bad parameter in " + s.name + ": " + e);
      if (!is_dotted_name(s.name) || !is_target_family(family_of(s.name))) continue;
      NodeShape ps = node_shape(s.name, s.has_parens);
      auto [it, _] = by_name.emplace(s.name, NodeFact{ps.kind, ps.owner, {}, rel});
      add_sig(it->second, node_params(s, ps, true));
    }
  }
  for (auto& [id, fact] : by_name) st.paddle_variants[id].push_back(std::move(fact));

  st.report.files_imported++;
  if (category == "missing") {
    st.not_implemented.insert(torch_id);
    return;
  }

  EdgeFact edge;
  edge.category = category;
  if (category == "removable") {
    edge.paddle = "";
  } else if (!page->sections.empty() && !section_paddle(page->sections.front()).empty()) {
    edge.paddle = section_paddle(page->sections.front());
  } else if (category == "composite") {
    edge.has_paddle = false;  // composite replacement with no single Paddle API
  } else {
    edge.has_paddle = false;
    st.problem(rel, "no Paddle API named");
  }

  std::set<std::string> seen;  // torch names, or "=paddle" for Paddle-only entries
  for (size_t i = 0; i < page->sections.size(); ++i) {
    const DocSection& sec = page->sections[i];
    // A later section without a Paddle heading only adds PyTorch overloads to the same mapping.
    if (i > 0 && sec.has_paddle_heading && section_paddle(sec) != edge.paddle) {
      st.problem(rel, "section " + std::to_string(i + 1) + " maps to " + section_paddle(sec) +
                          "; only the mapping to " + edge.paddle + " is recorded");
      continue;
    }
    std::vector<std::string> torch_params, paddle_params;
    for (const DocSignature& s : sec.torch_sigs) torch_params.insert(torch_params.end(), s.params.begin(), s.params.end());
    for (const DocSignature& s : sec.paddle_sigs) paddle_params.insert(paddle_params.end(), s.params.begin(), s.params.end());
    std::vector<DocParamRow> rows = sec.rows;
    align_row_names(rows, torch_params, paddle_params);
    for (const DocParamRow& row : rows) {
      std::string problem;
      for (DocArg& a : classify_row(row, torch_params, sec.example_params, problem)) {
        std::string key = a.torch.empty() ? "=" + a.paddle : a.torch;
        if (seen.insert(key).second) edge.args.push_back(std::move(a));
      }
      if (!problem.empty()) st.problem(rel, problem);
    }
  }
  st.edge_source[torch_id] = rel;
  st.edges.emplace(torch_id, std::move(edge));
}

// Text between the first pair of backticks at or after `from`; empty when there is none.
std::string backticked(std::string_view line, size_t& from) {
  size_t a = line.find('`', from);
  if (a == std::string_view::npos) return {};
  size_t b = line.find('`', a + 1);
  if (b == std::string_view::npos) return {};
  from = b + 1;
  return std::string(line.substr(a + 1, b - a - 1));
}

void import_master_table(State& st, const fs::path& path, const std::string& rel) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    st.problem(rel, "cannot read");
    return;
  }
  std::string line;
  int n = 0;
  int direct_rows = 0;
  while (std::getline(in, line)) {
    ++n;
    const std::string where = rel + ":" + std::to_string(n);
    if (size_t p = line.find("ALIAS-REFERENCE-ITEM("); p != std::string::npos) {
      size_t from = p;
      std::string alias = backticked(line, from);
      std::string canonical = backticked(line, from);
      if (!is_dotted_name(alias) || !is_dotted_name(canonical)) {
        st.problem(where, "ALIAS-REFERENCE-ITEM not understood");
        continue;
      }
      st.aliases[alias] = canonical;
    } else if (size_t q = line.find("NOT-IMPLEMENTED-ITEM("); q != std::string::npos) {
      size_t from = q;
      std::string api = backticked(line, from);
      if (!is_dotted_name(api)) {
        st.problem(where, "NOT-IMPLEMENTED-ITEM not understood");
        continue;
      }
      st.not_implemented.insert(api);
    } else if (line.rfind("| ", 0) == 0 && line.find("](") != std::string::npos &&
               line.find("[torch") != std::string::npos && line.find("#id") == std::string::npos) {
      // A hand-written mapping row (the table normally lists mappings through
      // REFERENCE-MAPPING-TABLE macros that expand to the per-API docs).
      ++direct_rows;
    }
  }
  if (direct_rows > 0) {
    st.problem(rel, std::to_string(direct_rows) + " hand-written mapping rows not imported (no per-API doc)");
  }
}

std::vector<fs::path> doc_files(State& st, const fs::path& root) {
  std::vector<fs::path> files;
  for (const char* top : {"api_difference", "api_difference_third_party"}) {
    std::error_code ec;
    fs::path dir = root / top;
    if (!fs::is_directory(dir, ec)) {
      st.problem(dir.string(), "missing folder");
      continue;
    }
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->is_regular_file(ec) && it->path().extension() == ".md") files.push_back(it->path());
    }
    if (ec) st.problem(dir.string(), "cannot list: " + ec.message());
  }
  std::sort(files.begin(), files.end());
  return files;
}

ojson node_json(const std::string& id, const NodeFact& n) {
  ojson j;
  j["id"] = id;
  j["kind"] = n.kind;
  if (!n.owner.empty()) j["owner"] = n.owner;
  j["params"] = n.sigs.empty() ? ojson::array() : ojson(n.sigs.front());
  if (n.sigs.size() > 1) j["overloads"] = ojson(std::vector<std::vector<std::string>>(n.sigs.begin() + 1, n.sigs.end()));
  j["returns"] = infer_returns(id, n.kind);
  return j;
}

ojson edge_json(const std::string& torch, const EdgeFact& e) {
  ojson j;
  j["torch"] = torch;
  if (e.has_paddle) j["paddle"] = e.paddle;
  j["category"] = e.category;
  j["versions"] = kVersions;
  ojson args = ojson::array();
  for (const DocArg& a : e.args) {
    ojson aj;
    if (!a.torch.empty()) aj["torch"] = a.torch;
    if (!a.paddle.empty()) aj["paddle"] = a.paddle;
    aj["action"] = a.action;
    if (!a.value.empty()) aj["value"] = a.value;
    if (!a.reason.empty()) aj["reason"] = a.reason;
    args.push_back(std::move(aj));
  }
  j["args"] = std::move(args);
  return j;
}

std::string dump_line(const ojson& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

void write_file(State& st, const fs::path& path, const std::vector<std::string>& lines) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  for (const std::string& l : lines) out << l;
  out.close();
  if (!out) st.problem(path.string(), "cannot write");
}

}  // namespace

DocImportReport import_mapping_docs(const fs::path& docs_root, const fs::path& out_dir) {
  State st;
  for (const fs::path& f : doc_files(st, docs_root)) {
    import_doc(st, f, fs::relative(f, docs_root).generic_string());
  }
  import_master_table(st, docs_root / "pytorch_api_mapping_cn.md", "pytorch_api_mapping_cn.md");
  choose_paddle_nodes(st);
  // A doc may say "missing" for an API the master table also lists; an edge wins over the list.
  for (const auto& [id, _] : st.edges) {
    if (st.not_implemented.erase(id)) {
      st.problem(st.edge_source[id], "note: " + id + " is also listed as NOT-IMPLEMENTED; kept the mapping");
    }
  }

  std::error_code ec;
  fs::create_directories(out_dir / "apis", ec);
  fs::create_directories(out_dir / "edges", ec);
  if (ec) {
    st.problem(out_dir.string(), "cannot create output folders: " + ec.message());
    return st.report;
  }

  std::map<std::string, std::vector<std::string>> by_family;  // std::map: sorted by id
  for (const auto& [id, n] : st.torch_nodes) {
    by_family[family_of(id)].push_back(dump_line(node_json(id, n)));
    st.report.torch_nodes++;
  }
  for (const auto& [id, n] : st.paddle_nodes) {
    if (st.torch_nodes.count(id)) continue;
    by_family[family_of(id)].push_back(dump_line(node_json(id, n)));
    st.report.paddle_nodes++;
  }
  for (const auto& [family, lines] : by_family) {
    write_file(st, out_dir / "apis" / (family + ".jsonl"), lines);
  }
  // Families that disappeared from the docs must not linger from an earlier import.
  for (fs::directory_iterator it(out_dir / "apis", ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.extension() == ".jsonl" && !by_family.count(p.stem().string())) fs::remove(p, ec);
  }

  std::vector<std::string> lines;
  for (const auto& [id, e] : st.edges) lines.push_back(dump_line(edge_json(id, e)));
  write_file(st, out_dir / "edges" / "maps_to.jsonl", lines);
  st.report.edges = static_cast<int>(lines.size());

  lines.clear();
  for (const auto& [alias, canonical] : st.aliases) {
    ojson j;
    j["alias"] = alias;
    j["canonical"] = canonical;
    lines.push_back(dump_line(j));
  }
  write_file(st, out_dir / "edges" / "alias_of.jsonl", lines);
  st.report.aliases = static_cast<int>(lines.size());

  lines.clear();
  for (const std::string& id : st.not_implemented) {
    ojson j;
    j["torch"] = id;
    j["reason"] = "missing";
    lines.push_back(dump_line(j));
  }
  write_file(st, out_dir / "edges" / "not_implemented.jsonl", lines);
  st.report.not_implemented = static_cast<int>(lines.size());
  return st.report;
}

}  // namespace t2p::kg
