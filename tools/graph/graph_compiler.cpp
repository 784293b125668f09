#include "graph/graph_compiler.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/write_batch.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "kg/api_record.h"
#include "graph/jsonl_lines.h"
#include "graph/paddle_surface.h"
#include "graph/paconvert_facts.h"
#include "graph/template_check.h"
#include "graph/test_input_check.h"

namespace t2p::kg {
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

using Line = JsonlLine;

bool is_string_field(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string();
}

std::string family_of(const std::string& id) { return id.substr(0, id.find('.')); }

// The modules a template's text needs imported: the roots of the dotted names it spells out
// (`os.environ[...]` -> os, `paddle.concat(...)` -> paddle), outside placeholders and strings,
// less the names the text binds itself (`[i.T for i in ...]`, `lambda t: t.x`). A lambda
// parameter's default is read where the lambda is made, so its names are free
// (`lambda d, kinds=(paddle.bool,): ...` needs paddle).
json template_roots(const std::string& t) {
  std::set<std::string> roots, bound;
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  enum { kFree, kForTargets, kLambdaParams, kLambdaDefault } binding = kFree;
  int default_depth = 0;  // brackets open inside a lambda parameter's default
  for (size_t i = 0; i < t.size();) {
    char c = t[i];
    if (binding == kLambdaDefault) {
      if (c == '(' || c == '[') ++default_depth;
      else if ((c == ')' || c == ']') && default_depth > 0) --default_depth;
      else if (c == ',' && default_depth == 0) binding = kLambdaParams;
      else if (c == ':' && default_depth == 0) binding = kFree;
    } else if (c == '=' && binding == kLambdaParams) {
      binding = kLambdaDefault;
      default_depth = 0;
    }
    if (c == '{') {  // a placeholder
      size_t close = t.find('}', i);
      i = close == std::string::npos ? t.size() : close + 1;
      continue;
    }
    if (c == '\'' || c == '"') {  // a string literal
      size_t close = t.find(c, i + 1);
      i = close == std::string::npos ? t.size() : close + 1;
      continue;
    }
    if (c == ':' && binding == kLambdaParams) binding = kFree;
    if (!ident(c)) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < t.size() && ident(t[j])) ++j;
    std::string word = t.substr(i, j - i);
    bool after_dot = i > 0 && t[i - 1] == '.';
    if (word == "for") {
      binding = kForTargets;
    } else if (word == "lambda") {
      binding = kLambdaParams;
    } else if (word == "in" && binding == kForTargets) {
      binding = kFree;
    } else if ((binding == kForTargets || binding == kLambdaParams) && !after_dot) {
      bound.insert(word);
    } else if (!after_dot && !std::isdigit(static_cast<unsigned char>(c)) && j + 1 < t.size() && t[j] == '.' &&
               ident(t[j + 1])) {
      roots.insert(word);
    }
    i = j;
  }
  for (const auto& b : bound) roots.erase(b);
  return json(std::vector<std::string>(roots.begin(), roots.end()));
}

// Validates one `args` array; appends errors.
void validate_args(const Line& line, std::vector<std::string>* errors) {
  auto it = line.value.find("args");
  if (it == line.value.end()) return;
  if (!it->is_array()) {
    errors->push_back(line.where + ": 'args' must be an array");
    return;
  }
  for (const auto& a : *it) {
    ArgAction action;
    if (!a.is_object() || !is_string_field(a, "action") ||
        !arg_action_from_string(a["action"].get<std::string>(), &action)) {
      errors->push_back(line.where + ": bad argument entry " + a.dump());
      continue;
    }
    if (!is_string_field(a, "torch") && !is_string_field(a, "paddle")) {
      errors->push_back(line.where + ": argument entry names neither side " + a.dump());
    }
  }
}

void validate_params(const Line& line, const char* key, std::vector<std::string>* errors) {
  auto it = line.value.find(key);
  if (it == line.value.end()) return;
  if (!it->is_array() ||
      !std::all_of(it->begin(), it->end(), [](const json& t) { return t.is_string(); })) {
    errors->push_back(line.where + ": '" + key + "' must be an array of strings");
  }
}

// Validates a `layout` field: `{"params":[names],"perm":[a permutation of 0..n-1]}`.
void validate_layout(const Line& line, std::vector<std::string>* errors) {
  auto it = line.value.find("layout");
  if (it == line.value.end()) return;
  const json& l = *it;
  bool ok = l.is_object() && l.contains("params") && l["params"].is_array() && !l["params"].empty() &&
            std::all_of(l["params"].begin(), l["params"].end(), [](const json& p) { return p.is_string(); }) &&
            l.contains("perm") && l["perm"].is_array() && l["perm"].size() > 1;
  if (ok) {
    std::vector<bool> seen(l["perm"].size(), false);
    for (const auto& v : l["perm"]) {
      if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<size_t>() >= seen.size() || seen[v.get<size_t>()]) {
        ok = false;
        break;
      }
      seen[v.get<size_t>()] = true;
    }
  }
  if (!ok) errors->push_back(line.where + ": 'layout' needs non-empty 'params' (names) and 'perm' (a permutation of 0..n-1)");
}

// Checks the texts of `value_map` entries and `value_expr` expressions of an `args` array (or
// of a global `set_action` line): `{value}` is their only placeholder (template_check.h).
void validate_value_texts(const Line& line, std::vector<std::string>* errors) {
  auto check = [&](const json& a) {
    if (!a.is_object()) return;
    std::vector<std::pair<std::string, std::string>> texts;
    if (a.contains("expr") && a["expr"].is_string()) texts.emplace_back("expr", a["expr"]);
    if (a.contains("values") && a["values"].is_object()) {
      for (auto it = a["values"].begin(); it != a["values"].end(); ++it) {
        if (it.value().is_string()) texts.emplace_back("values[" + it.key() + "]", it.value());
      }
    }
    for (const auto& [field, text] : texts) {
      for (const auto& e : check_value_text(text)) errors->push_back(line.where + ": " + field + ": " + e);
    }
  };
  check(line.value);
  if (line.value.contains("args") && line.value["args"].is_array()) {
    for (const auto& a : line.value["args"]) check(a);
  }
}

// Checks every template case of the compiled records against the record's PyTorch signature
// (template_check.h); errors name the rule's line.
void validate_templates(const std::map<std::string, json>& records, std::vector<std::string>* errors) {
  for (const auto& [id, rec] : records) {
    if (!rec.contains("cases") || !rec["cases"].is_array()) continue;
    std::string where = rec["provenance"].value("template", id);
    TemplateScope scope;
    scope.attribute = rec.value("kind", std::string()) == "attribute";
    if (rec.contains("torch_params")) scope.signatures.push_back(parse_signature(rec["torch_params"]));
    if (rec.contains("torch_overloads") && rec["torch_overloads"].is_array()) {
      for (const auto& o : rec["torch_overloads"]) scope.signatures.push_back(parse_signature(o));
    }
    for (size_t i = 0; i < rec["cases"].size(); ++i) {
      for (const auto& e : check_template_case(rec["cases"][i], scope)) {
        errors->push_back(where + ": " + id + " case " + std::to_string(i + 1) + ": " + e);
      }
    }
  }
}

bool is_version(const json& v) { return v.is_string() && parse_version(v.get<std::string>()).has_value(); }

// Each record's `min_paddle`: the highest Paddle version among the sources of its facts (the
// edge's source, each curation line, its rule; mappings/sources.jsonl says which version each
// source describes), or the version a curation or rule gives as `min_paddle`. The importers'
// constant `versions` range is dropped: it was no fact.
void set_min_paddle(std::map<std::string, json>* records, const std::map<std::string, std::vector<std::string>>& versions_of,
                    const std::map<std::string, std::string>& source_versions, std::vector<std::string>* errors) {
  std::set<std::string> unknown;
  auto resolve = [&](const std::string& v) -> std::string {
    if (v.empty() || v[0] != '@') return v;
    std::string source = v.substr(1);
    auto it = source_versions.find(source);
    if (it == source_versions.end() && source.rfind("paconvert", 0) == 0) it = source_versions.find("paconvert-v3.1.0");
    if (it != source_versions.end()) return it->second;
    unknown.insert(source);
    return {};
  };
  for (auto& [id, rec] : *records) {
    rec.erase("versions");
    if (rec.value("status", std::string()) != "mapped") continue;
    std::vector<std::string> found;
    std::string edge = rec["provenance"]["edge"].value("source", std::string());
    if (edge != "curation" && edge != "template" && !edge.empty()) found.push_back(resolve("@" + edge));
    if (auto it = versions_of.find(id); it != versions_of.end()) {
      for (const auto& v : it->second) found.push_back(resolve(v));
    }
    std::string best;
    for (const auto& v : found) {
      if (!v.empty() && (best.empty() || compare_versions(v, best) > 0)) best = v;
    }
    if (!best.empty()) rec["min_paddle"] = best;
  }
  if (source_versions.empty()) return;  // a graph without sources.jsonl (tests): no versions
  for (const auto& s : unknown) errors->push_back("mappings/sources.jsonl: no Paddle version for source '" + s + "'");
}

// Default spelling of the Paddle side, derived from the shapes of the two ids.
std::string default_form(const std::string& kind, const std::string& paddle, const std::string& category) {
  // Only "removable" APIs disappear; a composite API without a Paddle name is not a drop.
  if (category == "removable") return "drop";
  if (kind == "attribute") return "attribute";
  if (kind == "method") return paddle.rfind("paddle.Tensor.", 0) == 0 ||
                                       paddle.rfind("paddle.nn.Layer.", 0) == 0 ||
                                       paddle.rfind("paddle.optimizer.Optimizer.", 0) == 0 ||
                                       paddle.rfind("paddle.optimizer.lr.LRScheduler.", 0) == 0
                                   ? "method"
                                   : "call";
  return "call";
}

// Merges curation `over` into `base` field by field; args merge by torch parameter name.
void merge_curation(json* base, const json& over) {
  for (auto it = over.begin(); it != over.end(); ++it) {
    if (it.key() == "args" && base->contains("args")) {
      json& args = (*base)["args"];
      for (const auto& a : it.value()) {
        std::string key = a.value("torch", std::string());
        bool replaced = false;
        for (auto& b : args) {
          if (!key.empty() && b.value("torch", std::string()) == key) {
            b = a;
            replaced = true;
            break;
          }
        }
        if (!replaced) args.push_back(a);
      }
    } else {
      (*base)[it.key()] = it.value();
    }
  }
}

// An argument entry may only name a Paddle keyword that Paddle's signature has (or that its
// **kwargs accepts): otherwise the converter would write a call Paddle rejects. Such entries
// become "unsupported" so the call is reported instead.
void downgrade_unknown_keywords(json* rec) {
  if (!rec->contains("args") || !rec->contains("paddle_params")) return;
  std::set<std::string> names;
  bool open_kwargs = false;
  for (const auto& t : (*rec)["paddle_params"]) {
    if (!t.is_string()) continue;
    std::string tok = t;
    if (tok.rfind("**", 0) == 0) open_kwargs = true;
    size_t start = tok.find_first_not_of('*');
    if (start == std::string::npos) continue;
    names.insert(tok.substr(start, tok.find('=') - start));
  }
  if (open_kwargs || names.empty()) return;
  for (auto& a : (*rec)["args"]) {
    std::string action = a.value("action", "");
    std::string paddle = a.value("paddle", "");
    if (paddle.empty() || action == "unsupported" || action == "rewrite") continue;
    // `unpack` names several Paddle parameters, comma-separated: each must exist.
    bool known = true;
    for (size_t pos = 0; pos <= paddle.size();) {
      size_t comma = paddle.find(',', pos);
      std::string one = paddle.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
      size_t start = one.find_first_not_of('*');
      if (start != std::string::npos && !names.count(one.substr(start))) known = false;
      if (comma == std::string::npos) break;
      pos = comma + 1;
    }
    if (!known) {
      a["action"] = "unsupported";
      a["reason"] = "not_in_paddle_signature";
    }
  }
}

}  // namespace

CompiledGraph load_graph_sources(const fs::path& root) {
  CompiledGraph g;
  auto& errors = g.errors;
  Provenance provenance;  // where each record's Paddle name, argument entries and rule come from
  auto note_args = [&](const std::string& id, const json& v, const std::string& where) {
    if (!v.contains("args") || !v["args"].is_array()) return;
    for (const auto& a : v["args"]) {
      if (!a.is_object()) continue;
      std::string key = a.value("torch", a.value("paddle", std::string()));
      if (!key.empty()) provenance[id + "#" + key] = where;
    }
  };

  std::map<std::string, json> torch_nodes;
  for (auto& line : read_jsonl_dir(root / "knowledge_graph" / "apis", root, &errors)) {
    if (!is_string_field(line.value, "id") || !is_string_field(line.value, "kind")) {
      errors.push_back(line.where + ": node needs string 'id' and 'kind'");
      continue;
    }
    validate_params(line, "params", &errors);
    std::string id = line.value["id"];
    g.stats.nodes_per_family[family_of(id)]++;
    if (id.rfind("paddle", 0) == 0) {
      g.paddle_nodes[id] = std::move(line.value);
    } else {
      torch_nodes[id] = std::move(line.value);
    }
  }

  for (auto& line : read_jsonl_dir(root / "knowledge_graph" / "edges", root, &errors)) {
    const json& v = line.value;
    if (is_string_field(v, "alias") && is_string_field(v, "canonical")) {
      g.aliases[v["alias"]] = v["canonical"];
    } else if (is_string_field(v, "torch") && v.contains("category")) {
      validate_args(line, &errors);
      std::string id = v["torch"];
      json rec = v;
      rec["status"] = v.value("category", "") == "missing" ? "not_implemented" : "mapped";
      provenance[id] = line.where;
      note_args(id, v, line.where);
      rec["provenance"] = json{{"edge", {{"source", "paddle-docs"}, {"at", line.where}}}};
      g.records[id] = std::move(rec);
    } else if (is_string_field(v, "torch")) {
      std::string id = v["torch"];
      if (!g.records.count(id)) {
        g.records[id] = json{{"torch", id}, {"status", "not_implemented"},
                             {"reason", v.value("reason", "missing")},
                             {"provenance", {{"edge", {{"source", "paddle-docs"}, {"at", line.where}}}}}};
      }
    } else {
      errors.push_back(line.where + ": unknown edge shape");
    }
  }

  // PaConvert's facts, under the docs' edges and over nothing else (paconvert_facts.h).
  merge_paconvert_facts(root, &g);

  // Curations: override or complete imported edges. Lines with "torch_arg" are global: an
  // argument pair the docs flag as "needs rewrite" that is in fact a plain rename (dim -> axis).
  // Lines with "torch_arg" and "set_action" override an argument everywhere it appears
  // (`generator` dropped by the docs changes results: report it instead).
  // Per record, the Paddle versions its curations and rule add: a version, or "@source" for the
  // version of a source (mappings/sources.jsonl); the edge's source counts too (below).
  std::map<std::string, std::vector<std::string>> versions_of;
  std::set<std::pair<std::string, std::string>> safe_renames;
  std::map<std::string, json> arg_overrides;
  std::vector<Line> curations = read_jsonl_dir(root / "mappings", root, &errors);
  // Families whose code is not converted although the docs name some of their APIs (the
  // standard library's `os.environ.get`, converted by the docs only inside torch code).
  std::map<std::string, std::string> unconverted_families;
  std::map<std::string, std::string> curated_aliases;  // alias -> file:line
  std::map<std::string, std::string> source_versions;  // "paddle-docs" -> "3.0"
  std::map<std::string, std::string> module_lines;     // torch module -> file:line
  for (const auto& line : curations) {
    if (is_string_field(line.value, "decision")) continue;  // PaConvert decisions: paconvert_facts.cpp
    if (line.value.contains("alias")) {
      // A curated alias (`mappings/reexports.jsonl`: a class's defining module -> its public name).
      if (!is_string_field(line.value, "alias") || !is_string_field(line.value, "canonical") ||
          !is_string_field(line.value, "reason")) {
        errors.push_back(line.where + ": alias entry needs string 'alias', 'canonical' and 'reason'");
      } else if (g.aliases.count(line.value["alias"])) {
        errors.push_back(line.where + ": alias " + line.value["alias"].get<std::string>() + " already imported");
      } else {
        g.aliases[line.value["alias"]] = line.value["canonical"];
        curated_aliases[line.value["alias"]] = line.where;
      }
      continue;
    }
    if (is_string_field(line.value, "source")) {  // the Paddle version a source describes
      if (!is_string_field(line.value, "paddle_version") || !is_version(line.value["paddle_version"]) ||
          !is_string_field(line.value, "evidence")) {
        errors.push_back(line.where + ": source entry needs 'paddle_version' (as \"3.0\") and a string 'evidence'");
      } else {
        source_versions[line.value["source"]] = line.value["paddle_version"];
      }
      continue;
    }
    if (line.value.contains("min_paddle") && !(is_string_field(line.value, "min_paddle") && is_version(line.value["min_paddle"]))) {
      errors.push_back(line.where + ": 'min_paddle' must be a version such as \"3.1\"");
    }
    if (is_string_field(line.value, "family")) {
      if (line.value.value("convert", true) != false || !is_string_field(line.value, "reason")) {
        errors.push_back(line.where + ": family entry needs \"convert\":false and a string 'reason'");
      } else {
        unconverted_families[line.value["family"]] = line.where;
      }
      continue;
    }
    if (is_string_field(line.value, "module")) {  // a torch module and Paddle's module of the same role
      if (!is_string_field(line.value, "paddle") || line.value.size() != 2) {
        errors.push_back(line.where + ": module entry needs only a string 'module' and a string 'paddle'");
      } else if (!g.modules.emplace(line.value["module"], line.value["paddle"]).second) {
        errors.push_back(line.where + ": module '" + line.value["module"].get<std::string>() + "' given twice");
      } else {
        module_lines[line.value["module"]] = line.where;
      }
      continue;
    }
    if (is_string_field(line.value, "prefix")) {  // a reason for every unknown id it starts
      const std::string prefix = line.value["prefix"];
      if (!is_string_field(line.value, "reason") || line.value.size() != 2 || prefix.find('.') == std::string::npos) {
        errors.push_back(line.where + ": prefix entry needs only a dotted 'prefix' and a string 'reason'");
      } else if (!g.prefix_reasons.emplace(prefix, line.value["reason"]).second) {
        errors.push_back(line.where + ": prefix '" + prefix + "' given twice");
      }
      continue;
    }
    if (is_string_field(line.value, "torch_arg") && is_string_field(line.value, "set_action")) {
      ArgAction unused;
      if (!arg_action_from_string(line.value["set_action"].get<std::string>(), &unused)) {
        errors.push_back(line.where + ": unknown set_action");
        continue;
      }
      validate_value_texts(line, &errors);
      arg_overrides[line.value["torch_arg"]] = line.value;
    } else if (is_string_field(line.value, "torch_arg") && is_string_field(line.value, "paddle_arg")) {
      safe_renames.emplace(line.value["torch_arg"], line.value["paddle_arg"]);
    }
  }
  for (auto& [id, rec] : g.records) {
    if (!rec.contains("args")) continue;
    for (auto& a : rec["args"]) {
      if (a.value("action", "") == "rewrite" &&
          safe_renames.count({a.value("torch", ""), a.value("paddle", "")})) {
        a["action"] = a.value("torch", "") == a.value("paddle", "") ? "same" : "rename";
      }
      auto o = arg_overrides.find(a.value("torch", ""));
      if (o != arg_overrides.end()) {
        const json& ov = o->second;
        // Optional conditions: the Paddle name and the imported action must match.
        if (ov.contains("paddle_arg") && ov["paddle_arg"] != a.value("paddle", "")) continue;
        if (ov.contains("from_action") && ov["from_action"] != a.value("action", "")) continue;
        a["action"] = ov["set_action"];
        for (const char* field : {"reason", "values", "expr"}) {
          if (ov.contains(field)) a[field] = ov[field];
        }
      }
    }
  }
  for (auto& line : curations) {
    if (is_string_field(line.value, "torch_arg") || is_string_field(line.value, "family") ||
        is_string_field(line.value, "prefix") || is_string_field(line.value, "decision") || line.value.contains("alias") ||
        is_string_field(line.value, "source")) {
      continue;  // applied above
    }
    // An addition to Paddle's API surface (`{"paddle":...,"reason":...}`): read by PaddleSurface.
    if (line.value.contains("paddle") && !line.value.contains("torch")) continue;
    if (!is_string_field(line.value, "torch")) {
      errors.push_back(line.where + ": curation needs string 'torch'");
      continue;
    }
    validate_args(line, &errors);
    validate_value_texts(line, &errors);
    if (line.value.contains("delete_as")) {
      const json& d = line.value["delete_as"];
      bool ok = d.is_array() && !d.empty();
      for (const auto& w : d) ok &= w == "decorator" || w == "statement";
      if (!ok) errors.push_back(line.where + ": 'delete_as' must be a list of \"decorator\" and \"statement\"");
    }
    validate_layout(line, &errors);
    validate_params(line, "torch_params", &errors);
    validate_params(line, "paddle_params", &errors);
    std::string id = line.value["torch"];
    json& rec = g.records[id];
    if (rec.is_null()) rec = json{{"torch", id}, {"provenance", {{"edge", {{"source", "curation"}}}}}};
    json over = line.value;  // its arguments say where they come from
    if (over.contains("args") && over["args"].is_array()) {
      for (auto& a : over["args"]) a["source"] = "curation";
    }
    over.erase("min_paddle");  // a fact about this line, folded into the record's below
    merge_curation(&rec, over);
    rec["provenance"]["curations"].push_back(line.where);
    versions_of[id].push_back(line.value.value("min_paddle", std::string("@paddle-reference")));
    if (line.value.contains("paddle") || !provenance.count(id)) provenance[id] = line.where;
    note_args(id, line.value, line.where);
    for (const char* field : {"as_reference", "as_decorator", "as_annotation", "returns_with"}) {
      if (line.value.contains(field)) provenance[id + "#" + field] = line.where;
    }
    if (!rec.contains("status") || rec["status"] != "not_implemented" || line.value.contains("paddle")) {
      rec["status"] = line.value.value("status", std::string("mapped"));
    }
    rec["rule"] = "mapping:" + id;
    g.stats.curations++;
    // A curation may name a Paddle API the docs never show (`paddle.float32`): it becomes a
    // Paddle node from what the curation says of it.
    std::string paddle = rec.value("paddle", std::string());
    if (paddle.rfind("paddle.", 0) == 0 && !g.paddle_nodes.count(paddle)) {
      json node{{"id", paddle}, {"kind", line.value.value("paddle_kind", rec.value("kind", std::string("function")))},
                {"source", "curation"}};
      if (line.value.contains("paddle_params")) node["params"] = line.value["paddle_params"];
      g.paddle_nodes[paddle] = std::move(node);
    }
  }

  // Templates for composite cases. One line per id: a second would silently replace the first.
  std::map<std::string, std::string> rule_lines;
  for (auto& line : read_jsonl_dir(root / "rules", root, &errors)) {
    const json& v = line.value;
    if (!is_string_field(v, "id") || !v.contains("cases") || !v["cases"].is_array()) {
      errors.push_back(line.where + ": rule needs string 'id' and array 'cases'");
      continue;
    }
    for (const auto& c : v["cases"]) {
      if (!is_string_field(c, "template") && !is_string_field(c, "reason")) {
        errors.push_back(line.where + ": case needs 'template' (or 'reason' to report the call)");
      }
    }
    for (const auto& c : v["cases"]) {
      if (c.contains("imports") && !(c["imports"].is_array() && std::all_of(c["imports"].begin(), c["imports"].end(),
                                                                              [](const json& m) { return m.is_string(); }))) {
        errors.push_back(line.where + ": case 'imports' must be an array of module names");
      }
    }
    std::string id = v["id"];
    if (auto [it, fresh] = rule_lines.emplace(id, line.where); !fresh) {
      errors.push_back(line.where + ": rule '" + id + "' already defined at " + it->second);
      continue;
    }
    json& rec = g.records[id];
    if (rec.is_null()) rec = json{{"torch", id}, {"category", "composite"}, {"provenance", {{"edge", {{"source", "template"}}}}}};
    rec["provenance"]["template"] = line.where;
    if (v.contains("min_paddle") && !(is_string_field(v, "min_paddle") && is_version(v["min_paddle"]))) {
      errors.push_back(line.where + ": 'min_paddle' must be a version such as \"3.1\"");
    }
    versions_of[id].push_back(v.value("min_paddle", std::string("@paddle-reference")));
    rec["cases"] = v["cases"];
    provenance[id + "#template"] = line.where;
    for (auto& c : rec["cases"]) {
      if (!c.contains("imports")) c["imports"] = template_roots(c.value("template", "") + "\n" + c.value("after", ""));
    }
    rec["status"] = "mapped";
    rec["rule"] = "template:" + id;
    g.stats.rules++;
  }

  // Method names that non-torch objects (builtins, numpy, pandas) have too, and the argument
  // evidence that settles such a call (`x.to(device)` with a torch.device is a tensor or module).
  for (auto& line : read_jsonl_dir(root / "knowledge_graph" / "classifier", root, &errors)) {
    const json& v = line.value;
    if (is_string_field(v, "method")) {
      g.argument_evidence[v["method"]] = v;
      continue;
    }
    if (is_string_field(v, "owner")) {
      if (!v.contains("import_roots") || !v["import_roots"].is_array()) {
        errors.push_back(line.where + ": owner entry needs array 'import_roots'");
        continue;
      }
      g.owner_sources[v["owner"]] = v;
      continue;
    }
    if (!is_string_field(v, "name") || !v.contains("owners") || !v["owners"].is_array()) {
      errors.push_back(line.where + ": classifier entry needs string 'name' and array 'owners'");
      continue;
    }
    g.shared_methods[v["name"]] = v["owners"].get<std::vector<std::string>>();
  }

  // Input specs of the generated per-API tests (docs/data-formats.md#knowledge_graphtest_inputsjsonl).
  for (auto& line : read_jsonl_dir(root / "knowledge_graph" / "test_inputs", root, &errors)) {
    std::string problem = check_test_input_spec(line.value);
    if (!problem.empty()) {
      errors.push_back(line.where + ": " + problem);
      continue;
    }
    g.test_inputs.push_back(line.value);
  }

  // Fill kind, returns and both signatures from the nodes; decide the spelling.
  for (auto& [id, rec] : g.records) {
    auto node = torch_nodes.find(id);
    if (node != torch_nodes.end()) {
      if (!rec.contains("kind")) rec["kind"] = node->second.value("kind", "function");
      if (!rec.contains("returns") && node->second.contains("returns")) rec["returns"] = node->second["returns"];
      if (!rec.contains("torch_params") && node->second.contains("params")) {
        rec["torch_params"] = node->second["params"];
        if (node->second.contains("overloads")) rec["torch_overloads"] = node->second["overloads"];
      }
    }
    if (!rec.contains("kind")) rec["kind"] = "function";
    std::string paddle = rec.value("paddle", std::string());
    if (auto pn = g.paddle_nodes.find(paddle); pn != g.paddle_nodes.end()) {
      if (!rec.contains("paddle_params") && pn->second.contains("params")) rec["paddle_params"] = pn->second["params"];
      if (!rec.contains("paddle_kind")) rec["paddle_kind"] = pn->second.value("kind", "");
    }
    downgrade_unknown_keywords(&rec);
    if (!rec.contains("form")) rec["form"] = default_form(rec["kind"], paddle, rec.value("category", std::string()));
    // A composite API with neither a Paddle name nor a template has no working conversion.
    if (rec["status"] == "mapped" && paddle.empty() && !rec.contains("cases") && rec["form"] != "drop") {
      rec["status"] = "known";
      rec["reason"] = "composite";
    }
    // Paddle returns something else (values without indices, a tensor instead of a bool): an
    // argument map cannot fix that, only a template or a curation that vouches for the edge.
    bool vouched = rec.value("rule", std::string()).starts_with("mapping:");
    if (rec.value("category", "") == "return_diff" && !vouched) {
      if (rec.contains("cases")) {
        rec["argmap_fallback"] = false;  // only the templates are right
      } else if (rec["status"] == "mapped") {
        rec["status"] = "known";
        rec["reason"] = "return_differs";
      }
    }
    // A method whose Paddle counterpart is an attribute is spelt as the attribute; a function
    // mapped to a Tensor attribute needs a template.
    if (auto pn = g.paddle_nodes.find(paddle); pn != g.paddle_nodes.end() && pn->second.value("kind", "") == "attribute" &&
        rec["status"] == "mapped" && !rec.contains("cases") && !vouched) {
      if (rec["kind"] == "method") {
        rec["form"] = "attribute";
      } else if (rec["kind"] == "function") {
        rec["status"] = "known";
        rec["reason"] = "composite";
      }
    }
    if (!rec.contains("rule")) rec["rule"] = "kg:" + id;
    if (rec["status"] == "mapped" && rec["form"] == "call" && rec["kind"] == "method" && !rec.contains("self")) {
      // A method mapped to a function: the receiver goes to Paddle's first parameter.
      // Only when Paddle's first parameter is the tensor itself; `new_zeros` -> `paddle.zeros`
      // takes a shape first and needs a template instead.
      const json& pp = rec.value("paddle_params", json::array());
      std::string self_name;
      for (const auto& a : rec.value("args", json::array())) {
        if (a.value("torch", "") == "self" && a.contains("paddle")) self_name = a["paddle"];
      }
      if (self_name.empty() && !pp.empty() && pp[0].is_string()) {
        std::string first = pp[0];
        first = first.substr(0, first.find('='));
        static const std::set<std::string> kTensorFirst{"x", "input", "tensor", "a", "self", "X"};
        if (kTensorFirst.count(first)) self_name = first;
      }
      if (!self_name.empty()) rec["self"] = self_name;
    }
  }
  // `returns_with` names parameters of the signature and kinds the converter knows.
  for (const auto& [id, rec] : g.records) {
    auto rw = rec.find("returns_with");
    if (rw == rec.end()) continue;
    const std::string where = provenance.count(id + "#returns_with") ? provenance.at(id + "#returns_with") : id;
    if (!rw->is_object()) {
      errors.push_back(where + ": " + id + ": returns_with must be an object {parameter: kind}");
      continue;
    }
    std::vector<Param> params = parse_signature(rec.value("torch_params", json::array()));
    for (auto p = rw->begin(); p != rw->end(); ++p) {
      bool known = false;
      for (const Param& q : params) known = known || q.name == p.key();
      if (!known) errors.push_back(where + ": " + id + ": returns_with names '" + p.key() + "', not a parameter of its signature");
      if (!p.value().is_string() || (value_kind_from_string(p.value().get<std::string>()) == ValueKind::kUnknown)) {
        errors.push_back(where + ": " + id + ": returns_with '" + p.key() + "' needs a kind such as \"int\"");
      }
    }
  }
  validate_templates(g.records, &errors);
  set_min_paddle(&g.records, versions_of, source_versions, &errors);
  // Nodes without an edge are still known (kind and return kind feed the classifier).
  for (auto& [id, node] : torch_nodes) {
    if (g.records.count(id)) continue;
    json rec{{"torch", id}, {"status", "known"}, {"kind", node.value("kind", "function")}};
    if (node.contains("returns")) rec["returns"] = node["returns"];
    if (node.contains("params")) rec["torch_params"] = node["params"];
    g.records[id] = std::move(rec);
  }
  // Paddle's real API surface: every Paddle API and keyword the data writes must exist there,
  // and the parameters it documents as Tensor-only go into the record for the converter.
  PaddleSurface surface = PaddleSurface::load(root, &errors);
  check_against_surface(surface, g.records, provenance, &errors);
  for (auto& [id, rec] : g.records) {
    const json* node = rec["status"] == "mapped" ? surface.find(rec.value("paddle", std::string())) : nullptr;
    if (!node) continue;
    std::vector<std::string> tensor_only = tensor_only_params(*node);
    if (!tensor_only.empty()) rec["paddle_tensor_only"] = std::move(tensor_only);
    json str_only = json::object();
    for (auto& [name, type] : str_only_params(*node)) str_only[name] = std::move(type);
    if (!str_only.empty()) rec["paddle_str_only"] = std::move(str_only);
  }
  for (const auto& [id, node] : surface.apis()) {
    json n = node;
    if (std::vector<std::string> t = tensor_only_params(node); !t.empty()) n["tensor_only"] = std::move(t);
    g.surface[id] = std::move(n);
  }
  g.stats.surface = static_cast<int>(g.surface.size());
  // A module entry names a module on both sides: ids of records below the torch one, and
  // Paddle APIs below the Paddle one (when Paddle's API reference was imported).
  auto has_below = [](const auto& map, const std::string& module) {
    auto it = map.lower_bound(module + ".");
    return it != map.end() && it->first.rfind(module + ".", 0) == 0;
  };
  for (const auto& [module, paddle] : g.modules) {
    if (!has_below(g.records, module)) errors.push_back(module_lines[module] + ": no record below the module " + module);
    if (!g.surface.empty() && !has_below(g.surface, paddle)) errors.push_back(module_lines[module] + ": no Paddle API below the module " + paddle);
  }
  for (const auto& [alias, where] : curated_aliases) {
    if (g.records.count(alias)) errors.push_back(where + ": alias " + alias + " has a record of its own");
  }
  for (auto& [alias, canonical] : g.aliases) {
    if (!g.records.count(canonical)) errors.push_back("alias_of: " + alias + " -> unknown " + canonical);
    // One step leads to the canonical id: KnowledgeGraph::find and find_member rely on it.
    if (g.aliases.count(canonical)) errors.push_back("alias_of: " + alias + " -> " + canonical + ", itself an alias");
  }

  for (const auto& [id, rec] : g.records) {
    std::string kind = rec.value("kind", std::string());
    if (kind == "method" || kind == "attribute") {
      std::string owner = id.substr(0, id.rfind('.'));
      g.methods[id.substr(id.rfind('.') + 1)].push_back(owner);
    }
    std::string status = rec.value("status", std::string());
    if (status == "mapped") {
      g.stats.mapped_per_family[family_of(id)]++;
      g.stats.mapped_per_category[rec.value("category", std::string("curated"))]++;
    } else if (status == "not_implemented") {
      g.stats.not_implemented++;
    }
  }
  // The converted roots: every family with a record, most records first (the byte scan tries
  // them in this order), less the unconverted ones.
  std::map<std::string, int> per_family;
  for (const auto& [id, rec] : g.records) per_family[family_of(id)]++;
  for (const auto& [family, where] : unconverted_families) {
    if (!per_family.erase(family)) errors.push_back(where + ": family '" + family + "' has no record");
  }
  std::vector<std::pair<int, std::string>> by_count;
  for (const auto& [family, n] : per_family) by_count.emplace_back(-n, family);
  std::sort(by_count.begin(), by_count.end());
  for (const auto& [n, family] : by_count) g.roots.push_back(family);
  g.stats.aliases = static_cast<int>(g.aliases.size());
  g.stats.records = static_cast<int>(g.records.size());
  return g;
}

std::string write_graph_db(const CompiledGraph& graph, const fs::path& db_path) {
  std::error_code ec;
  fs::remove_all(db_path, ec);
  rocksdb::Options options;
  options.create_if_missing = true;
  options.error_if_exists = true;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status s = rocksdb::DB::Open(options, db_path.string(), &raw);
  if (!s.ok()) return s.ToString();
  std::unique_ptr<rocksdb::DB> db(raw);
  rocksdb::WriteBatch batch;
  for (const auto& [id, rec] : graph.records) batch.Put("api:" + id, rec.dump());
  for (const auto& [id, node] : graph.paddle_nodes) batch.Put("paddle:" + id, node.dump());
  for (const auto& [id, node] : graph.surface) batch.Put("surface:" + id, node.dump());
  for (const auto& [name, owners] : graph.methods) batch.Put("method:" + name, json(owners).dump());
  for (const auto& [name, owners] : graph.shared_methods) batch.Put("shared:" + name, json(owners).dump());
  for (const auto& [name, evidence] : graph.argument_evidence) batch.Put("evidence:" + name, evidence.dump());
  for (const auto& [owner, sources] : graph.owner_sources) batch.Put("owner:" + owner, sources.dump());
  json stats{{"nodes_per_family", graph.stats.nodes_per_family},
             {"mapped_per_family", graph.stats.mapped_per_family},
             {"mapped_per_category", graph.stats.mapped_per_category},
             {"aliases", graph.stats.aliases},
             {"not_implemented", graph.stats.not_implemented},
             {"curations", graph.stats.curations},
             {"rules", graph.stats.rules},
             {"records", graph.stats.records},
             {"paddle_surface", graph.stats.surface}};
  batch.Put("meta:stats", stats.dump());
  batch.Put("meta:roots", json(graph.roots).dump());
  batch.Put("meta:prefix_reasons", json(graph.prefix_reasons).dump());
  batch.Put("meta:modules", json(graph.modules).dump());
  batch.Put("meta:test_inputs", json(graph.test_inputs).dump());
  // Every record id, one per line, and every alias with its id: read at open in one lookup each
  // (KnowledgeGraph keeps them in memory to answer unknown ids without a database read).
  std::string ids, aliases;
  for (const auto& [id, rec] : graph.records) ids += id + "\n";
  for (const auto& [alias, canonical] : graph.aliases) aliases += alias + "\t" + canonical + "\n";
  batch.Put("meta:record_ids", ids);
  batch.Put("meta:aliases", aliases);
  // The names under `method:`, `shared:` and `evidence:`, one per line, likewise.
  auto names_of = [](const auto& map) {
    std::string names;
    for (const auto& entry : map) names += entry.first + "\n";
    return names;
  };
  batch.Put("meta:method_names", names_of(graph.methods));
  batch.Put("meta:shared_names", names_of(graph.shared_methods));
  batch.Put("meta:evidence_names", names_of(graph.argument_evidence));
  s = db->Write(rocksdb::WriteOptions(), &batch);
  if (!s.ok()) return s.ToString();
  s = db->CompactRange(rocksdb::CompactRangeOptions(), nullptr, nullptr);
  if (!s.ok()) return s.ToString();
  return {};
}

}  // namespace t2p::kg
