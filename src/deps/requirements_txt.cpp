// deps: requirements files (pip's format) and single pip command lines.
#include <cctype>

#include "deps/dependency_file.h"

namespace t2p::deps {
namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

struct PhysicalLine {
  size_t begin = 0;  // offset of the line in the file
  std::string_view text;  // without its line end
};

// A logical line: its first physical line, and the whole text with continuations (`\` at the
// end of a line joins the next).
struct LogicalLine {
  PhysicalLine first;
  std::string joined;
};

std::vector<LogicalLine> logical_lines(std::string_view text) {
  std::vector<LogicalLine> out;
  size_t pos = 0;
  bool continuing = false;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(pos, end - pos);
    if (line.ends_with("\r")) line.remove_suffix(1);
    if (!continuing) out.push_back({{pos, line}, ""});
    bool cont = line.ends_with("\\");
    out.back().joined += std::string(cont ? line.substr(0, line.size() - 1) : line) + " ";
    continuing = cont;
    pos = end + (nl == std::string_view::npos ? 0 : 1);
  }
  return out;
}

// The line without a comment: `#` at its start or after a blank starts one.
std::string_view without_comment(std::string_view line) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || blank(line[i - 1]))) return line.substr(0, i);
  }
  return line;
}

// The first physical line without its trailing `\`.
std::string_view content_of(std::string_view line) {
  line = without_comment(line);
  if (line.ends_with("\\")) line.remove_suffix(1);
  return line;
}

// An option of a requirements line and its value: `--extra-index-url URL`, `-i=URL`, `-rbase.txt`.
struct Option {
  std::string name;
  size_t value_begin = 0;  // in the line
  std::string_view value;
};

std::optional<Option> read_option(std::string_view line) {
  size_t b = 0;
  while (b < line.size() && blank(line[b])) ++b;
  if (b >= line.size() || line[b] != '-') return std::nullopt;
  size_t e = b;
  while (e < line.size() && !blank(line[e]) && line[e] != '=') ++e;
  Option o;
  o.name = std::string(line.substr(b, e - b));
  // Short options may carry their value glued on: `-rbase.txt`.
  if (o.name.size() > 2 && o.name[1] != '-') {
    o.value_begin = b + 2;
    o.name = o.name.substr(0, 2);
  } else {
    size_t v = e;
    if (v < line.size() && line[v] == '=') ++v;
    while (v < line.size() && blank(line[v])) ++v;
    o.value_begin = v;
  }
  size_t ve = o.value_begin;
  while (ve < line.size() && !blank(line[ve])) ++ve;
  o.value = line.substr(o.value_begin, ve - o.value_begin);
  return o;
}

bool is_index_option(const std::string& n) {
  return n == "-i" || n == "--index-url" || n == "--extra-index-url" || n == "-f" || n == "--find-links";
}

// A PyTorch index named by an index option: the change, kept or made.
std::optional<Change> convert_index(const Option& o, const DependencyTable& table) {
  std::string url(o.value);
  if (!table.is_torch_index(url)) return std::nullopt;
  Change c;
  c.begin = static_cast<uint32_t>(o.value_begin);
  c.end = static_cast<uint32_t>(o.value_begin + o.value.size());
  c.old_text = c.new_text = url;
  c.package = o.name;
  const IndexRow* row = table.index_row(url);
  if (!row || o.name == "-f" || o.name == "--find-links") {
    c.status = rules::UseStatus::kUnsupported;
    c.reason = "PyTorch's wheel index `" + url + "` has no Paddle counterpart in the table: kept (Paddle's wheels are "
               "on https://www.paddlepaddle.org.cn/packages/stable/<cpu|cu118|cu126>/)";
    return c;
  }
  c.new_text = c.replacement = row->paddle_url;
  c.reason = "`" + url + "` -> `" + row->paddle_url + "`";
  if (!row->note.empty()) c.reason += "; " + row->note;
  if (o.name == "-i" || o.name == "--index-url") {
    c.status = rules::UseStatus::kNeedsReview;
    c.applied = true;
    c.reason += "; " + o.name + " replaces PyPI: check that the other packages are on Paddle's index, or make it --extra-index-url";
  }
  return c;
}

}  // namespace

FileContext scan_requirements_lines(const std::vector<std::string_view>& lines, const DependencyTable& table) {
  FileContext ctx;
  for (std::string_view line : lines) {
    std::string_view content = without_comment(line);
    if (auto o = read_option(content)) {
      if (!is_index_option(o->name)) continue;
      if (const IndexRow* row = table.index_row(o->value); row && o->name != "-f" && o->name != "--find-links") {
        ctx.paddle_index = true;
        if (row->gpu) {
          ctx.gpu = true;
          ctx.cuda_tag = row->torch_tag;
        }
      } else if (table.is_torch_index(o->value)) {
        // torch_stable.html, nightly/cu121: still a request for CUDA wheels when it says so.
        size_t cu = o->value.find("/cu");
        if (cu != std::string_view::npos) ctx.gpu = true;
      }
      continue;
    }
    auto name = leading_name(content);
    if (!name) continue;
    const PackageRule* rule = table.package(content.substr(name->first, name->second - name->first));
    if (!rule || rule->gpu_replacement.empty()) continue;
    size_t plus = content.find("+cu", name->second);
    if (plus != std::string_view::npos) {
      ctx.gpu = true;
      if (ctx.cuda_tag.empty()) {
        size_t e = plus + 1;
        while (e < content.size() && std::isalnum(static_cast<unsigned char>(content[e]))) ++e;
        ctx.cuda_tag = std::string(content.substr(plus + 1, e - plus - 1));
      }
    }
  }
  return ctx;
}

std::optional<Change> convert_requirements_line(std::string_view line, std::string_view logical,
                                                const DependencyTable& table, const FileContext& file_ctx) {
  std::string_view content = content_of(line);
  if (auto o = read_option(content)) {
    if (is_index_option(o->name)) return convert_index(*o, table);
    return std::nullopt;  // -r, -c, -e, --pre, ...: as written
  }
  // The requirement ends where its options start (`--hash=...`, `--config-settings`).
  size_t end = content.size();
  for (size_t i = 1; i + 1 < content.size(); ++i) {
    if (blank(content[i - 1]) && content[i] == '-' && content[i + 1] == '-') {
      end = i;
      break;
    }
  }
  FileContext ctx = file_ctx;
  ctx.hashes = logical.find("--hash") != std::string_view::npos;
  return convert_requirement(content.substr(0, end), table, ctx);
}

std::vector<std::string> requirement_includes(std::string_view text) {
  std::vector<std::string> out;
  for (const auto& l : logical_lines(text)) {
    auto o = read_option(content_of(l.first.text));
    if (!o || o->value.empty()) continue;
    if (o->name == "-r" || o->name == "--requirement" || o->name == "-c" || o->name == "--constraint") {
      out.emplace_back(o->value);
    }
  }
  return out;
}

bool requirements_txt_changes(std::string_view text, const DependencyTable& table, std::vector<Change>* out,
                              base::Diagnostic*) {
  std::vector<LogicalLine> lines = logical_lines(text);
  std::vector<std::string_view> contents;
  for (const auto& l : lines) contents.push_back(l.first.text);
  FileContext ctx = scan_requirements_lines(contents, table);
  for (const auto& l : lines) {
    if (auto c = convert_requirements_line(l.first.text, l.joined, table, ctx)) {
      c->begin += static_cast<uint32_t>(l.first.begin);
      c->end += static_cast<uint32_t>(l.first.begin);
      out->push_back(std::move(*c));
    }
  }
  return true;
}

std::vector<Change> rewrite_pip_command(std::string_view line, const DependencyTable& table) {
  // Tokens: runs of non-blanks, a quoted run kept whole.
  struct Token {
    size_t begin, end;
  };
  std::vector<Token> tokens;
  for (size_t i = 0; i < line.size();) {
    if (blank(line[i])) {
      ++i;
      continue;
    }
    size_t b = i;
    while (i < line.size() && !blank(line[i])) {
      if (line[i] == '"' || line[i] == '\'') {
        size_t close = line.find(line[i], i + 1);
        i = close == std::string_view::npos ? line.size() : close + 1;
      } else {
        ++i;
      }
    }
    tokens.push_back({b, i});
  }
  auto text_of = [&](const Token& t) { return line.substr(t.begin, t.end - t.begin); };
  auto ends_command = [](std::string_view t) { return t == "&&" || t == "||" || t == ";" || t == "|"; };
  std::vector<Change> out;
  for (size_t i = 0; i < tokens.size(); ++i) {
    std::string_view t = text_of(tokens[i]);
    if (t.starts_with("!") || t.starts_with("%")) t.remove_prefix(1);
    bool pip = t == "pip" || t == "pip3" || t.ends_with("/pip") || t.ends_with("/pip3");
    if (!pip || i + 1 >= tokens.size() || text_of(tokens[i + 1]) != "install") continue;
    // One install command: its requirement and option tokens, up to `&&`, `;`, ...
    size_t first = i + 2, last = first;
    while (last < tokens.size() && !ends_command(text_of(tokens[last]))) ++last;
    std::vector<std::string> lines;  // the command read as requirements lines (`--opt value`, `req`)
    std::vector<std::pair<size_t, size_t>> spans;  // each line's token range [a, b)
    static const char* const kWithValue[] = {"-i", "--index-url", "--extra-index-url", "-f", "--find-links", "-r",
                                             "--requirement", "-c", "--constraint", "-e", "--editable", "-t",
                                             "--target", "--prefix", "--root", "--trusted-host", "--platform",
                                             "--python-version", "--implementation", "--abi", "--only-binary",
                                             "--no-binary", "--upgrade-strategy", "--src", "--cache-dir", "--log",
                                             "--proxy", "--timeout", "--retries", "--progress-bar", "--report",
                                             "--config-settings", "-C", "--global-option", "--exists-action"};
    for (size_t k = first; k < last; ++k) {
      std::string_view tk = text_of(tokens[k]);
      bool takes_value = false;
      for (const char* o : kWithValue) takes_value = takes_value || tk == o;
      if (takes_value && k + 1 < last) {
        lines.push_back(std::string(line.substr(tokens[k].begin, tokens[k + 1].end - tokens[k].begin)));
        spans.emplace_back(k, k + 2);
        ++k;
      } else {
        lines.push_back(std::string(tk));
        spans.emplace_back(k, k + 1);
      }
    }
    std::vector<std::string_view> views(lines.begin(), lines.end());
    FileContext ctx = scan_requirements_lines(views, table);
    for (size_t n = 0; n < lines.size(); ++n) {
      size_t at = tokens[spans[n].first].begin;
      std::string_view one = lines[n];
      // A quoted requirement (`"torch>=2.0"`): its inside.
      if (one.size() >= 2 && (one.front() == '"' || one.front() == '\'') && one.back() == one.front()) {
        one = one.substr(1, one.size() - 2);
        ++at;
      }
      if (auto c = convert_requirements_line(one, one, table, ctx)) {
        c->begin += static_cast<uint32_t>(at);
        c->end += static_cast<uint32_t>(at);
        out.push_back(std::move(*c));
      }
    }
    i = last;
  }
  return out;
}

}  // namespace t2p::deps
