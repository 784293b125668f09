// rules: writes a parsed template (kg::ParsedTemplate) for one call: literal text as it is, each
// placeholder by its handler (rules/handlers/placeholders.h), parenthesised where it must be.
#pragma once

#include <string>

#include "kg/template_text.h"
#include "rules/handlers/template_context.h"

namespace t2p::rules {

// Appends `t` with its placeholders filled to `out`; false (and ctx.reason) when the call lacks
// what a placeholder needs.
bool expand_template(const kg::ParsedTemplate& t, TemplateContext& ctx, std::string& out);

}  // namespace t2p::rules
