#include "rules/call_arguments.h"

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::rules {
namespace {

// One argument as written (`node`, of symbol `s`): a keyword argument's name and value from the
// file model when it saw the node, else from tree-sitter.
CallArg argument(TSNode node, TSSymbol s, std::string_view source, const semantic::FileModel* model) {
  const auto& k = parse::NodeKinds::get();
  CallArg a;
  a.node = node;
  a.value = node;
  if (s == k.keyword_argument) {
    const auto& f = parse::NodeFields::get();
    a.keyword_node = model ? model->keyword_name_of(node) : ts_node_child_by_field_id(node, f.name);
    a.keyword = parse::node_text(a.keyword_node, source);
    a.value = model ? model->keyword_value_of(node) : ts_node_child_by_field_id(node, f.value);
  } else if (s == k.list_splat) {
    a.splat = true;
  } else if (s == k.dictionary_splat) {
    a.kwsplat = true;
  }
  return a;
}

}  // namespace

CallArguments read_arguments(TSNode call, std::string_view source, const semantic::FileModel* model) {
  const auto& k = parse::NodeKinds::get();
  CallArguments out;
  TSNode list = model ? model->arguments_of(call) : ts_node_child_by_field_id(call, parse::NodeFields::get().arguments);
  if (ts_node_symbol(list) != k.argument_list) {
    // f(x for x in y): a single positional generator.
    CallArg a;
    a.node = a.value = list;
    out.args.push_back(a);
    out.open_paren = ts_node_start_byte(list) + 1;
    out.close_paren = ts_node_end_byte(list) - 1;
    return out;
  }
  out.list = list;
  out.open_paren = ts_node_start_byte(list) + 1;
  out.close_paren = ts_node_end_byte(list) - 1;
  const TSNode* items = nullptr;
  uint32_t count = 0;
  bool trailing_comma = false;
  if (model && model->argument_list_items(list, &items, &count, &trailing_comma)) {
    out.args.reserve(count);
    for (uint32_t i = 0; i < count; ++i) out.args.push_back(argument(items[i], ts_node_symbol(items[i]), source, model));
    out.trailing_comma = trailing_comma && !out.args.empty();
    return out;
  }
  uint32_t n = ts_node_child_count(list);
  bool last_was_comma = false;
  for (uint32_t i = 0; i < n; ++i) {
    TSNode c = ts_node_child(list, i);
    if (!ts_node_is_named(c)) {
      std::string_view t = parse::node_text(c, source);
      if (t == ",") last_was_comma = true;
      continue;
    }
    TSSymbol s = ts_node_symbol(c);
    if (s == k.comment) continue;
    last_was_comma = false;
    out.args.push_back(argument(c, s, source, model));
  }
  out.trailing_comma = last_was_comma && !out.args.empty();
  return out;
}

bool bind_arguments(const std::vector<kg::Param>& params, CallArguments* call) {
  size_t next = 0;  // next parameter for a positional argument
  int varargs = -1, varkw = -1;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == kg::ParamKind::kVarArgs) varargs = static_cast<int>(i);
    if (params[i].kind == kg::ParamKind::kVarKwargs) varkw = static_cast<int>(i);
  }
  for (auto& a : call->args) {
    if (a.kwsplat) return false;
    if (a.splat) {
      if (varargs < 0) return false;
      a.param = varargs;
      continue;
    }
    if (a.keyword.empty()) {
      while (next < params.size() && params[next].kind == kg::ParamKind::kNormal &&
             params[next].keyword_only) {
        ++next;
      }
      if (next >= params.size()) return false;
      if (params[next].kind == kg::ParamKind::kVarKwargs) return false;
      a.param = static_cast<int>(next);
      if (params[next].kind != kg::ParamKind::kVarArgs) ++next;
      continue;
    }
    int found = -1;
    for (size_t i = 0; i < params.size(); ++i) {
      // `torch.zeros(size=(2, 3))`: PyTorch also accepts the varargs name as a keyword.
      bool named = (params[i].kind == kg::ParamKind::kNormal && !params[i].positional_only) ||
                   params[i].kind == kg::ParamKind::kVarArgs;
      if (named && params[i].name == a.keyword) {
        found = static_cast<int>(i);
        break;
      }
    }
    // PyTorch's argument parser takes NumPy's names for two parameters of its native functions
    // and tensor methods (`x.sum(axis=1, keepdims=True)`).
    if (found < 0 && (a.keyword == "axis" || a.keyword == "keepdims")) {
      const std::string_view torch_name = a.keyword == "axis" ? "dim" : "keepdim";
      for (size_t i = 0; i < params.size(); ++i) {
        if (params[i].kind == kg::ParamKind::kNormal && params[i].name == torch_name) found = static_cast<int>(i);
      }
    }
    if (found < 0) found = varkw;
    if (found < 0) return false;
    a.param = found;
  }
  return true;
}

const std::vector<kg::Param>* bind_any_signature(const kg::ApiRecord& record, CallArguments* call) {
  if (bind_arguments(record.torch_params, call)) return &record.torch_params;
  for (const auto& overload : record.torch_overloads) {
    if (bind_arguments(overload, call)) return &overload;
  }
  for (auto& a : call->args) a.param = -1;
  return nullptr;
}

BoundCall bind_call(TSNode call, std::string_view source, const semantic::FileModel* model, const kg::ApiRecord& record) {
  BoundCall bound{read_arguments(call, source, model), nullptr};
  bound.signature = bind_any_signature(record, &bound.args);
  return bound;
}

}  // namespace t2p::rules
