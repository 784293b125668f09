#include "kg/template_text.h"

namespace t2p::kg {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// The number the leading digits of `s` spell (0 when none).
size_t leading_number(std::string_view s) {
  size_t n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') break;
    n = n * 10 + static_cast<size_t>(c - '0');
  }
  return n;
}

std::vector<std::string_view> split_commas(std::string_view s) {
  std::vector<std::string_view> parts;
  for (size_t pos = 0;;) {
    size_t comma = s.find(',', pos);
    parts.push_back(s.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos));
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return parts;
}

// `name=keyword` -> (name, keyword); `name` -> (name, name).
std::pair<std::string, std::string> renamed(std::string_view spec) {
  size_t eq = spec.find('=');
  std::string name(spec.substr(0, eq));
  return {name, eq == std::string_view::npos ? name : std::string(spec.substr(eq + 1))};
}

}  // namespace

Placeholder parse_placeholder(std::string_view inner) {
  Placeholder p;
  p.inner = inner;
  std::string_view key = inner;
  p.wrap = key.size() > 2 && key.front() == '(' && key.back() == ')';
  if (p.wrap) key = key.substr(1, key.size() - 2);
  if (size_t bar = key.find('|'); bar != std::string_view::npos) {
    p.fallback = key.substr(bar + 1);
    p.has_fallback = true;
    key = key.substr(0, bar);
  }
  p.key = key;
  for (const auto& s : kPlaceholderSpellings) {
    // `{key:spec}` needs a spec: `{arg:}` is no placeholder.
    if (!s.takes_spec ? key == s.key : starts_with(key, s.key) && key.size() > s.key.size() + 1 && key[s.key.size()] == ':') {
      p.kind = s.kind;
      break;
    }
  }
  if (p.kind == PlaceholderKind::kUnknown) {
    // `{arg0}`, `{arg12}`.
    if (starts_with(key, "arg") && key.size() > 3 && key[3] >= '0' && key[3] <= '9') {
      p.kind = PlaceholderKind::kArgIndex;
      p.index = leading_number(key.substr(3));
    }
    return p;
  }
  const size_t colon = key.find(':');
  const std::string_view spec = colon == std::string_view::npos ? std::string_view() : key.substr(colon + 1);
  switch (p.kind) {
    case PlaceholderKind::kArg:
    case PlaceholderKind::kStr:
      p.name = spec;
      break;
    case PlaceholderKind::kOpt:
      std::tie(p.name, p.keyword) = renamed(spec);
      break;
    case PlaceholderKind::kKw:
      for (std::string_view part : split_commas(spec)) p.parts.push_back(renamed(part));
      break;
    case PlaceholderKind::kDevice:
    case PlaceholderKind::kTypeCheck:
      for (std::string_view part : split_commas(spec)) p.parts.emplace_back(std::string(part), std::string());
      break;
    case PlaceholderKind::kItem: {
      size_t comma = spec.find(',');
      p.name = spec.substr(0, comma);
      p.index = comma == std::string_view::npos ? 0 : leading_number(spec.substr(comma + 1));
      break;
    }
    case PlaceholderKind::kPath: {
      size_t slash = spec.find('/');
      p.name = spec.substr(0, slash);
      if (slash != std::string_view::npos) p.suffix = spec.substr(slash + 1);
      break;
    }
    default:
      break;
  }
  return p;
}

std::vector<std::string> tuple_elements(std::string_view t) {
  std::vector<std::string> parts;
  if (t.size() < 2 || t.front() != '(' || t.back() != ')') return {};
  size_t start = 1;
  const bool one_tuple = for_each_code_char(t, [&](size_t i, char c, int depth) {
    if (depth == 0 && i + 1 != t.size()) return false;  // `(a)(b)`: not one tuple
    if (c == ',' && depth == 1) {
      parts.emplace_back(t.substr(start, i - start));
      start = i + 1;
    }
    return true;
  });
  if (!one_tuple) return {};
  parts.emplace_back(t.substr(start, t.size() - 1 - start));
  for (auto& p : parts) {
    size_t b = p.find_first_not_of(' '), e = p.find_last_not_of(' ');
    p = b == std::string::npos ? std::string() : p.substr(b, e - b + 1);
  }
  if (parts.size() < 2 || parts.back().empty()) return {};
  return parts;
}

ParsedTemplate parse_template(std::string_view text) {
  ParsedTemplate t;
  TemplatePiece piece;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '{') {
      if (c == '(' || c == '[') ++depth;
      if ((c == ')' || c == ']') && depth > 0) --depth;
      piece.literal += c;
      continue;
    }
    const size_t close = text.find('}', i);
    if (close == std::string_view::npos) {
      piece.literal += text.substr(i);
      break;
    }
    piece.has_placeholder = true;
    piece.placeholder = parse_placeholder(text.substr(i + 1, close - i - 1));
    piece.placeholder.depth = depth;
    t.pieces.push_back(std::move(piece));
    piece = TemplatePiece{};
    i = close;
  }
  if (!piece.literal.empty()) t.pieces.push_back(std::move(piece));
  return t;
}

}  // namespace t2p::kg
