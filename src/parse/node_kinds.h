// parse: the grammar's node kinds and field names as ids, resolved once, so the walk compares
// integers.
#pragma once

#include <tree_sitter/api.h>

namespace t2p::parse {

// Symbol ids of the Python grammar's named nodes that the engine looks at.
struct NodeKinds {
  TSSymbol module, identifier, attribute, call, argument_list, keyword_argument,
      list_splat, dictionary_splat, parenthesized_expression, import_statement,
      import_from_statement, aliased_import, dotted_name, relative_import, wildcard_import,
      future_import_statement, function_definition, class_definition, decorated_definition,
      lambda, parameters, lambda_parameters, typed_parameter, default_parameter,
      typed_default_parameter, list_splat_pattern, dictionary_splat_pattern, assignment,
      augmented_assignment, for_statement, with_item, as_pattern, global_statement,
      nonlocal_statement, list_comprehension, set_comprehension, dictionary_comprehension,
      generator_expression, for_in_clause, named_expression, expression_statement, block,
      comment, string, integer, float_, list, tuple, dictionary, set, binary_operator,
      unary_operator, subscript, pattern_list, tuple_pattern, list_pattern, type,
      except_clause, true_, false_, none, concatenated_string, comparison_operator,
      boolean_operator, not_operator, conditional_expression, return_statement, keyword_separator,
      positional_separator, delete_statement, print_statement, exec_statement,
      expression_list, if_statement, while_statement, with_statement, try_statement,
      match_statement, elif_clause, else_clause, except_group_clause, finally_clause, interpolation,
      pair, decorator, parenthesized_list_splat, slice;

  static const NodeKinds& get();
};

// Field ids of the grammar, resolved once: ts_node_child_by_field_name looks the name up with
// a string comparison over all field names on every call; ts_node_child_by_field_id does not.
struct NodeFields {
  TSFieldId alias, argument, arguments, attribute, body, condition, consequence, definition, function, left,
      module_name, name, object, operator_, parameters, return_type, right, superclasses, type, value;

  static const NodeFields& get();
};

// `x[1:]`, `shape[:-1]`: a subscript whose index is a slice, a sequence where `x[0]` is one element.
bool is_sliced_subscript(TSNode n);

// `a == b`, `a != b` (chained too): a comparison whose every operator is `==` or `!=`.
bool is_equality_comparison(TSNode n);

}  // namespace t2p::parse
