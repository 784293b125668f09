// How the Paddle callee is written: a function, a method, an attribute or a dropped call; a receiver made the first argument.
#include "parse/node_kinds.h"
#include "parse/syntax_tree.h"
#include "rules/handlers/call_plan.h"

namespace t2p::rules {
namespace {

std::string last_component(const std::string& id) { return id.substr(id.rfind('.') + 1); }

}  // namespace

bool write_callee(CallPlan& cp, CallEdits& e) {
  const kg::ApiRecord& record = cp.record;
  const CallArguments& ca = cp.ca;
  const semantic::FileModel& model = cp.types.model();
  RewriteOutcome& result = cp.result;
  TSNode fn = e.fn;
  // The callee.
  switch (record.form) {
    case kg::Form::kCall:
      if (!cp.is_method) {
        e.batch.push_back({ts_node_start_byte(fn), ts_node_end_byte(fn), record.paddle});
        cp.edits->note_name_node(fn);
      }
      break;
    case kg::Form::kMethod: {
      TSNode attr = model.attribute_of(fn);
      std::string name = last_component(record.paddle);
      if (ts_node_symbol(fn) != parse::NodeKinds::get().attribute) {
        result.reason = record.torch + " is a method but is called as a function";
        return false;
      }
      if (parse::node_text(attr, cp.site.source) != name) {
        e.batch.push_back({ts_node_start_byte(attr), ts_node_end_byte(attr), name});
        cp.edits->note_name_node(attr);
      }
      break;
    }
    case kg::Form::kAttribute: {
      if (!ca.args.empty() || !cp.is_method) {
        result.reason = record.torch + " with arguments has no attribute form in Paddle";
        return false;
      }
      TSNode attr = model.attribute_of(fn);
      e.batch.push_back({ts_node_start_byte(attr), e.call_end, last_component(record.paddle)});
      break;
    }
    case kg::Form::kDrop: {
      // `x.contiguous(memory_format=torch.contiguous_format)`: arguments that the argument map
      // drops or that repeat PyTorch's default go with the call.
      const std::vector<kg::Param>& torch_params = *cp.torch_params;
      bool only_defaults = true;
      for (size_t i = 0; i < ca.args.size(); ++i) {
        const CallArg& a = ca.args[i];
        bool is_default = a.param >= 0 && !a.splat && !a.kwsplat && torch_params[a.param].has_default &&
                          trim_blanks(parse::node_text(a.value, cp.site.source)) == trim_blanks(torch_params[a.param].default_value);
        only_defaults &= cp.plan[i].fate == Fate::kDrop || is_default;
      }
      // Arguments whose action adds something (out=, requires_grad=, pin_memory=) cannot go.
      only_defaults &= !cp.results.any() && cp.appended.empty();
      if (!cp.is_method || !only_defaults) {
        result.reason = record.torch + " has no Paddle counterpart";
        return false;
      }
      break;
    }
  }
  return true;
}

std::string receiver_head(const CallPlan& cp, const CallEdits& e) {
  return cp.record.paddle + "(" +
         cp.edits->render(ts_node_start_byte(cp.site.receiver), ts_node_end_byte(cp.site.receiver)) +
         (e.kept > 0 ? ", " : "");
}

}  // namespace t2p::rules
