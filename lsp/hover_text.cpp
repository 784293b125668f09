#include "hover_text.h"

namespace t2p::lsp {
namespace {

const char* action_text(kg::ArgAction a) {
  switch (a) {
    case kg::ArgAction::kSame: return "kept";
    case kg::ArgAction::kRename: return "renamed";
    case kg::ArgAction::kDrop: return "dropped";
    case kg::ArgAction::kDefault: return "Paddle default given";
    case kg::ArgAction::kVarargsToList: return "varargs become a list";
    case kg::ArgAction::kOut: return "`out=` becomes an assignment";
    case kg::ArgAction::kDtype: return "dtype converted";
    case kg::ArgAction::kDevice: return "device converted";
    case kg::ArgAction::kRequiresGrad: return "becomes `stop_gradient`";
    case kg::ArgAction::kPinMemory: return "dropped (pin_memory)";
    case kg::ArgAction::kPaddleOnly: return "Paddle-only parameter";
    case kg::ArgAction::kRewrite: return "rewritten";
    case kg::ArgAction::kUnsupported: return "not supported";
    case kg::ArgAction::kValueMap: return "value mapped";
    case kg::ArgAction::kValueExpr: return "value rewritten";
    case kg::ArgAction::kLegacyReduction: return "legacy reduction mapped";
    case kg::ArgAction::kTensorOperand: return "wrapped as a tensor";
    case kg::ArgAction::kUnpack: return "unpacked";
    case kg::ArgAction::kDeviceString: return "device string converted";
  }
  return "";
}

}  // namespace

std::string hover_markdown(const rules::ApiUse& u, const kg::ApiRecord* r) {
  std::string md = "**`" + u.torch_api + "`**";
  std::string paddle = !u.paddle_api.empty() ? u.paddle_api : r ? r->paddle : std::string();
  if (!paddle.empty()) md += " → **`" + paddle + "`**";
  md += "\n\n" + rules::finding_message(u) + " (`" + rules::rule_id(u) + "`";
  if (u.fix >= 0) md += std::string(", fix: ") + rules::to_string(u.applicability);
  md += ")\n";
  if (r) {
    if (!r->category.empty()) md += "\nCategory: " + r->category + "\n";
    if (!r->reason.empty() && u.status != rules::UseStatus::kConverted) md += "\nReason: " + r->reason + "\n";
    std::string args;
    for (const auto& a : r->args) {
      if (a.action == kg::ArgAction::kSame) continue;
      args += "- ";
      args += a.torch.empty() ? "(none)" : "`" + a.torch + "`";
      if (!a.paddle.empty() && a.paddle != a.torch) args += " → `" + a.paddle + "`";
      args += std::string(": ") + action_text(a.action);
      if (!a.value.empty()) args += " `" + a.value + "`";
      if (!a.reason.empty()) args += " (" + a.reason + ")";
      args += "\n";
    }
    if (!args.empty()) md += "\nArgument changes:\n" + args;
  }
  return md;
}

}  // namespace t2p::lsp
