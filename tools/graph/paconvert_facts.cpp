// tools/graph: merges the PaConvert facts of knowledge_graph/paconvert/ into the compiled graph.
#include "graph/paconvert_facts.h"

#include "graph/jsonl_lines.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <tuple>

namespace t2p::kg {
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

using Line = JsonlLine;

std::string strip_stars(const std::string& tok) {
  size_t start = tok.find_first_not_of('*');
  return start == std::string::npos ? std::string() : tok.substr(start);
}

bool upper_first(const std::string& s) { return !s.empty() && std::isupper(static_cast<unsigned char>(s.front())); }

std::string last_part(const std::string& id) { return id.substr(id.rfind('.') + 1); }
std::string parent_of(const std::string& id) { return id.substr(0, id.rfind('.') == std::string::npos ? 0 : id.rfind('.')); }

// The Paddle parameter names of a signature, and whether it takes **kwargs.
std::pair<std::set<std::string>, bool> param_names(const json& params) {
  std::set<std::string> names;
  bool open = false;
  for (const auto& t : params) {
    if (!t.is_string()) continue;
    std::string tok = t;
    if (tok.rfind("**", 0) == 0) open = true;
    std::string name = strip_stars(tok);
    name = name.substr(0, name.find('='));
    if (!name.empty()) names.insert(name);
  }
  return {names, open};
}

// The summary of PaConvert's opinion kept on a record for `kg query`.
json opinion_of(const json& e, const std::string& where) {
  json o{{"source", e.value("source", std::string())}, {"at", where}, {"matcher", e.value("matcher", json())}};
  if (e.contains("paddle")) o["paddle"] = e["paddle"];
  o["plain"] = e.value("plain", false);
  if (e.contains("needs")) o["needs"] = e["needs"];
  if (e.contains("why")) o["why"] = e["why"];
  if (e.contains("args")) o["args"] = e["args"];
  return o;
}

// A record built from a PaConvert edge alone (an API the docs do not know).
json record_from(const json& e, const std::string& where, CompiledGraph* g) {
  std::string id = e["torch"];
  std::string source = e.value("source", std::string("paconvert"));
  json rec{{"torch", id}, {"kind", e.value("kind", std::string("function"))}};
  if (e.contains("params")) rec["torch_params"] = e["params"];
  json prov{{"edge", {{"source", source}, {"at", where}}}, {"paconvert", opinion_of(e, where)}};
  if (!e.value("plain", false)) {
    std::string needs = e.value("needs", std::string());
    rec["status"] = needs == "nothing" ? "not_implemented" : "known";
    rec["reason"] = needs == "nothing" ? "missing" : "needs_template";
    rec["provenance"] = std::move(prov);
    return rec;
  }
  std::string paddle = e.value("paddle", std::string());
  rec["paddle"] = paddle;
  rec["category"] = "paconvert";
  if (!e.value("in_reference", false)) {
    rec["status"] = "known";
    rec["reason"] = "paddle_api_not_in_reference";
    rec["provenance"] = std::move(prov);
    return rec;
  }
  rec["paddle_params"] = e.value("paddle_params", json::array());
  prov["paddle_params"] = "paddle-api-reference";
  json args = e.value("args", json::array());
  auto [names, open] = param_names(rec["paddle_params"]);
  bool writes_unknown = false;
  for (auto& a : args) {
    a["source"] = source;
    std::string p = a.value("paddle", std::string());
    std::string action = a.value("action", std::string());
    if (p.empty() || open || names.count(p) || action == "unsupported" || action == "drop") continue;
    // A keyword Paddle's signature lacks: report the call that passes it, never write it.
    if (a.contains("torch")) {
      a["action"] = "unsupported";
      a["reason"] = "not_in_paddle_signature";
      a.erase("paddle");
    } else {
      writes_unknown = true;  // a Paddle-only keyword that does not exist: nothing to convert to
    }
  }
  rec["args"] = std::move(args);
  if (writes_unknown) {
    rec["status"] = "known";
    rec["reason"] = "paddle_keyword_not_in_reference";
  } else {
    rec["status"] = "mapped";
  }
  // A method of a class mapped to the method of a Paddle class keeps the method form.
  if (rec["kind"] == "method" && upper_first(last_part(parent_of(paddle)))) rec["form"] = "method";
  rec["provenance"] = std::move(prov);
  if (!g->paddle_nodes.count(paddle)) {
    std::string kind = upper_first(last_part(paddle)) ? "class"
                       : upper_first(last_part(parent_of(paddle))) ? "method"
                                                                    : "function";
    json node{{"id", paddle}, {"kind", kind}, {"params", rec["paddle_params"]}, {"source", "paddle-api-reference"}};
    g->paddle_nodes[paddle] = std::move(node);
  }
  return rec;
}

const std::set<std::string> kWinners{"docs", "paconvert", "curation", "neither"};

}  // namespace

void merge_paconvert_facts(const fs::path& root, CompiledGraph* g) {
  auto& errors = g->errors;
  const fs::path dir = root / "knowledge_graph" / "paconvert";
  std::vector<Line> edges = read_jsonl_file(dir / "edges.jsonl", root, &errors);
  for (auto& [id, rec] : g->records) {
    if (!rec.contains("provenance")) rec["provenance"] = json{{"edge", {{"source", "paddle-docs"}}}};
  }
  if (edges.empty()) return;

  std::map<std::string, const Line*> by_id;
  for (const auto& line : edges) {
    if (!line.value.contains("torch") || !line.value["torch"].is_string() || !line.value.contains("source")) {
      errors.push_back(line.where + ": PaConvert edge needs string 'torch' and 'source'");
      continue;
    }
    by_id[line.value["torch"]] = &line;
  }

  // Second opinions on what the docs know; then what only PaConvert knows.
  for (auto& [id, rec] : g->records) {
    if (auto it = by_id.find(id); it != by_id.end()) {
      rec["provenance"]["paconvert"] = opinion_of(it->second->value, it->second->where);
    }
  }
  // Ids a curation or template defines: those win whole, so no PaConvert field may leak into them.
  std::map<std::string, std::string> hand_made;  // id -> "curation" or "template"
  for (const char* folder : {"rules", "mappings"}) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(root / folder, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().extension() != ".jsonl") continue;
      std::vector<std::string> ignored;
      for (const auto& line : read_jsonl_file(it->path(), root, &ignored)) {
        for (const char* key : {"torch", "id"}) {
          if (line.value.contains(key) && line.value[key].is_string()) {
            hand_made[line.value[key].get<std::string>()] = folder == std::string("rules") ? "template" : "curation";
          }
        }
      }
    }
  }
  for (const auto& [id, line] : by_id) {
    if (g->records.count(id) || g->aliases.count(id)) continue;
    if (auto h = hand_made.find(id); h != hand_made.end()) {
      json rec{{"torch", id},
               {"provenance", {{"edge", {{"source", h->second}}}, {"paconvert", opinion_of(line->value, line->where)}}}};
      if (h->second == "template") rec["category"] = "composite";  // as the rules loop makes it
      g->records[id] = std::move(rec);
      continue;
    }
    g->records[id] = record_from(line->value, line->where, g);
  }

  // Aliases only PaConvert has, when they lead to a record and no review rejects them
  // (`"kind":"paconvert_alias","winner":"neither"`: the alias's parameters are not the canonical's).
  const std::vector<Line> decision_lines = read_jsonl_file(root / "mappings" / "paconvert_decisions.jsonl", root, &errors);
  std::map<std::string, std::string> rejected_aliases;  // alias -> where
  for (const auto& line : decision_lines) {
    if (line.value.value("kind", "") != "paconvert_alias") continue;
    if (line.value.value("winner", "") != "neither" || !line.value.contains("why")) {
      errors.push_back(line.where + ": a paconvert_alias review rejects an alias: winner neither and a 'why'");
      continue;
    }
    rejected_aliases[line.value.value("decision", "")] = line.where;
  }
  std::set<std::string> pc_aliases;
  for (const auto& line : read_jsonl_file(dir / "aliases.jsonl", root, &errors)) {
    pc_aliases.insert(line.value.value("alias", std::string()));
    if (rejected_aliases.count(line.value.value("alias", std::string()))) continue;
    std::string alias = line.value.value("alias", std::string());
    std::string canonical = line.value.value("canonical", std::string());
    if (alias.empty() || canonical.empty()) {
      errors.push_back(line.where + ": alias needs 'alias' and 'canonical'");
      continue;
    }
    if (g->records.count(alias) || g->aliases.count(alias) || hand_made.count(alias)) continue;
    if (auto a = g->aliases.find(canonical); a != g->aliases.end()) canonical = a->second;
    auto target = g->records.find(canonical);
    if (target == g->records.end()) continue;
    g->aliases[alias] = canonical;
    target->second["provenance"]["aliases"].push_back(
        json{{"alias", alias}, {"source", line.value.value("source", std::string())}, {"at", line.where}});
  }

  // The reviewed decisions on the disagreements.
  std::map<std::tuple<std::string, std::string, std::string>, json> listed;
  for (const auto& line : read_jsonl_file(dir / "disagreements.jsonl", root, &errors)) {
    listed[{line.value.value("torch", ""), line.value.value("kind", ""), line.value.value("arg", "")}] = line.value;
  }
  std::set<std::tuple<std::string, std::string, std::string>> decided;
  for (const auto& [alias, where] : rejected_aliases) {
    if (!pc_aliases.count(alias)) {
      errors.push_back(where + ": " + alias + " is no alias of knowledge_graph/paconvert/aliases.jsonl");
    }
  }
  for (const auto& line : decision_lines) {
    const json& v = line.value;
    if (v.value("kind", "") == "paconvert_alias") continue;  // applied above
    std::string id = v.value("decision", ""), kind = v.value("kind", ""), arg = v.value("arg", "");
    std::string winner = v.value("winner", "");
    auto key = std::make_tuple(id, kind, arg);
    // The review of an edge only PaConvert gives: kept (`paconvert`) or rejected (`neither`).
    if (kind == "paconvert_only") {
      auto rit = g->records.find(id);
      bool only = rit != g->records.end() &&
                  rit->second["provenance"]["edge"].value("source", std::string()).rfind("paconvert", 0) == 0;
      if (!only || (winner != "paconvert" && winner != "neither") || !v.contains("why") || !decided.insert(key).second) {
        errors.push_back(line.where + ": a paconvert_only review needs an API only PaConvert maps, winner paconvert "
                                      "or neither, a 'why', and one line per API");
        continue;
      }
      rit->second["provenance"]["decisions"].push_back(
          json{{"kind", kind}, {"winner", winner}, {"why", v["why"]}, {"at", line.where}});
      if (winner == "neither" && rit->second["status"] == "mapped") {
        rit->second["status"] = "known";
        rit->second["reason"] = "rejected_on_review";
      }
      continue;
    }
    auto d = listed.find(key);
    if (d == listed.end()) {
      errors.push_back(line.where + ": no such disagreement (" + id + ", " + kind + (arg.empty() ? "" : ", " + arg) +
                       ") in knowledge_graph/paconvert/disagreements.jsonl: remove the stale decision");
      continue;
    }
    if (!kWinners.count(winner) || !v.contains("why") || !v["why"].is_string() || v["why"].get<std::string>().empty()) {
      errors.push_back(line.where + ": decision needs 'winner' (docs, paconvert, curation, neither) and a 'why'");
      continue;
    }
    if (!decided.insert(key).second) {
      errors.push_back(line.where + ": a second decision on the same disagreement");
      continue;
    }
    std::string target = id;
    if (auto a = g->aliases.find(id); a != g->aliases.end()) target = a->second;
    auto rit = g->records.find(target);
    if (rit == g->records.end()) continue;
    json& rec = rit->second;
    json note{{"kind", kind}, {"winner", winner}, {"why", v["why"]}, {"at", line.where}};
    if (!arg.empty()) note["arg"] = arg;
    rec["provenance"]["decisions"].push_back(note);
    // Neither side is right: the call (or the argument) is reported instead of converted.
    if (winner == "neither") {
      if (!arg.empty() && rec.contains("args")) {
        for (auto& a : rec["args"]) {
          if (strip_stars(a.value("torch", std::string())) != arg) continue;
          a = json{{"torch", a["torch"]}, {"action", "unsupported"}, {"reason", "semantics_differ"}, {"source", "decision"}};
        }
      } else if (arg.empty() && rec.value("status", std::string()) == "mapped") {
        rec["status"] = "known";
        rec["reason"] = "rejected_on_review";
      }
      continue;
    }
    if (winner != "paconvert") continue;
    const json& pc = d->second["paconvert"];
    auto pcl = by_id.find(id);
    if (kind == "paddle_api") {
      rec["paddle"] = pc.value("paddle", rec.value("paddle", std::string()));
      rec.erase("paddle_params");
      rec["provenance"]["paddle"] = pc.value("source", std::string("paconvert"));
    } else if (kind == "docs_missing_paconvert_maps" || kind == "alias") {
      if (kind == "alias") {
        errors.push_back(line.where + ": an alias decision for PaConvert needs a curation instead");
      } else if (pcl != by_id.end()) {
        json fresh = record_from(pcl->second->value, pcl->second->where, g);
        fresh["provenance"]["decisions"] = rec["provenance"]["decisions"];
        rec = std::move(fresh);
      }
    } else if (kind == "paconvert_not_converted") {
      rec["status"] = "known";
      rec["reason"] = "no_conversion";
    } else if (rec.contains("args")) {
      for (auto& a : rec["args"]) {
        if (strip_stars(a.value("torch", std::string())) != arg) continue;
        std::string source = pcl != by_id.end() ? pcl->second->value.value("source", std::string()) : "paconvert";
        json fresh{{"torch", a["torch"]}, {"action", pc.value("action", std::string("same"))}, {"source", source}};
        if (pc.contains("paddle")) fresh["paddle"] = pc["paddle"];
        if (fresh["action"] == "unsupported") fresh["reason"] = "semantics_differ";
        a = std::move(fresh);
      }
    }
  }
}

}  // namespace t2p::kg
