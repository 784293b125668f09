#include <algorithm>

#include "rules/handlers/placeholders.h"
#include "rules/target_spellings.h"

namespace t2p::rules {

// `{device:type}` / `{device:type,index}`: a Paddle device string from PyTorch's device type
// ("cuda" -> "gpu") and optional index; each part is a parameter name or a quoted literal.
// Literals fold (`'cuda', 0` -> `'gpu:0'`); other values give `str(type).replace("cuda", "gpu")`
// and `+ ':' + str(index)`.
bool expand_device(const kg::Placeholder& p, TemplateContext& ctx, std::string& out) {
  const std::string parts[2] = {p.parts.empty() ? std::string() : p.parts[0].first,
                                p.parts.size() > 1 ? p.parts[1].first : std::string()};
  std::string values[2];  // the part's source text
  bool literal[2] = {false, false};
  bool missing = false;
  for (int pi = 0; pi < 2; ++pi) {
    const std::string& part = parts[pi];
    if (part.empty()) continue;
    if (part.front() == '\'' || part.front() == '"') {
      values[pi] = part;
      literal[pi] = true;
      continue;
    }
    const CallArg* a = ctx.argument(part);
    if (!a) {
      if (pi == 0) missing = true;
      continue;
    }
    // The value as converted (`torch.device('cuda', 1)` inside is already `'gpu:1'`).
    values[pi] = ctx.render(a->value);
    const std::string& v = values[pi];
    bool quoted = v.size() >= 2 && (v.front() == '\'' || v.front() == '"') && v.back() == v.front() &&
                  v.find('\\') == std::string::npos && v.find(v.front(), 1) == v.size() - 1;
    bool digits = !v.empty() && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
    literal[pi] = quoted || digits;
  }
  if (missing) return ctx.missing(parts[0]);
  auto unquote = [](const std::string& v) { return v.substr(1, v.size() - 2); };
  const std::string& gpu = target().cuda_device_type;
  auto to_gpu = [&gpu](std::string t) {
    for (size_t at = t.find("cuda"); at != std::string::npos; at = t.find("cuda", at + gpu.size())) t.replace(at, 4, gpu);
    return t;
  };
  const bool has_index = !values[1].empty();
  if (literal[0] && values[0].front() != '\'' && values[0].front() != '"') {
    out += "'" + gpu + ":" + values[0] + "'";  // `torch.device(0)`: a CUDA index
  } else if (literal[0] && (!has_index || literal[1])) {
    std::string text = to_gpu(unquote(values[0]));
    if (has_index) text += ":" + (values[1].front() == '\'' || values[1].front() == '"' ? unquote(values[1]) : values[1]);
    out += "'" + text + "'";
  } else {
    out += literal[0] ? "'" + to_gpu(unquote(values[0])) + "'" : "str(" + values[0] + ").replace(\"cuda\", \"" + gpu + "\")";
    if (has_index) out += " + ':' + str(" + values[1] + ")";
  }
  return true;
}

}  // namespace t2p::rules
