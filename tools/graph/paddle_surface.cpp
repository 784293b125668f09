// tools/graph: Paddle's real API surface and the compile-time check of what the data writes against it.
#include "graph/paddle_surface.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>

#include "graph/reference_importer.h"

namespace t2p::kg {
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Every JSON object line of the *.jsonl files directly in `dir`, sorted by file, with "file:line".
std::vector<std::pair<std::string, json>> read_lines(const fs::path& dir, const fs::path& root,
                                                     std::vector<std::string>* errors) {
  std::vector<std::pair<std::string, json>> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".jsonl") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::ifstream in(f);
    std::string rel = fs::relative(f, root).generic_string();
    int n = 0;
    for (std::string text; std::getline(in, text);) {
      ++n;
      size_t first = text.find_first_not_of(" \t\r");
      if (first == std::string::npos || text.compare(first, 2, "//") == 0) continue;
      try {
        json j = json::parse(text);
        if (j.is_object()) out.emplace_back(rel + ":" + std::to_string(n), std::move(j));
      } catch (const std::exception& ex) {
        // mappings/ lines are reported by the graph compiler's own reader.
        if (rel.rfind("knowledge_graph", 0) == 0) errors->push_back(rel + ":" + std::to_string(n) + ": " + ex.what());
      }
    }
  }
  return out;
}

// "dim=None" -> "dim", "**kwargs" -> "kwargs", "*" -> "".
std::string bare(const std::string& token) {
  std::string n = token.substr(0, token.find('='));
  size_t start = n.find_first_not_of('*');
  return start == std::string::npos ? std::string() : n.substr(start);
}

// Whether the node's documented signature takes keyword `kw` (true when the signature is not
// documented or has **kwargs).
bool accepts(const json& node, const std::string& kw) {
  auto it = node.find("params");
  if (it == node.end() || !it->is_array()) return true;
  for (const auto& t : *it) {
    if (!t.is_string()) continue;
    std::string tok = t.get<std::string>();
    if (tok.rfind("**", 0) == 0) return true;
    if (tok == "/" || tok == "*") continue;
    if (bare(tok) == kw) return true;
  }
  return false;
}

std::string signature_text(const std::string& id, const json& node) {
  std::string s = id + "(";
  const json& params = node.value("params", json::array());
  for (size_t i = 0; i < params.size(); ++i) s += (i ? ", " : "") + params[i].get<std::string>();
  s += ")";
  std::string from = node.value("source", std::string());
  return from.empty() ? s : s + ", " + from;
}

size_t skip_string(std::string_view t, size_t i) {
  char q = t[i];
  for (size_t j = i + 1; j < t.size(); ++j) {
    if (t[j] == '\\') {
      ++j;
    } else if (t[j] == q) {
      return j + 1;
    }
  }
  return t.size();
}

// The keywords a call writes: `text` starts right after its `(`. Placeholders that spell
// keywords count: `{opt:name=kw}` -> kw, `{kw:a=x,b=y}` -> x, y.
std::vector<std::string> call_keywords(std::string_view t) {
  std::vector<std::string> out;
  int depth = 1;
  char prev = '(';  // last non-space character at depth 1
  for (size_t i = 0; i < t.size() && depth > 0;) {
    char c = t[i];
    if (c == '\'' || c == '"') {
      i = skip_string(t, i);
      prev = 'x';
      continue;
    }
    if (c == '{' && depth == 1) {
      size_t close = t.find('}', i);
      std::string_view ph = t.substr(i + 1, (close == std::string_view::npos ? t.size() : close) - i - 1);
      if (ph.rfind("opt:", 0) == 0) {
        size_t eq = ph.find('=');
        if (eq != std::string_view::npos) out.emplace_back(ph.substr(eq + 1));
      } else if (ph.rfind("kw:", 0) == 0) {
        ph.remove_prefix(3);
        for (size_t pos = 0; pos <= ph.size();) {
          size_t comma = ph.find(',', pos);
          std::string_view one = ph.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
          size_t eq = one.find('=');
          if (eq != std::string_view::npos) out.emplace_back(one.substr(eq + 1));
          if (comma == std::string_view::npos) break;
          pos = comma + 1;
        }
      }
      i = close == std::string_view::npos ? t.size() : close + 1;
      prev = 'x';
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 1 && is_ident_start(c) && (prev == '(' || prev == ',')) {
      size_t j = i;
      while (j < t.size() && is_ident_char(t[j])) ++j;
      size_t k = j;
      while (k < t.size() && t[k] == ' ') ++k;
      if (k < t.size() && t[k] == '=' && (k + 1 >= t.size() || t[k + 1] != '=')) out.emplace_back(t.substr(i, j - i));
      i = j;
      prev = 'x';
      continue;
    }
    if (c != ' ' && c != '\n') prev = depth == 1 ? c : prev;
    ++i;
  }
  return out;
}

class Checker {
 public:
  Checker(const PaddleSurface& s, std::vector<std::string>* errors) : surface_(s), errors_(errors) {}

  // Whether `id` names a documented API, or a module or class holding some (`paddle.nn`).
  const json* known(const std::string& id, bool* module) const {
    *module = false;
    if (const json* n = surface_.find(id)) return n;
    auto it = surface_.apis().lower_bound(id + ".");
    if (it != surface_.apis().end() && it->first.rfind(id + ".", 0) == 0) *module = true;
    return nullptr;
  }

  // False (and an error) when `paddle` is not in the surface. Non-paddle ids pass.
  const json* api(const std::string& where, const std::string& torch, const std::string& paddle, const char* how) {
    if (paddle.rfind("paddle.", 0) != 0) return nullptr;
    bool module = false;
    const json* n = known(paddle, &module);
    if (!n && !module) {
      errors_->push_back(where + ": " + torch + " " + how + " " + paddle +
                         ", which is not in Paddle's API reference (knowledge_graph/paddle/); fix the mapping, or "
                         "add the API to mappings/paddle_surface.jsonl with a reason if Paddle 3.x has it");
    }
    return n;
  }

  void keyword(const std::string& where, const std::string& torch, const std::string& paddle, const json* node,
               const std::string& kw) {
    if (!node || kw.empty() || accepts(*node, kw)) return;
    // A Tensor method is the function its section refers to, bound to its first parameter: the
    // function's page is the one kept up to date (`argsort(..., stable=False)`).
    if (const json* fn = node->contains("types_from") ? surface_.find((*node)["types_from"].get<std::string>()) : nullptr;
        fn && accepts(*fn, kw)) {
      return;
    }
    errors_->push_back(where + ": " + torch + " writes keyword '" + kw + "=' to " + paddle + ", which has no such parameter (" +
                       signature_text(paddle, *node) + ")");
  }

  // Every `paddle.` name a template text writes, and the keywords of the calls among them.
  void text(const std::string& where, const std::string& torch, std::string_view t,
            const char* how = "has a template writing") {
    for (size_t i = 0; i < t.size();) {
      char c = t[i];
      if (c == '{') {
        size_t close = t.find('}', i);
        i = close == std::string_view::npos ? t.size() : close + 1;
        continue;
      }
      if (c == '\'' || c == '"') {
        i = skip_string(t, i);
        continue;
      }
      if (!is_ident_start(c) || (i > 0 && (is_ident_char(t[i - 1]) || t[i - 1] == '.'))) {
        ++i;
        continue;
      }
      size_t j = i;
      while (j < t.size() && (is_ident_char(t[j]) || (t[j] == '.' && j + 1 < t.size() && is_ident_start(t[j + 1])))) ++j;
      std::string name(t.substr(i, j - i));
      if (name.rfind("paddle.", 0) == 0) {
        const json* node = api(where, torch, name, how);
        size_t k = j;
        while (k < t.size() && t[k] == ' ') ++k;
        if (node && k < t.size() && t[k] == '(') {
          for (const auto& kw : call_keywords(t.substr(k + 1))) keyword(where, torch, name, node, kw);
        }
      }
      i = j;
    }
  }

 private:
  const PaddleSurface& surface_;
  std::vector<std::string>* errors_;
};

std::string where_of(const Provenance& where, const std::string& key, const std::string& fallback) {
  auto it = where.find(key);
  return it != where.end() ? it->second : fallback;
}

}  // namespace

const json* PaddleSurface::find(const std::string& id) const {
  auto it = apis_.find(id);
  return it == apis_.end() ? nullptr : &it->second;
}

PaddleSurface PaddleSurface::load(const fs::path& root, std::vector<std::string>* errors) {
  PaddleSurface s;
  for (auto& [where, j] : read_lines(root / "knowledge_graph" / "paddle", root, errors)) {
    if (!j.contains("id") || !j["id"].is_string() || !j.contains("kind")) {
      errors->push_back(where + ": surface node needs 'id' and 'kind'");
      continue;
    }
    std::string id = j["id"].get<std::string>();
    s.apis_[id] = std::move(j);
  }
  s.reference_ = !s.apis_.empty();  // without an imported reference nothing is checked
  for (auto& [where, j] : read_lines(root / "mappings", root, errors)) {
    if (!j.contains("paddle") || j.contains("torch") || j.contains("module")) continue;  // module entries: graph_compiler
    if (!j["paddle"].is_string() || !j.contains("reason") || !j["reason"].is_string() ||
        j["reason"].get<std::string>().empty()) {
      errors->push_back(where + ": a surface addition needs string 'paddle' and a non-empty 'reason'");
      continue;
    }
    std::string id = j["paddle"];
    if (auto it = s.apis_.find(id); it != s.apis_.end() && j.contains("add_params")) {
      // Parameters Paddle 3.x has that the reference's page lacks (an outdated signature).
      if (!j["add_params"].is_array() || !it->second.contains("params")) {
        errors->push_back(where + ": add_params must be an array, for an API with a documented signature");
        continue;
      }
      for (const auto& t : j["add_params"]) it->second["params"].push_back(t);
      it->second["added_params"] = j["add_params"];
      it->second["reason"] = j["reason"];
      it->second["source"] = it->second.value("source", std::string()) + ", " + where;
      continue;
    }
    if (const json* n = s.find(id); n && !n->contains("reason")) {
      errors->push_back(where + ": " + id + " is in Paddle's API reference (" + n->value("source", std::string()) +
                        "); remove the addition");
      continue;
    }
    json node{{"id", id}};
    if (j.contains("method_of")) {
      const json* fn = j["method_of"].is_string() ? s.find(j["method_of"].get<std::string>()) : nullptr;
      if (!fn || !fn->contains("params")) {
        errors->push_back(where + ": method_of names no documented function: " + j["method_of"].dump());
        continue;
      }
      // The function's signature less its first parameter, which the receiver fills.
      json params = json::array();
      std::string first;
      for (const auto& t : (*fn)["params"]) {
        if (first.empty() && t != "*" && t != "/") {
          first = bare(t.get<std::string>());
          continue;
        }
        params.push_back(t);
      }
      node["kind"] = "method";
      node["owner"] = id.substr(0, id.rfind('.'));
      node["params"] = std::move(params);
      if (fn->contains("types")) {
        json types = json::object();
        for (auto it = (*fn)["types"].begin(); it != (*fn)["types"].end(); ++it) {
          if (it.key() != first) types[it.key()] = it.value();
        }
        node["types"] = std::move(types);
      }
      node["types_from"] = j["method_of"];
    } else {
      node["kind"] = j.value("kind", std::string("function"));
      if (j.contains("params")) node["params"] = j["params"];
    }
    node["source"] = where;
    node["reason"] = j["reason"];
    s.apis_[id] = std::move(node);
  }
  return s;
}

std::vector<std::string> tensor_only_params(const json& node) {
  std::vector<std::string> out;
  auto types = node.find("types");
  if (types == node.end() || !types->is_object()) return out;
  for (const auto& t : node.value("params", json::array())) {
    std::string n = bare(t.get<std::string>());
    auto it = types->find(n);
    if (it != types->end() && it->is_string() && is_tensor_only_type(it->get<std::string>())) out.push_back(n);
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> str_only_params(const json& node) {
  std::vector<std::pair<std::string, std::string>> out;
  auto types = node.find("types");
  if (types == node.end() || !types->is_object()) return out;
  for (const auto& t : node.value("params", json::array())) {
    std::string n = bare(t.get<std::string>());
    if (n == "name") continue;  // every operator's own name (`name (str, optional)`), never a path
    auto it = types->find(n);
    if (it == types->end() || !it->is_string()) continue;
    const std::string type = it->get<std::string>();
    bool str = false, other = false;
    size_t start = 0;
    while (start <= type.size()) {
      size_t bar = type.find('|', start);
      if (bar == std::string::npos) bar = type.size();
      std::string_view alt = std::string_view(type).substr(start, bar - start);
      while (!alt.empty() && alt.front() == ' ') alt.remove_prefix(1);
      while (!alt.empty() && alt.back() == ' ') alt.remove_suffix(1);
      if (alt == "str") str = true;
      else if (alt != "BytesIO" && alt != "None") other = true;
      start = bar + 1;
    }
    if (str && !other) out.emplace_back(n, type);
  }
  return out;
}

void check_against_surface(const PaddleSurface& surface, const std::map<std::string, json>& records,
                           const Provenance& where, std::vector<std::string>* errors) {
  if (surface.empty()) return;
  Checker check(surface, errors);
  static const std::set<std::string> kWritesNoKeyword{"unsupported", "drop", "device", "rewrite", "out",
                                                      "requires_grad", "pin_memory"};
  for (const auto& [id, rec] : records) {
    const std::string fallback = "knowledge_graph/edges/maps_to.jsonl (" + id + ")";
    // Written whatever the record's status: its other uses may stay reported.
    if (rec.contains("as_annotation") && rec["as_annotation"].is_string()) {
      check.text(where_of(where, id + "#as_annotation", fallback), id, rec["as_annotation"].get<std::string>(), "is spelt");
    }
    if (rec.value("status", std::string()) != "mapped") continue;
    if (auto it = rec.find("cases"); it != rec.end()) {
      const std::string w = where_of(where, id + "#template", fallback);
      for (const auto& c : *it) {
        check.text(w, id, c.value("template", std::string()));
        check.text(w, id, c.value("after", std::string()));
      }
    }
    for (const char* field : {"as_reference", "as_decorator"}) {
      if (rec.contains(field) && rec[field].is_string()) {
        check.text(where_of(where, id + "#" + field, fallback), id, rec[field].get<std::string>(), "is spelt");
      }
    }
    const std::string paddle = rec.value("paddle", std::string());
    const std::string form = rec.value("form", std::string("call"));
    const bool argmap = !paddle.empty() && form != "drop" && (!rec.contains("cases") || rec.value("argmap_fallback", true));
    if (!argmap) continue;
    const std::string w = where_of(where, id, fallback);
    const json* node = check.api(w, id, paddle, "maps to");
    if (!node) continue;
    if (form == "call" && rec.value("kind", std::string()) == "method" && rec.contains("self")) {
      check.keyword(w, id, paddle, node, rec["self"].get<std::string>());
    }
    for (const auto& a : rec.value("args", json::array())) {
      std::string action = a.value("action", std::string());
      std::string kw = a.value("paddle", std::string());
      if (kWritesNoKeyword.count(action) || kw.empty() || kw[0] == '*') continue;
      std::string aw = where_of(where, id + "#" + a.value("torch", kw), w);
      for (size_t pos = 0; pos <= kw.size();) {  // `unpack` names several, comma-separated
        size_t comma = kw.find(',', pos);
        check.keyword(aw, id, paddle, node, kw.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
        if (comma == std::string::npos) break;
        pos = comma + 1;
      }
      if (auto v = a.find("values"); action == "value_map" && v != a.end() && v->is_object()) {
        // A mapped text may carry further keywords: `"False": "False, bias_hh_attr=False"`.
        for (auto it = v->begin(); it != v->end(); ++it) {
          if (!it.value().is_string()) continue;
          std::string text = it.value().get<std::string>() + ")";
          for (const auto& extra : call_keywords(text)) check.keyword(aw, id, paddle, node, extra);
          check.text(aw, id, it.value().get<std::string>(), "has an argument value writing");
        }
      }
      if (auto e = a.find("expr"); e != a.end() && e->is_string()) {
        check.text(aw, id, e->get<std::string>(), "has an argument value writing");
      }
    }
  }
}

}  // namespace t2p::kg
