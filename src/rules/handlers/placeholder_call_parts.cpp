#include "rules/handlers/placeholders.h"

namespace t2p::rules {

bool expand_receiver(const kg::Placeholder&, TemplateContext& ctx, std::string& out) {
  if (ts_node_is_null(ctx.site.receiver)) {
    ctx.reason = "rule " + ctx.record.torch + " needs a receiver";
    return false;
  }
  out += ctx.render(ctx.site.receiver);
  return true;
}

bool expand_args(const kg::Placeholder&, TemplateContext& ctx, std::string& out) {
  // The user's text from the first argument to the last, byte for byte (nested conversions applied).
  if (!ctx.ca.args.empty()) {
    out += ctx.edits->render(ts_node_start_byte(ctx.ca.args.front().node), ts_node_end_byte(ctx.ca.args.back().node));
  }
  return true;
}

bool expand_target(const kg::Placeholder&, TemplateContext& ctx, std::string& out) {
  out += ctx.target;
  return true;
}

}  // namespace t2p::rules
