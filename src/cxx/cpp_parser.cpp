#include "cxx/cpp_parser.h"

#include <array>
#include <cstring>

#include "parse/tree_arena.h"

namespace t2p::cxx {

CppParser::CppParser() {
  // tree-sitter's allocator is the engine's (parse/tree_arena.h); outside a scope it is the heap.
  parse::install_tree_sitter_allocator();
  parser_ = ts_parser_new();
  // ts_parser_set_language returns false on an ABI mismatch between grammar and runtime.
  ok_ = parser_ && ts_parser_set_language(parser_, tree_sitter_cpp());
}

CppParser::~CppParser() {
  if (parser_) ts_parser_delete(parser_);
}

CppTree CppParser::parse(std::string_view source) {
  if (!ok_) return CppTree();
  ts_parser_reset(parser_);
  return CppTree(ts_parser_parse_string_encoding(parser_, nullptr, source.data(),
                                                 static_cast<uint32_t>(source.size()), TSInputEncodingUTF8));
}

namespace {

bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Skips a comment, string or character literal starting at `i`; returns the index after it, or
// `i` when none starts there.
size_t skip_literal(std::string_view s, size_t i) {
  if (s.compare(i, 2, "//") == 0) {
    while (i < s.size() && s[i] != '\n') {
      if (s[i] == '\\' && i + 1 < s.size()) ++i;  // a continued line comment
      ++i;
    }
    return i;
  }
  if (s.compare(i, 2, "/*") == 0) {
    size_t e = s.find("*/", i + 2);
    return e == std::string_view::npos ? s.size() : e + 2;
  }
  if (s[i] == '"' || s[i] == '\'') {
    // A raw string R"d(...)d" is rare in extensions; its body is skipped up to the closing quote
    // like any string, which is enough to keep masks out of it in practice.
    char q = s[i++];
    while (i < s.size() && s[i] != q && s[i] != '\n') {
      if (s[i] == '\\') ++i;
      ++i;
    }
    return i < s.size() ? i + 1 : i;
  }
  return i;
}

}  // namespace

std::string mask_cuda(std::string_view source) {
  static constexpr std::array<const char*, 10> kQualifiers = {
      "__global__", "__device__", "__host__",     "__shared__",   "__constant__",
      "__managed__", "__forceinline__", "__noinline__", "__grid_constant__", "__launch_bounds__"};
  std::string out(source);
  size_t i = 0;
  while (i < out.size()) {
    size_t after = skip_literal(out, i);
    if (after != i) {
      i = after;
      continue;
    }
    if (out.compare(i, 3, "<<<") == 0) {
      out.replace(i, 3, "(  ");
      i += 3;
      continue;
    }
    if (out.compare(i, 3, ">>>") == 0) {
      out.replace(i, 3, "  )");
      i += 3;
      continue;
    }
    if (ident_char(out[i]) && (i == 0 || !ident_char(out[i - 1]))) {
      size_t e = i;
      while (e < out.size() && ident_char(out[e])) ++e;
      std::string_view word(out.data() + i, e - i);
      for (const char* q : kQualifiers) {
        if (word != q) continue;
        // __launch_bounds__(256, 2): the argument list goes too.
        if (word == "__launch_bounds__") {
          size_t p = e;
          while (p < out.size() && (out[p] == ' ' || out[p] == '\t')) ++p;
          if (p < out.size() && out[p] == '(') {
            int depth = 0;
            for (; p < out.size(); ++p) {
              if (out[p] == '(') ++depth;
              if (out[p] == ')' && --depth == 0) break;
            }
            e = p < out.size() ? p + 1 : p;
          }
        }
        for (size_t k = i; k < e; ++k) {
          if (out[k] != '\n') out[k] = ' ';
        }
        break;
      }
      i = e;
      continue;
    }
    ++i;
  }
  return out;
}

std::optional<base::Diagnostic> first_cpp_syntax_error(TSTree* tree, std::string_view source) {
  if (!tree) return base::Diagnostic{base::Severity::kError, 0, 0, "parse-failed", "the C++ parser gave up"};
  TSNode node = ts_tree_root_node(tree);
  if (!ts_node_has_error(node)) return std::nullopt;
  for (;;) {
    if (ts_node_symbol(node) == static_cast<TSSymbol>(-1) || ts_node_is_missing(node)) break;
    bool descended = false;
    uint32_t n = ts_node_child_count(node);
    for (uint32_t k = 0; k < n; ++k) {
      TSNode c = ts_node_child(node, k);
      if (ts_node_has_error(c)) {
        node = c;
        descended = true;
        break;
      }
    }
    if (!descended) break;
  }
  TSPoint p = ts_node_start_point(node);
  (void)source;
  std::string what = ts_node_is_missing(node) ? std::string("missing ") + ts_node_type(node)
                                              : "syntax the C++ grammar cannot parse";
  return base::Diagnostic{base::Severity::kError, p.row + 1, p.column + 1, "syntax-error", what};
}

}  // namespace t2p::cxx
