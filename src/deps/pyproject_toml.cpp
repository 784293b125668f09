// deps: pyproject.toml. tomlplusplus parses the document and says where each dependency string
// and key is (its source region); the bytes there are read and edited in the original text, so
// comments, quoting and layout stay as written. No regular expression ever reads the TOML.
#include <toml++/toml.h>

#include <cctype>
#include <map>

#include "base/source_text.h"
#include "deps/dependency_file.h"

namespace t2p::deps {
namespace {

// The byte offset of a toml++ position (1-based line, 1-based column counted in code points),
// or nothing when it lies outside the text.
std::optional<size_t> offset_of(const toml::source_position& p, std::string_view text, const base::LineIndex& index) {
  if (!p.line || !p.column || p.line > index.line_count()) return std::nullopt;
  size_t at = index.line_start(p.line);
  for (uint32_t col = 1; col < p.column; ++col) {
    if (at >= text.size() || text[at] == '\n') return std::nullopt;
    ++at;
    while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
  }
  return at;
}

// A one-line string literal at `at` whose bytes are its value: `"..."` without escapes, or
// `'...'`. Its content's [begin, end), or nothing (multi-line, escapes: kept and reported).
std::optional<std::pair<size_t, size_t>> plain_string_at(std::string_view text, size_t at) {
  if (at >= text.size() || (text[at] != '"' && text[at] != '\'')) return std::nullopt;
  char q = text[at];
  if (text.substr(at, 3) == std::string(3, q)) return std::nullopt;
  size_t close = at + 1;
  while (close < text.size() && text[close] != q && text[close] != '\n') {
    if (q == '"' && text[close] == '\\') return std::nullopt;
    ++close;
  }
  if (close >= text.size() || text[close] != q) return std::nullopt;
  return std::make_pair(at + 1, close);
}

class Converter {
 public:
  Converter(std::string_view text, const DependencyTable& table, std::vector<Change>* out)
      : text_(text), index_(text), table_(table), out_(out) {}

  // The content of a string node, located in the text and checked against the parsed value.
  std::optional<std::pair<size_t, size_t>> locate(const toml::node& node) {
    const auto* s = node.as_string();
    if (!s) return std::nullopt;
    auto at = offset_of(node.source().begin, text_, index_);
    if (!at) return std::nullopt;
    auto span = plain_string_at(text_, *at);
    if (!span || text_.substr(span->first, span->second - span->first) != s->get()) return std::nullopt;
    return span;
  }

  // A string whose bytes could not be located: reported when it names a package of the family.
  void report_unlocated(const toml::node& node, std::string_view value) {
    auto name = leading_name(value);
    if (!name || !table_.package(value.substr(name->first, name->second - name->first))) return;
    Change c;
    auto at = offset_of(node.source().begin, text_, index_);
    c.begin = c.end = static_cast<uint32_t>(at.value_or(0));
    c.package = std::string(value.substr(name->first, name->second - name->first));
    c.status = rules::UseStatus::kUnsupported;
    c.reason = "written as a multi-line or escaped string: convert it by hand";
    out_->push_back(std::move(c));
  }

  // An array of PEP 508 strings (`[project] dependencies`, an optional-dependencies group).
  void requirement_array(const toml::node* node, bool keep, const std::string& keep_reason) {
    const toml::array* arr = node ? node->as_array() : nullptr;
    if (!arr) return;
    for (const auto& item : *arr) {
      const auto* s = item.as_string();
      if (!s) continue;  // `{include-group = "..."}` of dependency-groups
      auto span = locate(item);
      if (!span) {
        report_unlocated(item, s->get());
        continue;
      }
      std::string_view content = text_.substr(span->first, span->second - span->first);
      auto c = convert_requirement(content, table_, context_);
      if (!c) continue;
      if (keep && c->edits()) {
        c->new_text = c->old_text;
        c->replacement.clear();
        c->status = rules::UseStatus::kUnsupported;
        c->reason = keep_reason;
      }
      c->begin += static_cast<uint32_t>(span->first);
      c->end += static_cast<uint32_t>(span->first);
      out_->push_back(std::move(*c));
    }
  }

  // Poetry's `[tool.poetry.dependencies]`-like table: keys are package names.
  void poetry_table(const toml::node* node) {
    const toml::table* tab = node ? node->as_table() : nullptr;
    if (!tab) return;
    for (const auto& [key, value] : *tab) {
      const PackageRule* rule = table_.package(key.str());
      if (!rule) continue;
      Change name;
      auto at = offset_of(key.source().begin, text_, index_);
      name.package = std::string(key.str());
      auto keep = [&](std::string why) {
        name.status = rules::UseStatus::kUnsupported;
        name.reason = std::move(why);
        name.begin = name.end = static_cast<uint32_t>(at.value_or(0));
        out_->push_back(std::move(name));
      };
      if (rule->replacement.empty()) {
        keep(rule->reason);
        continue;
      }
      // The key's bytes: bare, or the inside of a plain quoted key.
      std::optional<std::pair<size_t, size_t>> key_span;
      if (at && text_.substr(*at, key.str().size()) == key.str()) key_span = std::make_pair(*at, *at + key.str().size());
      else if (at) {
        auto q = plain_string_at(text_, *at);
        if (q && text_.substr(q->first, q->second - q->first) == key.str()) key_span = q;
      }
      if (!key_span) {
        keep("the key is written in a form not edited here (dotted or escaped): convert it by hand");
        continue;
      }
      // The version: a string, or the `version` of an inline table; `source` says which index.
      const toml::node* version = &value;
      FileContext ctx = context_;
      if (const auto* inner = value.as_table()) {
        // A `url`, `path` or `git` dependency names torch's own files: not edited.
        std::string other;
        for (const auto& [k, v] : *inner) {
          static const char* const kKnown[] = {"version", "source", "markers", "python", "optional", "allow-prereleases", "platform"};
          bool known = false;
          for (const char* n : kKnown) known = known || k.str() == n;
          if (!known && other.empty()) other = std::string(k.str());
        }
        if (!other.empty()) {
          keep("a dependency given by `" + other + "`: point it at Paddle by hand");
          continue;
        }
        version = inner->get("version");
        if (const auto* src = inner->get("source"); src && src->is_string()) {
          auto found = sources_.find(src->as_string()->get());
          if (found != sources_.end() && found->second) {
            ctx.gpu = ctx.gpu || found->second->gpu;
            if (found->second->gpu) ctx.cuda_tag = found->second->torch_tag;
            ctx.paddle_index = true;
          }
        }
      } else if (value.is_array()) {
        keep("several constraints for one package (an array): convert them by hand");
        continue;
      }
      std::optional<std::pair<size_t, size_t>> version_span;
      if (version) {
        version_span = locate(*version);
        if (!version_span) {
          keep("the version is not a one-line string: convert it by hand");
          continue;
        }
      }
      std::string written = version_span ? std::string(text_.substr(version_span->first, version_span->second - version_span->first)) : "";
      VersionMapping m;
      if (!written.empty()) {
        auto specs = poetry_specifiers(written);
        if (!specs) {
          keep("could not read the version constraint `" + written + "`");
          continue;
        }
        m = map_versions(*specs, table_);
        if (m.kind == VersionMapping::kUnsupported) {
          keep(m.notes.empty() ? "unknown version" : m.notes.front());
          continue;
        }
      }
      std::string cuda_note;
      std::string replacement = replacement_for(*rule, ctx, m.local, table_, &cuda_note);
      if (tab->contains(replacement)) {
        keep("the table already has a `" + replacement + "` key");
        continue;
      }
      name.begin = static_cast<uint32_t>(key_span->first);
      name.end = static_cast<uint32_t>(key_span->second);
      name.old_text = name.package;
      name.new_text = name.replacement = replacement;
      std::string new_version = m.kind == VersionMapping::kPin      ? m.version
                                : m.kind == VersionMapping::kMinimum ? ">=" + m.version
                                                                     : "*";
      name.reason = "`" + name.package + (written.empty() ? "" : " = " + written) + "` -> `" + replacement +
                    (written.empty() ? "" : " = " + new_version) + "`";
      for (const auto& n : m.notes) name.reason += "; " + n;
      if (!cuda_note.empty()) name.reason += "; " + cuda_note;
      out_->push_back(name);
      renamed_[name.package] = replacement;
      if (version_span && written != new_version) {
        Change v;
        v.begin = static_cast<uint32_t>(version_span->first);
        v.end = static_cast<uint32_t>(version_span->second);
        v.old_text = written;
        v.new_text = new_version;
        v.package = name.package;
        v.replacement = replacement;
        v.reason = "the version of `" + name.package + "`: `" + written + "` -> `" + new_version + "`";
        v.reported = false;  // said in the key's finding
        out_->push_back(std::move(v));
      }
    }
  }

  // Poetry's `[tool.poetry.extras]`: lists of dependency names, renamed with their keys.
  void poetry_extras(const toml::node* node) {
    const toml::table* tab = node ? node->as_table() : nullptr;
    if (!tab) return;
    for (const auto& [group, names] : *tab) {
      const toml::array* arr = names.as_array();
      if (!arr) continue;
      for (const auto& item : *arr) {
        const auto* s = item.as_string();
        if (!s || !renamed_.count(s->get())) continue;
        auto span = locate(item);
        if (!span) {
          report_unlocated(item, s->get());
          continue;
        }
        Change c;
        c.begin = static_cast<uint32_t>(span->first);
        c.end = static_cast<uint32_t>(span->second);
        c.old_text = c.package = s->get();
        c.new_text = c.replacement = renamed_[s->get()];
        c.reason = "extra `" + std::string(group.str()) + "` names the renamed dependency";
        out_->push_back(std::move(c));
      }
    }
  }

  // Index tables (`[[tool.poetry.source]]`, `[[tool.uv.index]]`): a PyTorch index URL is
  // pointed at Paddle's; their names are remembered for the dependencies that use them.
  void index_tables(const toml::node* node) {
    const toml::array* arr = node ? node->as_array() : nullptr;
    if (!arr) return;
    for (const auto& entry : *arr) {
      const toml::table* t = entry.as_table();
      if (!t) continue;
      const toml::node* url = t->get("url");
      if (!url || !url->is_string()) continue;
      const std::string& u = url->as_string()->get();
      if (!table_.is_torch_index(u)) continue;
      const IndexRow* row = table_.index_row(u);
      if (const toml::node* n = t->get("name"); n && n->is_string()) sources_[n->as_string()->get()] = row;
      if (row) {
        context_.paddle_index = true;
        if (row->gpu) {
          context_.gpu = true;
          context_.cuda_tag = row->torch_tag;
        }
      }
      Change c;
      auto span = locate(*url);
      c.package = "index";
      if (!span || !row) {
        c.begin = c.end = static_cast<uint32_t>(span ? span->first : offset_of(url->source().begin, text_, index_).value_or(0));
        c.status = rules::UseStatus::kUnsupported;
        c.reason = "PyTorch's wheel index `" + u + "` has no Paddle counterpart in the table: kept";
        out_->push_back(std::move(c));
        continue;
      }
      c.begin = static_cast<uint32_t>(span->first);
      c.end = static_cast<uint32_t>(span->second);
      c.old_text = u;
      c.new_text = c.replacement = row->paddle_url;
      c.reason = "`" + u + "` -> `" + row->paddle_url + "`" + (row->note.empty() ? "" : "; " + row->note);
      out_->push_back(std::move(c));
    }
  }

  // A `+cu118` torch version anywhere in the PEP 621 lists asks for CUDA wheels.
  void scan_local_versions(const toml::node* node) {
    if (!node) return;
    if (const auto* arr = node->as_array()) {
      for (const auto& item : *arr) {
        const auto* s = item.as_string();
        if (!s) continue;
        const std::string& v = s->get();
        auto name = leading_name(v);
        if (!name || !table_.package(std::string_view(v).substr(name->first, name->second - name->first))) continue;
        size_t cu = v.find("+cu");
        if (cu == std::string::npos) continue;
        context_.gpu = true;
        size_t e = cu + 1;
        while (e < v.size() && std::isalnum(static_cast<unsigned char>(v[e]))) ++e;
        if (context_.cuda_tag.empty()) context_.cuda_tag = v.substr(cu + 1, e - cu - 1);
      }
    } else if (const auto* tab = node->as_table()) {
      for (const auto& [k, v] : *tab) scan_local_versions(&v);
    }
  }

  // Poetry's constraint syntax: `^2.0`, `~2.1`, `2.1.0`, `>=2.0,<3.0`, `>= 2.0 < 3.0`, `*`.
  static std::optional<std::vector<Specifier>> poetry_specifiers(std::string_view s) {
    if (s.find("||") != std::string_view::npos || s.find('|') != std::string_view::npos) return std::nullopt;
    std::vector<Specifier> out;
    size_t i = 0;
    auto skip = [&] {
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == ',')) ++i;
    };
    for (skip(); i < s.size(); skip()) {
      Specifier sp;
      while (i < s.size() && std::string_view("^~=<>!").find(s[i]) != std::string_view::npos) sp.op += s[i++];
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
      size_t b = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || std::string_view(".*+-_!").find(s[i]) != std::string_view::npos)) ++i;
      sp.version = std::string(s.substr(b, i - b));
      static const char* const kOps[] = {"", "^", "~", "~=", "==", "!=", "<=", ">=", "<", ">"};
      bool known = false;
      for (const char* o : kOps) known = known || sp.op == o;
      if (!known || sp.version.empty()) return std::nullopt;
      if (sp.version == "*") continue;  // any version
      out.push_back(std::move(sp));
    }
    return out;
  }

  FileContext context_;

 private:
  std::string_view text_;
  base::LineIndex index_;
  const DependencyTable& table_;
  std::vector<Change>* out_;
  std::map<std::string, const IndexRow*> sources_;  // index name -> its row (null: no counterpart)
  std::map<std::string, std::string> renamed_;      // Poetry dependency keys renamed
};

}  // namespace

bool pyproject_changes(std::string_view text, const DependencyTable& table, std::vector<Change>* out,
                       base::Diagnostic* error) {
  toml::table doc;
  try {
    doc = toml::parse(text, std::string_view("pyproject.toml"));
  } catch (const toml::parse_error& e) {
    *error = base::Diagnostic{base::Severity::kError, static_cast<uint32_t>(e.source().begin.line),
                              static_cast<uint32_t>(e.source().begin.column), "toml-error",
                              "not valid TOML: " + std::string(e.description())};
    return false;
  }
  Converter c(text, table, out);
  const toml::node* project = doc.get("project");
  const toml::table* project_table = project ? project->as_table() : nullptr;
  const toml::node* tool = doc.get("tool");
  const toml::table* tool_table = tool ? tool->as_table() : nullptr;
  const toml::table* poetry = tool_table && tool_table->get("poetry") ? tool_table->get("poetry")->as_table() : nullptr;
  const toml::table* uv = tool_table && tool_table->get("uv") ? tool_table->get("uv")->as_table() : nullptr;

  // First what the file asks for (CUDA wheels, Paddle's index), then the dependencies.
  if (poetry) c.index_tables(poetry->get("source"));
  if (uv) c.index_tables(uv->get("index"));
  if (project_table) {
    c.scan_local_versions(project_table->get("dependencies"));
    c.scan_local_versions(project_table->get("optional-dependencies"));
  }
  c.scan_local_versions(doc.get("dependency-groups"));

  if (project_table) {
    c.requirement_array(project_table->get("dependencies"), false, "");
    if (const toml::node* opt = project_table->get("optional-dependencies"); opt && opt->as_table()) {
      for (const auto& [group, list] : *opt->as_table()) c.requirement_array(&list, false, "");
    }
  }
  if (const toml::node* groups = doc.get("dependency-groups"); groups && groups->as_table()) {
    for (const auto& [group, list] : *groups->as_table()) c.requirement_array(&list, false, "");
  }
  if (const toml::node* build = doc.get("build-system"); build && build->as_table()) {
    c.requirement_array(build->as_table()->get("requires"), true,
                        "a build requirement: torch builds a C++/CUDA extension here; convert the extension build "
                        "(paddle.utils.cpp_extension) by hand, then this line");
  }
  if (poetry) {
    c.poetry_table(poetry->get("dependencies"));
    c.poetry_table(poetry->get("dev-dependencies"));
    if (const toml::node* groups = poetry->get("group"); groups && groups->as_table()) {
      for (const auto& [name, group] : *groups->as_table()) {
        if (const toml::table* g = group.as_table()) c.poetry_table(g->get("dependencies"));
      }
    }
    c.poetry_extras(poetry->get("extras"));
  }
  if (uv) {
    if (const toml::node* sources = uv->get("sources"); sources && sources->as_table()) {
      for (const auto& [key, value] : *sources->as_table()) {
        const PackageRule* rule = table.package(key.str());
        if (!rule || rule->replacement.empty()) continue;
        Change k;
        k.begin = k.end = static_cast<uint32_t>(offset_of(key.source().begin, text, base::LineIndex(text)).value_or(0));
        k.package = std::string(key.str());
        k.status = rules::UseStatus::kUnsupported;
        k.reason = "[tool.uv.sources] names where uv gets torch: rename the key to the Paddle package by hand";
        out->push_back(std::move(k));
      }
    }
  }
  return true;
}

}  // namespace t2p::deps
