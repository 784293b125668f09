#include "graph/template_check.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

namespace t2p::kg {
namespace {

using json = nlohmann::json;

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

bool is_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_quoted(std::string_view s) {
  return s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front();
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (size_t pos = 0;;) {
    size_t at = s.find(sep, pos);
    parts.push_back(s.substr(pos, at == std::string_view::npos ? std::string_view::npos : at - pos));
    if (at == std::string_view::npos) break;
    pos = at + 1;
  }
  return parts;
}

bool has_parameter(const TemplateScope& scope, std::string_view name) {
  for (const auto& sig : scope.signatures) {
    for (const auto& p : sig) {
      if (p.name == name) return true;
    }
  }
  return false;
}

// `name` as a parameter a placeholder or condition names: an identifier of the signature.
void check_parameter(std::string_view name, std::string_view where, const TemplateScope& scope,
                     std::vector<std::string>* errors) {
  if (!is_identifier(name)) {
    errors->push_back(std::string(where) + ": '" + std::string(name) + "' is not a parameter name");
  } else if (scope.signatures.empty()) {
    errors->push_back(std::string(where) + " names parameter '" + std::string(name) +
                      "' but the record has no PyTorch signature");
  } else if (!has_parameter(scope, name)) {
    errors->push_back(std::string(where) + " names '" + std::string(name) +
                      "', which is no parameter of the PyTorch signature");
  }
}

// `name` or `name=paddle_keyword`.
void check_renamed(std::string_view spec, std::string_view where, const TemplateScope& scope,
                   std::vector<std::string>* errors) {
  size_t eq = spec.find('=');
  check_parameter(spec.substr(0, eq), where, scope, errors);
  if (eq != std::string_view::npos && !is_identifier(spec.substr(eq + 1))) {
    errors->push_back(std::string(where) + ": '" + std::string(spec.substr(eq + 1)) + "' is not a keyword name");
  }
}

// One placeholder, its text between the braces.
void check_placeholder(std::string_view inner, const TemplateScope& scope, bool after,
                       std::vector<std::string>* errors) {
  const std::string where = "placeholder '{" + std::string(inner) + "}'";
  std::string_view key = inner;
  if (key.size() > 2 && key.front() == '(' && key.back() == ')') key = key.substr(1, key.size() - 2);
  std::string_view fallback;
  size_t bar = key.find('|');
  if (bar != std::string_view::npos) {
    fallback = key.substr(bar + 1);
    key = key.substr(0, bar);
  }
  const bool arg_name = key.rfind("arg:", 0) == 0;
  if (bar != std::string_view::npos && (!arg_name || fallback.empty())) {
    errors->push_back(where + ": a default ('|value') is only taken by {arg:name|value}");
  }
  // The kind as the converter's parser reads it (kg/template_text.h): one table for both.
  const PlaceholderKind parsed = parse_placeholder(inner).kind;
  if (scope.attribute) {
    if (parsed != PlaceholderKind::kReceiver && parsed != PlaceholderKind::kNotValue) {
      errors->push_back("unknown " + where + " (an attribute template takes {receiver} and {not_value})");
    }
    return;
  }
  if (parsed == PlaceholderKind::kReceiver || parsed == PlaceholderKind::kArgs) return;
  if (parsed == PlaceholderKind::kTarget) {
    if (!after) errors->push_back(where + " is only defined in a case's 'after'");
    return;
  }
  if (parsed == PlaceholderKind::kArgIndex && is_digits(key.substr(3))) return;
  size_t colon = key.find(':');
  std::string_view kind = key.substr(0, colon);
  std::string_view spec = colon == std::string_view::npos ? std::string_view() : key.substr(colon + 1);
  const bool call_placeholder = parsed != PlaceholderKind::kUnknown && parsed != PlaceholderKind::kArgIndex &&
                                parsed != PlaceholderKind::kNotValue && parsed != PlaceholderKind::kValue;
  if (!call_placeholder) {
    errors->push_back("unknown " + where);
    return;
  }
  if (kind == "arg" || kind == "str") {
    check_parameter(spec, where, scope, errors);
  } else if (kind == "opt") {
    check_renamed(spec, where, scope, errors);
  } else if (kind == "kw") {
    for (std::string_view part : split(spec, ',')) check_renamed(part, where, scope, errors);
  } else if (kind == "device") {
    std::vector<std::string_view> parts = split(spec, ',');
    if (parts.size() > 2) errors->push_back(where + ": a device takes a type and an optional index");
    for (std::string_view part : parts) {
      if (!is_quoted(part) && !is_digits(part)) check_parameter(part, where, scope, errors);
    }
  } else if (kind == "typecheck") {
    std::vector<std::string_view> parts = split(spec, ',');
    if (parts.size() != 2) errors->push_back(where + ": {typecheck:obj,type} needs the object's and the type's parameters");
    for (std::string_view part : parts) check_parameter(part, where, scope, errors);
  } else if (kind == "item") {
    std::vector<std::string_view> parts = split(spec, ',');
    if (parts.size() != 2 || !is_digits(parts[1])) {
      errors->push_back(where + ": {item:name,N} needs a parameter and an element index");
    }
    check_parameter(parts[0], where, scope, errors);
  } else if (kind == "path") {
    size_t slash = spec.find('/');
    if (slash == std::string_view::npos || slash + 1 == spec.size()) {
      errors->push_back(where + ": {path:name/sub/file} needs a file under the directory");
    }
    check_parameter(spec.substr(0, slash), where, scope, errors);
  }
}

// Calls `placeholder(inner)` for each `{...}` of `text` (every `{` opens one, as the expanders
// read it) and checks the text between them: balanced brackets, closed string literals.
template <typename Fn>
void scan(std::string_view text, std::vector<std::string>* errors, Fn placeholder) {
  std::string code;  // the text with each placeholder replaced by `_`
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '}') {
      errors->push_back("unbalanced '}'");
      code += '_';
      continue;
    }
    if (text[i] != '{') {
      code += text[i];
      continue;
    }
    size_t close = text.find('}', i);
    size_t reopen = text.find('{', i + 1);
    if (close == std::string_view::npos || (reopen != std::string_view::npos && reopen < close)) {
      errors->push_back("unterminated placeholder at '" + std::string(text.substr(i, 20)) + "'");
      return;
    }
    placeholder(text.substr(i + 1, close - i - 1));
    code += '_';
    i = close;
  }
  std::string open;  // brackets open, innermost last
  for (size_t i = 0; i < code.size(); ++i) {
    char c = code[i];
    if (c == '\'' || c == '"') {
      const bool triple = code.compare(i, 3, std::string(3, c)) == 0;
      const std::string quote = triple ? std::string(3, c) : std::string(1, c);
      size_t j = i + quote.size();
      for (; j < code.size(); ++j) {
        if (code[j] == '\\') {
          ++j;
        } else if (code.compare(j, quote.size(), quote) == 0) {
          break;
        } else if (!triple && code[j] == '\n') {
          j = code.size();
        }
      }
      if (j >= code.size()) {
        errors->push_back("unterminated string literal");
        return;
      }
      i = j + quote.size() - 1;
      continue;
    }
    if (c == '(' || c == '[') {
      open += c;
    } else if (c == ')' || c == ']') {
      if (open.empty() || open.back() != (c == ')' ? '(' : '[')) {
        errors->push_back(std::string("unbalanced '") + c + "'");
        return;
      }
      open.pop_back();
    }
  }
  if (!open.empty()) errors->push_back(std::string("unbalanced '") + open.back() + "'");
}

}  // namespace

std::vector<std::string> check_template_text(std::string_view text, const TemplateScope& scope, bool after) {
  std::vector<std::string> errors;
  scan(text, &errors, [&](std::string_view inner) { check_placeholder(inner, scope, after, &errors); });
  return errors;
}

std::vector<std::string> check_value_text(std::string_view text) {
  std::vector<std::string> errors;
  scan(text, &errors, [&](std::string_view inner) {
    if (inner != "value") errors.push_back("unknown placeholder '{" + std::string(inner) + "}' (a value text takes {value})");
  });
  return errors;
}

std::vector<std::string> check_template_case(const json& c, const TemplateScope& scope) {
  std::vector<std::string> errors;
  if (!c.is_object()) return {"a case must be a JSON object"};
  for (auto it = c.begin(); it != c.end(); ++it) {
    static const std::vector<std::string> kCaseKeys{"when", "template", "after", "reason", "imports"};
    if (std::find(kCaseKeys.begin(), kCaseKeys.end(), it.key()) == kCaseKeys.end()) {
      errors.push_back("unknown case key '" + it.key() + "'");
    }
  }
  for (const char* key : {"template", "after", "reason"}) {
    if (c.contains(key) && !c[key].is_string()) errors.push_back(std::string("case '") + key + "' must be a string");
  }
  if (c.contains("after") && !c.contains("template")) errors.push_back("case 'after' needs a 'template'");
  auto add = [&](const std::string& field, const std::vector<std::string>& found) {
    for (const auto& e : found) errors.push_back(field + ": " + e);
  };
  if (c.contains("template") && c["template"].is_string()) {
    add("template", check_template_text(c["template"].get<std::string>(), scope, false));
  }
  if (c.contains("after") && c["after"].is_string()) {
    add("after", check_template_text(c["after"].get<std::string>(), scope, true));
  }
  if (!c.contains("when")) return errors;
  const json& when = c["when"];
  if (!when.is_object()) {
    errors.push_back("'when' must be an object");
    return errors;
  }
  for (auto it = when.begin(); it != when.end(); ++it) {
    const std::string& key = it.key();
    const json& v = it.value();
    const std::string where = "condition '" + key + "'";
    if (std::find(std::begin(kWhenKeys), std::end(kWhenKeys), key) == std::end(kWhenKeys)) {
      errors.push_back("unknown condition key '" + key + "'");
    } else if (key == "nargs" || key == "positional") {
      if (!v.is_number_integer() || v.get<int64_t>() < 0) errors.push_back(where + " must be a count");
    } else if (key == "statement" || key == "next" || key == "seeded" || key == "place_compared" ||
               key == "named_target" || key == "consumed" || key == "reads_receiver") {
      if (!v.is_boolean()) errors.push_back(where + " must be true or false");
    } else if (key == "values") {
      if (!v.is_object()) {
        errors.push_back(where + " must map parameters to value texts");
        continue;
      }
      for (auto p = v.begin(); p != v.end(); ++p) {
        if (!p.value().is_string()) errors.push_back(where + ": the value of '" + p.key() + "' must be a string");
        if (!scope.attribute) check_parameter(p.key(), where, scope, &errors);
      }
    } else if (!v.is_array() || !std::all_of(v.begin(), v.end(), [](const json& n) { return n.is_string(); })) {
      errors.push_back(where + " must be an array of parameter names");
    } else {
      for (const auto& n : v) {
        const std::string name = n.get<std::string>();
        // `name` may test the receiver; an attribute template's `has` tells apart reads,
        // stores and writes through (rules/file_converter.cpp).
        if ((key == "name" || key == "subscript" || key == "bool" || key == "call") && name == "receiver") continue;
        if (scope.attribute) {
          if ((key != "has" && key != "lacks") ||
              (name != "store" && name != "write" && name != "compare" && name != "str")) {
            errors.push_back(where + ": an attribute template tests only has: store / write / compare / str");
          }
          continue;
        }
        if (key == "has" || key == "lacks") {
          // Tested by keyword too (`lacks: generator` catches a keyword the signature does not
          // know, which `**kwargs` or a newer PyTorch takes): a name, not necessarily a parameter.
          if (!is_identifier(name)) errors.push_back(where + ": '" + name + "' is not a parameter name");
          continue;
        }
        check_parameter(name, where, scope, &errors);
      }
    }
  }
  return errors;
}

}  // namespace t2p::kg
