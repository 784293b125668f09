// rules: one handler per template placeholder (kg::PlaceholderKind). Each appends what its
// placeholder writes for the call to `out`; false (and ctx.reason) when the call does not give
// what it needs. rules/template_expander.cpp dispatches to them.
#pragma once

#include <string>

#include "kg/template_text.h"
#include "rules/handlers/template_context.h"

namespace t2p::rules {

// {receiver}, {args}, {target}: the call's own parts (placeholder_call_parts.cpp).
bool expand_receiver(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
bool expand_args(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
bool expand_target(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
// {arg:name}, {arg:name|default}; on a `*name` parameter the varargs as one list (placeholder_arg.cpp).
bool expand_arg(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
// {argN}: the N-th argument, passed by position (placeholder_arg_index.cpp).
bool expand_arg_index(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
// {kw:a=x,b} and {opt:name=kw}: keywords for the arguments passed (placeholder_keywords.cpp).
bool expand_kw(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
bool expand_opt(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
// {device:type,index}: a Paddle device string (placeholder_device.cpp).
bool expand_device(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
// {item:name,N}: element N of the argument (placeholder_item.cpp).
bool expand_item(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
// {path:name/sub/file}: a file under the directory the argument names (placeholder_path.cpp).
bool expand_path(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
// {str:name}: the argument as a Python string (placeholder_str.cpp).
bool expand_str(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);
// {typecheck:obj,type}: `obj` checked against a typing type, element by element
// (placeholder_typecheck.cpp).
bool expand_typecheck(const kg::Placeholder& p, TemplateContext& ctx, std::string& out);

}  // namespace t2p::rules
