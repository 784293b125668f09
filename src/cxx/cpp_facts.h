// cxx: the facts that convert C++/CUDA extension sources (knowledge_graph/cpp/*.jsonl), loaded
// and validated: include, name, call, macro and method renames, and what has no counterpart.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace t2p::cxx {

// One ordered case of a call, macro or method rewrite. The template writes the Paddle text:
// {receiver} (a method's object), {argN} and {args} (the user's text, byte for byte),
// {options} (the tensor T of an argument written `T.options()`), {tensor} (the first tensor
// parameter of the enclosing function), {template_args} (`<float>` of `data_ptr<float>()`).
struct CppCase {
  int nargs = -1;                // -1: any number of arguments
  std::string arg0;              // "" or "index": argument 0 must be a non-negative integer literal
  std::string arg1;              // "" or "options": argument 1 must be `T.options()`, T a tensor
  bool template_args = false;    // the call must carry explicit template arguments
  std::string templ;
};

struct CppFact {
  std::string kind;    // include, name, call, macro, method
  std::string torch;   // the torch spelling: header path, qualified name, macro or method name
  std::string paddle;  // plain rename target ("" when the fact has cases or is unsupported)
  std::vector<CppCase> cases;
  std::map<std::string, std::string> body_renames;  // macro: identifiers renamed in its arguments
  bool tensor = false;  // a name that is a tensor type, or a call that returns a tensor
  // A method other classes have too (size, dim, numel, device): converted on a receiver known to
  // be a tensor only, never reported on another. The others (data_ptr, is_cuda...) name tensors
  // by themselves: on a receiver of unknown kind they are reported for review.
  bool generic = false;
  std::string unsupported;  // non-empty: no Paddle counterpart, and why (reported, left as written)
  std::string reason;       // call/method/macro with cases: why the forms no case matches do not convert
  std::string origin;   // file:line, for messages
};

// The facts by what they match: header paths, qualified names (names, calls and macros: one
// namespace, as in the source), method names.
struct CppFacts {
  std::map<std::string, CppFact, std::less<>> includes;
  std::map<std::string, CppFact, std::less<>> names;   // qualified names, calls and macros
  std::map<std::string, CppFact, std::less<>> methods;

  const CppFact* include(std::string_view path) const;
  const CppFact* name(std::string_view qualified) const;
  const CppFact* method(std::string_view method) const;
};

// Parses the facts' JSON Lines text. A line `#file NAME` names the file the following lines come
// from. Every problem (bad JSON, unknown kind or key, missing field, duplicate) goes into
// `errors` as "file:line: what"; such lines are skipped.
CppFacts parse_cpp_facts(std::string_view text, std::vector<std::string>* errors);

// The JSON Lines text compiled into the engine (knowledge_graph/cpp/*.jsonl, with `#file` lines).
std::string_view builtin_cpp_facts_text();

// The facts compiled into the engine (knowledge_graph/cpp/, CMakeLists.txt), parsed once.
// Their validity is a test (tests/unit/cpp_facts_test.cpp).
const CppFacts& builtin_cpp_facts();

}  // namespace t2p::cxx
