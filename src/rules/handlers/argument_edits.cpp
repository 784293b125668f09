// The argument map's edits of one call: deletions, replaced values, each argument's own edits, and their commit.
#include "rules/handlers/call_plan.h"

namespace t2p::rules {

using base::EditSide;

CallEdits start_call_edits(const CallPlan& cp) {
  const CallArguments& ca = cp.ca;
  const std::vector<ArgPlan>& plan = cp.plan;
  CallEdits e;
  e.call_begin = ts_node_start_byte(cp.site.call);
  e.call_end = ts_node_end_byte(cp.site.call);
  e.span = e.call_end - e.call_begin;
  e.fn = cp.types.model().function_of(cp.site.call);
  for (const auto& ap : plan) e.kept += ap.fate != Fate::kDrop;

  if (cp.results.out) {
    e.out_text = cp.edits->render(ts_node_start_byte(cp.results.out->value), ts_node_end_byte(cp.results.out->value));
  }

  // Deletions and value replacements first: they fold nested edits inside those arguments.
  for (size_t i = 0; i < ca.args.size(); ++i) {
    if (plan[i].fate != Fate::kDrop && plan[i].replace_value) e.value_replacements.emplace_back(ca.args[i].value, plan[i].new_value);
    if (plan[i].fate != Fate::kDrop && !plan[i].whole.empty()) e.value_replacements.emplace_back(ca.args[i].node, plan[i].whole);
  }
  for (size_t i = 0; i < ca.args.size(); ++i) {
    if (plan[i].fate != Fate::kDrop) continue;
    size_t j = i;
    while (j + 1 < ca.args.size() && plan[j + 1].fate == Fate::kDrop) ++j;
    if (j + 1 < ca.args.size()) {
      e.deletions.emplace_back(ts_node_start_byte(ca.args[i].node), ts_node_start_byte(ca.args[j + 1].node));
    } else if (i > 0) {
      e.deletions.emplace_back(ts_node_end_byte(ca.args[i - 1].node), ts_node_end_byte(ca.args[j].node));
    } else {
      e.deletions.emplace_back(ca.open_paren, ca.close_paren);
    }
    i = j;
  }

  e.batch.reserve(ca.args.size() + 2);
  return e;
}

void write_argument_edits(const CallPlan& cp, CallEdits& e) {
  const CallArguments& ca = cp.ca;
  for (size_t i = 0; i < ca.args.size(); ++i) {
    const CallArg& a = ca.args[i];
    const ArgPlan& ap = cp.plan[i];
    std::string open;
    if (ap.fate == Fate::kRename) {
      e.batch.push_back({ts_node_start_byte(a.keyword_node), ts_node_end_byte(a.keyword_node), ap.paddle_name});
      cp.edits->note_name_node(a.keyword_node);
    } else if (ap.fate == Fate::kToKeyword) {
      open = ap.paddle_name + "=";
    }
    if (ap.list_open) open += "[";
    if (!open.empty()) e.batch.push_back({ts_node_start_byte(a.node), ts_node_start_byte(a.node), open, EditSide::kOpen, e.span});
    if (ap.list_close) e.batch.push_back({ts_node_end_byte(a.node), ts_node_end_byte(a.node), "]", EditSide::kClose, 0});
  }
  if (!cp.appended.empty()) {
    std::string text;
    bool need_comma = (e.kept > 0 || (cp.is_method && cp.record.form == kg::Form::kCall)) &&
                      !(ca.trailing_comma && e.kept == ca.args.size());
    for (const auto& s : cp.appended) {
      if (need_comma) text += ", ";
      text += s;
      need_comma = true;
    }
    e.batch.push_back({ca.close_paren, ca.close_paren, text, EditSide::kClose, 0});
  }
}

RewriteOutcome commit_call_edits(CallPlan& cp, CallEdits& e) {
  const kg::ApiRecord& record = cp.record;
  const CallArguments& ca = cp.ca;
  rewrite::EditSet* edits = cp.edits;
  RewriteOutcome& result = cp.result;
  // Commit: subsuming replacements, then the batch; on a conflict the set is restored.
  edits->commit();  // earlier rewrites are final; journal only this one
  const size_t checkpoint = edits->checkpoint();
  auto fail = [&](const char* why) {
    edits->rollback(checkpoint);
    result.reason = why;
    return result;
  };
  if (cp.is_method && record.form == kg::Form::kCall) {
    std::string head = receiver_head(cp, e);
    for (const auto& edit : e.batch) {
      if (edit.begin < ca.open_paren) {
        result.reason = "internal: overlapping receiver edit";
        return result;
      }
    }
    if (!edits->replace_subsuming(e.call_begin, ca.open_paren, head)) return fail("conflicting edits around the receiver");
  }
  if (record.form == kg::Form::kDrop) {
    std::string recv = edits->render(ts_node_start_byte(cp.site.receiver), ts_node_end_byte(cp.site.receiver));
    if (!edits->replace_subsuming(e.call_begin, e.call_end, recv)) return fail("conflicting edits around the receiver");
    if (!ca.args.empty()) result.removed.emplace_back(ca.open_paren, ca.close_paren);  // uses inside are gone
    result.ok = true;
    return result;
  }
  for (const auto& [node, text] : e.value_replacements) {
    if (!edits->replace_subsuming(ts_node_start_byte(node), ts_node_end_byte(node), text)) return fail("conflicting edits inside an argument");
    result.removed.emplace_back(ts_node_start_byte(node), ts_node_end_byte(node));
  }
  for (const auto& [b, end] : e.deletions) {
    result.removed.emplace_back(b, end);
    if (!edits->replace_subsuming(b, end, "")) return fail("conflicting edits inside a dropped argument");
  }
  if (!edits->add_all(std::move(e.batch))) return fail("conflicting edits");
  result.ok = true;
  return result;
}

}  // namespace t2p::rules
