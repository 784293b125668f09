// tools/graph, doc importer: reads one PaddlePaddle mapping doc (markdown) into plain structs.
#include "graph/doc_markdown.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace t2p::kg {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

// Cells of a markdown table row; `\|` does not split.
std::vector<std::string_view> split_row(std::string_view line) {
  line = trim(line);
  if (!line.empty() && line.front() == '|') line.remove_prefix(1);
  if (!line.empty() && line.back() == '|' && !(line.size() >= 2 && line[line.size() - 2] == '\\')) {
    line.remove_suffix(1);
  }
  std::vector<std::string_view> cells;
  size_t start = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) {
      cells.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  cells.push_back(line.substr(start));
  return cells;
}

bool is_separator_row(const std::vector<std::string_view>& cells) {
  bool any = false;
  for (std::string_view c : cells) {
    c = trim(c);
    if (c.empty()) continue;
    for (char ch : c) {
      if (ch != '-' && ch != ':') return false;
    }
    any = true;
  }
  return any;
}

// "dim0, dim1" -> {"dim0", "dim1"}; "-" -> {}; "always_call=False" -> {"always_call"}.
std::vector<std::string> cell_names(const std::string& cell) {
  std::vector<std::string> names;
  if (cell.empty() || cell == "-") return names;
  std::string_view rest = cell;
  while (true) {
    size_t comma = rest.find(',');
    std::string_view part = trim(rest.substr(0, comma));
    part = trim(part.substr(0, part.find('=')));
    if (!part.empty()) names.emplace_back(part);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return names;
}

// `### [torch.clamp](https://...)` -> "torch.clamp". Only level-3 headings name APIs; level 4 is
// used by the conversion examples.
std::optional<std::string> api_heading_name(std::string_view line) {
  if (!starts_with(line, "###") || starts_with(line, "####")) return std::nullopt;
  std::string_view rest = trim(line.substr(3));
  if (!starts_with(rest, "[")) return std::nullopt;
  // Usually `[name](link)`; a few docs leave the link out (`### [torch.scalar_tensor]`).
  size_t close = rest.find("](");
  if (close == std::string_view::npos) {
    close = rest.find(']');
    if (close == std::string_view::npos || !trim(rest.substr(close + 1)).empty()) return std::nullopt;
  }
  return clean_cell(rest.substr(1, close - 1));
}

// `#### out：指定输出` -> {"out"}; `#### size_average、reduce：...` -> {"size_average", "reduce"};
// `#### data 参数：输入 tensor` -> {"data"}; prose headings give {}.
std::vector<std::string> example_heading_params(std::string_view line) {
  while (!line.empty() && line.front() == '#') line.remove_prefix(1);
  std::string text = clean_cell(line);
  // The name ends at the first separator: full-width or ASCII colon or comma, or a space.
  size_t end = text.size();
  for (std::string_view sep : {"\xEF\xBC\x9A", ":", "\xEF\xBC\x8C", ",", " "}) {
    end = std::min(end, text.find(sep));
  }
  std::string head = text.substr(0, end);
  std::vector<std::string> names;
  size_t start = 0;
  while (start <= head.size()) {
    size_t dun = head.find("\xE3\x80\x81", start);  // 、
    std::string part = head.substr(start, dun == std::string::npos ? std::string::npos : dun - start);
    bool ok = !part.empty();
    size_t i = 0;
    while (i < part.size() && i < 2 && part[i] == '*') ++i;
    if (i >= part.size() || !(std::isalpha(static_cast<unsigned char>(part[i])) || part[i] == '_')) ok = false;
    for (; ok && i < part.size(); ++i) {
      if (!(std::isalnum(static_cast<unsigned char>(part[i])) || part[i] == '_')) ok = false;
    }
    if (ok) names.push_back(part);
    if (dun == std::string::npos) break;
    start = dun + 3;
  }
  return names;
}

}  // namespace

std::optional<std::string> category_code(std::string_view chinese_name) {
  // Keys are written without spaces: the docs write "paddle 参数更多", "paddle参数更多", ...
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kCategories{{
      {"无参数", "no_args"},
      {"参数完全一致", "same"},
      {"仅参数名不一致", "renamed"},
      {"paddle参数更多", "paddle_more_args"},
      {"参数默认值不一致", "default_diff"},
      {"torch参数更多", "torch_more_args"},
      {"输入参数用法不一致", "usage_diff"},
      {"输入参数类型不一致", "type_diff"},
      {"返回参数类型不一致", "return_diff"},
      {"组合替代实现", "composite"},
      {"可删除", "removable"},
      {"功能缺失", "missing"},
  }};
  std::string key;
  for (char c : chinese_name) {
    if (!is_space(c)) key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  for (const auto& [zh, code] : kCategories) {
    if (key == zh) return std::string(code);
  }
  return std::nullopt;
}

std::optional<DocTitle> parse_title(std::string_view line) {
  line = trim(line);
  if (!starts_with(line, "#")) return std::nullopt;
  while (!line.empty() && line.front() == '#') line.remove_prefix(1);
  line = trim(line);
  if (!starts_with(line, "[")) return std::nullopt;
  size_t close = line.find(']');
  if (close == std::string_view::npos) return std::nullopt;
  auto code = category_code(line.substr(1, close - 1));
  if (!code) return std::nullopt;
  std::string id = clean_cell(line.substr(close + 1));
  if (id.empty()) return std::nullopt;
  return DocTitle{*code, id};
}

std::string clean_cell(std::string_view cell) {
  std::string out;
  for (size_t i = 0; i < cell.size(); ++i) {
    char c = cell[i];
    if (c == '<' && i + 1 < cell.size() &&
        (std::isalpha(static_cast<unsigned char>(cell[i + 1])) || cell[i + 1] == '/')) {
      size_t end = cell.find('>', i);
      if (end != std::string_view::npos) {
        i = end;
        out.push_back(' ');
        continue;
      }
    }
    if (c == '`') continue;
    if (c == '\\' && i + 1 < cell.size() && (cell[i + 1] == '_' || cell[i + 1] == '*' || cell[i + 1] == '|')) {
      out.push_back(cell[++i]);
      continue;
    }
    out.push_back(c);
  }
  // Collapse whitespace so `torch.nn.Module.to ` and ` torch.nn.Module.to` agree.
  std::string collapsed;
  for (char c : out) {
    if (is_space(c)) {
      if (!collapsed.empty() && collapsed.back() != ' ') collapsed.push_back(' ');
    } else {
      collapsed.push_back(c);
    }
  }
  std::string_view result = trim(collapsed);
  // A bold cell (`**out**`) is emphasis, not `**kwargs`.
  if (result.size() > 4 && starts_with(result, "**") && result.substr(result.size() - 2) == "**") {
    result = trim(result.substr(2, result.size() - 4));
  }
  return std::string(result);
}

// Some docs indent with no-break (U+00A0) or ideographic (U+3000) spaces: plain spaces instead.
static std::string plain_spaces(std::string_view original) {
  std::string text;
  text.reserve(original.size());
  for (size_t i = 0; i < original.size(); ++i) {
    if (original.substr(i, 2) == "\xC2\xA0") {
      text.push_back(' ');
      i += 1;
    } else if (original.substr(i, 3) == "\xE3\x80\x80") {
      text.push_back(' ');
      i += 2;
    } else {
      text.push_back(original[i]);
    }
  }
  return text;
}

std::optional<DocPage> parse_doc_page(std::string_view original, std::string& error) {
  std::string text = plain_spaces(original);

  enum class Target { none, torch, paddle };
  enum class Table { none, expect_separator, rows, other };

  DocPage page;
  bool have_title = false;
  bool in_fence = false;
  Target pending = Target::none;  // the heading whose signature block comes next
  Target capture = Target::none;  // the heading the open code block belongs to
  Table table = Table::none;
  std::string block;

  for (std::string_view raw : split_lines(text)) {
    std::string_view line = trim(raw);
    if (in_fence) {
      if (starts_with(line, "```")) {
        in_fence = false;
        if (capture != Target::none && !page.sections.empty()) {
          DocSection& sec = page.sections.back();
          auto& sigs = capture == Target::torch ? sec.torch_sigs : sec.paddle_sigs;
          if (sigs.empty()) sigs = parse_signatures(block);
        }
        capture = Target::none;
      } else {
        block.append(raw);
        block.push_back('\n');
      }
      continue;
    }
    if (starts_with(line, "```")) {
      in_fence = true;
      block.clear();
      std::string lang = lower_ascii(trim(line.substr(3)));
      if (lang.empty() || lang == "python") {
        capture = pending;
        pending = Target::none;
      }
      table = Table::none;
      continue;
    }
    if (starts_with(line, "#")) {
      table = Table::none;
      if (!have_title) {
        auto title = parse_title(line);
        if (!title) {
          error = "first heading is not `## [ category ] api`: " + std::string(line.substr(0, 80));
          return std::nullopt;
        }
        page.title = *title;
        have_title = true;
        continue;
      }
      auto name = api_heading_name(line);
      if (!name) {
        pending = Target::none;
        if (starts_with(line, "####") && !page.sections.empty()) {
          for (std::string& p : example_heading_params(line)) page.sections.back().example_params.push_back(std::move(p));
        }
        continue;
      }
      // A heading naming the documented API, or any heading once the current pair is complete,
      // opens a new section; otherwise it is the Paddle side of the current one.
      if (page.sections.empty() || *name == page.title.torch_id || page.sections.back().has_paddle_heading) {
        page.sections.emplace_back();
        page.sections.back().torch_heading = *name;
        pending = Target::torch;
      } else {
        page.sections.back().has_paddle_heading = true;
        page.sections.back().paddle_heading = *name;
        pending = Target::paddle;
      }
      continue;
    }
    if (!starts_with(line, "|")) {
      table = Table::none;
      continue;
    }
    auto cells = split_row(line);
    switch (table) {
      case Table::none: {
        bool param_table = cells.size() >= 3 && lower_ascii(clean_cell(cells[1])) == "paddlepaddle" &&
                           clean_cell(cells[2]).find("备注") != std::string::npos;
        if (param_table && !page.sections.empty()) {
          page.sections.back().has_table = true;
          table = Table::expect_separator;
        } else {
          table = Table::other;
        }
        continue;
      }
      case Table::other:
        continue;
      case Table::expect_separator:
        table = Table::rows;
        if (is_separator_row(cells)) continue;
        break;
      case Table::rows:
        break;
    }
    if (cells.size() < 2) continue;
    DocParamRow row;
    row.raw_torch = clean_cell(cells[0]);
    row.torch = cell_names(row.raw_torch);
    row.paddle = cell_names(clean_cell(cells[1]));
    std::string note;
    for (size_t i = 2; i < cells.size(); ++i) {
      if (i > 2) note += "|";
      note += std::string(cells[i]);
    }
    row.note = clean_cell(note);
    page.sections.back().rows.push_back(std::move(row));
  }
  if (!have_title) {
    error = "no heading";
    return std::nullopt;
  }
  return page;
}

namespace {

// `# PyTorch 写法` -> torch, `# Paddle` -> paddle, anything else -> none. `line` is trimmed.
enum class ExampleMarker { none, torch, paddle };
ExampleMarker example_marker(std::string_view line) {
  if (!starts_with(line, "#")) return ExampleMarker::none;
  std::string text = lower_ascii(trim(line.substr(1)));
  auto word = [&](std::string_view w) {
    if (!starts_with(text, w)) return false;
    if (text.size() == w.size()) return true;
    unsigned char next = static_cast<unsigned char>(text[w.size()]);
    return !(std::isalnum(next) || next == '_' || next == '.');
  };
  if (word("pytorch") || word("torch")) return ExampleMarker::torch;
  if (word("paddlepaddle") || word("paddle")) return ExampleMarker::paddle;
  return ExampleMarker::none;
}

// Removes the common indentation and the blank lines at both ends.
std::string dedent_code(const std::vector<std::string_view>& lines) {
  size_t first = 0, last = lines.size();
  while (first < last && trim(lines[first]).empty()) ++first;
  while (last > first && trim(lines[last - 1]).empty()) --last;
  size_t indent = std::string_view::npos;
  for (size_t i = first; i < last; ++i) {
    if (trim(lines[i]).empty()) continue;
    size_t n = 0;
    while (n < lines[i].size() && (lines[i][n] == ' ' || lines[i][n] == '\t')) ++n;
    indent = std::min(indent, n);
  }
  std::string out;
  for (size_t i = first; i < last; ++i) {
    std::string_view l = lines[i];
    if (trim(l).empty()) {
      out.push_back('\n');
      continue;
    }
    out.append(l.substr(std::min(indent, l.size())));
    out.push_back('\n');
  }
  return out;
}

}  // namespace

std::vector<DocExample> parse_doc_examples(std::string_view original) {
  // Code indented with no-break or ideographic spaces would not parse.
  std::string text = plain_spaces(original);

  std::vector<DocExample> examples;
  std::string heading;
  bool in_fence = false, python = false;
  ExampleMarker side = ExampleMarker::none;
  DocExample current;
  std::vector<std::string_view> torch_lines, paddle_lines;
  auto flush = [&] {
    if (side == ExampleMarker::paddle) {
      current.torch_code = dedent_code(torch_lines);
      current.paddle_code = dedent_code(paddle_lines);
      if (!current.torch_code.empty() && !current.paddle_code.empty()) examples.push_back(current);
    }
    side = ExampleMarker::none;
    torch_lines.clear();
    paddle_lines.clear();
  };

  uint32_t line_no = 0;
  for (std::string_view raw : split_lines(text)) {
    ++line_no;
    std::string_view line = trim(raw);
    if (!in_fence) {
      if (starts_with(line, "```")) {
        in_fence = true;
        std::string lang = lower_ascii(trim(line.substr(3)));
        python = lang.empty() || lang == "python" || lang == "py";
      } else if (starts_with(line, "#")) {
        std::string_view h = line;
        while (!h.empty() && h.front() == '#') h.remove_prefix(1);
        heading = clean_cell(h);
      }
      continue;
    }
    if (starts_with(line, "```")) {
      flush();
      in_fence = false;
      continue;
    }
    if (!python) continue;
    ExampleMarker m = example_marker(line);
    if (m == ExampleMarker::torch && side != ExampleMarker::torch) {
      flush();
      side = ExampleMarker::torch;
      current = DocExample{};
      current.heading = heading;
      current.line = line_no;
      continue;
    }
    if (m == ExampleMarker::paddle && side == ExampleMarker::torch) {
      side = ExampleMarker::paddle;
      continue;
    }
    if (side == ExampleMarker::torch) torch_lines.push_back(raw);
    if (side == ExampleMarker::paddle) paddle_lines.push_back(raw);
  }
  if (in_fence) flush();
  return examples;
}

}  // namespace t2p::kg
