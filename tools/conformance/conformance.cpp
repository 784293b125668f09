// tools/conformance: conformance check for development: converts the PyTorch side of every conversion
// example in PaddlePaddle's mapping docs and compares the result with the docs' Paddle side.
#include "conformance/conformance.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <utility>

#include "driver/repo_runner.h"
#include "driver/source_converter.h"
#include "kg/api_record.h"
#include "parse/node_kinds.h"

namespace t2p::driver {
namespace fs = std::filesystem;

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) s.remove_suffix(1);
  return s;
}

// Line `line` (1-based) of `text`, trimmed; empty when out of range.
std::string line_at(std::string_view text, uint32_t line) {
  uint32_t n = 1;
  size_t start = 0;
  while (n < line) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return "";
    start = nl + 1;
    ++n;
  }
  size_t end = text.find('\n', start);
  return std::string(trim(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
}

// The first line that is not blank and not a comment.
std::string first_code_line(std::string_view code) {
  size_t start = 0;
  while (start < code.size()) {
    size_t end = code.find('\n', start);
    if (end == std::string_view::npos) end = code.size();
    std::string_view l = trim(code.substr(start, end - start));
    if (!l.empty() && l.front() != '#') return std::string(l);
    start = end + 1;
  }
  return "";
}

// Names bound by the import statements of a snippet (`import a.b` -> a, `import a.b as c` -> c,
// `from m import x as y, z` -> y, z). Text based: the snippet need not parse.
std::set<std::string> imported_names(std::string_view code) {
  std::set<std::string> names;
  static const std::regex ident(R"([A-Za-z_][A-Za-z_0-9]*)");
  size_t start = 0;
  while (start < code.size()) {
    size_t end = code.find('\n', start);
    if (end == std::string_view::npos) end = code.size();
    std::string line(trim(code.substr(start, end - start)));
    start = end + 1;
    std::string list;
    if (line.rfind("import ", 0) == 0) {
      list = line.substr(7);
    } else if (line.rfind("from ", 0) == 0) {
      size_t imp = line.find(" import ");
      if (imp == std::string::npos) continue;
      list = line.substr(imp + 8);
    } else {
      continue;
    }
    list.erase(std::remove_if(list.begin(), list.end(), [](char c) { return c == '(' || c == ')'; }), list.end());
    std::stringstream parts(list);
    std::string part;
    while (std::getline(parts, part, ',')) {
      std::string p(trim(part));
      size_t as = p.find(" as ");
      std::string name = as == std::string::npos ? p.substr(0, p.find('.')) : std::string(trim(p.substr(as + 4)));
      std::smatch m;
      if (std::regex_search(name, m, ident)) names.insert(m.str());
    }
  }
  return names;
}

}  // namespace

const char* to_string(ExampleOutcome o) {
  switch (o) {
    case ExampleOutcome::kPass: return "pass";
    case ExampleOutcome::kDiffers: return "differs";
    case ExampleOutcome::kNotConverted: return "not_converted";
    case ExampleOutcome::kParseError: return "parse_error";
    case ExampleOutcome::kEngineError: return "engine_error";
  }
  return "?";
}

std::string torch_preamble(std::string_view torch_code, std::string_view api_id) {
  std::set<std::string> bound = imported_names(torch_code);
  std::string code(torch_code);
  auto used = [&](const std::string& name) {
    return std::regex_search(code, std::regex("(^|[^\\w.])" + name + "\\."));
  };
  std::string out;
  if (!bound.count("torch")) out += "import torch\n";
  if (!bound.count("nn") && used("nn")) out += "import torch.nn as nn\n";
  if (!bound.count("F") && used("F")) out += "import torch.nn.functional as F\n";
  std::vector<std::string> roots = {"torchvision", "transformers", "fairscale", "flash_attn"};
  std::string api_root(api_id.substr(0, api_id.find('.')));
  if (!api_root.empty() && std::find(roots.begin(), roots.end(), api_root) == roots.end() && api_root != "torch") {
    roots.push_back(api_root);
  }
  for (const auto& root : roots) {
    if (!bound.count(root) && used(root)) out += "import " + root + "\n";
  }
  // The doc's API called by its bare name (`PositiveDefiniteTransform()` in the doc of
  // torch.distributions.transforms.PositiveDefiniteTransform): import it from its module.
  size_t dot = api_id.rfind('.');
  if (dot != std::string_view::npos && dot > 0) {
    std::string module(api_id.substr(0, dot));
    std::string name(api_id.substr(dot + 1));
    bool method = module.size() >= 7 && module.compare(module.size() - 7, 7, ".Tensor") == 0;
    if (!method && !name.empty() && !bound.count(name) &&
        std::regex_search(code, std::regex("(^|[^\\w.])" + name + "\\s*\\("))) {
      out += "from " + module + " import " + name + "\n";
    }
  }
  return out;
}

ExampleResult check_example(const kg::DocExample& example, std::string_view api_id, const kg::KnowledgeGraph& graph,
                            const rules::ConvertOptions& options, parse::PythonParser& parser) {
  ExampleResult r;
  r.heading = example.heading;
  r.line = example.line;
  r.torch_code = example.torch_code;
  r.expected = example.paddle_code;
  std::string preamble = torch_preamble(example.torch_code, api_id);
  std::string source = preamble + example.torch_code;
  r.got = source;
  uint32_t preamble_lines = static_cast<uint32_t>(std::count(preamble.begin(), preamble.end(), '\n'));

  std::vector<ConformanceToken> expected, got;
  auto parse_failure = [&](const char* side, std::string_view text) {
    r.outcome = ExampleOutcome::kParseError;
    r.parse_side = side;
    parse::SyntaxTree t = parser.parse(text);
    if (auto e = parse::first_syntax_error(t, text)) {
      // Lines of the doc's snippet: the preamble does not count.
      uint32_t line = side == std::string_view("torch") && e->line > preamble_lines ? e->line - preamble_lines : e->line;
      r.error = "line " + std::to_string(line) + ": " + e->message;
    }
    return r;
  };
  std::vector<ConformanceToken> original;
  if (!comparable_tokens(source, parser, &original)) return parse_failure("torch", source);
  if (!semantic_tokens(example.paddle_code, parser, &graph, &expected)) return parse_failure("paddle", example.paddle_code);

  SourceResult conv = convert_source(source, graph, options, parser);
  if (conv.status == FileStatus::kFailed) {
    r.outcome = ExampleOutcome::kEngineError;
    if (conv.error) r.error = conv.error->message;
    return r;
  }
  r.got = conv.output;
  if (!semantic_tokens(r.got, parser, &graph, &got)) {
    r.outcome = ExampleOutcome::kEngineError;
    r.error = "converted output does not parse";
    return r;
  }
  size_t i = 0;
  while (i < expected.size() && i < got.size() && expected[i].text == got[i].text) ++i;
  if (i == expected.size() && i == got.size()) {
    r.outcome = ExampleOutcome::kPass;
    return r;
  }
  if (i < expected.size()) r.expected_line = line_at(r.expected, expected[i].line);
  if (i < got.size()) r.got_line = line_at(r.got, got[i].line);

  for (const auto& u : conv.uses) {
    if (u.status == rules::UseStatus::kConverted) continue;
    r.left.push_back(u.torch_api + ": " + rules::to_string(u.status) + (u.reason.empty() ? "" : " (" + u.reason + ")"));
  }
  std::vector<ConformanceToken> got_text;
  comparable_tokens(r.got, parser, &got_text);
  bool torch_left = std::any_of(got_text.begin(), got_text.end(), [&](const ConformanceToken& t) {
    return graph.converted_roots().contains_root_of(t.text);
  });
  bool unchanged = std::equal(got_text.begin(), got_text.end(), original.begin(), original.end(),
                              [](const auto& a, const auto& b) { return a.text == b.text; });
  if (unchanged && r.left.empty()) r.left.push_back("nothing converted (no PyTorch use recognised)");
  if (torch_left && r.left.empty()) r.left.push_back("`torch` still referenced");
  r.outcome = r.left.empty() ? ExampleOutcome::kDiffers : ExampleOutcome::kNotConverted;
  return r;
}

std::vector<ExampleResult> check_doc(std::string_view text, const std::string& doc,
                                     const kg::KnowledgeGraph& graph,
                                     const rules::ConvertOptions& options, parse::PythonParser& parser) {
  std::vector<ExampleResult> out;
  std::vector<kg::DocExample> examples = kg::parse_doc_examples(text);
  if (examples.empty()) return out;
  // Only API docs count: the format guide (pytorch_api_mapping_format_cn.md) has template examples.
  std::string error;
  auto page = kg::parse_doc_page(text, error);
  if (!page) return out;
  const std::string& category = page->title.category;
  const std::string& torch_id = page->title.torch_id;
  for (const auto& ex : examples) {
    ExampleResult r = check_example(ex, torch_id, graph, options, parser);
    r.doc = doc;
    r.pair = static_cast<uint32_t>(out.size());
    r.category = category;
    r.torch_id = torch_id;
    out.push_back(std::move(r));
  }
  return out;
}

ConformanceReport run_conformance(const fs::path& docs_root, const kg::KnowledgeGraph& graph,
                                  const rules::ConvertOptions& options) {
  ConformanceReport report;
  std::vector<std::pair<std::string, fs::path>> docs;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(docs_root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".md") {
      docs.emplace_back(it->path().lexically_relative(docs_root).generic_string(), it->path());
    }
  }
  if (ec) report.problems.push_back(docs_root.string() + ": " + ec.message());
  std::sort(docs.begin(), docs.end());
  parse::PythonParser parser;
  for (const auto& [rel, path] : docs) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      report.problems.push_back(rel + ": cannot read");
      continue;
    }
    std::stringstream buf;
    buf << in.rdbuf();
    ++report.docs_read;
    std::vector<ExampleResult> rs = check_doc(buf.str(), rel, graph, options, parser);
    if (!rs.empty()) ++report.docs_with_examples;
    for (auto& r : rs) report.results.push_back(std::move(r));
  }
  return report;
}

namespace {

constexpr int kOutcomes = 5;

struct Tally {
  uint32_t total = 0;
  uint32_t docs_errors = 0;
  uint32_t equivalents = 0;                          // reviewed equivalents (not in by_outcome)
  uint32_t by_outcome[kOutcomes] = {0, 0, 0, 0, 0};  // the other pairs that are not docs errors
  void add(const ExampleResult& r) {
    ++total;
    if (r.docs_error) {
      ++docs_errors;
      return;
    }
    if (r.reviewed_equivalent) {
      ++equivalents;
      return;
    }
    ++by_outcome[static_cast<int>(r.outcome)];
  }
  uint32_t pass() const { return by_outcome[0]; }
  uint32_t checked() const { return total - docs_errors; }
  double rate() const { return total ? 100.0 * pass() / total : 0.0; }
  double rate_excluding() const { return checked() ? 100.0 * pass() / checked() : 0.0; }
  double rate_with_equivalents() const { return checked() ? 100.0 * (pass() + equivalents) / checked() : 0.0; }
};

std::map<std::string, Tally> per_category(const ConformanceReport& report) {
  std::map<std::string, Tally> m;
  for (const auto& r : report.results) m[r.category].add(r);
  return m;
}

std::string clip(std::string s, size_t n = 110) {
  if (s.size() > n) {
    size_t cut = n;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
    s = s.substr(0, cut) + "...";
  }
  return s;
}

void print_failure(std::ostream& out, const ExampleResult& r) {
  out << "  " << r.doc << ":" << r.line << " #" << r.pair;
  if (!r.heading.empty()) out << " (" << clip(r.heading, 60) << ")";
  out << "\n    torch:    " << clip(first_code_line(r.torch_code)) << "\n";
  if (r.docs_error) out << "    docs:     " << r.docs_error_reason << "\n";
  if (r.reviewed_equivalent) out << "    same:     " << r.equivalent_reason << "\n";
  switch (r.outcome) {
    case ExampleOutcome::kParseError:
      out << "    " << r.parse_side << " side does not parse: " << r.error << "\n";
      break;
    case ExampleOutcome::kEngineError:
      out << "    error:    " << r.error << "\n";
      break;
    default:
      out << "    expected: " << (r.expected_line.empty() ? "(end)" : clip(r.expected_line)) << "\n";
      out << "    got:      " << (r.got_line.empty() ? "(end)" : clip(r.got_line)) << "\n";
      for (const auto& l : r.left) out << "    left:     " << clip(l) << "\n";
  }
}

}  // namespace

void print_conformance(std::ostream& out, const ConformanceReport& report, size_t show) {
  Tally all;
  uint32_t torch_side = 0;
  for (const auto& r : report.results) {
    all.add(r);
    torch_side += !r.docs_error && r.outcome == ExampleOutcome::kParseError && r.parse_side == "torch";
  }
  out << std::fixed << std::setprecision(1);
  out << "conformance: " << all.total << " example pairs in " << report.docs_with_examples << " docs ("
      << report.docs_read << " docs read), compared by meaning\n";
  out << "  pass            " << std::setw(5) << all.pass() << "  " << all.rate() << "% of all pairs, "
      << all.rate_excluding() << "% of the " << all.checked() << " pairs that are not docs errors\n";
  out << "  reviewed equal  " << std::setw(5) << all.equivalents << "  (converted otherwise than the docs' text, reviewed as the same result: "
      << (report.equivalents_file.empty() ? std::string("no equivalents file") : report.equivalents_file) << ")\n";
  out << "  pass or equal   " << std::setw(5) << all.pass() + all.equivalents << "  " << all.rate_with_equivalents()
      << "% of the " << all.checked() << " pairs that are not docs errors\n";
  out << "  differs         " << std::setw(5) << all.by_outcome[1] << "  (converted, but not as the docs)\n";
  out << "  not converted   " << std::setw(5) << all.by_outcome[2] << "  (unsupported / needs review / torch left)\n";
  out << "  parse error     " << std::setw(5) << all.by_outcome[3] << "  (PyTorch side " << torch_side
      << ", Paddle side " << all.by_outcome[3] - torch_side << ")\n";
  out << "  engine error    " << std::setw(5) << all.by_outcome[4] << "\n";
  out << "  docs error      " << std::setw(5) << all.docs_errors << "  (known wrong pairs, "
      << (report.known_errors_file.empty() ? std::string("no known-errors file") : report.known_errors_file) << ")\n";
  for (const auto& p : report.problems) out << "  problem: " << p << "\n";
  for (const auto& s : report.stale_known_errors) out << "  stale known-error entry: " << s << "\n";
  for (const auto& s : report.stale_equivalents) out << "  stale equivalent entry: " << s << "\n";

  auto cats = per_category(report);
  std::vector<std::pair<std::string, Tally>> sorted(cats.begin(), cats.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.total > b.second.total; });
  out << "per category (pairs, pass rate, pass rate without docs errors, the same with the reviewed "
         "equivalents; differs / not converted / parse error / engine error / docs error):\n";
  for (const auto& [cat, t] : sorted) {
    out << "  " << std::left << std::setw(18) << cat << std::right << std::setw(5) << t.total << "  "
        << std::setw(5) << t.rate() << "%  " << std::setw(5) << t.rate_excluding() << "%  " << std::setw(5)
        << t.rate_with_equivalents() << "%   " << t.by_outcome[1]
        << " / " << t.by_outcome[2] << " / " << t.by_outcome[3] << " / " << t.by_outcome[4] << " / "
        << t.docs_errors << "\n";
  }

  if (show == 0) return;
  struct Group {
    const char* title;
    std::function<bool(const ExampleResult&)> member;
  };
  const Group groups[] = {
      {"differs", [](const ExampleResult& r) {
         return !r.docs_error && !r.reviewed_equivalent && r.outcome == ExampleOutcome::kDiffers;
       }},
      {"not converted", [](const ExampleResult& r) { return !r.docs_error && r.outcome == ExampleOutcome::kNotConverted; }},
      {"parse error", [](const ExampleResult& r) { return !r.docs_error && r.outcome == ExampleOutcome::kParseError; }},
      {"engine error", [](const ExampleResult& r) { return !r.docs_error && r.outcome == ExampleOutcome::kEngineError; }},
      {"docs error", [](const ExampleResult& r) { return r.docs_error; }},
      {"reviewed equal", [](const ExampleResult& r) { return r.reviewed_equivalent; }},
  };
  for (const auto& g : groups) {
    size_t count = std::count_if(report.results.begin(), report.results.end(), g.member);
    if (count == 0) continue;
    out << g.title << ": " << count << " pairs" << (count > show ? ", first " + std::to_string(show) : std::string())
        << ":\n";
    size_t shown = 0;
    for (const auto& r : report.results) {
      if (shown >= show) break;
      if (!g.member(r)) continue;
      ++shown;
      print_failure(out, r);
    }
  }
}

std::string conformance_json(const ConformanceReport& report) {
  using nlohmann::ordered_json;
  ordered_json j;
  Tally all;
  for (const auto& r : report.results) all.add(r);
  auto tally_json = [](const Tally& t) {
    ordered_json o;
    o["pairs"] = t.total;
    o["pass"] = t.pass();
    o["pass_rate"] = t.total ? static_cast<double>(t.pass()) / t.total : 0.0;
    o["docs_errors"] = t.docs_errors;
    o["pass_rate_excluding_docs_errors"] = t.checked() ? static_cast<double>(t.pass()) / t.checked() : 0.0;
    o["reviewed_equivalents"] = t.equivalents;
    o["pass_or_equivalent_rate_excluding_docs_errors"] =
        t.checked() ? static_cast<double>(t.pass() + t.equivalents) / t.checked() : 0.0;
    o["differs"] = t.by_outcome[1];
    o["not_converted"] = t.by_outcome[2];
    o["parse_error"] = t.by_outcome[3];
    o["engine_error"] = t.by_outcome[4];
    return o;
  };
  j["docs_read"] = report.docs_read;
  j["docs_with_examples"] = report.docs_with_examples;
  j["known_errors_file"] = report.known_errors_file;
  j["summary"] = tally_json(all);
  ordered_json cats = ordered_json::object();
  for (const auto& [cat, t] : per_category(report)) cats[cat] = tally_json(t);
  j["per_category"] = cats;
  j["problems"] = report.problems;
  j["stale_known_errors"] = report.stale_known_errors;
  j["equivalents_file"] = report.equivalents_file;
  j["stale_equivalents"] = report.stale_equivalents;
  ordered_json results = ordered_json::array();
  for (const auto& r : report.results) {
    ordered_json o;
    o["doc"] = r.doc;
    o["pair"] = r.pair;
    o["line"] = r.line;
    o["category"] = r.category;
    o["torch_id"] = r.torch_id;
    o["heading"] = r.heading;
    o["outcome"] = to_string(r.outcome);
    if (r.docs_error) {
      o["docs_error"] = true;
      o["docs_error_reason"] = r.docs_error_reason;
    }
    if (r.reviewed_equivalent) {
      o["reviewed_equivalent"] = true;
      o["equivalent_reason"] = r.equivalent_reason;
    }
    o["torch"] = r.torch_code;
    o["expected"] = r.expected;
    o["got"] = r.got;
    if (!r.parse_side.empty()) o["parse_side"] = r.parse_side;
    if (!r.error.empty()) o["error"] = r.error;
    if (r.outcome == ExampleOutcome::kDiffers || r.outcome == ExampleOutcome::kNotConverted) {
      o["expected_line"] = r.expected_line;
      o["got_line"] = r.got_line;
    }
    if (!r.left.empty()) o["left"] = r.left;
    results.push_back(std::move(o));
  }
  j["results"] = results;
  return j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

namespace {

// The review list to apply: `given`, or `fallback` when `given` is empty and that file exists;
// "none" applies none.
std::string review_list_path(const std::string& given, const char* fallback) {
  if (given == "none") return {};
  if (!given.empty()) return given;
  std::error_code ec;
  return fs::is_regular_file(fallback, ec) ? std::string(fallback) : std::string();
}

}  // namespace

int conformance_command(const fs::path& docs_root, const kg::KnowledgeGraph& graph, size_t show,
                        const std::string& json_path, std::ostream& out, const std::string& known_errors_path,
                        const std::string& equivalents_path) {
  std::vector<KnownDocError> known;
  std::vector<ReviewedEquivalent> equivalents;
  std::string known_file = review_list_path(known_errors_path, kDefaultKnownErrorsPath);
  std::string equivalents_file = review_list_path(equivalents_path, kDefaultEquivalentsPath);
  std::string error;
  if ((!known_file.empty() && !load_known_doc_errors(known_file, &known, &error)) ||
      (!equivalents_file.empty() && !load_reviewed_equivalents(equivalents_file, &equivalents, &error))) {
    out << "torch2paddle: " << error << "\n";
    return 1;
  }
  ConformanceReport report = run_conformance(docs_root, graph, rules::ConvertOptions{});
  report.known_errors_file = known_file;
  report.equivalents_file = equivalents_file;
  apply_known_doc_errors(report, known);
  apply_reviewed_equivalents(report, equivalents);
  print_conformance(out, report, show);
  if (!json_path.empty()) {
    std::string e = write_file_atomic(json_path, conformance_json(report),
                                      fs::perms::owner_read | fs::perms::owner_write |
                                          fs::perms::group_read | fs::perms::others_read);
    if (!e.empty()) {
      out << "torch2paddle: " << e << "\n";
      return 1;
    }
  }
  return report.docs_read > 0 ? 0 : 1;
}

}  // namespace t2p::driver
