#include "deps/requirement.h"

#include <cctype>

namespace t2p::deps {
namespace {

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
}
bool blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && (blank(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// `>=2.0, <3` -> {">=", "2.0"}, {"<", "3"}; nothing when a clause is not `op version`.
std::optional<std::vector<Specifier>> parse_specifiers(std::string_view spec) {
  std::vector<Specifier> out;
  spec = trim(spec);
  if (spec.empty()) return out;
  size_t start = 0;
  while (start <= spec.size()) {
    size_t comma = spec.find(',', start);
    std::string_view part = trim(spec.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    static const char* const kOps[] = {"===", "~=", "==", "!=", "<=", ">=", "<", ">"};
    const char* op = nullptr;
    for (const char* o : kOps) {
      if (part.starts_with(o)) {
        op = o;
        break;
      }
    }
    if (!op) return std::nullopt;
    std::string_view version = trim(part.substr(std::string_view(op).size()));
    if (version.empty()) return std::nullopt;
    for (char c : version) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '*' && c != '+' && c != '-' && c != '_' && c != '!') {
        return std::nullopt;
      }
    }
    out.push_back({op, std::string(version)});
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return out;
}

std::string local_label(std::string_view version) {
  size_t plus = version.find('+');
  return plus == std::string_view::npos ? std::string() : std::string(version.substr(plus + 1));
}

}  // namespace

std::optional<std::pair<size_t, size_t>> leading_name(std::string_view text) {
  size_t b = 0;
  while (b < text.size() && blank(text[b])) ++b;
  if (b >= text.size() || !std::isalnum(static_cast<unsigned char>(text[b]))) return std::nullopt;
  size_t e = b;
  while (e < text.size() && name_char(text[e])) ++e;
  while (e > b && !std::isalnum(static_cast<unsigned char>(text[e - 1]))) --e;  // `torch.` is not a name
  return std::make_pair(b, e);
}

VersionMapping map_versions(const std::vector<Specifier>& specs, const DependencyTable& table) {
  VersionMapping m;
  const Specifier* pin = nullptr;
  std::string lower;  // the highest lower bound
  for (const auto& s : specs) {
    if (std::string l = local_label(s.version); !l.empty()) m.local = l;
    if (s.op == "===") {
      m.kind = VersionMapping::kUnsupported;
      m.notes.push_back("`===" + s.version + "` names one torch build exactly");
      return m;
    }
    bool wildcard = s.version.find('*') != std::string::npos;
    if ((s.op == "==" || s.op.empty()) && !wildcard) {
      pin = &s;
    } else if (s.op == ">=" || s.op == ">" || s.op == "~=" || s.op == "^" || s.op == "~" ||
               ((s.op == "==" || s.op.empty()) && wildcard)) {
      std::string v = s.version.substr(0, s.version.find('*'));
      while (!v.empty() && v.back() == '.') v.pop_back();
      if (v.empty()) continue;  // `*`: any version
      if (lower.empty() || compare_releases(v, lower).value_or(0) > 0) lower = v;
    } else {
      m.notes.push_back("torch's `" + s.op + s.version + "` has no Paddle counterpart and is dropped");
    }
  }
  std::string key = pin ? pin->version : lower;
  if (key.empty()) {
    if (m.notes.empty()) return m;  // no version (`torch`, Poetry's `*`): none for Paddle either
    key = "0";  // only upper bounds or exclusions, all dropped: the lowest row's minimum
  }
  const VersionRow* row = table.version_row(key);
  if (!row) {
    m.kind = VersionMapping::kUnsupported;
    m.notes.push_back("torch " + key + " is not in the version table");
    return m;
  }
  if (pin) {
    for (const auto& s : specs) {
      if (&s != pin && !(s.op == "!=" || s.op == "<" || s.op == "<=")) m.notes.push_back("`" + s.op + s.version + "` is dropped beside the pin");
    }
    m.kind = VersionMapping::kPin;
    m.version = row->paddle_pin;
  } else {
    m.kind = VersionMapping::kMinimum;
    m.version = row->paddle_min;
  }
  return m;
}

std::string replacement_for(const PackageRule& rule, const FileContext& ctx, const std::string& local,
                            const DependencyTable& table, std::string* note) {
  std::string tag = ctx.cuda_tag;
  bool gpu = ctx.gpu;
  if (local.starts_with("cu")) {
    gpu = true;
    if (tag.empty()) tag = local;
  }
  if (!gpu || rule.gpu_replacement.empty()) return rule.replacement;
  if (!ctx.paddle_index) {
    const IndexRow* row = tag.empty() ? nullptr : table.tag_row(tag);
    *note = row ? "Paddle's CUDA wheels are on " + row->paddle_url + ": add `--extra-index-url " + row->paddle_url + "`"
                : "Paddle's CUDA wheels are on https://www.paddlepaddle.org.cn/packages/stable/<cuda>/: add that index";
    if (row && !row->note.empty()) *note += " (" + row->note + ")";
  }
  return rule.gpu_replacement;
}

std::optional<Change> convert_requirement(std::string_view text, const DependencyTable& table, const FileContext& ctx) {
  auto name = leading_name(text);
  if (!name) return std::nullopt;
  std::string_view written = text.substr(name->first, name->second - name->first);
  const PackageRule* rule = table.package(written);
  if (!rule) return std::nullopt;
  // The requirement ends at its marker.
  size_t semi = text.find(';');
  std::string_view head = text.substr(0, semi);
  size_t end = head.size();
  while (end > name->second && (blank(head[end - 1]) || head[end - 1] == '\r' || head[end - 1] == '\n')) --end;
  Change c;
  c.begin = static_cast<uint32_t>(name->first);
  c.end = static_cast<uint32_t>(end);
  c.old_text = std::string(text.substr(c.begin, c.end - c.begin));
  c.new_text = c.old_text;
  c.package = std::string(written);
  auto keep = [&](std::string why) {
    c.status = rules::UseStatus::kUnsupported;
    c.reason = std::move(why);
    return c;
  };
  if (rule->replacement.empty()) return keep(rule->reason);

  // After the name: optional [extras], then a version list, bare or in parentheses, or `@ url`.
  std::string_view rest = head.substr(name->second, end - name->second);
  std::vector<std::string> notes;
  size_t i = 0;
  while (i < rest.size() && blank(rest[i])) ++i;
  if (i < rest.size() && rest[i] == '[') {
    size_t close = rest.find(']', i);
    if (close == std::string_view::npos) return keep("could not read the requirement");
    notes.push_back("the extras `" + std::string(rest.substr(i, close + 1 - i)) + "` are torch's and are dropped");
    i = close + 1;
  }
  std::string_view spec = trim(rest.substr(i));
  if (spec.starts_with("@")) return keep("a direct reference to a torch wheel or archive: point it at a Paddle wheel by hand");
  if (spec.starts_with("(")) {
    if (!spec.ends_with(")")) return keep("could not read the version list");
    spec = trim(spec.substr(1, spec.size() - 2));
  }
  auto specs = parse_specifiers(spec);
  if (!specs) return keep("could not read the version list `" + std::string(spec) + "`");
  VersionMapping m = map_versions(*specs, table);
  if (m.kind == VersionMapping::kUnsupported) return keep(m.notes.empty() ? "unknown version" : m.notes.front());
  if (ctx.hashes) {
    return keep("the line pins torch's wheels by hash: Paddle's hashes cannot be known here; write the "
                "Paddle requirement and its hashes by hand (`pip hash`)");
  }
  std::string cuda_note;
  c.replacement = replacement_for(*rule, ctx, m.local, table, &cuda_note);
  if (m.local == "cpu" || m.local.starts_with("cu")) notes.push_back("the local version `+" + m.local + "` is torch's build tag");
  c.new_text = c.replacement;
  if (m.kind == VersionMapping::kPin) c.new_text += "==" + m.version;
  if (m.kind == VersionMapping::kMinimum) c.new_text += ">=" + m.version;
  notes.insert(notes.end(), m.notes.begin(), m.notes.end());
  if (!cuda_note.empty()) notes.push_back(cuda_note);
  c.reason = "`" + c.old_text + "` -> `" + c.new_text + "`";
  for (const auto& n : notes) c.reason += "; " + n;
  return c;
}

}  // namespace t2p::deps
