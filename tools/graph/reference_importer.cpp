// tools/graph, reference importer: turns Paddle's API reference (docs/api/paddle/*.rst) into
// knowledge_graph/paddle/ JSON Lines: every public API with its signature and parameter types.
#include "graph/reference_importer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "graph/doc_signature.h"

namespace t2p::kg {
namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Full-width punctuation of the Chinese reference, mapped to ASCII.
std::string to_ascii(std::string_view in) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kMap{{
      {"\xEF\xBC\x8C", ","},  // ，
      {"\xE3\x80\x81", ","},  // 、
      {"\xEF\xBC\x88", "("},  // （
      {"\xEF\xBC\x89", ")"},  // ）
      {"\xEF\xBD\x9C", "|"},  // ｜
      {"\xEF\xBC\x9A", ":"},  // ：
      {"\xC2\xA0", " "},      // no-break space
      {"\xE3\x80\x80", " "},  // ideographic space
      {"\xEF\xBC\x9B", ","},  // ；
  }};
  std::string out;
  out.reserve(in.size());
  for (size_t i = 0; i < in.size();) {
    bool mapped = false;
    for (const auto& [from, to] : kMap) {
      if (in.substr(i, from.size()) == from) {
        out += to;
        i += from.size();
        mapped = true;
        break;
      }
    }
    if (!mapped) out.push_back(in[i++]);
  }
  return out;
}

// One API, method or member found in the reference.
struct Entry {
  std::string kind;               // function, class, decorator, method, member
  std::string owner;              // methods and members: the class
  bool has_params = false;        // the signature lists its parameters
  std::vector<std::string> params;
  std::vector<std::pair<std::string, std::string>> types;  // parameter -> normalised type
  std::string ref_label;          // a method section referring to a function's page
  std::string types_from;
  std::string source;             // "divide_cn.rst:6"
  std::string module_file;        // the output file's stem
};

// The parameter name of a token without stars or default: "*args" -> "args", "dim=None" -> "dim".
std::string bare_name(std::string_view token) {
  std::string n = param_name(token);
  size_t start = n.find_first_not_of('*');
  return start == std::string::npos ? std::string() : n.substr(start);
}

// `- **x** (Tensor) - ...` (or `**x (Tensor)**`): the name and the text between the parentheses.
bool parse_param_line(std::string_view raw, std::string* name, std::string* type) {
  std::string line = to_ascii(raw);
  std::string_view s = trim(line);
  if (s.empty() || (s[0] != '-' && s[0] != '*')) return false;
  if (s.substr(0, 2) != "**") {
    s.remove_prefix(1);
    s = trim(s);
  }
  if (s.substr(0, 2) != "**") return false;
  size_t close = s.find("**", 2);
  if (close == std::string_view::npos) return false;
  std::string bold;
  for (char c : s.substr(2, close - 2)) {
    if (c != '\\') bold.push_back(c);
  }
  std::string_view rest = trim(s.substr(close + 2));
  if (size_t paren = bold.find('('); paren != std::string::npos) {  // `**x (Tensor)**`
    rest = std::string_view(bold).substr(paren);
    bold = std::string(trim(std::string_view(bold).substr(0, paren)));
  }
  std::string_view n = bold;
  while (!n.empty() && n.front() == '*') n.remove_prefix(1);
  if (n.empty() || !is_ident_start(n[0]) ||
      !std::all_of(n.begin(), n.end(), [](char c) { return is_ident_char(c); })) {
    return false;
  }
  *name = std::string(n);
  type->clear();
  if (rest.empty() || rest[0] != '(') return true;  // documented without a type
  int depth = 0;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '(') ++depth;
    if (rest[i] == ')' && --depth == 0) {
      *type = std::string(rest.substr(1, i - 1));
      return true;
    }
  }
  *type = std::string(rest.substr(1));  // unclosed: the rest of the line
  return true;
}

// A section heading: the line below is an underline of one punctuation character.
bool is_underline(std::string_view s) {
  s = trim(s);
  if (s.size() < 3) return false;
  char c = s[0];
  if (c != '\'' && c != ':' && c != '-' && c != '^' && c != '~' && c != '=' && c != '"' && c != '*') return false;
  return std::all_of(s.begin(), s.end(), [c](char d) { return d == c; });
}

// `name(params)` or `name` at column 0: a member heading of a class page.
bool parse_member_heading(std::string_view line, std::string* name, std::string* params, bool* has_parens) {
  std::string text = to_ascii(line);
  std::string_view s = text;
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == ':')) s.remove_suffix(1);
  if (s.empty() || !is_ident_start(s[0])) return false;
  size_t i = 0;
  while (i < s.size() && is_ident_char(s[i])) ++i;
  *name = std::string(s.substr(0, i));
  std::string_view rest = trim(s.substr(i));
  if (rest.empty()) {
    *has_parens = false;
    params->clear();
    return true;
  }
  if (rest.front() != '(' || rest.back() != ')') return false;
  *has_parens = true;
  *params = std::string(rest);
  return true;
}

// Signature tokens of `name(...)`; `self` dropped for members. Problems appended.
std::vector<std::string> parse_params(const std::string& name, const std::string& paren_text, bool member,
                                      const std::string& where, std::vector<std::string>* problems, bool* ok) {
  *ok = true;
  std::vector<DocSignature> sigs = parse_signatures(name + paren_text);
  if (sigs.empty()) {
    problems->push_back(where + ": cannot read the signature of " + name);
    *ok = false;
    return {};
  }
  if (!sigs[0].errors.empty()) {
    problems->push_back(where + ": cannot read the parameters of " + name + "; written without a signature");
    *ok = false;
    return {};
  }
  std::vector<std::string> out;
  for (const std::string& tok : sigs[0].params) {
    if (member && out.empty() && param_name(tok) == "self") continue;
    out.push_back(tok);
  }
  return out;
}

std::string module_file_for(const std::string& rel_dir) {
  std::string m = "paddle";
  if (!rel_dir.empty() && rel_dir != ".") {
    m += ".";
    for (char c : rel_dir) m.push_back(c == '/' ? '.' : c);
  }
  return m;
}

// The documented parameter types of the lines [begin, end): the first line per parameter of
// `params` wins. `:ref:` targets noted in `ref_label` when asked for.
void read_section(const std::vector<std::string>& lines, size_t begin, size_t end, Entry* e) {
  std::set<std::string> wanted;
  for (const auto& tok : e->params) wanted.insert(bare_name(tok));
  std::map<std::string, std::string> found;
  for (size_t i = begin; i < end; ++i) {
    std::string name, type;
    if (parse_param_line(lines[i], &name, &type) && wanted.count(name) && !found.count(name)) {
      std::string t = normalize_param_type(type);
      if (!t.empty()) found[name] = t;
    }
    if (e->ref_label.empty()) {
      size_t r = lines[i].find(":ref:`cn_api_");
      if (r != std::string::npos) {
        size_t start = r + 6;
        size_t close = lines[i].find('`', start);
        if (close != std::string::npos) e->ref_label = lines[i].substr(start, close - start);
      }
    }
  }
  for (const auto& tok : e->params) {
    std::string n = bare_name(tok);
    if (auto it = found.find(n); it != found.end()) e->types.emplace_back(n, it->second);
  }
}

struct State {
  std::map<std::string, Entry> entries;
  std::map<std::string, std::string> labels;  // cn_api_paddle_divide -> paddle.divide
  ReferenceImportReport report;
  void problem(const std::string& what) { report.problems.push_back(what); }
  void add(const std::string& id, Entry e) {
    std::string source = e.source;
    auto [it, fresh] = entries.emplace(id, std::move(e));
    if (!fresh) problem(source + ": " + id + " is documented at " + it->second.source + " already; kept that one");
  }
};

void import_file(State& st, const fs::path& path, const std::string& rel) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  st.report.files_read++;
  std::string label;
  size_t sig_line = lines.size();
  std::string kind, id, paren_text;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view s = trim(lines[i]);
    if (label.empty() && s.substr(0, 5) == ".. _c" && s.back() == ':') label = std::string(s.substr(4, s.size() - 5));
    for (std::string_view k : {"function", "class", "decorator"}) {
      std::string directive = ".. py:" + std::string(k) + "::";
      if (s.substr(0, directive.size()) != directive) continue;
      std::string text = to_ascii(trim(s.substr(directive.size())));
      while (!text.empty() && (text.back() == ':' || text.back() == ' ')) text.pop_back();
      size_t j = 0;
      while (j < text.size() && (is_ident_char(text[j]) || text[j] == '.')) ++j;
      kind = k;
      id = text.substr(0, j);
      std::string rest(trim(std::string_view(text).substr(j)));
      paren_text = !rest.empty() && rest.front() == '(' && rest.back() == ')' ? rest : std::string();
      if (!rest.empty() && paren_text.empty()) st.problem(rel + ":" + std::to_string(i + 1) + ": cannot read " + text);
      sig_line = i;
      break;
    }
    if (sig_line != lines.size()) break;
  }
  if (sig_line == lines.size()) return;  // an overview page
  if (id.rfind("paddle", 0) != 0) {
    st.problem(rel + ":" + std::to_string(sig_line + 1) + ": not a paddle API: " + id);
    return;
  }
  std::string dir = fs::path(rel).parent_path().generic_string();
  const std::string where = rel + ":" + std::to_string(sig_line + 1);
  if (!label.empty()) st.labels[label] = id;

  // Member headings of a class page: `name(params)` or `name` over an underline.
  std::vector<size_t> heads;
  if (kind == "class") {
    for (size_t i = sig_line + 1; i + 1 < lines.size(); ++i) {
      std::string n, p;
      bool parens = false;
      if (!lines[i].empty() && lines[i][0] != ' ' && is_underline(lines[i + 1]) && !is_underline(lines[i]) &&
          parse_member_heading(lines[i], &n, &p, &parens)) {
        heads.push_back(i);
      }
    }
  }
  Entry main;
  main.kind = kind;
  main.source = where;
  main.module_file = id == "paddle.Tensor" ? "paddle.Tensor" : module_file_for(dir);
  if (!paren_text.empty()) {
    main.params = parse_params(id, paren_text, false, where, &st.report.problems, &main.has_params);
  }
  read_section(lines, sig_line + 1, heads.empty() ? lines.size() : heads.front(), &main);
  main.ref_label.clear();
  if (main.has_params && main.params.empty()) {
    // `Distribution()` over a parameter list: the signature is not really documented.
    for (size_t i = sig_line + 1; i < (heads.empty() ? lines.size() : heads.front()); ++i) {
      std::string n, t;
      if (parse_param_line(lines[i], &n, &t)) {
        main.has_params = false;
        st.problem(where + ": " + id + "() lists parameters below its signature; written without a signature");
        break;
      }
    }
  }
  st.add(id, std::move(main));
  for (size_t h = 0; h < heads.size(); ++h) {
    std::string n, p;
    bool parens = false;
    parse_member_heading(lines[heads[h]], &n, &p, &parens);
    Entry m;
    // A heading without parentheses: an attribute or property, or a method whose heading omits
    // its parameters (`clear_grad`).
    m.kind = parens ? "method" : "member";
    m.owner = id;
    m.source = rel + ":" + std::to_string(heads[h] + 1);
    m.module_file = id == "paddle.Tensor" ? "paddle.Tensor" : module_file_for(dir);
    if (parens) {
      m.params = parse_params(n, p, true, m.source, &st.report.problems, &m.has_params);
    }
    read_section(lines, heads[h] + 2, h + 1 < heads.size() ? heads[h + 1] : lines.size(), &m);
    st.add(id + "." + n, std::move(m));
  }
}

// A method whose own section documents no types takes those of the function its section refers
// to (`divide(y, name=None)` ... "see paddle.divide"), parameter by parameter.
void resolve_references(State& st) {
  for (auto& [id, e] : st.entries) {
    if (e.kind != "method" || e.ref_label.empty()) continue;
    auto target = st.labels.find(e.ref_label);
    if (target == st.labels.end()) continue;
    auto fn = st.entries.find(target->second);
    if (fn == st.entries.end() || fn->second.kind != "function") continue;
    e.types_from = target->second;
    // A bound method cannot take the function's first parameter again: a heading that writes it
    // (`masked_fill(x, mask, value, name=None)`) names the receiver.
    const auto& fn_params = fn->second.params;
    if (!e.params.empty() && !fn_params.empty() && bare_name(e.params.front()) == bare_name(fn_params.front()) &&
        e.params.size() == fn_params.size()) {
      e.params.erase(e.params.begin());
      std::string receiver = bare_name(fn_params.front());
      std::erase_if(e.types, [&](const auto& t) { return t.first == receiver; });
    }
    if (!e.types.empty()) continue;
    for (const auto& tok : e.params) {
      std::string n = bare_name(tok);
      for (const auto& [pn, pt] : fn->second.types) {
        if (pn == n) e.types.emplace_back(pn, pt);
      }
    }
  }
}

std::string dump_line(const ojson& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string normalize_param_type(std::string_view documented) {
  std::string s = to_ascii(documented);
  // Drop the optional markers wherever they stand; "A or B" is "A|B".
  for (std::string_view marker : {"\xE5\x8F\xAF\xE9\x80\x89" /* 可选 */, "optional", "Optional"}) {
    for (size_t p = s.find(marker); p != std::string::npos; p = s.find(marker)) s.erase(p, marker.size());
  }
  for (std::string_view word : {" or ", "\xE6\x88\x96\xE8\x80\x85" /* 或者 */, "\xE6\x88\x96" /* 或 */}) {
    for (size_t p = s.find(word); p != std::string::npos; p = s.find(word)) s.replace(p, word.size(), "|");
  }
  // Comma-separated parts (outside brackets) that read as type names are alternatives
  // ("Tensor, int"); prose ("默认值为 None", "default 1") is left out.
  std::vector<std::string> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i < s.size() && (s[i] == '(' || s[i] == '[')) ++depth;
    if (i < s.size() && (s[i] == ')' || s[i] == ']')) --depth;
    if (i < s.size() && !(s[i] == ',' && depth == 0)) continue;
    std::string_view part = trim(std::string_view(s).substr(start, i - start));
    start = i + 1;
    bool type_like = !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_|.[]()- ,'\"").find(c) != std::string_view::npos;
    });
    // The first part is the type as written, whatever it reads; later parts only when they are
    // type names (is_tensor_only_type never takes prose for a tensor).
    if (!part.empty() && (parts.empty() || (type_like && part.rfind("default", 0) != 0))) parts.emplace_back(part);
  }
  std::string out;
  for (const auto& part : parts) {
    bool space = false;
    if (!out.empty()) out.push_back('|');
    size_t begin = out.size();
    for (char c : part) {
      if (c == ' ' || c == '\t') {
        space = out.size() > begin;
        continue;
      }
      if (space && c != '|' && out.back() != '|') out.push_back(' ');
      space = false;
      out.push_back(c);
    }
  }
  while (!out.empty() && (out.back() == '|' || out.back() == ' ')) out.pop_back();
  return out;
}

bool is_tensor_only_type(std::string_view type) {
  if (type.empty()) return false;
  int depth = 0;
  size_t start = 0;
  auto tensor_alternative = [](std::string_view alt) {
    std::string lower;
    for (char c : alt) lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (lower.rfind("paddle.", 0) == 0) lower.erase(0, 7);
    for (std::string_view prefix : {"list", "tuple", "sequence", "dict", "numpy", "np.", "iterable"}) {
      if (lower.rfind(prefix, 0) == 0) return false;
    }
    size_t t = lower.find("tensor");
    if (t != std::string::npos) {
      // "Tensor", "DenseTensor", "SparseTensor", "0-D Tensor", "1-D Tensor": a tensor, not "TensorList".
      return t + 6 == lower.size();
    }
    return lower == "variable";
  };
  for (size_t i = 0; i <= type.size(); ++i) {
    if (i < type.size() && (type[i] == '(' || type[i] == '[')) ++depth;
    if (i < type.size() && (type[i] == ')' || type[i] == ']')) --depth;
    if (i == type.size() || (type[i] == '|' && depth == 0)) {
      if (!tensor_alternative(trim(type.substr(start, i - start)))) return false;
      start = i + 1;
    }
  }
  return true;
}

ReferenceImportReport import_api_reference(const fs::path& reference_root, const fs::path& out_dir) {
  State st;
  std::vector<std::pair<std::string, fs::path>> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(reference_root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".rst") {
      files.emplace_back(fs::relative(it->path(), reference_root).generic_string(), it->path());
    }
  }
  if (ec) st.problem(reference_root.string() + ": " + ec.message());
  std::sort(files.begin(), files.end());
  for (const auto& [rel, path] : files) import_file(st, path, rel);
  resolve_references(st);

  fs::create_directories(out_dir, ec);
  if (ec) {
    st.problem(out_dir.string() + ": cannot create: " + ec.message());
    return st.report;
  }
  std::map<std::string, std::string> by_file;  // module file -> lines, sorted by id
  for (const auto& [id, e] : st.entries) {
    ojson j;
    j["id"] = id;
    j["kind"] = e.kind;
    if (!e.owner.empty()) j["owner"] = e.owner;
    if (e.has_params) j["params"] = e.params;
    if (!e.types.empty()) {
      ojson types = ojson::object();
      for (const auto& [n, t] : e.types) types[n] = t;
      j["types"] = std::move(types);
    }
    if (!e.types_from.empty()) j["types_from"] = e.types_from;
    j["source"] = e.source;
    by_file[e.module_file] += dump_line(j);
    if (e.kind == "method") {
      st.report.methods++;
    } else if (e.kind == "member") {
      st.report.members++;
    } else {
      st.report.apis++;
    }
    st.report.params += static_cast<int>(e.params.size());
    st.report.typed_params += static_cast<int>(e.types.size());
    for (const auto& [n, t] : e.types) st.report.tensor_only += is_tensor_only_type(t);
  }
  for (const auto& [stem, text] : by_file) {
    fs::path p = out_dir / (stem + ".jsonl");
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) st.problem(p.string() + ": cannot write");
  }
  for (fs::directory_iterator it(out_dir, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    if (p.extension() == ".jsonl" && !by_file.count(p.stem().string())) fs::remove(p, ec);
  }
  return st.report;
}

}  // namespace t2p::kg
