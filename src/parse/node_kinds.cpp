#include "parse/node_kinds.h"

#include <cstring>

#include "parse/syntax_tree.h"

namespace t2p::parse {
namespace {

TSSymbol named(const TSLanguage* lang, const char* name) {
  return ts_language_symbol_for_name(lang, name, static_cast<uint32_t>(std::strlen(name)), true);
}

NodeKinds resolve() {
  const TSLanguage* l = tree_sitter_python();
  NodeKinds k{};
  k.module = named(l, "module");
  k.identifier = named(l, "identifier");
  k.attribute = named(l, "attribute");
  k.call = named(l, "call");
  k.argument_list = named(l, "argument_list");
  k.keyword_argument = named(l, "keyword_argument");
  k.list_splat = named(l, "list_splat");
  k.dictionary_splat = named(l, "dictionary_splat");
  k.parenthesized_expression = named(l, "parenthesized_expression");
  k.import_statement = named(l, "import_statement");
  k.import_from_statement = named(l, "import_from_statement");
  k.aliased_import = named(l, "aliased_import");
  k.dotted_name = named(l, "dotted_name");
  k.relative_import = named(l, "relative_import");
  k.wildcard_import = named(l, "wildcard_import");
  k.future_import_statement = named(l, "future_import_statement");
  k.function_definition = named(l, "function_definition");
  k.class_definition = named(l, "class_definition");
  k.decorated_definition = named(l, "decorated_definition");
  k.lambda = named(l, "lambda");
  k.parameters = named(l, "parameters");
  k.lambda_parameters = named(l, "lambda_parameters");
  k.typed_parameter = named(l, "typed_parameter");
  k.default_parameter = named(l, "default_parameter");
  k.typed_default_parameter = named(l, "typed_default_parameter");
  k.list_splat_pattern = named(l, "list_splat_pattern");
  k.dictionary_splat_pattern = named(l, "dictionary_splat_pattern");
  k.assignment = named(l, "assignment");
  k.augmented_assignment = named(l, "augmented_assignment");
  k.for_statement = named(l, "for_statement");
  k.with_item = named(l, "with_item");
  k.as_pattern = named(l, "as_pattern");
  k.global_statement = named(l, "global_statement");
  k.nonlocal_statement = named(l, "nonlocal_statement");
  k.list_comprehension = named(l, "list_comprehension");
  k.set_comprehension = named(l, "set_comprehension");
  k.dictionary_comprehension = named(l, "dictionary_comprehension");
  k.generator_expression = named(l, "generator_expression");
  k.for_in_clause = named(l, "for_in_clause");
  k.named_expression = named(l, "named_expression");
  k.expression_statement = named(l, "expression_statement");
  k.block = named(l, "block");
  k.comment = named(l, "comment");
  k.string = named(l, "string");
  k.integer = named(l, "integer");
  k.float_ = named(l, "float");
  k.list = named(l, "list");
  k.tuple = named(l, "tuple");
  k.dictionary = named(l, "dictionary");
  k.set = named(l, "set");
  k.binary_operator = named(l, "binary_operator");
  k.unary_operator = named(l, "unary_operator");
  k.subscript = named(l, "subscript");
  k.slice = named(l, "slice");
  k.pattern_list = named(l, "pattern_list");
  k.tuple_pattern = named(l, "tuple_pattern");
  k.list_pattern = named(l, "list_pattern");
  k.type = named(l, "type");
  k.except_clause = named(l, "except_clause");
  k.true_ = named(l, "true");
  k.false_ = named(l, "false");
  k.none = named(l, "none");
  k.concatenated_string = named(l, "concatenated_string");
  k.comparison_operator = named(l, "comparison_operator");
  k.boolean_operator = named(l, "boolean_operator");
  k.not_operator = named(l, "not_operator");
  k.conditional_expression = named(l, "conditional_expression");
  k.return_statement = named(l, "return_statement");
  k.keyword_separator = named(l, "keyword_separator");
  k.positional_separator = named(l, "positional_separator");
  k.delete_statement = named(l, "delete_statement");
  k.print_statement = named(l, "print_statement");
  k.exec_statement = named(l, "exec_statement");
  k.expression_list = named(l, "expression_list");
  k.if_statement = named(l, "if_statement");
  k.while_statement = named(l, "while_statement");
  k.with_statement = named(l, "with_statement");
  k.try_statement = named(l, "try_statement");
  k.match_statement = named(l, "match_statement");
  k.elif_clause = named(l, "elif_clause");
  k.else_clause = named(l, "else_clause");
  k.except_group_clause = named(l, "except_group_clause");
  k.finally_clause = named(l, "finally_clause");
  k.interpolation = named(l, "interpolation");
  k.pair = named(l, "pair");
  k.decorator = named(l, "decorator");
  k.parenthesized_list_splat = named(l, "parenthesized_list_splat");
  return k;
}

TSFieldId field(const TSLanguage* lang, const char* name) {
  return ts_language_field_id_for_name(lang, name, static_cast<uint32_t>(std::strlen(name)));
}

NodeFields resolve_fields() {
  const TSLanguage* l = tree_sitter_python();
  NodeFields f{};
  f.alias = field(l, "alias");
  f.argument = field(l, "argument");
  f.arguments = field(l, "arguments");
  f.attribute = field(l, "attribute");
  f.condition = field(l, "condition");
  f.consequence = field(l, "consequence");
  f.function = field(l, "function");
  f.left = field(l, "left");
  f.module_name = field(l, "module_name");
  f.name = field(l, "name");
  f.object = field(l, "object");
  f.operator_ = field(l, "operator");
  f.parameters = field(l, "parameters");
  f.return_type = field(l, "return_type");
  f.right = field(l, "right");
  f.superclasses = field(l, "superclasses");
  f.body = field(l, "body");
  f.definition = field(l, "definition");
  f.type = field(l, "type");
  f.value = field(l, "value");
  return f;
}

}  // namespace

const NodeFields& NodeFields::get() {
  static const NodeFields fields = resolve_fields();
  return fields;
}

const NodeKinds& NodeKinds::get() {
  static const NodeKinds kinds = resolve();
  return kinds;
}

bool is_sliced_subscript(TSNode n) {
  const NodeKinds& k = NodeKinds::get();
  if (ts_node_is_null(n) || ts_node_symbol(n) != k.subscript) return false;
  for (uint32_t i = 1, count = ts_node_named_child_count(n); i < count; ++i) {
    if (ts_node_symbol(ts_node_named_child(n, i)) == k.slice) return true;
  }
  return false;
}

bool is_equality_comparison(TSNode n) {
  if (ts_node_is_null(n) || ts_node_symbol(n) != NodeKinds::get().comparison_operator) return false;
  for (uint32_t i = 0, count = ts_node_child_count(n); i < count; ++i) {
    TSNode c = ts_node_child(n, i);
    if (ts_node_is_named(c)) continue;
    std::string_view op(ts_node_type(c));
    if (op != "==" && op != "!=") return false;
  }
  return true;
}

}  // namespace t2p::parse
