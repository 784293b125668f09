// kg stage, doc importer: reads one PaddlePaddle mapping doc (markdown) into plain structs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kg/doc_signature.h"

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

}  // namespace t2p::kg
