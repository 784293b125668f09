#include "rewrite/simple_expression.h"

#include <array>
#include <cstdint>

namespace t2p::rewrite {
namespace {

// Recognizes, by one scan, the common expression units: a call-like primary built of names,
// numbers, plain one-line strings, calls, attributes, subscripts, slices, parenthesized
// expressions, tuples and lists, with arithmetic, bitwise and comparison operators between
// operands and `x if c else y` inside the brackets. Every text it accepts parses, on a line of its own, as one
// expression statement holding one call-like expression (it accepts a subset of the grammar);
// whatever it does not know (other keywords, strings with prefixes, escapes or triple quotes,
// comments, line breaks or tabs outside brackets, splats, dictionaries, comprehensions,
// lambdas, ...) is left to the parse of the units' document, as before.
class SimpleExpression {
 public:
  explicit SimpleExpression(std::string_view t) : t_(t) {}

  // The whole text: a primary with at least one trailer, or a bracketed atom, and nothing else
  // (no blank before or after it).
  bool call_like() {
    if (t_.empty() || t_.front() == ' ' || t_.back() == ' ') return false;
    bool bracketed = false;
    int trailers = 0;
    if (!primary(&bracketed, &trailers)) return false;
    skip();
    return i_ == t_.size() && (bracketed || trailers > 0);
  }

 private:
  static constexpr int kMaxDepth = 64;

  // Blanks; inside brackets also tabs and line breaks (`\r\n` too), which are no tokens there.
  void skip() {
    while (i_ < t_.size()) {
      char c = t_[i_];
      if (c == ' ' || (open_ > 0 && (c == '\t' || c == '\n' || (c == '\r' && i_ + 1 < t_.size() && t_[i_ + 1] == '\n')))) {
        ++i_;
      } else {
        break;
      }
    }
  }
  bool peek(char c) {
    skip();
    return i_ < t_.size() && t_[i_] == c;
  }
  bool eat(char c) {
    if (!peek(c)) return false;
    ++i_;
    return true;
  }
  static bool digit(char c) { return c >= '0' && c <= '9'; }
  static bool name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
  static bool name_char(char c) { return name_start(c) || digit(c); }

  // A name that is no reserved word, at i_ (after blanks); `value` also allows True/False/None.
  bool name(bool value) {
    skip();
    if (i_ >= t_.size() || !name_start(t_[i_])) return false;
    size_t j = i_;
    while (j < t_.size() && name_char(t_[j])) ++j;
    if (j < t_.size() && static_cast<unsigned char>(t_[j]) >= 0x80) return false;  // a non-ASCII name
    std::string_view w = t_.substr(i_, j - i_);
    if (is_reserved_word(w) && !(value && (w == "True" || w == "False" || w == "None"))) return false;
    i_ = j;
    return true;
  }

  bool digits() {
    size_t j = i_;
    while (i_ < t_.size() && digit(t_[i_])) ++i_;
    return i_ > j;
  }
  // `0`, `12`, `1.5`, `1e-05`, `0.9`: decimal digits only, no leading zero, no `_`, and not
  // followed by a name character or a dot.
  bool number() {
    skip();
    size_t b = i_;
    if (!digits()) return false;
    if (i_ - b > 1 && t_[b] == '0') return false;
    if (i_ < t_.size() && t_[i_] == '.') {
      ++i_;
      if (!digits()) return false;
    }
    if (i_ < t_.size() && (t_[i_] == 'e' || t_[i_] == 'E')) {
      ++i_;
      if (i_ < t_.size() && (t_[i_] == '+' || t_[i_] == '-')) ++i_;
      if (!digits()) return false;
    }
    return i_ >= t_.size() || (!name_char(t_[i_]) && t_[i_] != '.' && static_cast<unsigned char>(t_[i_]) < 0x80);
  }

  // 'text' or "text" on one line: no prefix, no backslash, no control character.
  bool string() {
    skip();
    if (i_ >= t_.size() || (t_[i_] != '\'' && t_[i_] != '"')) return false;
    char q = t_[i_];
    size_t j = i_ + 1;
    if (j + 1 < t_.size() && t_[j] == q && t_[j + 1] == q) return false;  // triple quotes
    while (j < t_.size() && t_[j] != q) {
      auto u = static_cast<unsigned char>(t_[j]);
      if (t_[j] == '\\' || u < 0x20 || u == 0x7f) return false;
      ++j;
    }
    if (j >= t_.size()) return false;
    i_ = j + 1;
    return true;
  }

  // atom trailer*; atoms: a name, a number, a string, (...), [...].
  bool primary(bool* bracketed, int* trailers) {
    if (++depth_ > kMaxDepth) return false;
    skip();
    if (i_ >= t_.size()) return false;
    char c = t_[i_];
    *bracketed = false;
    *trailers = 0;
    bool ok;
    if (c == '(') {
      ++i_;
      ++open_;
      ok = parenthesized();
      --open_;
      *bracketed = true;
    } else if (c == '[') {
      ++i_;
      ++open_;
      ok = sequence(']');
      --open_;
      *bracketed = true;
    } else if (c == '\'' || c == '"') {
      ok = string();
    } else if (digit(c)) {
      ok = number();
      --depth_;
      return ok;  // no trailers after a number (`1 .real` is left to the parser)
    } else {
      ok = name(true);
    }
    while (ok) {
      if (eat('.')) {
        ok = name(false);
      } else if (eat('(')) {
        ++open_;
        ok = arguments();
        --open_;
      } else if (eat('[')) {
        ++open_;
        ok = subscript();
        --open_;
      } else {
        break;
      }
      ++*trailers;
    }
    --depth_;
    return ok;
  }

  // A chain, or `chain if chain else expression` (inside brackets only: the whole text is a
  // primary).
  bool expression() {
    for (;;) {
      if (!chain()) return false;
      if (!keyword("if")) return true;
      if (!chain() || !keyword("else")) return false;
    }
  }

  // An operand with unary operators before it, then (binary operator, operand)*.
  bool chain() {
    for (;;) {
      while (peek('-') || peek('+') || peek('~')) ++i_;
      bool bracketed;
      int trailers;
      if (!primary(&bracketed, &trailers)) return false;
      if (!binary_operator()) return true;
    }
  }

  // The word `k` (not the start of a longer name).
  bool keyword(std::string_view k) {
    skip();
    if (t_.substr(i_, k.size()) != k) return false;
    size_t j = i_ + k.size();
    if (j < t_.size() && (name_char(t_[j]) || static_cast<unsigned char>(t_[j]) >= 0x80)) return false;
    i_ = j;
    return true;
  }

  // + - * / // % ** @ << >> & | ^ < > <= >= == !=: consumes one, or returns false.
  bool binary_operator() {
    skip();
    if (i_ >= t_.size()) return false;
    char c = t_[i_];
    char d = i_ + 1 < t_.size() ? t_[i_ + 1] : '\0';
    size_t n = 0;
    if (c == '+' || c == '-' || c == '%' || c == '@' || c == '&' || c == '|' || c == '^') {
      n = 1;
    } else if (c == '*' || c == '/') {
      n = d == c ? 2 : 1;
    } else if (c == '<' || c == '>') {
      n = (d == c || d == '=') ? 2 : 1;
    } else if ((c == '=' || c == '!') && d == '=') {
      n = 2;
    }
    if (n == 0) return false;
    char after = i_ + n < t_.size() ? t_[i_ + n] : '\0';
    if (after == '=') return false;  // an augmented assignment (`+=`, `//=`, `<<=`) or `==` run-on
    i_ += n;
    return true;
  }

  // After `(`: `)`, `(x)`, `(x,)`, `(x, y, ...)`.
  bool parenthesized() {
    if (eat(')')) return true;
    if (!expression()) return false;
    if (eat(')')) return true;
    if (!eat(',')) return false;
    return sequence(')');
  }

  // Items `x, y, ...` with an optional trailing comma, up to `close`.
  bool sequence(char close) {
    for (;;) {
      if (eat(close)) return true;
      if (!expression()) return false;
      if (eat(close)) return true;
      if (!eat(',')) return false;
    }
  }

  // After `(` of a call: positional and keyword arguments (`name=value`).
  bool arguments() {
    for (;;) {
      if (eat(')')) return true;
      size_t save = i_;
      if (name(false)) {
        skip();
        if (i_ + 1 < t_.size() && t_[i_] == '=' && t_[i_ + 1] != '=') {
          ++i_;
        } else {
          i_ = save;
        }
      } else {
        i_ = save;
      }
      if (!expression()) return false;
      if (eat(')')) return true;
      if (!eat(',')) return false;
    }
  }

  // After `[` of a subscript: one or more items `x` or slices `a:b`, `a:b:c`, `:`, `::2`.
  bool subscript() {
    for (int items = 0;; ++items) {
      if (items > 0 && eat(']')) return true;
      if (!slice_item()) return false;
      if (eat(']')) return true;
      if (!eat(',')) return false;
    }
  }
  bool slice_item() {
    auto bound = [&] { return peek(':') || peek(',') || peek(']') ? true : expression(); };
    if (!peek(':')) {
      if (!expression()) return false;
      if (!peek(':')) return true;
    }
    eat(':');
    if (!bound()) return false;
    if (!eat(':')) return true;
    return bound();
  }

  std::string_view t_;
  size_t i_ = 0;
  int depth_ = 0;
  int open_ = 0;  // brackets open at i_
};

}  // namespace

bool is_reserved_word(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "False", "None", "True", "and", "as", "assert", "async", "await", "break", "case", "class",
      "continue", "def", "del", "elif", "else", "except", "exec", "finally", "for", "from", "global",
      "if", "import", "in", "is", "lambda", "match", "nonlocal", "not", "or", "pass", "print",
      "raise", "return", "try", "type", "while", "with", "yield"};
  // Called for every name of every edit: first a table of the words' (length, first letter).
  static constexpr auto kFirst = [] {
    std::array<uint32_t, 9> first{};  // per length: the first letters, as bits 'A'..'z'
    for (std::string_view k : kWords) first[k.size()] |= 1u << ((k[0] - 'A') & 31);
    return first;
  }();
  if (w.size() < 2 || w.size() > 8 || w[0] < 'A' || w[0] > 'z') return false;
  if (!(kFirst[w.size()] & (1u << ((w[0] - 'A') & 31)))) return false;
  for (std::string_view k : kWords) {
    if (k.size() == w.size() && k[0] == w[0] && k == w) return true;  // memcmp only when likely
  }
  return false;
}

bool simple_call_like(std::string_view text) { return SimpleExpression(text).call_like(); }

}  // namespace t2p::rewrite
