// rules: pathlib paths and open files passed where Paddle documents a string.
#include "rules/str_operands.h"

namespace t2p::rules {

bool write_str_operands(const CallSite& site, const kg::ApiRecord& record, const CallArguments& ca,
                        const std::vector<std::string_view>& paddle_names, const semantic::TypeInference& types,
                        rewrite::EditSet* edits, std::vector<std::string>* values, std::string* reason) {
  values->assign(ca.args.size(), std::string());
  if (record.paddle_str_only.empty()) return true;
  for (size_t i = 0; i < ca.args.size(); ++i) {
    if (paddle_names[i].empty() || ca.args[i].splat) continue;
    const std::string* type = nullptr;
    for (const auto& [name, documented] : record.paddle_str_only) {
      if (name == paddle_names[i]) type = &documented;
    }
    if (!type) continue;
    const semantic::ExprKind kind = types.kind_of(ca.args[i].value, site.scope);
    const std::string text = edits->render(ts_node_start_byte(ca.args[i].value), ts_node_end_byte(ca.args[i].value));
    if (kind.is(kg::ValueKind::kPath)) {
      (*values)[i] = "str(" + text + ")";  // Python's own spelling of a path as a string
    } else if (kind.is(kg::ValueKind::kFile)) {
      *reason = "'" + text + "' is an open file, and '" + std::string(paddle_names[i]) + "' of " + record.paddle +
                " takes " + *type + " (Paddle's API reference): pass the file's path instead" +
                (type->find("BytesIO") != std::string::npos ? ", or an io.BytesIO holding its bytes" : "");
      return false;
    }
  }
  return true;
}

}  // namespace t2p::rules
