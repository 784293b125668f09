// cli: the knowledge-graph commands about where facts come from (see kg_commands.h).
#include "kg_commands.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "driver/source_converter.h"
#include "graph/paconvert_importer.h"

namespace t2p::cli {
namespace fs = std::filesystem;
using json = nlohmann::json;

int kg_import_paconvert(const std::string& dir, const std::string& kg_dir, const std::string& reference,
                        const std::string& out) {
  kg::PaconvertImportReport r = kg::import_paconvert(dir, kg_dir, reference, out);
  for (const auto& p : r.problems) std::cerr << "problem: " << p << "\n";
  std::cerr << "source " << r.source << ": " << r.entries << " API entries + " << r.attributes << " attributes; "
            << r.plain << " plain (" << r.in_reference << " with their Paddle API in the reference), "
            << r.needs_template << " need a template, " << r.not_converted << " without a conversion; "
            << r.only_paconvert << " unknown to the docs; " << r.aliases << " aliases, " << r.wildcards
            << " wildcards\ndisagreements with the docs:";
  int total = 0;
  for (const auto& [kind, n] : r.disagreements) {
    std::cerr << " " << kind << " " << n << ";";
    total += n;
  }
  std::cerr << " total " << total << "\n";
  return r.entries > 0 ? 0 : 1;
}

namespace {

std::string edge_source(const json& rec) {
  if (!rec.contains("provenance")) return "paddle-docs (node only)";
  return rec["provenance"].value("edge", json::object()).value("source", std::string("?"));
}

std::vector<std::string> record_ids(const kg::KnowledgeGraph& graph) {
  std::vector<std::string> ids;
  std::istringstream in(graph.raw("meta:record_ids"));
  for (std::string id; std::getline(in, id);) {
    if (!id.empty()) ids.push_back(id);
  }
  return ids;
}

// Golden cases (folder names) whose input converts `id` (or one of `aliases`).
std::vector<std::string> golden_cases(const kg::KnowledgeGraph& graph, const std::string& id, const fs::path& golden) {
  std::vector<std::string> cases;
  std::error_code ec;
  if (golden.empty() || !fs::is_directory(golden, ec)) return cases;
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(golden, ec)) {
    if (e.is_directory() && fs::exists(e.path() / "input.py")) dirs.push_back(e.path());
  }
  std::sort(dirs.begin(), dirs.end());
  parse::PythonParser parser;
  for (const auto& d : dirs) {
    std::ifstream in(d / "input.py", std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    rules::ConvertOptions options;
    if (std::ifstream a(d / "args"); a) {
      std::string args((std::istreambuf_iterator<char>(a)), {});
      options.aggressive = args.find("--aggressive") != std::string::npos;
    }
    driver::SourceResult r = driver::convert_source(buf.str(), graph, options, parser);
    for (const auto& u : r.uses) {
      if (u.status == rules::UseStatus::kConverted && graph.canonical(u.torch_api) == id) {
        cases.push_back(d.filename().string());
        break;
      }
    }
  }
  return cases;
}

}  // namespace

int kg_list(const kg::KnowledgeGraph& graph, const std::string& source, const std::string& status, std::ostream& out) {
  for (const std::string& id : record_ids(graph)) {
    std::string raw = graph.raw("api:" + id);
    if (raw.empty()) continue;
    json rec = json::parse(raw);
    std::string src = edge_source(rec), st = rec.value("status", std::string());
    if (!source.empty() && src.rfind(source, 0) != 0) continue;
    if (!status.empty() && st != status) continue;
    out << id << "\t" << st << "\t" << src << "\n";
  }
  return 0;
}

void print_story(const kg::KnowledgeGraph& graph, const std::string& id, const json& rec, const fs::path& golden,
                 std::ostream& out) {
  const json prov = rec.value("provenance", json::object());
  out << "\nwhere the facts come from:\n";
  json edge = prov.value("edge", json::object());
  out << "  edge: " << rec.value("status", std::string()) << " -> "
      << (rec.contains("paddle") ? rec["paddle"].get<std::string>() : std::string("(no Paddle API)")) << ", from "
      << edge_source(rec);
  if (edge.contains("at")) out << " (" << edge["at"].get<std::string>() << ")";
  out << "\n";
  if (prov.contains("paddle")) out << "  Paddle API chosen from: " << prov["paddle"].get<std::string>() << "\n";
  if (prov.contains("paddle_params")) out << "  Paddle signature from: " << prov["paddle_params"].get<std::string>() << "\n";
  if (prov.contains("paconvert")) {
    const json& p = prov["paconvert"];
    out << "  PaConvert (" << p.value("source", std::string()) << ", " << p.value("at", std::string()) << "): ";
    out << (p["matcher"].is_string() ? p["matcher"].get<std::string>() : std::string("no conversion"));
    if (p.contains("paddle")) out << " -> " << p["paddle"].get<std::string>();
    if (p.value("plain", false)) {
      out << ", a plain argument map";
    } else {
      out << ", needs " << p.value("needs", std::string("?")) << " (" << p.value("why", std::string()) << ")";
    }
    if (p.contains("paddle") && rec.contains("paddle") && p["paddle"] != rec["paddle"]) out << "; DIFFERENT Paddle API";
    out << "\n";
  } else {
    out << "  PaConvert: not listed\n";
  }
  if (rec.contains("args") && !rec["args"].empty()) {
    out << "  arguments:\n";
    for (const auto& a : rec["args"]) {
      out << "    " << a.value("torch", std::string("(Paddle only)")) << " -> " << a.value("paddle", std::string("-"))
          << "  " << a.value("action", std::string());
      if (a.contains("value")) out << " " << a["value"].dump();
      if (a.contains("reason")) out << " (" << a["reason"].get<std::string>() << ")";
      std::string src = a.value("source", std::string());
      if (src.empty()) src = edge_source(rec) == "curation" || edge_source(rec) == "template" ? "curation" : edge_source(rec);
      out << "  [" << src << "]\n";
    }
  }
  for (const auto& c : prov.value("curations", json::array())) out << "  curation: " << c.get<std::string>() << "\n";
  if (prov.contains("template")) {
    out << "  template: " << prov["template"].get<std::string>() << " (" << rec.value("cases", json::array()).size()
        << " cases)\n";
  }
  for (const auto& d : prov.value("decisions", json::array())) {
    out << "  decision on " << d.value("kind", std::string());
    if (d.contains("arg")) out << " (" << d["arg"].get<std::string>() << ")";
    out << ": " << d.value("winner", std::string()) << " wins, " << d.value("why", std::string()) << " ["
        << d.value("at", std::string()) << "]\n";
  }
  for (const auto& a : prov.value("aliases", json::array())) {
    out << "  alias " << a.value("alias", std::string()) << " from " << a.value("source", std::string()) << "\n";
  }
  std::vector<std::string> cases = golden_cases(graph, id, golden);
  out << "  golden cases converting it:";
  if (golden.empty()) out << " (no tests/golden here; --golden DIR)";
  else if (cases.empty()) out << " none";
  for (const auto& c : cases) out << " " << c;
  out << "\n";
}

}  // namespace t2p::cli
