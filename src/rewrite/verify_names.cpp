#include "rewrite/verify_names.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "semantic/code_names.h"

namespace t2p::rewrite {
namespace {

using semantic::FileModel;
using semantic::NameSource;

bool ident_char(char c) {
  return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || (c >= '0' && c <= '9') ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The first occurrence of `name` in `text` at `from` or later that is a whole word,
// or npos. The whole file is searched for every removed import's name (`nn`, `F`): a candidate
// whose first byte follows a letter is passed over before its other bytes are compared.
size_t find_word(std::string_view text, std::string_view name, size_t from) {
  const size_t n = name.size();
  if (n == 0) {  // as text.find(""): every position, here the first between two non-letters
    for (; from <= text.size(); ++from) {
      if ((from == 0 || !ident_char(text[from - 1])) && (from >= text.size() || !ident_char(text[from]))) return from;
    }
    return std::string_view::npos;
  }
  while (from + n <= text.size()) {
    const void* p = std::memchr(text.data() + from, name[0], text.size() - from - n + 1);
    if (!p) break;
    const size_t at = static_cast<size_t>(static_cast<const char*>(p) - text.data());
    if ((at == 0 || !ident_char(text[at - 1])) && std::memcmp(text.data() + at + 1, name.data() + 1, n - 1) == 0 &&
        (at + n >= text.size() || !ident_char(text[at + n]))) {
      return at;
    }
    from = at + 1;
  }
  return std::string_view::npos;
}

// Whether `name` occurs in `text` as a whole word.
bool has_word(std::string_view text, std::string_view name) {
  return find_word(text, name, 0) != std::string_view::npos;
}

// `a` or `a.b.c`: ASCII names joined by dots, the first no reserved word.
bool plain_dotted_name(std::string_view t) {
  bool start = true;
  for (char c : t) {
    if (c == '.') {
      if (start) return false;
      start = true;
      continue;
    }
    const bool letter = ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
    if (!letter && (start || c < '0' || c > '9')) return false;
    start = false;
  }
  if (start) return false;
  // A reserved word first (`not`, `None`) is no name: let code_names read it.
  return !semantic::is_reserved_word(t.substr(0, t.find('.')));
}

class NameCheck {
 public:
  NameCheck(const FileModel& model, const semantic::NameResolver& resolver, std::string_view src,
            const std::vector<base::Edit>& edits, const std::vector<int32_t>& removed)
      : m_(model), r_(resolver), src_(src), edits_(edits), removed_(removed) {
    starts_.reserve(m_.scopes.size());
    for (const auto& s : m_.scopes) starts_.push_back(ts_node_start_byte(s.node));
    for (const auto& e : edits_) {
      if (e.begin < e.end) replaced_.emplace_back(e.begin, e.end);
    }
    std::sort(replaced_.begin(), replaced_.end());
  }

  std::optional<base::Diagnostic> run() {
    if (auto d = check_fstrings()) return d;
    if (auto d = check_edit_texts()) return d;
    return check_removed_imports();
  }

 private:
  bool is_removed(int32_t import_index) const {
    return std::find(removed_.begin(), removed_.end(), import_index) != removed_.end();
  }

  // The scope a name at `o` is looked up in; an insertion at the very end of a scope's node
  // (a statement added after a function's last one) belongs to it.
  int32_t scope_at(uint32_t o, bool insertion) const {
    auto it = std::upper_bound(starts_.begin(), starts_.end(), o);
    int32_t s = static_cast<int32_t>(it - starts_.begin()) - 1;
    while (s > 0) {
      TSNode n = m_.scopes[s].node;
      const uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
      if (b <= o && (o < e || (insertion && o == e))) break;
      s = m_.scopes[s].parent;
    }
    if (s < 0) return 0;
    const semantic::Scope& sc = m_.scopes[s];
    if (sc.parent >= 0 && sc.header_end > sc.header_begin && o >= sc.header_begin && o < sc.header_end) return sc.parent;
    return s;
  }

  bool replaced(uint32_t o) const {
    auto it = std::upper_bound(replaced_.begin(), replaced_.end(), std::make_pair(o, UINT32_MAX));
    return it != replaced_.begin() && o < std::prev(it)->second;
  }

  base::Diagnostic fail(uint32_t offset, std::string message) const {
    base::Diagnostic d;
    d.severity = base::Severity::kError;
    d.code = "unbound-name";
    d.line = 1 + static_cast<uint32_t>(std::count(src_.begin(), src_.begin() + std::min<size_t>(offset, src_.size()), '\n'));
    size_t ls = src_.rfind('\n', offset == 0 ? 0 : offset - 1);
    d.column = offset - (ls == std::string_view::npos || offset == 0 ? 0 : static_cast<uint32_t>(ls + 1)) + 1;
    d.message = std::move(message);
    return d;
  }

  // Edits inside an f-string's replacement field: nothing Python before 3.12 forbids there.
  std::optional<base::Diagnostic> check_fstrings() const {
    const auto& fs = m_.fstrings;
    if (fs.empty()) return {};
    // The f-string each one is nested in (they nest or are apart), -1 for none.
    std::vector<int32_t> outer(fs.size(), -1);
    std::vector<int32_t> open;
    for (size_t i = 0; i < fs.size(); ++i) {
      while (!open.empty() && fs[open.back()].end <= fs[i].begin) open.pop_back();
      outer[i] = open.empty() ? -1 : open.back();
      open.push_back(static_cast<int32_t>(i));
    }
    for (const auto& e : edits_) {
      auto it = std::upper_bound(fs.begin(), fs.end(), e.begin,
                                 [](uint32_t o, const semantic::FString& f) { return o < f.begin; });
      int32_t i = static_cast<int32_t>(it - fs.begin()) - 1;
      while (i >= 0 && !(fs[i].begin < e.begin && e.end < fs[i].end)) i = outer[i];
      const std::string_view before = src_.substr(e.begin, e.end - e.begin);
      for (; i >= 0; i = outer[i]) {
        const char forbidden[] = {fs[i].quote, '\\', '#', fs[i].triple ? '\0' : '\n'};
        for (char c : forbidden) {
          if (c != '\0' && e.text.find(c) != std::string::npos && before.find(c) == std::string_view::npos) {
            return fail(e.begin, std::string("the converted code would write ") +
                                     (c == '\n' ? "a line break" : std::string("`") + c + "`") +
                                     " inside an f-string's replacement field, which Python before 3.12 "
                                     "does not allow; file left unchanged");
          }
        }
      }
    }
    return {};
  }

  bool written_bound(std::string_view n) const { return std::find(bound_.begin(), bound_.end(), n) != bound_.end(); }

  // Whether name `n` of edit `e`'s text is, by the bytes around the edit, an attribute's name
  // (the edit starts right after `x.`: `view` -> `reshape`) or a keyword argument's (`=` follows
  // the edit: `dim` -> `axis`).
  bool attribute_or_keyword(const base::Edit& e, const semantic::CodeName& n) const {
    const std::string_view t = e.text;
    if (t.find_first_not_of(" \t") == n.offset) {
      uint32_t p = e.begin;
      while (p > 0 && (src_[p - 1] == ' ' || src_[p - 1] == '\t')) --p;
      if (p > 0 && src_[p - 1] == '.') return true;
    }
    const size_t last = t.find_last_not_of(" \t");
    if (last != std::string_view::npos && last + 1 == n.offset + n.name.size()) {
      uint32_t p = e.end;
      while (p < src_.size() && (src_[p] == ' ' || src_[p] == '\t')) ++p;
      if (p < src_.size() && src_[p] == '=' && (p + 1 >= src_.size() || src_[p + 1] != '=')) return true;
    }
    return false;
  }

  // Every name an edit writes is bound where it stands as it was in the input (or is a module
  // the edits import, or a builtin).
  std::optional<base::Diagnostic> check_edit_texts() {
    // The names each edit's text uses, all in one vector (`from`: where each edit's start).
    std::vector<semantic::CodeName> all, names;
    std::vector<std::pair<size_t, size_t>> written;  // (edit, first name in `all`)
    for (size_t i = 0; i < edits_.size(); ++i) {
      const base::Edit& e = edits_[i];
      if (e.text.empty()) continue;
      if (plain_dotted_name(e.text)) {
        // Most edits: `paddle.zeros`, `axis`, `reshape`; one name at the start, no binding.
        const size_t dot = e.text.find('.');
        written.emplace_back(i, all.size());
        all.push_back({std::string_view(e.text).substr(0, dot), 0, semantic::NameRole::kUse});
        continue;
      }
      semantic::code_names(e.text, &names);
      if (names.empty()) continue;
      written.emplace_back(i, all.size());
      for (const auto& n : names) {
        if (n.role == semantic::NameRole::kImport) imported_.push_back(n.name);
        if (n.role != semantic::NameRole::kUse) bound_.push_back(n.name);
        all.push_back(n);
      }
    }
    written.emplace_back(edits_.size(), all.size());  // the end of the last
    auto imported = [&](std::string_view n) { return std::find(imported_.begin(), imported_.end(), n) != imported_.end(); };
    for (size_t w = 0; w + 1 < written.size(); ++w) {
      const base::Edit& e = edits_[written[w].first];
      const std::string_view before = src_.substr(e.begin, e.end - e.begin);
      int32_t scope = -1;
      for (size_t k = written[w].second; k < written[w + 1].second; ++k) {
        const semantic::CodeName& n = all[k];
        if (n.role != semantic::NameRole::kUse) continue;
        if (attribute_or_keyword(e, n)) continue;
        if (scope < 0) scope = scope_at(e.begin, e.begin == e.end);
        semantic::ResolvedName rn = r_.resolve(scope, n.name);
        switch (rn.source) {
          case NameSource::kImport:
            if (is_removed(rn.import_index)) {
              return fail(e.begin, "the converted code uses `" + std::string(n.name) +
                                       "`, whose import the conversion removes; file left unchanged");
            }
            if (imported(n.name) && m_.imported_names[rn.import_index].qualname != n.name) {
              return fail(e.begin, "the converted code needs the module `" + std::string(n.name) +
                                       "`, but this file binds `" + std::string(n.name) +
                                       "` to something else here; file left unchanged");
            }
            break;
          case NameSource::kLocal:
          case NameSource::kAmbiguous:
            if (imported(n.name) && !has_word(before, n.name)) {
              return fail(e.begin, "the converted code needs the module `" + std::string(n.name) +
                                       "`, but this file binds `" + std::string(n.name) +
                                       "` to something else here; file left unchanged");
            }
            break;
          case NameSource::kUnbound:
            // Fine: a module the edits import, a name another edit binds (`t2p_out_0, t2p_out_1 =
            // ...`), a builtin, or a name the input used unbound too (a snippet's `model`).
            if (!imported(n.name) && !written_bound(n.name) && !semantic::is_builtin_name(n.name) &&
                !has_word(src_, n.name)) {
              return fail(e.begin, "the converted code uses `" + std::string(n.name) +
                                       "`, which nothing binds there; file left unchanged");
            }
            break;
        }
      }
    }
    return {};
  }

  // The names of the removed imports do not occur in what the edits leave of the input, where
  // they would refer to those imports: in code, type comments or string annotations.
  std::optional<base::Diagnostic> check_removed_imports() const {
    std::vector<std::string_view> names;
    for (int32_t i : removed_) {
      std::string_view l = m_.imported_names[i].local;
      if (std::find(names.begin(), names.end(), l) == names.end()) names.push_back(l);
    }
    const auto& k = parse::NodeKinds::get();
    TSNode root = m_.scopes.empty() ? TSNode{} : m_.scopes[0].node;
    if (ts_node_is_null(root)) return {};
    for (std::string_view l : names) {
      for (size_t at = find_word(src_, l, 0); at != std::string_view::npos; at = find_word(src_, l, at + 1)) {
        const uint32_t o = static_cast<uint32_t>(at), end = o + static_cast<uint32_t>(l.size());
        if (replaced(o)) continue;
        uint32_t p = o;
        while (p > 0 && (src_[p - 1] == ' ' || src_[p - 1] == '\t')) --p;
        if (p > 0 && src_[p - 1] == '.') continue;  // an attribute's name
        TSNode n = ts_node_descendant_for_byte_range(root, o, end);
        const TSSymbol s = ts_node_symbol(n);
        const char* where = nullptr;
        if (s == k.identifier && ts_node_start_byte(n) == o && ts_node_end_byte(n) == end) {
          TSNode parent = ts_node_parent(n);
          const TSSymbol ps = ts_node_symbol(parent);
          if (ps == k.dotted_name || ps == k.aliased_import) continue;  // in an import statement
          if (ps == k.keyword_argument && ts_node_start_byte(parent) == o) continue;  // `f(torch=1)`
          if (ps == k.parameters || ps == k.lambda_parameters || ps == k.list_splat_pattern ||
              ps == k.dictionary_splat_pattern ||
              ((ps == k.default_parameter || ps == k.typed_default_parameter || ps == k.typed_parameter) &&
               ts_node_start_byte(parent) == o)) {
            continue;  // a parameter: a binding of its function (`def f(torch): ...`)
          }
          where = "code";
        } else if (s == k.comment) {
          std::string_view text = semantic::type_comment_text(parse::node_text(n, src_));
          if (text.empty() || o < static_cast<uint32_t>(text.data() - src_.data())) continue;
          where = "a type comment";
        } else {
          TSNode str = n;
          if (s != k.string) str = ts_node_parent(n);
          if (ts_node_symbol(str) != k.string) continue;
          bool annotation = false;
          TSNode up = ts_node_parent(str);
          for (int d = 0; d < 6 && !ts_node_is_null(up); ++d, up = ts_node_parent(up)) {
            if (ts_node_symbol(up) == k.type) {
              annotation = true;
              break;
            }
          }
          if (!annotation) continue;
          where = "a string annotation";
        }
        semantic::ResolvedName rn = r_.resolve(scope_at(o, false), l);
        if (rn.source == NameSource::kImport && is_removed(rn.import_index)) {
          return fail(o, "`" + std::string(l) + "` is still used in " + where +
                             ", but the conversion removes its import; file left unchanged");
        }
      }
    }
    return {};
  }

  const FileModel& m_;
  const semantic::NameResolver& r_;
  std::string_view src_;
  const std::vector<base::Edit>& edits_;
  const std::vector<int32_t>& removed_;
  std::vector<uint32_t> starts_;  // start byte of each scope's node (pre-order: sorted)
  std::vector<std::pair<uint32_t, uint32_t>> replaced_;  // replaced ranges, sorted
  std::vector<std::string_view> imported_;  // names the edits' import statements bind
  std::vector<std::string_view> bound_;     // names the edits' texts bind, imports included
};

}  // namespace

std::vector<int32_t> removed_imports(const FileModel& model) {
  std::vector<int32_t> out;
  for (const auto& st : model.imports) {
    if (st.is_relative) continue;
    for (int32_t i : st.names) {
      const auto& n = model.imported_names[i];
      if (n.is_torch && n.uses == n.converted) out.push_back(i);
    }
  }
  return out;
}

std::optional<base::Diagnostic> verify_names(const FileModel& model, const semantic::NameResolver& resolver,
                                             std::string_view source, const std::vector<base::Edit>& edits,
                                             const std::vector<int32_t>& removed) {
  return NameCheck(model, resolver, source, edits, removed).run();
}

}  // namespace t2p::rewrite
