#include "emit/todo_uses.h"

#include <algorithm>
#include <string>

#include "parse/node_kinds.h"

namespace t2p::emit {
namespace {

constexpr std::string_view kTodo = "# TODO(torch2paddle): ";

bool ident_char(char c) {
  return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || (c >= '0' && c <= '9') ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The statement (a child of the module or of a block) that starts at or holds `offset`.
TSNode statement_at(TSNode root, uint32_t offset) {
  const auto& k = parse::NodeKinds::get();
  TSNode n = ts_node_descendant_for_byte_range(root, offset, offset);
  for (TSNode up = ts_node_parent(n); !ts_node_is_null(up); up = ts_node_parent(n)) {
    const TSSymbol s = ts_node_symbol(up);
    if (s == k.module || s == k.block) return n;
    n = up;
  }
  return n;
}

// Where the statement `stmt` spells the last name of `api` (`.std` of torch.Tensor.std, a
// word): the offset of the name, or npos.
size_t spelled_at(std::string_view src, uint32_t begin, uint32_t end, std::string_view api) {
  const std::string_view name = api.substr(api.rfind('.') + 1);
  if (name.empty()) return std::string_view::npos;
  const std::string_view text = src.substr(begin, end - begin);
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    if (at > 0 && ident_char(text[at - 1])) continue;
    if (at + name.size() < text.size() && ident_char(text[at + name.size()])) continue;
    return begin + at;
  }
  return std::string_view::npos;
}

}  // namespace

void add_todo_uses(std::string_view src, TSNode root, std::vector<rules::ApiUse>* uses) {
  size_t at = src.find(kTodo);
  if (at == std::string_view::npos || ts_node_is_null(root)) return;
  std::vector<rules::ApiUse> added;
  for (; at != std::string_view::npos; at = src.find(kTodo, at + 1)) {
    // Only a comment alone on its line.
    size_t ls = at;
    while (ls > 0 && (src[ls - 1] == ' ' || src[ls - 1] == '\t')) --ls;
    if (ls > 0 && src[ls - 1] != '\n') continue;
    size_t le = src.find('\n', at);
    if (le == std::string_view::npos) break;
    std::string_view text = src.substr(at + kTodo.size(), le - at - kTodo.size());
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    size_t api_end = 0;
    while (api_end < text.size() && text[api_end] != ':' && text[api_end] != ' ') ++api_end;
    const std::string_view api = text.substr(0, api_end);
    if (api.rfind("torch", 0) != 0 && api.find('.') == std::string_view::npos) continue;
    // The first line below that is not a comment or blank: the statement the TODO is about.
    size_t p = le + 1;
    for (;;) {
      size_t q = p;
      while (q < src.size() && (src[q] == ' ' || src[q] == '\t' || src[q] == '\r')) ++q;
      if (q >= src.size()) break;
      if (src[q] == '#') {
        size_t e = src.find('\n', q);
        if (e == std::string_view::npos) {
          p = src.size();
          break;
        }
        p = e + 1;
        continue;
      }
      if (src[q] == '\n') break;  // a blank line: the TODO is above nothing
      p = q;
      break;
    }
    if (p >= src.size() || src[p] == '\n' || src[p] == ' ' || src[p] == '\r') continue;
    TSNode stmt = statement_at(root, static_cast<uint32_t>(p));
    const uint32_t b = ts_node_start_byte(stmt), e = ts_node_end_byte(stmt);
    if (b > p) continue;
    const size_t name_at = spelled_at(src, static_cast<uint32_t>(p), e, api);
    if (name_at == std::string_view::npos) continue;  // converted by hand since: a stale TODO
    const bool counted = std::any_of(uses->begin(), uses->end(), [&](const rules::ApiUse& u) {
      return u.torch_api == api && u.offset >= b && u.offset < e;
    }) || std::any_of(added.begin(), added.end(), [&](const rules::ApiUse& u) {
      return u.torch_api == api && u.offset >= b && u.offset < e;
    });
    if (counted) continue;
    rules::ApiUse u;
    u.offset = static_cast<uint32_t>(name_at);
    u.torch_api = std::string(api);
    u.status = rules::UseStatus::kUnsupported;
    u.rule = "todo";
    std::string_view reason = text.substr(api_end);
    while (!reason.empty() && (reason[0] == ':' || reason[0] == ' ')) reason.remove_prefix(1);
    u.reason = "left as written under a TODO of an earlier conversion (" + std::string(reason) + ")";
    added.push_back(std::move(u));
  }
  if (added.empty()) return;
  for (auto& u : added) uses->push_back(std::move(u));
  std::stable_sort(uses->begin(), uses->end(),
                   [](const rules::ApiUse& a, const rules::ApiUse& b) { return a.offset < b.offset; });
}

void mark_not_converted(std::vector<rules::ApiUse>* uses, std::string_view why) {
  for (auto& u : *uses) {
    u.fix = -1;  // nothing is applied
    u.applicability = rules::Applicability::kNone;
    if (u.applied) {  // its review note was not written either: a plain use left as written
      u.applied = false;
      u.status = rules::UseStatus::kUnsupported;
      u.reason = std::string(why);
    }
    if (u.status != rules::UseStatus::kConverted) continue;
    u.status = rules::UseStatus::kUnsupported;
    u.reason = std::string(why);
  }
}

}  // namespace t2p::emit
