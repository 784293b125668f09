// Test tool for the C++ path (tests/cpp/check_extension.py): for each file, whether it parses
// with the tree-sitter C++ grammar (CUDA masked as the converter masks it), and every PyTorch
// symbol in its code (comments and string literals left out), one per line:
//   FILE parse ok | FILE parse error LINE:COL MESSAGE
//   FILE symbol LINE TEXT
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "cxx/cpp_parser.h"

namespace {

bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// torch::x, at::x, c10::x, TORCH_*, AT_*, C10_*, PYBIND11_MODULE and torch/ATen/c10 headers.
void print_symbols(const std::string& file, const std::string& s) {
  int line = 1;
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (c == '\n') ++line;
    if (s.compare(i, 2, "//") == 0) {
      while (i < s.size() && s[i] != '\n') ++i;
      continue;
    }
    if (s.compare(i, 2, "/*") == 0) {
      size_t e = s.find("*/", i + 2);
      e = e == std::string::npos ? s.size() : e + 2;
      for (size_t k = i; k < e; ++k) line += s[k] == '\n';
      i = e;
      continue;
    }
    if (c == '"' || c == '\'') {
      // an #include "torch/..." is a symbol; other strings are not code
      size_t e = i + 1;
      while (e < s.size() && s[e] != c && s[e] != '\n') e += s[e] == '\\' ? 2 : 1;
      std::string lit = s.substr(i + 1, e - i - 1);
      size_t ls = s.rfind('\n', i);
      std::string before = s.substr(ls == std::string::npos ? 0 : ls + 1, i - (ls == std::string::npos ? 0 : ls + 1));
      if (before.find("#include") != std::string::npos &&
          (lit.starts_with("torch/") || lit.starts_with("ATen/") || lit.starts_with("c10/"))) {
        std::cout << file << " symbol " << line << " " << lit << "\n";
      }
      i = e + 1;
      continue;
    }
    if (c == '<' && i > 0) {
      size_t ls = s.rfind('\n', i);
      std::string before = s.substr(ls == std::string::npos ? 0 : ls + 1, i - (ls == std::string::npos ? 0 : ls + 1));
      if (before.find("#include") != std::string::npos) {
        size_t e = s.find('>', i);
        std::string path = s.substr(i + 1, e - i - 1);
        if (path.starts_with("torch/") || path.starts_with("ATen/") || path.starts_with("c10/")) {
          std::cout << file << " symbol " << line << " " << path << "\n";
        }
        i = e + 1;
        continue;
      }
    }
    if (ident_char(c) && (i == 0 || !ident_char(s[i - 1]))) {
      size_t e = i;
      while (e < s.size() && (ident_char(s[e]) || (s.compare(e, 2, "::") == 0 && e + 2 < s.size() && ident_char(s[e + 2])))) {
        e += s.compare(e, 2, "::") == 0 ? 2 : 1;
      }
      std::string w = s.substr(i, e - i);
      if (w.starts_with("torch::") || w.starts_with("at::") || w.starts_with("c10::") || w.starts_with("TORCH_") ||
          w.starts_with("AT_") || w.starts_with("C10_") || w == "PYBIND11_MODULE") {
        std::cout << file << " symbol " << line << " " << w << "\n";
      }
      i = e;
      continue;
    }
    ++i;
  }
}

}  // namespace

int main(int argc, char** argv) {
  t2p::cxx::CppParser parser;
  if (!parser.ok()) {
    std::cerr << "parse_check: the C++ grammar does not load (ABI)\n";
    return 2;
  }
  int bad = 0;
  for (int a = 1; a < argc; ++a) {
    std::ifstream in(argv[a], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const std::string masked = t2p::cxx::mask_cuda(text);
    t2p::cxx::CppTree tree = parser.parse(masked);
    if (auto e = t2p::cxx::first_cpp_syntax_error(tree.get(), masked)) {
      std::cout << argv[a] << " parse error " << e->line << ":" << e->column << " " << e->message << "\n";
      bad = 1;
    } else {
      std::cout << argv[a] << " parse ok\n";
    }
    print_symbols(argv[a], text);
  }
  return bad;
}
