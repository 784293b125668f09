#include "rules/star_arguments.h"

#include <cctype>

#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"

namespace t2p::rules {
namespace {

using kg::ArgAction;
using kg::ParamKind;
using parse::node_text;

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80); }

// `'bias'` / `"bias"` -> `bias`; empty for anything else (f-strings, prefixes, escapes, spaces).
std::string_view plain_string_key(TSNode key, std::string_view source) {
  const auto& k = parse::NodeKinds::get();
  if (ts_node_symbol(key) != k.string) return {};
  std::string_view t = node_text(key, source);
  if (t.size() < 3 || (t[0] != '\'' && t[0] != '"') || t.back() != t[0]) return {};
  std::string_view inner = t.substr(1, t.size() - 2);
  if (inner.empty() || inner.front() == t[0]) return {};  // '''...''' or an empty key
  for (char c : inner) {
    if (!identifier_char(c)) return {};
  }
  return inner;
}

// The keys of a dict literal or of `dict(k=v, ...)`; false when one is not visible.
bool literal_keys(TSNode value, std::string_view source, const semantic::FileModel& model,
                  std::vector<std::string_view>* keys, std::vector<TSNode>* values = nullptr) {
  const auto& k = parse::NodeKinds::get();
  const auto& f = parse::NodeFields::get();
  TSSymbol s = ts_node_symbol(value);
  if (s == k.dictionary) {
    for (uint32_t i = 0, n = ts_node_named_child_count(value); i < n; ++i) {
      TSNode item = ts_node_named_child(value, i);
      if (ts_node_symbol(item) == k.comment) continue;
      if (ts_node_symbol(item) != k.pair) return false;  // `**other` inside
      std::string_view key = plain_string_key(ts_node_child_by_field_name(item, "key", 3), source);
      if (key.empty()) return false;
      keys->push_back(key);
      if (values) values->push_back(ts_node_child_by_field_name(item, "value", 5));
    }
    return true;
  }
  if (s != k.call) return false;
  TSNode fn = ts_node_child_by_field_id(value, f.function);
  // `dict` must be the builtin: no scope of the file binds the name.
  if (ts_node_symbol(fn) != k.identifier || node_text(fn, source) != "dict" || model.bindings.id_of("dict") >= 0) {
    return false;
  }
  TSNode list = ts_node_child_by_field_id(value, f.arguments);
  if (ts_node_symbol(list) != k.argument_list) return false;
  for (uint32_t i = 0, n = ts_node_named_child_count(list); i < n; ++i) {
    TSNode item = ts_node_named_child(list, i);
    if (ts_node_symbol(item) == k.comment) continue;
    if (ts_node_symbol(item) != k.keyword_argument) return false;
    keys->push_back(node_text(ts_node_child_by_field_id(item, f.name), source));
    if (values) values->push_back(ts_node_child_by_field_id(item, f.value));
  }
  return true;
}

// The keys of `**name` when `name` is bound once in `scope`, before the call, to a dict literal or
// `dict(...)`, and the scope spells the name nowhere else but after `**` (no `name[k] = v`, no
// `name.update(...)`, no call that could change it).
bool named_dict_keys(TSNode name, TSNode call, std::string_view source, const semantic::FileModel& model, int32_t scope,
                     std::vector<std::string_view>* keys) {
  const auto& k = parse::NodeKinds::get();
  std::string_view text = node_text(name, source);
  int32_t id = model.bindings.id_of(text);
  const semantic::Binding* b = id < 0 ? nullptr : model.bindings.find(scope, id);
  if (!b || b->other_count != 1 || b->import_count != 0 || b->global) return false;
  const semantic::Assignment* found = nullptr;
  for (const auto& a : model.assignments) {
    if (a.scope != scope || a.is_for || a.is_with || ts_node_is_null(a.value) || ts_node_symbol(a.target) != k.identifier) continue;
    if (node_text(a.target, source) != text) continue;
    found = &a;
  }
  if (!found || ts_node_end_byte(found->value) > ts_node_start_byte(call)) return false;
  // Every other spelling of the name in the scope's text must be a `**name`.
  TSNode scope_node = model.scopes[scope].node;
  uint32_t begin = ts_node_start_byte(scope_node), end = ts_node_end_byte(scope_node);
  std::string_view region = source.substr(begin, end - begin);
  const uint32_t target = ts_node_start_byte(found->target);
  for (size_t p = region.find(text); p != std::string_view::npos; p = region.find(text, p + 1)) {
    uint32_t at = begin + static_cast<uint32_t>(p);
    bool before = at > 0 && identifier_char(source[at - 1]);
    bool after = at + text.size() < source.size() && identifier_char(source[at + text.size()]);
    if (before || after || at == target) continue;
    if (at >= 2 && source.substr(at - 2, 2) == "**" && (at < 3 || source[at - 3] != '*')) continue;
    return false;
  }
  return literal_keys(found->value, source, model, keys);
}

// Binds like bind_arguments, with the star arguments of StarBinding.
bool bind_one(const std::vector<kg::Param>& params, CallArguments* call, StarBinding* st, std::string* reason,
              const std::string& api) {
  size_t next = 0;
  int varargs = -1, varkw = -1;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == ParamKind::kVarArgs) varargs = static_cast<int>(i);
    if (params[i].kind == ParamKind::kVarKwargs) varkw = static_cast<int>(i);
  }
  *st = StarBinding{};
  bool after_splat = false;
  for (size_t ai = 0; ai < call->args.size(); ++ai) {
    CallArg& a = call->args[ai];
    a.param = -1;
    if (a.kwsplat) {
      st->kwsplats.push_back(static_cast<int>(ai));
      continue;
    }
    if (a.splat) {
      if (varargs >= 0) {
        a.param = varargs;
        continue;
      }
      if (st->splat >= 0) {
        *reason = "two `*` arguments of " + api + ": their positions cannot be known";
        return false;
      }
      while (next < params.size() && params[next].kind == ParamKind::kNormal && params[next].keyword_only) ++next;
      st->splat = static_cast<int>(ai);
      st->splat_from = next;
      after_splat = true;
      continue;
    }
    if (a.keyword.empty()) {
      if (after_splat) {
        *reason = "a positional argument after `*` of " + api + ": its position cannot be known; pass it by keyword";
        return false;
      }
      while (next < params.size() && params[next].kind == ParamKind::kNormal && params[next].keyword_only) ++next;
      if (next >= params.size() || params[next].kind == ParamKind::kVarKwargs) {
        *reason = "the arguments do not match the signature of " + api;
        return false;
      }
      a.param = static_cast<int>(next);
      if (params[next].kind != ParamKind::kVarArgs) ++next;
      continue;
    }
    int found = -1;
    for (size_t i = 0; i < params.size(); ++i) {
      bool named = (params[i].kind == ParamKind::kNormal && !params[i].positional_only) || params[i].kind == ParamKind::kVarArgs;
      if (named && params[i].name == a.keyword) {
        found = static_cast<int>(i);
        break;
      }
    }
    if (found < 0) found = varkw;
    if (found < 0) {
      *reason = "the arguments do not match the signature of " + api;
      return false;
    }
    a.param = found;
  }
  return true;
}

// Whether Paddle's known signature takes a keyword of this name (true when it is unknown or takes
// **kwargs), as in call_rewriter.cpp.
bool paddle_accepts(const kg::ApiRecord& record, std::string_view name) {
  if (record.paddle_params.empty()) return true;
  for (const auto& p : record.paddle_params) {
    if (p.kind == ParamKind::kVarKwargs || p.name == name) return true;
  }
  return false;
}

}  // namespace

bool has_star_arguments(const CallArguments& call) {
  for (const auto& a : call.args) {
    if (a.splat || a.kwsplat) return true;
  }
  return false;
}

const std::vector<kg::Param>* bind_star_arguments(const kg::ApiRecord& record, CallArguments* call,
                                                  const semantic::FileModel& model, std::string_view source,
                                                  int32_t scope, StarBinding* stars, std::string* reason) {
  const auto& k = parse::NodeKinds::get();
  if (!record.torch_overloads.empty()) {
    // Which signature the hidden arguments select cannot be known.
    for (auto& a : call->args) a.param = -1;
    *reason = record.torch + " has several signatures: with `*`/`**` arguments the one that applies cannot be known";
    return nullptr;
  }
  const std::vector<kg::Param>& params = record.torch_params;
  if (!bind_one(params, call, stars, reason, record.torch)) {
    for (auto& a : call->args) a.param = -1;
    return nullptr;
  }
  // The keys of visible dictionaries, bound as keywords would be.
  int varkw = -1;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].kind == ParamKind::kVarKwargs) varkw = static_cast<int>(i);
  }
  std::vector<std::string_view> keys;
  std::vector<TSNode> values;
  for (int index : stars->kwsplats) {
    const CallArg& a = call->args[index];
    TSNode value = ts_node_named_child(a.node, 0);
    keys.clear();
    values.clear();
    const bool named = ts_node_symbol(value) == k.identifier;
    bool visible = named ? named_dict_keys(value, call->list, source, model, scope, &keys)
                         : literal_keys(value, source, model, &keys, &values);
    if (!visible) {
      stars->opaque_kwsplat = true;
      continue;
    }
    for (size_t ki = 0; ki < keys.size(); ++ki) {
      const std::string_view key = keys[ki];
      int found = -1;
      for (size_t i = 0; i < params.size(); ++i) {
        if (params[i].kind == ParamKind::kNormal && !params[i].positional_only && params[i].name == key) {
          found = static_cast<int>(i);
        }
      }
      if (found < 0) found = varkw;
      if (found < 0) {
        for (auto& x : call->args) x.param = -1;
        *reason = std::string(node_text(a.node, source)) + " holds '" + std::string(key) + "', which " + record.torch +
                  " does not take";
        return nullptr;
      }
      stars->visible_keys.emplace_back(std::string(key), found);
      stars->visible_key_args.push_back(index);
      stars->visible_key_values.push_back(named ? TSNode{} : values[ki]);
    }
  }
  return &params;
}

bool keyword_passes_unchanged(const kg::ApiRecord& record, const std::vector<kg::Param>& params, int param,
                              std::string_view key, std::string* how) {
  const kg::ArgRule* rule = record.arg_for_torch(key);
  if (!rule) {
    // Under PyTorch's **kwargs, a keyword without a rule is passed on as written.
    if (param >= 0 && params[param].kind == ParamKind::kVarKwargs) return true;
    if (paddle_accepts(record, key)) return true;
    *how = "Paddle has no such argument";
    return false;
  }
  switch (rule->action) {
    case ArgAction::kSame:
    case ArgAction::kRename:
    case ArgAction::kDefault:
      if (rule->paddle == key) return true;
      *how = rule->paddle.empty() ? "Paddle has no such argument" : "Paddle: " + rule->paddle;
      return false;
    case ArgAction::kDrop:
    case ArgAction::kDevice:
      *how = "not passed to Paddle";
      return false;
    case ArgAction::kUnsupported:
      *how = "Paddle has no counterpart";
      return false;
    default:
      *how = rule->paddle.empty() ? "converted" : "Paddle: " + rule->paddle + ", converted";
      return false;
  }
}

namespace {

// Writes out each visible `**` dictionary as keywords: a key passed unchanged or renamed by the
// argument map keeps its value under Paddle's keyword, a dropped one (`device`) goes. False when
// a key needs any other conversion (a value map, `requires_grad`, ...).
bool expand_visible_dicts(const kg::ApiRecord& record, const std::vector<kg::Param>& params, const CallArguments& call,
                          const StarBinding& stars, std::string_view source, std::vector<KeywordExpansion>* expansions) {
  std::string how;
  for (int index : stars.kwsplats) {
    KeywordExpansion expansion;
    expansion.arg = index;
    bool visible = false;
    TSNode dict = ts_node_named_child(call.args[index].node, 0);
    for (size_t i = 0; i < stars.visible_keys.size(); ++i) {
      if (stars.visible_key_args[i] != index) continue;
      visible = true;
      const auto& [key, param] = stars.visible_keys[i];
      KeywordExpansion::Item item;
      item.keyword = key;
      if (!keyword_passes_unchanged(record, params, param, key, &how)) {
        const kg::ArgRule* rule = record.arg_for_torch(key);
        if (!rule) return false;
        switch (rule->action) {
          case ArgAction::kDrop:
          case ArgAction::kDevice: continue;
          case ArgAction::kSame:
          case ArgAction::kRename:
          case ArgAction::kDefault:
            if (rule->paddle.empty()) return false;
            item.keyword = rule->paddle;
            break;
          default: return false;
        }
      }
      item.value = stars.visible_key_values[i];
      if (ts_node_is_null(item.value)) item.value_text = std::string(node_text(dict, source)) + "['" + key + "']";
      expansion.items.push_back(std::move(item));
    }
    if (visible) expansions->push_back(std::move(expansion));
  }
  return true;
}

}  // namespace

bool check_star_arguments(const kg::ApiRecord& record, const std::vector<kg::Param>& params,
                          const CallArguments& call, const StarBinding& stars, size_t paddle_position,
                          bool demoted, std::string_view source, std::vector<KeywordExpansion>* expansions,
                          std::string* review, std::string* reason) {
  review->clear();
  expansions->clear();
  if (stars.splat >= 0) {
    // `*args` fills the positional parameters from splat_from on, as many as it holds: each of
    // them must be Paddle's parameter at the same position, taking the value as it is.
    const std::string star(node_text(call.args[stars.splat].node, source));
    if (demoted) {
      *reason = "`" + star + "` of " + record.torch + " follows arguments that Paddle takes at other positions; pass them by keyword";
      return false;
    }
    if (record.paddle_params.empty()) {
      *reason = "`" + star + "` of " + record.torch + ": Paddle's positional order is unknown";
      return false;
    }
    std::vector<std::string_view> paddle_positional;
    for (const auto& p : record.paddle_params) {
      if (p.kind != ParamKind::kNormal || p.keyword_only) break;
      paddle_positional.push_back(p.name);
    }
    // More values than PyTorch's parameters take is a TypeError there, unless the graph's
    // signature is incomplete (`torch.Tensor(*shape)` takes sizes): Paddle must then fail alike,
    // so it may not take more positionals from that point on (a trailing `name` aside).
    size_t torch_count = 0, paddle_count = 0;
    for (size_t j = stars.splat_from; j < params.size(); ++j) {
      if (params[j].kind != ParamKind::kNormal || params[j].keyword_only) break;
      ++torch_count;
    }
    for (size_t m = paddle_position; m < paddle_positional.size(); ++m) {
      if (!(m + 1 == paddle_positional.size() && paddle_positional[m] == "name")) ++paddle_count;
    }
    if (paddle_count > torch_count) {
      *reason = "`" + star + "` of " + record.torch + " may hold more values than " + record.torch +
                " takes there, which Paddle would take as other arguments; pass them by keyword";
      return false;
    }
    size_t pos = paddle_position;
    for (size_t j = stars.splat_from; j < params.size(); ++j, ++pos) {
      const kg::Param& p = params[j];
      if (p.kind != ParamKind::kNormal || p.keyword_only) break;
      const kg::ArgRule* rule = record.arg_for_torch(p.name);
      std::string_view name = p.name;
      bool keeps_value = true;
      if (rule) {
        name = rule->paddle;
        keeps_value = rule->action == ArgAction::kSame || rule->action == ArgAction::kRename ||
                      (rule->action == ArgAction::kDefault && rule->value.empty());
      }
      if (!keeps_value || name.empty() || pos >= paddle_positional.size() || paddle_positional[pos] != name) {
        *reason = "`" + star + "` of " + record.torch + " may fill '" + p.name +
                  "', which Paddle does not take at that position as it is; pass it by keyword";
        return false;
      }
    }
  }
  if (stars.kwsplats.empty()) return true;
  // What Paddle spells differently among the keys the `**` arguments may hold.
  std::vector<bool> visible_given(params.size(), false);
  for (const auto& a : call.args) {
    if (a.param >= 0) visible_given[a.param] = true;
  }
  std::string differ;
  auto add = [&](std::string_view key, const std::string& how) {
    differ += (differ.empty() ? "" : ", ") + std::string(key) + " (" + how + ")";
  };
  std::string how;
  for (const auto& [key, param] : stars.visible_keys) {
    if (!keyword_passes_unchanged(record, params, param, key, &how)) add(key, how);
  }
  std::string names;
  for (int index : stars.kwsplats) names += (names.empty() ? "" : ", ") + std::string(node_text(call.args[index].node, source));
  if (!differ.empty() && !expand_visible_dicts(record, params, call, stars, source, expansions)) {
    // Visible keys that Paddle converts some other way would certainly be wrong: reported.
    *reason = names + " of " + record.torch + " holds keys that Paddle spells differently: " + differ +
              "; pass them as keyword arguments";
    return false;
  }
  differ.clear();
  if (!stars.opaque_kwsplat) return true;
  std::string unseen;
  for (size_t j = 0; j < params.size(); ++j) {
    const kg::Param& p = params[j];
    if (p.kind != ParamKind::kNormal || p.positional_only || visible_given[j]) continue;
    bool visible_key = false;
    for (const auto& vk : stars.visible_keys) visible_key |= vk.second == static_cast<int>(j);
    if (visible_key) continue;
    const kg::ArgRule* rule = record.arg_for_torch(p.name);
    if (rule && rule->action == ArgAction::kDefault && !rule->value.empty()) {
      // Passed by the converted call when absent: the same key in `**kw` would be given twice.
      add(p.name, "Paddle's default differs; the call passes " + rule->paddle + "=" + rule->value);
      continue;
    }
    if (!keyword_passes_unchanged(record, params, static_cast<int>(j), p.name, &how)) add(p.name, how);
  }
  if (differ.empty()) return true;
  *review = names + " is passed as written: check that it holds none of " + differ;
  return true;
}

}  // namespace t2p::rules
