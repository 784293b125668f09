#include "semantic/code_names.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <iterator>

namespace t2p::semantic {
namespace {

bool ident_start(char c) {
  return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
bool ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

}  // namespace

bool is_reserved_word(std::string_view w) {
  // By first letter: this runs for every name of every edit's text.
  if (w.size() < 2 || w.size() > 8) return false;
  auto any = [&](std::initializer_list<std::string_view> words) {
    for (std::string_view k : words) {
      if (k == w) return true;
    }
    return false;
  };
  switch (w[0]) {
    case 'F': return w == "False";
    case 'N': return w == "None";
    case 'T': return w == "True";
    case 'a': return any({"and", "as", "assert", "async", "await"});
    case 'b': return w == "break";
    case 'c': return any({"class", "continue"});
    case 'd': return any({"def", "del"});
    case 'e': return any({"elif", "else", "except"});
    case 'f': return any({"finally", "for", "from"});
    case 'g': return w == "global";
    case 'i': return any({"if", "import", "in", "is"});
    case 'l': return w == "lambda";
    case 'n': return any({"nonlocal", "not"});
    case 'o': return w == "or";
    case 'p': return w == "pass";
    case 'r': return any({"raise", "return"});
    case 't': return w == "try";
    case 'w': return any({"while", "with"});
    case 'y': return w == "yield";
    default: return false;
  }
}

namespace {

// The end of the string literal whose opening quote is at `q` (past the closing quote; the end
// of the line or text when it is not closed there).
size_t skip_string(std::string_view t, size_t q) {
  const char quote = t[q];
  const bool triple = q + 2 < t.size() && t[q + 1] == quote && t[q + 2] == quote;
  size_t i = q + (triple ? 3 : 1);
  while (i < t.size()) {
    char c = t[i];
    if (c == '\\') {
      i += 2;
      continue;
    }
    if (!triple && c == '\n') return i;
    if (c == quote) {
      if (!triple) return i + 1;
      if (i + 2 < t.size() && t[i + 1] == quote && t[i + 2] == quote) return i + 3;
    }
    ++i;
  }
  return t.size();
}

bool string_prefix(std::string_view p) {
  if (p.size() > 2) return false;
  for (char c : p) {
    c = static_cast<char>(c | 0x20);
    if (c != 'r' && c != 'b' && c != 'u' && c != 'f') return false;
  }
  return true;
}

}  // namespace

std::vector<CodeName> code_names(std::string_view t) {
  std::vector<CodeName> out;
  code_names(t, &out);
  return out;
}

void code_names(std::string_view t, std::vector<CodeName>* names) {
  std::vector<CodeName>& out = *names;
  out.clear();
  // The names the text binds: few, and most texts bind none (no allocation then).
  std::vector<std::string_view> bound;
  enum class Mode : uint8_t { kNone, kImport, kFromModule, kLambda, kFor, kAs } mode = Mode::kNone;
  int depth = 0, lambda_depth = 0;
  bool lambda_default = false;  // in a lambda parameter's default value: its names are uses
  // The names of the current statement at depth 0 followed by `,` (`a, b = f()`): bound when an
  // assignment's `=` follows at depth 0. Indices into `out`.
  std::vector<size_t> tuple_targets;
  char prev = '\n';  // the last significant character ('a' for a name, 'k' for a reserved word)
  const size_t n = t.size();
  size_t i = 0;
  while (i < n) {
    const char c = t[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
      ++i;
      continue;
    }
    if (c == '\\' && i + 1 < n && (t[i + 1] == '\n' || t[i + 1] == '\r')) {
      i += 2;
      continue;
    }
    if (c == '\n') {
      if (depth == 0) {
        mode = Mode::kNone;
        prev = '\n';
        tuple_targets.clear();
      }
      ++i;
      continue;
    }
    if (c == '#') {
      while (i < n && t[i] != '\n') ++i;
      continue;
    }
    if (c == '"' || c == '\'') {
      i = skip_string(t, i);
      prev = '"';
      continue;
    }
    if (c >= '0' && c <= '9') {
      while (i < n && (ident_char(t[i]) || t[i] == '.')) ++i;
      prev = '0';
      continue;
    }
    if (ident_start(c)) {
      size_t j = i;
      while (j < n && ident_char(t[j])) ++j;
      if (j < n && (t[j] == '"' || t[j] == '\'') && string_prefix(t.substr(i, j - i))) {
        i = skip_string(t, j);
        prev = '"';
        continue;
      }
      const std::string_view name = t.substr(i, j - i);
      if (is_reserved_word(name)) {
        if (name == "import") {
          mode = Mode::kImport;
        } else if (name == "from" && (prev == '\n' || prev == ';')) {
          mode = Mode::kFromModule;  // `from m import a`: not `raise E from e`
        } else if (name == "lambda") {
          mode = Mode::kLambda;
          lambda_depth = depth;
        } else if (name == "for") {
          mode = Mode::kFor;
        } else if (name == "in" && mode == Mode::kFor) {
          mode = Mode::kNone;
        } else if (name == "as") {
          mode = Mode::kAs;
        }
        prev = 'k';
        i = j;
        continue;
      }
      const bool attribute = prev == '.';
      NameRole role = NameRole::kUse;
      bool skip = attribute || mode == Mode::kFromModule;
      if (!skip) {
        if (mode == Mode::kImport) {
          role = NameRole::kImport;
        } else if ((mode == Mode::kLambda && !lambda_default) || mode == Mode::kFor) {
          role = NameRole::kBind;
        } else if (mode == Mode::kAs) {
          role = NameRole::kBind;
          mode = Mode::kNone;
        } else {
          size_t k = j;
          while (k < n && (t[k] == ' ' || t[k] == '\t')) ++k;
          if (k < n && t[k] == '=' && (k + 1 >= n || t[k + 1] != '=')) {
            if (depth > 0) skip = true;  // a keyword argument's name
            else role = NameRole::kBind;  // an assignment's target
          } else if (k + 1 < n && t[k] == ':' && t[k + 1] == '=') {
            role = NameRole::kBind;  // `(y := ...)`
          } else if (k < n && t[k] == ',' && depth == 0) {
            tuple_targets.push_back(out.size());
          }
        }
      }
      if (!skip) {
        out.push_back({name, static_cast<uint32_t>(i), role});
        if (role != NameRole::kUse) bound.push_back(name);
      }
      prev = 'a';
      i = j;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
    else if (c == ':' && mode == Mode::kLambda && depth == lambda_depth) mode = Mode::kNone, lambda_default = false;
    else if (c == '=' && mode == Mode::kLambda && depth == lambda_depth) lambda_default = true;
    else if (c == ',' && mode == Mode::kLambda && depth == lambda_depth) lambda_default = false;
    else if (c == ';' && depth == 0) mode = Mode::kNone, tuple_targets.clear();
    else if (c == '=' && depth == 0 && (i + 1 >= n || t[i + 1] != '=') &&
             std::string_view("=<>!+-*/%&|^@:").find(prev) == std::string_view::npos) {
      // An assignment: the names before it, separated by commas, are its targets.
      for (size_t at : tuple_targets) {
        out[at].role = NameRole::kBind;
        bound.push_back(out[at].name);
      }
      tuple_targets.clear();
    }
    prev = c;
    ++i;
  }
  if (!bound.empty()) {
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const CodeName& cn) {
                               return cn.role == NameRole::kUse &&
                                      std::find(bound.begin(), bound.end(), cn.name) != bound.end();
                             }),
              out.end());
  }
}

bool is_builtin_name(std::string_view name) {
  // Python 3's builtins module, sorted (binary search).
  static constexpr std::string_view kNames[] = {
      "ArithmeticError", "AssertionError", "AttributeError", "BaseException", "BaseExceptionGroup",
      "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning", "ChildProcessError",
      "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError", "ConnectionResetError",
      "DeprecationWarning", "EOFError", "Ellipsis", "EncodingWarning", "EnvironmentError", "Exception",
      "ExceptionGroup", "FileExistsError", "FileNotFoundError", "FloatingPointError", "FutureWarning",
      "GeneratorExit", "IOError", "ImportError", "ImportWarning", "IndentationError", "IndexError",
      "InterruptedError", "IsADirectoryError", "KeyError", "KeyboardInterrupt", "LookupError",
      "MemoryError", "ModuleNotFoundError", "NameError", "NotADirectoryError", "NotImplemented",
      "NotImplementedError", "OSError", "OverflowError", "PendingDeprecationWarning",
      "PermissionError", "ProcessLookupError", "RecursionError", "ReferenceError", "ResourceWarning",
      "RuntimeError", "RuntimeWarning", "StopAsyncIteration", "StopIteration", "SyntaxError",
      "SyntaxWarning", "SystemError", "SystemExit", "TabError", "TimeoutError", "TypeError",
      "UnboundLocalError", "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError",
      "UnicodeTranslateError", "UnicodeWarning", "UserWarning", "ValueError", "Warning",
      "ZeroDivisionError", "__build_class__", "__debug__", "__doc__", "__file__", "__import__",
      "__loader__", "__name__", "__package__", "__spec__", "abs", "aiter", "all", "anext", "any",
      "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes", "callable", "chr", "classmethod",
      "compile", "complex", "copyright", "credits", "delattr", "dict", "dir", "divmod", "enumerate",
      "eval", "exec", "exit", "filter", "float", "format", "frozenset", "getattr", "globals",
      "hasattr", "hash", "help", "hex", "id", "input", "int", "isinstance", "issubclass", "iter",
      "len", "license", "list", "locals", "map", "max", "memoryview", "min", "next", "object", "oct",
      "open", "ord", "pow", "print", "property", "quit", "range", "repr", "reversed", "round", "set",
      "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars",
      "zip"};
  return std::binary_search(std::begin(kNames), std::end(kNames), name);
}

std::string_view type_comment_text(std::string_view t) {
  if (t.empty() || t[0] != '#') return {};
  size_t i = 1;
  while (i < t.size() && t[i] == ' ') ++i;
  if (t.compare(i, 5, "type:") != 0) return {};
  i += 5;
  while (i < t.size() && t[i] == ' ') ++i;
  if (t.compare(i, 6, "ignore") == 0) return {};
  std::string_view rest = t.substr(i);
  while (!rest.empty() && (rest.back() == '\r' || rest.back() == ' ')) rest.remove_suffix(1);
  return rest;
}

std::string_view string_content(std::string_view lit) {
  size_t q = 0;
  while (q < lit.size() && lit[q] != '"' && lit[q] != '\'') ++q;
  if (q >= lit.size()) return {};
  const char quote = lit[q];
  const size_t w = q + 2 < lit.size() && lit[q + 1] == quote && lit[q + 2] == quote ? 3 : 1;
  if (lit.size() < q + 2 * w) return {};
  return lit.substr(q + w, lit.size() - q - 2 * w);
}

}  // namespace t2p::semantic
