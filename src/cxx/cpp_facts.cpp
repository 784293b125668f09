#include "cxx/cpp_facts.h"

#include <nlohmann/json.hpp>

#include <set>

namespace t2p::cxx {

extern const char* const kBuiltinCppFacts;  // generated from facts_data.cpp.in

namespace {

using nlohmann::json;

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The keys each kind may carry: a typo in the data is an error, not a silently ignored fact.
const std::map<std::string, std::set<std::string>>& allowed_keys() {
  static const std::map<std::string, std::set<std::string>> keys = {
      {"include", {"kind", "torch", "paddle", "unsupported", "source"}},
      {"name", {"kind", "torch", "paddle", "tensor", "unsupported", "source"}},
      {"call", {"kind", "torch", "paddle", "tensor", "cases", "reason", "unsupported", "source"}},
      {"macro", {"kind", "torch", "paddle", "template", "body_renames", "unsupported", "source"}},
      {"method", {"kind", "torch", "cases", "reason", "unsupported", "generic", "source"}},
  };
  return keys;
}

bool parse_case(const json& c, CppCase* out, std::string* error) {
  for (auto it = c.begin(); it != c.end(); ++it) {
    static const std::set<std::string> keys = {"nargs", "arg0", "arg1", "template_args", "template"};
    if (!keys.count(it.key())) {
      *error = "unknown case key '" + it.key() + "'";
      return false;
    }
  }
  if (c.contains("nargs") && c["nargs"].is_number_integer()) out->nargs = c["nargs"].get<int>();
  out->arg0 = str(c, "arg0");
  out->arg1 = str(c, "arg1");
  out->template_args = c.value("template_args", false);
  out->templ = str(c, "template");
  if (out->templ.empty()) {
    *error = "a case needs a template";
    return false;
  }
  if (!out->arg0.empty() && out->arg0 != "index") {
    *error = "arg0 must be \"index\"";
    return false;
  }
  if (!out->arg1.empty() && out->arg1 != "options") {
    *error = "arg1 must be \"options\"";
    return false;
  }
  return true;
}

}  // namespace

const CppFact* CppFacts::include(std::string_view path) const {
  auto it = includes.find(path);
  return it == includes.end() ? nullptr : &it->second;
}
const CppFact* CppFacts::name(std::string_view qualified) const {
  auto it = names.find(qualified);
  return it == names.end() ? nullptr : &it->second;
}
const CppFact* CppFacts::method(std::string_view m) const {
  auto it = methods.find(m);
  return it == methods.end() ? nullptr : &it->second;
}

CppFacts parse_cpp_facts(std::string_view text, std::vector<std::string>* errors) {
  CppFacts facts;
  std::string file = "<facts>";
  uint32_t line_no = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.starts_with("#file ")) {
      file = std::string(line.substr(6));
      line_no = 0;
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const std::string where = file + ":" + std::to_string(line_no);
    auto fail = [&](const std::string& what) { errors->push_back(where + ": " + what); };
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      fail("not a JSON object");
      continue;
    }
    CppFact f;
    f.kind = str(j, "kind");
    f.torch = str(j, "torch");
    f.origin = where;
    auto keys = allowed_keys().find(f.kind);
    if (keys == allowed_keys().end()) {
      fail("unknown kind '" + f.kind + "' (include, name, call, macro, method)");
      continue;
    }
    bool bad = false;
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (!keys->second.count(it.key())) {
        fail("unknown key '" + it.key() + "' for kind " + f.kind);
        bad = true;
      }
    }
    if (bad) continue;
    if (f.torch.empty()) {
      fail("no \"torch\"");
      continue;
    }
    f.paddle = str(j, "paddle");
    f.unsupported = str(j, "unsupported");
    f.reason = str(j, "reason");
    f.tensor = j.value("tensor", false);
    f.generic = j.value("generic", false);
    if (j.contains("template")) {  // a macro written whole: one case over all its arguments
      CppCase c;
      c.templ = str(j, "template");
      f.cases.push_back(std::move(c));
    }
    if (j.contains("cases")) {
      for (const auto& c : j["cases"]) {
        CppCase cc;
        std::string error;
        if (!parse_case(c, &cc, &error)) {
          fail(error);
          bad = true;
          break;
        }
        f.cases.push_back(std::move(cc));
      }
    }
    if (j.contains("body_renames")) {
      for (auto it = j["body_renames"].begin(); it != j["body_renames"].end(); ++it) {
        if (it->is_string()) f.body_renames[it.key()] = it->get<std::string>();
      }
    }
    if (bad) continue;
    const bool has_target = !f.paddle.empty() || !f.cases.empty();
    if (f.unsupported.empty() == !has_target) {
      fail("needs exactly one of a target (\"paddle\", \"template\" or \"cases\") and \"unsupported\"");
      continue;
    }
    auto& map = f.kind == "include" ? facts.includes : f.kind == "method" ? facts.methods : facts.names;
    std::string key = f.torch;
    if (!map.emplace(key, std::move(f)).second) fail("duplicate fact for '" + key + "'");
  }
  return facts;
}

std::string_view builtin_cpp_facts_text() { return kBuiltinCppFacts; }

const CppFacts& builtin_cpp_facts() {
  // Parsed on first use; the text is part of the binary, and its errors a test failure.
  static const CppFacts facts = [] {
    std::vector<std::string> ignored;
    return parse_cpp_facts(kBuiltinCppFacts, &ignored);
  }();
  return facts;
}

}  // namespace t2p::cxx
