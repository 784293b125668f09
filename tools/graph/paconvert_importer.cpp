// tools/graph, PaConvert importer: turns PaConvert's JSON mapping tables into knowledge_graph/paconvert/
// JSON Lines, and lists where they disagree with the facts imported from the mapping docs.
#include "graph/paconvert_importer.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

namespace t2p::kg {
namespace fs = std::filesystem;
using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

namespace {

// PaConvert's matchers whose whole behaviour is the argument tables: GenericMatcher renames,
// drops and adds keywords; UnchangeMatcher only renames the API.
bool is_table_matcher(const std::string& m) { return m == "GenericMatcher" || m == "UnchangeMatcher"; }

bool is_paddle_name(const std::string& s) {
  if (!(s.rfind("paddle.", 0) == 0 || s.rfind("paddlenlp.", 0) == 0) || s.back() == '.') return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; });
}

std::string strip_stars(const std::string& tok) {
  size_t start = tok.find_first_not_of('*');
  return start == std::string::npos ? std::string() : tok.substr(start);
}

bool upper_first(const std::string& part) {
  return !part.empty() && std::isupper(static_cast<unsigned char>(part.front()));
}

// Kind and owner from the shape of the id: `torch.Tensor.add` and `torch.nn.Module.type` are
// methods of their class, `torch.nn.Linear` a class, the rest functions.
std::pair<std::string, std::string> kind_of(const std::string& id, bool attribute_table) {
  size_t dot = id.rfind('.');
  std::string last = dot == std::string::npos ? id : id.substr(dot + 1);
  std::string parent = dot == std::string::npos ? std::string() : id.substr(0, dot);
  size_t pdot = parent.rfind('.');
  std::string parent_last = pdot == std::string::npos ? parent : parent.substr(pdot + 1);
  bool in_class = upper_first(parent_last);
  if (attribute_table) return {"attribute", in_class ? parent : std::string()};
  if (in_class) return {"method", parent};
  if (upper_first(last)) return {"class", ""};
  return {"function", ""};
}

std::string text_of(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

std::optional<json> read_json(const fs::path& p, PaconvertImportReport& r) {
  std::ifstream in(p, std::ios::binary);
  if (!in) {
    r.problems.push_back(p.filename().string() + ": cannot read");
    return std::nullopt;
  }
  try {
    return json::parse(in);
  } catch (const std::exception& ex) {
    r.problems.push_back(p.filename().string() + ": " + ex.what());
    return std::nullopt;
  }
}

// One PaConvert entry in our vocabulary.
struct Edge {
  std::string torch, table, matcher, kind, owner, paddle;
  std::vector<std::string> params;
  int min_input_args = -1;
  ojson args = ojson::array();
  bool plain = false;
  std::string needs, why;
  bool has_reference = false;  // the reference was read
  bool in_reference = false;
  std::vector<std::string> paddle_params;
};

Edge translate(const std::string& id, const json& v, const std::string& table) {
  Edge e;
  e.torch = id;
  e.table = table;
  e.matcher = v.value("Matcher", std::string());
  auto [kind, owner] = kind_of(id, table == "attribute_mapping");
  e.kind = kind;
  e.owner = owner;
  if (auto it = v.find("paddle_api"); it != v.end() && it->is_string()) e.paddle = *it;
  if (auto it = v.find("min_input_args"); it != v.end() && it->is_number_integer()) e.min_input_args = *it;
  const json kwargs_change = v.value("kwargs_change", json::object());
  std::set<std::string> unsupported;
  for (const auto& u : v.value("unsupport_args", json::array())) {
    if (u.is_string()) unsupported.insert(u.get<std::string>());
  }
  bool varargs = false, multi_target = false;
  int positional = 0;
  bool keyword_only = false;
  for (const auto& t : v.value("args_list", json::array())) {
    if (!t.is_string()) continue;
    std::string tok = t;
    tok.erase(tok.find_last_not_of(' ') + 1);  // `"finetuning_task "`
    if (tok.empty()) continue;
    if (tok == "/") {  // positional-only marker
      e.params.push_back(tok);
      continue;
    }
    if (tok == "*") {
      keyword_only = true;
      e.params.push_back(tok);
      continue;
    }
    std::string name = strip_stars(tok);
    if (tok.front() == '*') {
      varargs = true;
      e.params.push_back(tok);
    } else {
      // PaConvert's tables have no defaults: the first `min_input_args` positional parameters
      // are required, the others optional with a default the tables do not give (`...`).
      bool required = !keyword_only && positional < e.min_input_args;
      e.params.push_back(required ? name : name + "=...");
      if (!keyword_only) ++positional;
    }
    ojson a;
    a["torch"] = tok;
    if (unsupported.count(name)) {
      a["action"] = "unsupported";
      a["reason"] = "paconvert_unsupported";
    } else if (auto kc = kwargs_change.find(name); kc != kwargs_change.end()) {
      if (!kc->is_string()) {
        multi_target = true;  // one argument feeding several Paddle ones: PaConvert's code decides
        a["paddle"] = text_of(*kc);
        a["action"] = "rewrite";
      } else if (kc->get<std::string>().empty()) {
        a["action"] = "drop";
      } else {
        a["paddle"] = kc->get<std::string>();
        a["action"] = kc->get<std::string>() == name ? "same" : "rename";
      }
    } else {
      a["paddle"] = name;
      a["action"] = "same";
    }
    e.args.push_back(std::move(a));
  }
  // Paddle keywords PaConvert adds when the call lacks them: on an argument the call may pass
  // (`total_count`, whose PyTorch default Paddle lacks) a `default`, else a Paddle-only value.
  const json paddle_defaults = v.value("paddle_default_kwargs", json::object());
  for (const auto& [k, val] : paddle_defaults.items()) {
    bool on_arg = false;
    for (auto& a : e.args) {
      if (a.value("paddle", std::string()) == k && (a["action"] == "same" || a["action"] == "rename")) {
        a["action"] = "default";
        a["value"] = text_of(val);
        on_arg = true;
      }
    }
    if (on_arg) continue;
    ojson a;
    a["paddle"] = k;
    a["action"] = "paddle_only";
    a["value"] = text_of(val);
    e.args.push_back(std::move(a));
  }

  if (e.matcher.empty()) {
    e.needs = "nothing";
    e.why = "no_conversion_in_paconvert";
  } else if (!is_table_matcher(e.matcher)) {
    e.needs = "template";
    e.why = "custom_matcher";
  } else if (!is_paddle_name(e.paddle)) {
    e.needs = "template";
    e.why = e.paddle.empty() ? "no_paddle_api" : "paddle_api_not_an_api";
  } else if (v.contains("abstract")) {
    e.needs = "template";
    e.why = "abstract_class";
  } else if (v.contains("overload_args_list")) {
    e.needs = "template";
    e.why = "overloads";
  } else if (v.contains("convert_tensor")) {
    e.needs = "template";
    e.why = "converts_numbers_to_tensors";
  } else if (varargs) {
    e.needs = "template";
    e.why = "varargs";
  } else if (multi_target) {
    e.needs = "template";
    e.why = "one_argument_to_several";
  } else {
    e.plain = true;
  }
  // An UnchangeMatcher keeps every argument as written: its kwargs_change is not applied.
  if (e.plain && e.matcher == "UnchangeMatcher") {
    for (auto& a : e.args) {
      if (a.contains("torch")) {
        a["paddle"] = strip_stars(a["torch"].get<std::string>());
        a["action"] = "same";
        a.erase("reason");
      }
    }
  }
  if (!e.plain) e.args = ojson::array();  // the tables are inputs of PaConvert's code there, not facts
  return e;
}

ojson edge_json(const Edge& e, const std::string& source) {
  ojson j;
  j["torch"] = e.torch;
  j["source"] = source;
  j["table"] = e.table;
  j["matcher"] = e.matcher.empty() ? ojson(nullptr) : ojson(e.matcher);
  j["kind"] = e.kind;
  if (!e.owner.empty()) j["owner"] = e.owner;
  if (!e.paddle.empty()) j["paddle"] = e.paddle;
  j["params"] = e.params;
  if (e.min_input_args >= 0) j["min_input_args"] = e.min_input_args;
  if (e.plain) {
    j["args"] = e.args;
    j["plain"] = true;
  } else {
    j["plain"] = false;
    j["needs"] = e.needs;
    j["why"] = e.why;
  }
  if (e.plain && e.has_reference) {
    j["in_reference"] = e.in_reference;
    if (e.in_reference) j["paddle_params"] = e.paddle_params;
  }
  return j;
}

std::string dump_line(const ojson& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

void write_lines(PaconvertImportReport& r, const fs::path& path, const std::vector<std::string>& lines) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  for (const std::string& l : lines) out << l;
  out.close();
  if (!out) r.problems.push_back(path.string() + ": cannot write");
}

std::vector<json> read_jsonl(const fs::path& p) {
  std::vector<json> out;
  std::ifstream in(p);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line.rfind("//", 0) == 0) continue;
    try {
      out.push_back(json::parse(line));
    } catch (const std::exception&) {
    }
  }
  return out;
}

// Splits `a, b=(1, 2), *c` at the commas outside brackets and strings.
std::vector<std::string> split_params(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  int depth = 0;
  char quote = 0;
  for (char c : s) {
    if (quote) {
      cur += c;
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') quote = c;
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  out.push_back(cur);
  std::vector<std::string> tokens;
  for (std::string t : out) {
    t.erase(0, t.find_first_not_of(" \t"));
    t.erase(t.find_last_not_of(" \t") + 1);
    if (t.empty()) continue;
    // `x: Tensor = None` -> `x=None`
    if (size_t colon = t.find(':'); colon != std::string::npos && colon < t.find('=')) {
      size_t eq = t.find('=');
      std::string name = t.substr(0, colon);
      name.erase(name.find_last_not_of(' ') + 1);
      t = eq == std::string::npos ? name : name + "=" + t.substr(t.find_first_not_of(' ', eq + 1));
    }
    size_t eq = t.find('=');
    if (eq != std::string::npos) {
      std::string name = t.substr(0, eq), value = t.substr(eq + 1);
      name.erase(name.find_last_not_of(' ') + 1);
      value.erase(0, value.find_first_not_of(' '));
      t = name + "=" + value;
    }
    if (t == "name=None") continue;
    tokens.push_back(t);
  }
  return tokens;
}

// `NAME(params)` at the start of `text` (possibly spanning lines); nullopt when not a signature.
std::optional<std::pair<std::string, std::string>> signature_of(const std::string& text) {
  size_t open = text.find('(');
  if (open == std::string::npos) return std::nullopt;
  std::string name = text.substr(0, open);
  name.erase(name.find_last_not_of(' ') + 1);
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth == 0) return std::make_pair(name, text.substr(open + 1, i - open - 1));
  }
  return std::nullopt;
}

bool is_ident(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
  });
}

}  // namespace

std::map<std::string, std::vector<std::string>> read_paddle_reference(const fs::path& dir) {
  std::map<std::string, std::vector<std::string>> out;
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".rst") files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
    std::string cls;
    for (size_t i = 0; i < lines.size(); ++i) {
      const std::string& l = lines[i];
      for (const char* directive : {".. py:function:: ", ".. py:class:: ", ".. py:decorator:: "}) {
        if (l.rfind(directive, 0) != 0) continue;
        std::string rest = l.substr(std::string(directive).size());
        for (size_t k = i + 1; k < lines.size() && k < i + 6 && std::count(rest.begin(), rest.end(), '(') >
                                                                   std::count(rest.begin(), rest.end(), ')');
             ++k) {
          rest += " " + lines[k];
        }
        auto sig = signature_of(rest);
        std::string name = sig ? sig->first : rest.substr(0, rest.find_first_of(" :"));
        if (!is_ident(name)) continue;
        out[name] = sig ? split_params(sig->second) : std::vector<std::string>{};
        if (std::string(directive) == ".. py:class:: ") cls = name;
      }
      // A method heading of a class page: `name(params)` underlined with `:::` or `'''`.
      auto underline = [](const std::string& u) {
        return u.size() >= 3 && (u[0] == ':' || u[0] == '\'') && u.find_first_not_of(u[0]) == std::string::npos;
      };
      if (!cls.empty() && i + 1 < lines.size() && underline(lines[i + 1])) {
        auto sig = signature_of(l);
        if (sig && is_ident(sig->first) && sig->first.find('.') == std::string::npos) {
          std::vector<std::string> params = split_params(sig->second);
          if (!params.empty() && params.front() == "self") params.erase(params.begin());
          out.emplace(cls + "." + sig->first, params);
        }
      }
    }
  }
  return out;
}

PaconvertImportReport import_paconvert(const fs::path& paconvert_dir, const fs::path& kg_dir,
                                       const fs::path& paddle_reference, const fs::path& out_dir) {
  PaconvertImportReport r;
  // Provenance: the folder's name when it names the release (`paconvert-v3.1.0`).
  std::string folder = fs::absolute(paconvert_dir).lexically_normal().filename().string();
  if (folder.empty()) folder = fs::absolute(paconvert_dir).lexically_normal().parent_path().filename().string();
  r.source = folder.rfind("paconvert", 0) == 0 ? folder : "paconvert";

  auto api = read_json(paconvert_dir / "api_mapping.json", r);
  auto attrs = read_json(paconvert_dir / "attribute_mapping.json", r);
  auto aliases = read_json(paconvert_dir / "api_alias_mapping.json", r);
  auto wildcards = read_json(paconvert_dir / "api_wildcard_mapping.json", r);
  if (!api) return r;

  std::map<std::string, std::vector<std::string>> reference;
  bool have_reference = !paddle_reference.empty();
  if (have_reference) {
    reference = read_paddle_reference(paddle_reference);
    if (reference.empty()) r.problems.push_back(paddle_reference.string() + ": no API signature found");
  }

  std::map<std::string, Edge> edges;
  auto add = [&](const json& table, const std::string& name) {
    for (const auto& [id, v] : table.items()) {
      if (!v.is_object()) {
        r.problems.push_back(name + ".json: " + id + ": not an object");
        continue;
      }
      Edge e = translate(id, v, name);
      if (have_reference && e.plain) {
        e.has_reference = true;
        auto it = reference.find(e.paddle);
        e.in_reference = it != reference.end();
        if (e.in_reference) {
          e.paddle_params = it->second;
          r.in_reference++;
        }
      }
      (e.plain ? r.plain : e.needs == "nothing" ? r.not_converted : r.needs_template)++;
      if (edges.count(id)) r.problems.push_back(name + ".json: " + id + " also in another table; kept the first");
      edges.emplace(id, std::move(e));
    }
  };
  add(*api, "api_mapping");
  r.entries = static_cast<int>(edges.size());
  if (attrs) {
    add(*attrs, "attribute_mapping");
    r.attributes = static_cast<int>(edges.size()) - r.entries;
  }

  // The docs' facts, for the disagreements.
  std::map<std::string, json> docs;
  for (auto& j : read_jsonl(kg_dir / "edges" / "maps_to.jsonl")) docs[j.value("torch", "")] = j;
  std::map<std::string, std::string> docs_alias;
  for (auto& j : read_jsonl(kg_dir / "edges" / "alias_of.jsonl")) docs_alias[j.value("alias", "")] = j.value("canonical", "");
  std::set<std::string> docs_missing;
  for (auto& j : read_jsonl(kg_dir / "edges" / "not_implemented.jsonl")) docs_missing.insert(j.value("torch", ""));
  if (docs.empty()) {
    r.problems.push_back((kg_dir / "edges" / "maps_to.jsonl").string() + ": no docs edges, no disagreements listed");
  }

  std::vector<std::string> disagreements;
  auto disagree = [&](const Edge& e, const std::string& kind, const std::string& arg, ojson d, ojson p) {
    ojson j;
    j["torch"] = e.torch;
    j["kind"] = kind;
    if (!arg.empty()) j["arg"] = arg;
    j["docs"] = std::move(d);
    j["paconvert"] = std::move(p);
    j["matcher"] = e.matcher.empty() ? ojson(nullptr) : ojson(e.matcher);
    disagreements.push_back(dump_line(j));
    r.disagreements[kind]++;
  };
  auto arg_side = [](const std::string& action, const std::string& paddle) {
    ojson s;
    s["action"] = action;
    if (!paddle.empty()) s["paddle"] = paddle;
    return s;
  };
  for (const auto& [id, e] : edges) {
    std::string canonical = docs_alias.count(id) ? docs_alias[id] : id;
    auto d = docs.find(canonical);
    if (d == docs.end()) {
      if (docs_missing.count(canonical) && !e.matcher.empty()) {
        ojson ds;
        ds["status"] = "not_implemented";
        ojson ps;
        ps["paddle"] = e.paddle;
        ps["plain"] = e.plain;
        disagree(e, "docs_missing_paconvert_maps", "", ds, ps);
      } else if (!docs_missing.count(canonical) && !docs_alias.count(id)) {
        r.only_paconvert++;
      }
      continue;
    }
    const json& de = d->second;
    std::string dp = de.value("paddle", std::string());
    if (e.matcher.empty()) {
      if (!dp.empty()) {
        ojson ds;
        ds["paddle"] = dp;
        ds["category"] = de.value("category", "");
        ojson ps;
        ps["status"] = "no_conversion";
        disagree(e, "paconvert_not_converted", "", ds, ps);
      }
      continue;
    }
    if (!e.paddle.empty() && !dp.empty() && e.paddle != dp) {
      ojson ds, ps;
      ds["paddle"] = dp;
      ps["paddle"] = e.paddle;
      ps["plain"] = e.plain;
      disagree(e, "paddle_api", "", ds, ps);
    }
    if (!e.plain) continue;  // a custom matcher's tables are not a statement about the arguments
    std::map<std::string, const ojson*> pc_args;
    for (const auto& a : e.args) {
      if (a.contains("torch")) pc_args[strip_stars(a["torch"].get<std::string>())] = &a;
    }
    for (const auto& a : de.value("args", json::array())) {
      std::string t = strip_stars(a.value("torch", std::string()));
      auto p = pc_args.find(t);
      if (t.empty() || p == pc_args.end()) continue;
      std::string da = a.value("action", ""), dpn = a.value("paddle", "");
      std::string pa = (*p->second)["action"].get<std::string>();
      std::string ppn = p->second->value("paddle", std::string());
      bool d_passes = da == "same" || da == "rename" || da == "default";
      bool p_passes = pa == "same" || pa == "rename";
      std::string kind;
      if (d_passes && p_passes && dpn != ppn) kind = "arg_rename";
      else if (da == "unsupported" && (p_passes || pa == "drop")) kind = "docs_unsupported_paconvert_maps";
      else if (pa == "unsupported" && (d_passes || da == "drop")) kind = "paconvert_unsupported_docs_maps";
      else if (da == "drop" && p_passes) kind = "docs_drop_paconvert_passes";
      else if (pa == "drop" && d_passes) kind = "paconvert_drop_docs_passes";
      else if (da == "rewrite" && p_passes) kind = "docs_rewrite_paconvert_renames";
      if (kind.empty()) continue;
      ojson ds = arg_side(da, dpn);
      if (a.contains("reason")) ds["reason"] = a["reason"];
      disagree(e, kind, t, ds, arg_side(pa, ppn));
    }
  }

  std::error_code ec;
  fs::create_directories(out_dir, ec);
  if (ec) {
    r.problems.push_back(out_dir.string() + ": cannot create: " + ec.message());
    return r;
  }
  std::vector<std::string> lines;
  for (const auto& [id, e] : edges) lines.push_back(dump_line(edge_json(e, r.source)));
  write_lines(r, out_dir / "edges.jsonl", lines);

  lines.clear();
  if (aliases) {
    std::map<std::string, std::string> sorted;
    for (const auto& [a, c] : aliases->items()) {
      if (c.is_string()) sorted[a] = c.get<std::string>();
    }
    for (const auto& [a, c] : sorted) {
      ojson j;
      j["alias"] = a;
      j["canonical"] = c;
      j["source"] = r.source;
      lines.push_back(dump_line(j));
      std::string docs_c = docs_alias.count(a) ? docs_alias[a] : std::string();
      if (!docs_c.empty() && docs_c != c && docs_alias.count(c) == 0) {
        ojson ds, ps;
        ds["canonical"] = docs_c;
        ps["canonical"] = c;
        Edge e;
        e.torch = a;
        disagree(e, "alias", "", ds, ps);
      }
    }
  }
  write_lines(r, out_dir / "aliases.jsonl", lines);
  r.aliases = static_cast<int>(lines.size());

  lines.clear();
  if (wildcards) {
    for (const auto& [prefix, v] : wildcards->items()) {
      ojson j;
      j["prefix"] = prefix;
      j["matcher"] = v.value("Matcher", std::string());
      j["needs"] = v.value("disable", false) ? "nothing" : "template";
      j["source"] = r.source;
      lines.push_back(dump_line(j));
    }
  }
  write_lines(r, out_dir / "wildcards.jsonl", lines);
  r.wildcards = static_cast<int>(lines.size());

  std::sort(disagreements.begin(), disagreements.end());
  write_lines(r, out_dir / "disagreements.jsonl", disagreements);
  return r;
}

}  // namespace t2p::kg
