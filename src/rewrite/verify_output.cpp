// rewrite: verify_output: the local check of an edited output (units, in place or parsed), else the full re-parse.
#include "rewrite/verify_output.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "parse/indentation_check.h"
#include "rewrite/edit_text.h"
#include "rewrite/verify_output_impl.h"

namespace t2p::rewrite {
namespace {

using base::Edit;
using detail::Document;
using detail::ExpressionChecker;
using detail::failed_units;
using detail::inside;
using detail::Outline;
using detail::Planner;
using detail::Unit;

std::optional<base::Diagnostic> full(std::string_view output, parse::PythonParser& parser,
                                     VerifyStats* stats, const char* why) {
  if (stats) {
    stats->full_parse = true;
    stats->fallback = why;
  }
  static const bool trace = std::getenv("T2P_VERIFY_TRACE") != nullptr;
  if (trace) std::fprintf(stderr, "verify_output: full re-parse: %s\n", why);
  parse::SyntaxTree check = parser.parse(output);
  return parse::first_syntax_error(check, output);
}

// The local check: true when the output parses, false when unsure (`why` says why).
bool local_check(const parse::SyntaxTree& tree, std::string_view source, const std::vector<base::Edit>& edits,
                 const std::vector<TSNode>* name_nodes, const semantic::BlockStatements* blocks,
                 parse::PythonParser& parser, VerifyStats* stats, const char** why) {
  Outline outline(tree.root(), source, edits, blocks);
  Planner planner(source, outline.entries());

  // One unit per edit, then the outermost of nested units; units that cross fall back.
  std::vector<Unit> units;
  units.reserve(edits.size());
  // Consecutive edits mostly fall in the same unit: it is kept once (the copies would be
  // dropped below as nested in the first). The planner's unit for an entry and kind is always
  // the same, so equal entry, kind and span mean equal units.
  Unit u;
  for (const auto& e : edits) {
    if (!planner.unit_for(e, &u)) return *why = "an edit outside the local scheme", false;
    if (!inside(e, u.begin, u.end)) return *why = "an edit crosses its unit", false;
    if (!units.empty()) {
      const Unit& last = units.back();
      if (last.entry == u.entry && last.header == u.header && last.begin == u.begin && last.end == u.end) continue;
    }
    units.push_back(std::move(u));
  }
  auto before = [](const Unit& a, const Unit& b) { return a.begin != b.begin ? a.begin < b.begin : a.end > b.end; };
  // Edits come sorted, so their units mostly do too: no sort (which moves every unit) then.
  if (!std::is_sorted(units.begin(), units.end(), before)) std::stable_sort(units.begin(), units.end(), before);
  std::vector<Unit> kept;
  kept.reserve(units.size());
  for (auto& u : units) {
    if (!kept.empty() && u.begin < kept.back().end) {
      if (u.end <= kept.back().end) continue;  // nested in the previous unit
      return *why = "units overlap", false;
    }
    kept.push_back(std::move(u));
  }

  // The edits of each unit: a contiguous run, as units are disjoint and edits sorted.
  std::vector<std::pair<size_t, size_t>> runs(kept.size());
  size_t k = 0;
  for (size_t i = 0; i < kept.size(); ++i) {
    size_t b = k;
    while (k < edits.size() && inside(edits[k], kept[i].begin, kept[i].end)) ++k;
    runs[i] = {b, k};
  }
  if (k != edits.size()) return *why = "an edit between units", false;

  // Statements whose edits all fit the expression scheme are checked by their calls only.
  ExpressionChecker expressions(source, name_nodes);
  std::vector<std::vector<Unit>> calls(kept.size());
  Document doc;
  size_t scanned = 0;  // expression units proven by the scan, not parsed
  const Edit* base = edits.data();
  for (size_t i = 0; i < kept.size(); ++i) {
    const Unit& u = kept[i];
    const Edit* first = base + runs[i].first;
    const Edit* last = base + runs[i].second;
    if (u.entry >= 0 && expressions.split(outline.entries()[u.entry], u, first, last, &calls[i])) {
      Document::Mark mark = doc.mark();
      size_t scanned_before = scanned;
      bool fits = true;
      for (const auto& c : calls[i]) {
        doc.add(c, source, first, last);
        if (doc.take_back_simple(source)) {
          ++scanned;
        } else if (c.scan_only) {
          fits = false;
          break;
        }
      }
      if (fits) continue;
      doc.rollback(mark);
      scanned = scanned_before;
    }
    calls[i].clear();
    doc.add(u, source, first, last);
  }
  doc.finish();
  if (stats) {
    stats->units = doc.units.size() + scanned;
    stats->named = expressions.named();
    stats->scanned = scanned;
    stats->local_bytes = doc.text.size();
  }
  if (doc.continuation) return *why = "a unit ends with a line continuation", false;
  if (doc.reindented) return *why = "a unit's first line of code changed its indentation", false;
  if (doc.units.empty()) return true;  // all checked lexically or by the scan: nothing to parse
  std::vector<size_t> failed;
  {
    parse::SyntaxTree checked = parser.parse(doc.text);
    // Any syntax error in the document: the whole output decides. (Placing an error in one unit
    // is not reliable: error recovery may hang it anywhere.)
    if (!checked.valid() || checked.has_error()) return *why = "a unit does not parse on its own", false;
    if (parse::first_indentation_error(checked, doc.text)) return *why = "a unit's statements are not aligned", false;
    failed = failed_units(checked, doc.units, doc.offsets, doc.dummies);
    // An expression unit must not run into the bytes around its call in the output.
    for (size_t i = 0; i < doc.units.size(); ++i) {
      const Unit& u = *doc.units[i];
      if (!u.expression || std::find(failed.begin(), failed.end(), i) != failed.end()) continue;
      std::string_view x(doc.text.data() + doc.offsets[i], doc.offsets[i + 1] - doc.offsets[i] - 1);
      if (merges(source, u.begin, u.end, x) || has_reserved_word(x)) failed.push_back(i);
    }
  }
  if (failed.empty()) return true;

  // Expression units that failed: check their whole statements instead.
  Document again;
  std::vector<bool> redo(kept.size(), false);
  for (size_t f : failed) {
    const Unit* u = doc.units[f];
    if (!u->expression) return *why = "a unit does not parse on its own", false;
    for (size_t i = 0; i < kept.size(); ++i) {
      if (!calls[i].empty() && u >= calls[i].data() && u < calls[i].data() + calls[i].size()) redo[i] = true;
    }
  }
  for (size_t i = 0; i < kept.size(); ++i) {
    if (redo[i]) again.add(kept[i], source, base + runs[i].first, base + runs[i].second);
  }
  again.finish();
  if (stats) {
    stats->units += again.units.size();
    stats->local_bytes += again.text.size();
  }
  if (again.continuation) return *why = "a unit ends with a line continuation", false;
  if (again.reindented) return *why = "a unit's first line of code changed its indentation", false;
  parse::SyntaxTree checked = parser.parse(again.text);
  if (!failed_units(checked, again.units, again.offsets, again.dummies).empty()) return *why = "a unit does not parse on its own", false;
  return true;
}

}  // namespace

VerifyMode verify_mode_from_env() {
  static const VerifyMode mode = [] {
    const char* v = std::getenv("T2P_VERIFY");
    if (v && std::strcmp(v, "full") == 0) return VerifyMode::kFull;
    if (v && std::strcmp(v, "both") == 0) return VerifyMode::kBoth;
    return VerifyMode::kLocal;
  }();
  return mode;
}

std::optional<base::Diagnostic> verify_output(const parse::SyntaxTree& tree, std::string_view source,
                                              const std::vector<base::Edit>& edits,
                                              std::string_view output, parse::PythonParser& parser,
                                              VerifyMode mode, VerifyStats* stats,
                                              const std::vector<TSNode>* name_nodes,
                                              const semantic::BlockStatements* blocks) {
  if (mode == VerifyMode::kFull) return full(output, parser, stats, "full mode");
  if (!tree.valid() || tree.has_error()) return full(output, parser, stats, "input tree has errors");
  if (edits.empty()) return full(output, parser, stats, "no edits");
  const char* why = "";
  bool ok = local_check(tree, source, edits, name_nodes, blocks, parser, stats, &why);
  if (mode == VerifyMode::kBoth) {
    auto err = full(output, parser, stats, "both mode");
    if (ok && err) {
      std::fprintf(stderr, "verify_output: the local check passed an output that does not parse (%s)\n",
                   err->message.c_str());
      std::abort();
    }
    return err;
  }
  if (!ok) return full(output, parser, stats, why);
  return std::nullopt;
}

}  // namespace t2p::rewrite
