#include "driver/source_converter.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

#include "base/source_text.h"
#include "driver/statement_fallback.h"
#include "emit/todo_uses.h"
#include "rewrite/apply_edits.h"
#include "rewrite/verify_output.h"
#include "rules/file_converter.h"

namespace t2p::driver {
namespace {

// Offset of the first byte that breaks UTF-8, or npos.
size_t invalid_utf8_at(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size(), i = 0;
  while (i < n) {
    // ASCII runs, eight bytes at a time: most source is ASCII, and this scan covers every file.
    while (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      if (w & 0x8080808080808080ull) break;
      i += 8;
    }
    if (i >= n) break;
    unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (len == 0 || i + len > n) return i;
    for (size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return i;
    }
    if (len == 2 && c < 0xC2) return i;  // overlong
    if (len == 3) {
      unsigned cp = ((c & 0x0F) << 12) | ((p[i + 1] & 0x3F) << 6) | (p[i + 2] & 0x3F);
      if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    }
    if (len == 4) {
      unsigned cp = ((c & 0x07) << 18) | ((p[i + 1] & 0x3F) << 12) | ((p[i + 2] & 0x3F) << 6) | (p[i + 3] & 0x3F);
      if (cp < 0x10000 || cp > 0x10FFFF) return i;
    }
    i += len;
  }
  return std::string_view::npos;
}

uint32_t count_lines(std::string_view s) {
  uint32_t n = static_cast<uint32_t>(std::count(s.begin(), s.end(), '\n'));
  if (!s.empty() && s.back() != '\n') ++n;
  return n;
}

SourceResult failed(std::string_view source, base::Diagnostic d) {
  SourceResult r;
  r.status = FileStatus::kFailed;
  r.output = std::string(source);
  r.error = std::move(d);
  r.lines = count_lines(source);
  return r;
}

}  // namespace

void place_uses(std::string_view source, std::vector<rules::ApiUse>* uses) {
  if (uses->empty()) return;
  base::LineIndex index(source);
  // In ASCII text a UTF-16 column is the byte column: one scan of the file (vectorised) instead
  // of one per use.
  unsigned char high = 0;
  for (char c : source) high |= static_cast<unsigned char>(c);
  const bool ascii = high < 0x80;
  std::vector<base::Utf16Query> utf16;
  if (!ascii) utf16.reserve(uses->size() * 2);
  for (auto& u : *uses) {
    base::Position p = index.position(u.offset);
    u.line = p.line;
    u.column = p.column;
    const uint32_t end = std::max(u.end, u.offset);
    base::Position e = index.position(end);
    u.end_line = e.line;
    u.end_column = e.column;
    if (ascii) {
      u.column16 = u.column;
      u.end_column16 = u.end_column;
      continue;
    }
    utf16.push_back({u.offset - (p.column - 1), u.offset, &u.column16});
    utf16.push_back({end - (e.column - 1), end, &u.end_column16});
  }
  if (!ascii) base::utf16_columns(source, &utf16);
}

SourceResult convert_source(std::string_view source, const kg::KnowledgeGraph& graph,
                            const rules::ConvertOptions& options, parse::PythonParser& parser) {
  if (source.size() >= UINT32_MAX / 2) {
    return failed(source, {base::Severity::kError, 0, 0, "too-large", "file is larger than 2 GiB"});
  }
  if (std::memchr(source.data(), '\0', source.size()) != nullptr) {
    return failed(source, {base::Severity::kError, 0, 0, "binary", "binary file (contains NUL bytes), not Python source"});
  }
  if (!options.roots_or(graph.converted_roots()).mentioned_in(source)) {
    SourceResult r;
    r.output = std::string(source);
    r.lines = count_lines(source);
    return r;
  }
  if (size_t bad = invalid_utf8_at(source); bad != std::string_view::npos) {
    base::LineIndex index(source);
    base::Position p = index.position(static_cast<uint32_t>(bad));
    return failed(source, {base::Severity::kError, p.line, p.column, "not-utf8",
                           "not valid UTF-8 (byte offset " + std::to_string(bad) + ")"});
  }
  // Everything tree-sitter allocates for this file comes from the parser's arena and is released
  // at once when this function returns (parse/tree_arena.h); nothing of it is returned.
  parse::TreeArena::Scope tree_memory(parser.arena());
  parse::SyntaxTree tree = parser.parse(source);
  // The rest of first_syntax_error, statements at inconsistent indentation, is checked by the
  // walk that builds the file model (FileModel::indentation_error) instead of a walk of its own:
  // convert_tree refuses such a file first thing, and it fails below with the same diagnostic.
  if (auto err = parse::first_error_node(tree, source)) return failed(source, *err);

  // Finding, then applying: convert_tree plans the findings and their fixes, and every fix is
  // applied here (a convert applies all; `check` shows the same result without writing it).
  auto find_and_apply = [&](const std::vector<uint32_t>& barred) {
    rules::FileConversion c = rules::convert_tree(tree, source, graph, options, barred);
    if (c.changed) c.output = rewrite::apply_edits(source, c.edits);
    return c;
  };
  rules::FileConversion conv = find_and_apply({});
  if (conv.refused) return failed(source, *conv.refused);
  // The output must parse; if not, keep the input and report our own bug. The check re-parses
  // the edited statements (rewrite/verify_output.h), or the whole output when an edit does not
  // fit that scheme or T2P_VERIFY=full.
  auto verify = [&] {
    return conv.changed ? rewrite::verify_output(tree, source, conv.edits, conv.output, parser,
                                                 rewrite::verify_mode_from_env(), nullptr, &conv.name_nodes,
                                                 &conv.blocks)
                        : std::nullopt;
  };
  std::optional<base::Diagnostic> err = verify();
  // Per-statement fallback (driver/statement_fallback.h): the statements whose converted form
  // does not parse on its own are left as written, and the file converted again without them.
  std::vector<uint32_t> barred;
  for (int round = 0; err && round < 4; ++round) {
    if (find_unparsable_statements(source, conv.statements, conv.edits, parser, &barred) == 0) break;
    conv = find_and_apply(barred);
    if (conv.refused) return failed(source, *conv.refused);
    err = verify();
  }
  SourceResult r;
  r.parsed = true;
  r.lines = count_lines(source);
  // Calls left as written under a TODO of an earlier conversion still count as not converted.
  emit::add_todo_uses(source, tree.root(), &conv.uses);
  place_uses(source, &conv.uses);
  r.uses = std::move(conv.uses);
  if (!conv.changed) {
    r.output = std::string(source);
    return r;
  }
  // Every name the output uses must be bound as in the input (rewrite/verify_names.h); if not,
  // keep the input and report why.
  if (conv.unbound) {
    SourceResult f = failed(source, *conv.unbound);
    f.parsed = true;
    f.uses = std::move(r.uses);
    emit::mark_not_converted(&f.uses, "the file was left unchanged (" + conv.unbound->code + ")");
    return f;
  }
  if (err) {
    SourceResult f = failed(source, {base::Severity::kError, err->line, err->column, "internal-error",
                                     "converted output would not parse (" + err->message +
                                         " at output line " + std::to_string(err->line) +
                                         "); file left unchanged"});
    f.parsed = true;
    f.uses = std::move(r.uses);
    emit::mark_not_converted(&f.uses, "the file was left unchanged (internal-error)");
    return f;
  }
  r.status = FileStatus::kConverted;
  r.min_paddle = emit::min_paddle_of(r.uses, graph);
  r.output = std::move(conv.output);
  r.edits = std::move(conv.edits);
  r.fixes = std::move(conv.fixes);
  return r;
}

}  // namespace t2p::driver
