// tools/conformance: compares two Python snippets modulo formatting or by meaning (for the docs
// conformance check).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"

namespace t2p::driver {

// One comparable token: its text and the 1-based line it starts on.
struct ConformanceToken {
  std::string text;
  uint32_t line = 0;
};

// The tokens of a Python snippet, for a comparison modulo formatting: tree-sitter leaves in order,
// without comments and without `import` / `from ... import` statements; a string is one token
// with its quotes normalised to `"` (`'a'` == `"a"`, `r'x'` == `r"x"`); a comma right before a
// closing bracket is dropped (except in a one-element tuple); blocks give `<indent>` / `<dedent>`
// tokens so that nesting still counts. False when the snippet does not parse.
//   "y = f(a, 'b',)  # c\n" -> y = f ( a , "b" )
bool comparable_tokens(std::string_view source, parse::PythonParser& parser,
                       std::vector<ConformanceToken>* tokens);

// The statements of a Python snippet normalised for a comparison by MEANING, one token per simple
// statement (compound statements give their header parts, `<indent>`, their body, `<dedent>`).
// Comments and imports are dropped; imports only feed name resolution (`import paddle.nn as nn`,
// `from paddle import nn`; unbound `nn` / `F` stand for `paddle.nn` / `paddle.nn.functional`).
// Each expression is rewritten to a canonical form:
//   - redundant parentheses go (`a * (2 ** b)` == `a * 2 ** b`; `(a + b) * c` stays distinct);
//   - tuples, lists and bare tuples are one kind of sequence (`(3, 5)` == `[3, 5]`);
//   - strings lose their quote style (`'a'` == `"a"` == `'''a'''`), numbers their spelling
//     (`2.` == `2.0`, `1_000` == `1000`; `1` != `1.0`);
//   - dtypes: `paddle.float32` == `'float32'` (Paddle's dtype names);
//   - `x.cast(d)` == `x.astype(d)` (the two names of one Tensor method);
//   - a `paddle.Tensor` method whose function `paddle.<name>` has the method's signature with the
//     tensor parameter in front compares as that function: `x.divide(y).floor()` ==
//     `paddle.floor(paddle.divide(x, y))` (and `x.astype(d)` == `paddle.cast(x, d)` once the graph
//     has paddle.cast);
//   - a single-use temporary (`t = E` whose only use in the snippet is in the next statement)
//     stands for `E` there: `init = Constant(1.0)` + `init(w)` == `Constant(1.0)(w)`;
//   - `a, b = E1, E2` where no E reads a or b is `a = E1` then `b = E2`;
//   - a call whose callee resolves to a Paddle API of the knowledge graph (a function, a class's
//     constructor, or a method of the receiver's class: the class the snippet assigned the
//     receiver from, else `paddle.Tensor`, `paddle.nn.Layer`, `paddle.optimizer.Optimizer`) has its
//     arguments bound to that signature: positional arguments get their parameter names, keyword
//     order does not matter, and an argument equal to the parameter's default is dropped. Other
//     calls compare positionally (keywords in any order). `graph` may be null: no binding.
// False when the snippet does not parse.
//   "y = paddle.sum(x, 1, keepdim=False)" and "y=paddle.sum(x=x, axis=1)" give the same tokens
bool semantic_tokens(std::string_view source, parse::PythonParser& parser, const kg::KnowledgeGraph* graph,
                     std::vector<ConformanceToken>* tokens);

// Whether two snippets mean the same by semantic_tokens (false when either does not parse).
bool same_meaning(std::string_view a, std::string_view b, parse::PythonParser& parser,
                  const kg::KnowledgeGraph* graph);

}  // namespace t2p::driver
