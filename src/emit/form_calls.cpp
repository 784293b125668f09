// The two call texts of a form: the engine's edits that make the Paddle call, the import
// statements each half needs for the names it uses, and what both halves compare.
#include "emit/form_builder.h"

#include <algorithm>

#include "emit/call_text.h"
#include "emit/python_source.h"
#include "semantic/code_names.h"

namespace t2p::emit::forms {

using std::string;
using std::string_view;

bool FormBuilder::paddle_edits_of(const rules::ApiUse& use, uint32_t b, uint32_t e, std::vector<base::Edit>* out) {
  std::set<uint32_t> own;
  if (use.fix >= 0 && static_cast<size_t>(use.fix) < file_.fixes.size()) {
    for (uint32_t i : file_.fixes[use.fix].edits) {
      own.insert(i);
      const base::Edit& ed = file_.edits[i];
      if (ed.begin < b || ed.end > e) {
        fail("converted with the code around it", "converted together with the code around it (one fix): that code's test covers it");
        return false;
      }
    }
  }
  for (uint32_t i = 0; i < file_.edits.size(); ++i) {
    const base::Edit& ed = file_.edits[i];
    if (ed.owner == base::kFileEdit || ed.owner == base::kNoteEdit) continue;
    if (ed.end < b || ed.begin > e) continue;
    const bool insertion = ed.begin == ed.end;
    if ((ed.begin == e || ed.end == b) && !own.count(i)) continue;  // another use's, outside
    if (ed.begin < b || ed.end > e) continue;                       // an outer rewrite's
    bool inside_placeholder = false;
    base::Edit edit = ed;  // with the placeholders' names where a template copies their text
    for (const auto& p : placeholders_) {
      const bool at_open = insertion && ed.begin == p.begin && own.count(i);
      const bool at_close = insertion && ed.begin == p.end && own.count(i);
      if (at_open || at_close) continue;
      if (ed.begin >= p.begin && ed.end <= p.end) {
        inside_placeholder = true;
      } else if (ed.begin <= p.begin && ed.end >= p.end && ed.text.empty()) {
        // The conversion drops the argument (`device=x.device`): the Paddle call has no input there.
      } else if (ed.begin <= p.begin && ed.end >= p.end && substitute_copy(&edit.text, src_.substr(p.begin, p.end - p.begin), p.name)) {
        // A template that rewrites the whole call copies the argument's text once: the input stands there.
      } else if (ed.begin < p.end && ed.end > p.begin) {
        fail("argument rewritten with the call", "the conversion rewrites the argument `" + string(src_.substr(p.begin, p.end - p.begin)) +
             "` together with the call, so no input can stand for it");
        return false;
      }
    }
    if (!inside_placeholder) out->push_back(edit);
  }
  return true;
}

TSNode FormBuilder::element_read_around(const rules::ApiUse& use, TSNode call) const {
  TSNode parent = ts_node_parent(call);
  if (ts_node_is_null(parent) || use.fix < 0 || static_cast<size_t>(use.fix) >= file_.fixes.size()) return TSNode{};
  const bool subscript = is(parent, "subscript") && ts_node_named_child_count(parent) == 2 &&
                         is(ts_node_named_child(parent, 1), "integer");
  const bool attribute = is(parent, "attribute");
  if ((!subscript && !attribute) || !ts_node_eq(ts_node_named_child(parent, 0), call)) return TSNode{};
  bool beyond_call = false;
  for (uint32_t i : file_.fixes[use.fix].edits) {
    const base::Edit& ed = file_.edits[i];
    if (ed.begin < begin_of(call) || ed.end > end_of(parent)) return TSNode{};
    beyond_call = beyond_call || ed.end > end_of(call);
  }
  return beyond_call ? parent : TSNode{};
}

bool FormBuilder::bind_names(const string& code, bool paddle) {
  auto& imports = paddle ? form_->paddle_imports : form_->torch_imports;
  for (const auto& n : semantic::code_names(code)) {
    if (n.role != semantic::NameRole::kUse) continue;
    string name(n.name);
    bool input = false;
    for (const auto& in : form_->inputs) input = input || in.name == name;
    if (input || semantic::is_builtin_name(name)) continue;
    if (paddle && name == "paddle") continue;
    auto it = imports_.find(name);
    if (it == imports_.end() && paddle && is_plain_module(name)) {
      // A standard module the conversion itself uses (`itertools` in a `_foreach_*` rewrite): the
      // converter imports it into the file; the test imports it the same way.
      const string stmt = "import " + name;
      if (std::find(imports.begin(), imports.end(), stmt) == imports.end()) imports.push_back(stmt);
      continue;
    }
    if (it == imports_.end()) {
      fail("a value of the program", string(paddle ? "the Paddle call" : "the call") + " uses `" + name +
           "`, which the program binds: no literal in its scope, no input spec");
      return false;
    }
    if (it->second.root.empty() || (!converted_roots_.count(it->second.root) && !is_plain_module(it->second.root))) {
      fail("the project's own code", "the call uses `" + name + "` from the project's own code (`" + it->second.statement + "`)");
      return false;
    }
    if (paddle && converted_roots_.count(it->second.root)) {
      fail("torch left in the Paddle call", "the Paddle call still uses `" + name + "` (`" + it->second.statement + "`)");
      return false;
    }
    if (std::find(imports.begin(), imports.end(), it->second.statement) == imports.end()) imports.push_back(it->second.statement);
  }
  return true;
}

bool FormBuilder::resolve_result(const string& result) {
  string out;
  for (size_t i = 0; i < result.size(); ++i) {
    if (result[i] != '{') {
      out += result[i];
      continue;
    }
    size_t close = result.find('}', i);
    const string param = result.substr(i + 1, close - i - 1);
    i = close;
    if (param == "result") {
      out += "t2p_result";
    } else if (given_text_.count(param) && given_text_[param].size() == 1) {
      out += given_text_[param][0];
    } else {
      fail("no input spec", "the spec compares `" + result + "`, but the call passes no single `" + param + "`");
      return false;
    }
  }
  form_->result = out;
  return true;
}

}  // namespace t2p::emit::forms
