#include "rules/target_spellings.h"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <vector>

namespace t2p::rules {

extern const char* const kBuiltinTargetJson;

namespace {

// Each pattern key with the placeholders it must hold, no more and no fewer.
struct PatternKey {
  const char* key;
  std::string TargetSpellings::*field;
  std::vector<std::string_view> placeholders;
};

const std::vector<PatternKey>& pattern_keys() {
  static const std::vector<PatternKey> keys = {
      {"tensor_of", &TargetSpellings::tensor_of, {"{value}"}},
      {"tensor_of_like", &TargetSpellings::tensor_of_like, {"{value}", "{like}"}},
      {"write_into", &TargetSpellings::write_into, {"{result}", "{out}"}},
      {"pinned", &TargetSpellings::pinned, {"{result}"}},
      {"trainable", &TargetSpellings::trainable, {"{target}"}},
      {"permuted", &TargetSpellings::permuted, {"{value}", "{perm}"}},
      {"as_default_float", &TargetSpellings::as_default_float, {"{value}"}},
  };
  return keys;
}

size_t count_braces(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += c == '{';
  return n;
}

}  // namespace

std::pair<std::string, std::string> TargetSpellings::around(std::string_view pattern, std::string_view placeholder) {
  const size_t at = pattern.find(placeholder);
  if (at == std::string_view::npos) return {std::string(pattern), {}};
  return {std::string(pattern.substr(0, at)), std::string(pattern.substr(at + placeholder.size()))};
}

TargetSpellings read_target(std::string_view json_text, std::string_view origin) {
  const std::string where(origin);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(where + ": not JSON: " + e.what());
  }
  auto text = [&](const char* key) {
    if (!j.contains(key) || !j[key].is_string() || j[key].get<std::string>().empty()) {
      throw std::runtime_error(where + ": '" + key + "' must be a non-empty string");
    }
    return j[key].get<std::string>();
  };
  TargetSpellings t;
  t.name = text("name");
  t.cuda_device_type = text("cuda_device_type");
  for (const auto& k : pattern_keys()) {
    std::string pattern = text(k.key);
    for (std::string_view p : k.placeholders) {
      if (pattern.find(p) == std::string::npos) {
        throw std::runtime_error(where + ": '" + k.key + "' lacks the placeholder " + std::string(p));
      }
    }
    if (count_braces(pattern) != k.placeholders.size()) {
      throw std::runtime_error(where + ": '" + k.key + "' holds a placeholder other than those documented");
    }
    t.*(k.field) = std::move(pattern);
  }
  for (const auto& [key, value] : j.items()) {
    bool known = key == "//" || key == "name" || key == "cuda_device_type";
    for (const auto& k : pattern_keys()) known |= key == k.key;
    if (!known) throw std::runtime_error(where + ": unknown key '" + key + "'");
  }
  return t;
}

const TargetSpellings& target() {
  static const TargetSpellings spellings = read_target(kBuiltinTargetJson, "mappings/target.json");
  return spellings;
}

std::string fill(std::string_view pattern, std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
  std::string out;
  out.reserve(pattern.size() + 32);
  size_t i = 0;
  while (i < pattern.size()) {
    bool replaced = false;
    if (pattern[i] == '{') {
      for (const auto& [name, value] : values) {
        if (pattern.compare(i, name.size(), name) == 0) {
          out += value;
          i += name.size();
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) out += pattern[i++];
  }
  return out;
}

}  // namespace t2p::rules
