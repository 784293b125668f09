#include "driver/notebook_json.h"

#include <cstdlib>

#include <nlohmann/json.hpp>

namespace t2p::driver {
namespace {

using Json = nlohmann::ordered_json;

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void append_utf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// A walk over JSON text that nlohmann has already accepted: it only needs to find where values
// are, so it assumes well-formed input and stops (returns npos) at anything else.
class RawJson {
 public:
  explicit RawJson(std::string_view s) : s_(s) {}

  size_t skip_ws(size_t at) const {
    while (at < s_.size() && is_ws(s_[at])) ++at;
    return at;
  }
  char at(size_t i) const { return i < s_.size() ? s_[i] : '\0'; }

  // Past the closing quote of the string token starting at `at`.
  size_t string_end(size_t at) const {
    for (size_t i = at + 1; i < s_.size(); ++i) {
      if (s_[i] == '\\') ++i;
      else if (s_[i] == '"') return i + 1;
    }
    return std::string_view::npos;
  }

  // Past the end of the value starting at `at`; objects and arrays without recursion.
  size_t value_end(size_t at) const {
    char c = this->at(at);
    if (c == '"') return string_end(at);
    if (c != '{' && c != '[') {
      while (at < s_.size() && !is_ws(s_[at]) && s_[at] != ',' && s_[at] != '}' && s_[at] != ']') ++at;
      return at;
    }
    size_t depth = 0;
    for (size_t i = at; i < s_.size(); ++i) {
      char d = s_[i];
      if (d == '"') {
        i = string_end(i);
        if (i == std::string_view::npos) return i;
        --i;
      } else if (d == '{' || d == '[') {
        ++depth;
      } else if (d == '}' || d == ']') {
        if (--depth == 0) return i + 1;
      }
    }
    return std::string_view::npos;
  }

  // Decodes the string token [begin, end); with `raw_at`, records where each decoded byte is written.
  std::string decode(size_t begin, size_t end, std::vector<uint32_t>* raw_at) const {
    std::string out;
    for (size_t i = begin + 1; i + 1 < end;) {
      const size_t from = out.size();
      const size_t escape_at = i;
      if (s_[i] != '\\') {
        out.push_back(s_[i++]);
      } else {
        char e = at(i + 1);
        i += 2;
        switch (e) {
          case 'n': out.push_back('\n'); break;
          case 't': out.push_back('\t'); break;
          case 'r': out.push_back('\r'); break;
          case 'b': out.push_back('\b'); break;
          case 'f': out.push_back('\f'); break;
          case 'u': {
            uint32_t cp = hex4(i);
            i += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && at(i) == '\\' && at(i + 1) == 'u') {
              uint32_t low = hex4(i + 2);
              if (low >= 0xDC00 && low < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                i += 6;
              }
            }
            append_utf8(cp, &out);
            break;
          }
          default: out.push_back(e);  // `"`, `\`, `/`
        }
      }
      if (raw_at) {
        for (size_t k = from; k < out.size(); ++k) raw_at->push_back(static_cast<uint32_t>(escape_at));
      }
    }
    return out;
  }

  // Calls `member(key, value_begin, value_end)` for each member of the object at `at`; false
  // when the text is not the object expected.
  template <typename F>
  bool members(size_t at, F member) const {
    at = skip_ws(at);
    if (this->at(at) != '{') return false;
    at = skip_ws(at + 1);
    if (this->at(at) == '}') return true;
    for (;;) {
      if (this->at(at) != '"') return false;
      size_t key_end = string_end(at);
      if (key_end == std::string_view::npos) return false;
      std::string key = decode(at, key_end, nullptr);
      at = skip_ws(key_end);
      if (this->at(at) != ':') return false;
      size_t vb = skip_ws(at + 1);
      size_t ve = value_end(vb);
      if (ve == std::string_view::npos || !member(key, vb, ve)) return false;
      at = skip_ws(ve);
      if (this->at(at) == '}') return true;
      if (this->at(at) != ',') return false;
      at = skip_ws(at + 1);
    }
  }

  // The [begin, end) of each element of the array at `at`; false when it is not an array.
  bool elements(size_t at, std::vector<std::pair<size_t, size_t>>* out) const {
    at = skip_ws(at);
    if (this->at(at) != '[') return false;
    at = skip_ws(at + 1);
    if (this->at(at) == ']') return true;
    for (;;) {
      size_t ve = value_end(at);
      if (ve == std::string_view::npos) return false;
      out->emplace_back(at, ve);
      at = skip_ws(ve);
      if (this->at(at) == ']') return true;
      if (this->at(at) != ',') return false;
      at = skip_ws(at + 1);
    }
  }

  std::string_view text(size_t begin, size_t end) const { return s_.substr(begin, end - begin); }

 private:
  uint32_t hex4(size_t at) const {
    uint32_t v = 0;
    for (size_t k = 0; k < 4; ++k) {
      char c = this->at(at + k);
      v = v * 16 + static_cast<uint32_t>(c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10 : c - '0');
    }
    return v;
  }
  std::string_view s_;
};

// The reason `doc` is not an nbformat 4 notebook whose cells we can read, or "".
std::string shape_problem(const Json& doc) {
  if (!doc.is_object()) return "not a notebook: the top level is not a JSON object";
  auto nbformat = doc.find("nbformat");
  if (nbformat == doc.end()) return "not a notebook: no \"nbformat\" field";
  if (!nbformat->is_number_integer() || nbformat->get<int64_t>() != 4) {
    return "nbformat " + nbformat->dump() + " is not supported (only nbformat 4)";
  }
  auto cells = doc.find("cells");
  if (cells == doc.end() || !cells->is_array()) return "not a notebook: \"cells\" is missing or not a list";
  size_t n = 0;
  for (const auto& cell : *cells) {
    const std::string where = "cell " + std::to_string(++n) + ": ";
    if (!cell.is_object()) return where + "not a JSON object";
    auto type = cell.find("cell_type");
    if (type == cell.end() || !type->is_string()) return where + "no \"cell_type\" string";
    auto source = cell.find("source");
    if (source == cell.end()) return where + "no \"source\"";
    if (source->is_array()) {
      for (const auto& s : *source) {
        if (!s.is_string()) return where + "\"source\" holds something other than strings";
      }
    } else if (!source->is_string()) {
      return where + "\"source\" is neither a string nor a list of strings";
    }
  }
  return "";
}

// The kernel's language as the metadata names it, lower case; "" when not stated.
std::string language_of(const Json& doc) {
  auto metadata = doc.find("metadata");
  if (metadata == doc.end() || !metadata->is_object()) return "";
  for (const char* path : {"kernelspec", "language_info"}) {
    auto section = metadata->find(path);
    if (section == metadata->end() || !section->is_object()) continue;
    auto lang = section->find(std::string(path) == "kernelspec" ? "language" : "name");
    if (lang != section->end() && lang->is_string()) {
      std::string l = lang->get<std::string>();
      for (auto& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return l;
    }
  }
  return "";
}

// Reads one cell object of the raw text into `cell`; false with `*error` on a shape we do not take.
bool read_cell(const RawJson& raw, size_t begin, NotebookCell* cell, std::string* error) {
  int type_seen = 0, source_seen = 0;
  std::vector<std::pair<size_t, size_t>> strings;
  bool ok = raw.members(begin, [&](const std::string& key, size_t vb, size_t ve) {
    if (key == "cell_type") {
      ++type_seen;
      cell->type = raw.decode(vb, ve, nullptr);
    } else if (key == "source") {
      ++source_seen;
      strings.clear();
      cell->list = raw.at(vb) == '[';
      if (!cell->list) strings.emplace_back(vb, ve);
      else if (!raw.elements(vb, &strings)) return false;
    }
    return true;
  });
  const std::string where = "cell " + std::to_string(cell->number) + ": ";
  if (!ok) {
    *error = where + "cannot be read";
    return false;
  }
  if (type_seen != 1 || source_seen != 1) {
    *error = where + "\"cell_type\" or \"source\" given more than once";
    return false;
  }
  for (size_t k = 0; k < strings.size(); ++k) {
    cell->text += raw.decode(strings[k].first, strings[k].second, &cell->raw_at);
  }
  if (!strings.empty()) cell->raw_at.push_back(static_cast<uint32_t>(strings.back().second - 1));
  if (strings.size() >= 2) {
    cell->separator = std::string(raw.text(strings[0].second, strings[1].first));
  } else if (!strings.empty()) {
    // One element: the next one goes on its own line at its indentation, as nbformat writes.
    std::string_view before = raw.text(0, strings[0].first);
    size_t nl = before.find_last_of('\n');
    std::string_view indent = nl == std::string_view::npos ? "" : before.substr(nl + 1);
    bool blank = indent.find_first_not_of(" \t") == std::string_view::npos;
    const bool crlf = nl != std::string_view::npos && nl > 0 && before[nl - 1] == '\r';  // a file saved on Windows
    cell->separator = nl != std::string_view::npos && blank ? (crlf ? ",\r\n" : ",\n") + std::string(indent) : ", ";
  }
  return true;
}

}  // namespace

std::optional<NotebookLayout> read_notebook_layout(std::string_view text, std::string* error) {
  Json doc;
  try {
    doc = Json::parse(text.begin(), text.end());
  } catch (const nlohmann::json::exception& e) {
    // The parser's message names the line and column: "parse error at line 3, column 5: ...".
    std::string what = e.what();
    if (size_t close = what.find("] "); what.starts_with("[json.exception") && close != std::string::npos) {
      what = what.substr(close + 2);
    }
    *error = "not valid JSON: " + what;
    return std::nullopt;
  }
  if (std::string problem = shape_problem(doc); !problem.empty()) {
    *error = problem;
    return std::nullopt;
  }
  NotebookLayout layout;
  const std::string lang = language_of(doc);
  layout.python = lang.empty() || lang == "python" || lang == "python3";
  // Python's json.dump(ensure_ascii=True) leaves no byte above 0x7F and writes \u escapes.
  bool any_high = false, any_u_high = false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (static_cast<unsigned char>(text[i]) >= 0x80) any_high = true;
    if (text[i] == '\\' && i + 5 < text.size()) {
      // \u00e9 and above: a character Python's ensure_ascii escaped (below 0x80 only controls are).
      if (text[i + 1] == 'u') any_u_high = any_u_high || std::strtoul(std::string(text.substr(i + 2, 4)).c_str(), nullptr, 16) >= 0x80;
      ++i;
    }
  }
  layout.ascii = !any_high && any_u_high;

  RawJson raw(text);
  int cells_seen = 0;
  std::vector<std::pair<size_t, size_t>> cell_ranges;
  const size_t start = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;  // a UTF-8 byte order mark, as nlohmann skips it
  bool ok = raw.members(start, [&](const std::string& key, size_t vb, size_t) {
    if (key != "cells") return true;
    ++cells_seen;
    cell_ranges.clear();
    return raw.elements(vb, &cell_ranges);
  });
  if (!ok || cells_seen != 1) {
    *error = cells_seen > 1 ? "not a notebook: \"cells\" given more than once" : "not a notebook: cannot read \"cells\"";
    return std::nullopt;
  }
  const Json& cells = doc["cells"];
  for (size_t k = 0; k < cell_ranges.size(); ++k) {
    NotebookCell cell;
    cell.number = static_cast<uint32_t>(k + 1);
    if (!read_cell(raw, cell_ranges[k].first, &cell, error)) return std::nullopt;
    // The byte walk must read what the JSON parser read; anything else is our bug.
    std::string joined;
    const Json& source = cells[k]["source"];
    if (source.is_string()) joined = source.get<std::string>();
    else for (const auto& s : source) joined += s.get<std::string>();
    if (k >= cells.size() || joined != cell.text || cells[k]["cell_type"].get<std::string>() != cell.type) {
      *error = "cell " + std::to_string(k + 1) + ": internal: the source could not be located in the file";
      return std::nullopt;
    }
    layout.cells.push_back(std::move(cell));
  }
  if (layout.cells.size() != cells.size()) {
    *error = "internal: the cells could not be located in the file";
    return std::nullopt;
  }
  return layout;
}

std::string json_string_body(std::string_view text, bool ascii) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size() + 8);
  auto u_escape = [&](uint32_t v) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out.push_back(kHex[(v >> shift) & 0xF]);
  };
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      default: break;
    }
    if (c < 0x20) {
      u_escape(c);
    } else if (c < 0x80 || !ascii) {
      out.push_back(static_cast<char>(c));
    } else {
      size_t len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
      uint32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
      for (size_t k = 1; k < len && i + k < text.size(); ++k) cp = (cp << 6) | (text[i + k] & 0x3F);
      i += len - 1;
      if (cp >= 0x10000) {
        cp -= 0x10000;
        u_escape(0xD800 + (cp >> 10));
        u_escape(0xDC00 + (cp & 0x3FF));
      } else {
        u_escape(cp);
      }
    }
  }
  return out;
}

std::string notebook_replacement(const NotebookCell& cell, uint32_t /*begin*/, uint32_t end, std::string_view text,
                                 bool ascii) {
  if (!cell.list) return json_string_body(text, ascii);
  std::string out;
  size_t from = 0;
  for (size_t nl = text.find('\n'); nl != std::string_view::npos; nl = text.find('\n', nl + 1)) {
    out += json_string_body(text.substr(from, nl + 1 - from), ascii);
    from = nl + 1;
    // A new element starts after a line end, unless nothing follows it in the cell.
    if (from < text.size() || end < cell.text.size()) out += "\"" + cell.separator + "\"";
  }
  out += json_string_body(text.substr(from), ascii);
  return out;
}

base::Edit notebook_edit(const NotebookCell& cell, uint32_t begin, uint32_t end, std::string_view text, bool ascii,
                         uint32_t floor) {
  base::Edit e;
  e.begin = cell.raw_at[begin];
  e.end = cell.raw_at[end];
  e.text = notebook_replacement(cell, begin, end, text, ascii);
  if (cell.list && text.empty() && end == cell.text.size() && begin > 0 && cell.text[begin - 1] == '\n' &&
      cell.raw_at[begin - 1] + 2 >= floor) {
    // From the closing quote of the line before (its `\n` escape is two bytes) to the last one.
    e.begin = cell.raw_at[begin - 1] + 2;
  }
  return e;
}

}  // namespace t2p::driver
