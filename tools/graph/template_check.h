// tools/graph: build-time check of the template language (rules/*.jsonl cases, `{value}` texts of
// mappings/): placeholders, condition keys, parameter names and balanced text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "kg/api_record.h"
#include "kg/template_text.h"

namespace t2p::kg {

// What a template of a record may name: the record's PyTorch signatures (`{arg:name}` must name
// one of their parameters) and whether it is an attribute template (`{receiver}`, `{not_value}`
// only, rules/file_converter.cpp) or a call template (rules/template_expander.cpp).
struct TemplateScope {
  std::vector<std::vector<Param>> signatures;  // empty: the record has no PyTorch signature
  bool attribute = false;
};

// The placeholders are kg::kPlaceholderSpellings (kg/template_text.h): the parser the converter's
// expander reads, so a placeholder this check accepts is one the expander implements.
// The condition keys of a case's `when` (rules/template_conditions.cpp, `case_holds`).
inline constexpr std::string_view kWhenKeys[] = {"nargs", "positional", "has", "lacks", "int", "number",
                                                 "tensor", "sequence", "dtype", "data", "shape",
                                                 "ordered_dict", "layer_weight", "passed_in", "subscript", "bool", "call", "distinct_axes", "name",
                                                 "values", "statement", "next", "seeded", "place_compared",
                                                 "named_target", "consumed", "reads_receiver"};

// Checks one template text; returns one reason per problem ("unknown placeholder '{rest}'",
// "'{arg:dims}' names no parameter of the PyTorch signature", "unbalanced '('", ...).
// `after`: the text of a case's `after` field, where `{target}` is defined.
std::vector<std::string> check_template_text(std::string_view text, const TemplateScope& scope, bool after);

// Checks one case of a rule (`when`, `template`, `after`, `reason`, `imports`); reasons as above.
std::vector<std::string> check_template_case(const nlohmann::json& c, const TemplateScope& scope);

// Checks a mapping text that is an expression of the user's value (`value_map` entries,
// `value_expr`'s `expr`): its only placeholder is `{value}`, its brackets and quotes balance.
std::vector<std::string> check_value_text(std::string_view text);

}  // namespace t2p::kg
