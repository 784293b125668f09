// tools/graph, doc importer: reads one PaddlePaddle mapping doc (markdown) into plain structs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graph/doc_signature.h"

namespace t2p::kg {

// The docs' twelve Chinese category names -> our codes: "torch 参数更多" -> "torch_more_args".
// Surrounding spaces are ignored; an unknown name gives nullopt.
std::optional<std::string> category_code(std::string_view chinese_name);

// The first heading of a doc: `## [ torch 参数更多 ]torch.clamp` (spacing varies).
struct DocTitle {
  std::string category;  // our code, see category_code
  std::string torch_id;
};
std::optional<DocTitle> parse_title(std::string_view line);

// A parameter-table cell without markup: `<font color='red'> out </font>` -> "out",
// "`dim`" -> "dim", "\_stacklevel" -> "_stacklevel".
std::string clean_cell(std::string_view cell);

// One row of `| PyTorch | PaddlePaddle | 备注 |`. A cell may name several parameters
// ("dim0, dim1"); "-" (no counterpart) becomes an empty list.
struct DocParamRow {
  std::vector<std::string> torch;
  std::vector<std::string> paddle;
  std::string note;  // markup removed; used for classification only, never written out
  std::string raw_torch;  // cleaned cell text, for problem messages
};

// One torch/paddle pair of `### [api](link)` headings with their signature blocks and the param
// table that follows. Most docs have one section; overloaded APIs (torch.max) have several.
struct DocSection {
  std::string torch_heading;
  std::vector<DocSignature> torch_sigs;
  bool has_paddle_heading = false;
  std::string paddle_heading;  // may be empty (`### []()` in "missing" docs) or a literal ('bicubic')
  std::vector<DocSignature> paddle_sigs;
  bool has_table = false;
  std::vector<DocParamRow> rows;
  // Parameters named by the section's conversion-example headings (`#### out：指定输出`). The
  // format rules give examples only for parameters that need rewriting.
  std::vector<std::string> example_params;
};

struct DocPage {
  DocTitle title;
  std::vector<DocSection> sections;
};

// Parses a whole doc. Fails (nullopt, `error` set) only when the title heading is missing or
// names an unknown category; everything else is best effort.
std::optional<DocPage> parse_doc_page(std::string_view text, std::string& error);

// One conversion example of a doc (the "转写示例" blocks): the code under a `# PyTorch 写法` marker
// and the code under the `# Paddle 写法` marker that follows it.
struct DocExample {
  std::string heading;      // the nearest heading above the block, markup removed (`out：指定输出`)
  uint32_t line = 0;        // 1-based doc line of the PyTorch marker
  std::string torch_code;   // marker removed, dedented, blank lines around trimmed
  std::string paddle_code;  // idem
};

// Every example pair of a doc, in doc order. Markers are comment lines inside a ```python (or
// unlabelled) code block whose text starts with `PyTorch`/`torch` or `Paddle`/`PaddlePaddle` (any
// case) followed by anything but a name character: `# PyTorch 写法`, `# torch 版本...`, `# Paddle`.
// `# torch.special.round 为...` and `# pytorch1.9 ...` are not markers. A block may hold several
// pairs; a PyTorch marker inside PyTorch code (or a Paddle one inside Paddle code) is kept as a
// comment; a PyTorch marker with no Paddle marker after it in the same block gives no pair.
//   ```python                     ->  {torch_code: "torch.clamp(x, out=y)\n",
//   # PyTorch 写法                        paddle_code: "paddle.assign(paddle.clip(x), y)\n"}
//   torch.clamp(x, out=y)
//   # Paddle 写法
//   paddle.assign(paddle.clip(x), y)
//   ```
std::vector<DocExample> parse_doc_examples(std::string_view text);

}  // namespace t2p::kg
