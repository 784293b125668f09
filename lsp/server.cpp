#include "server.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "driver/single_fix.h"
#include "driver/source_converter.h"
#include "kg/api_record.h"
#include "parse/syntax_tree.h"
#include "positions.h"
#include "transport.h"

namespace t2p::lsp {

namespace {

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kServerNotInitialized = -32002;

constexpr const char* kFixAllKind = "source.fixAll.torch2paddle";

// A document's text converted: the result is about exactly this text.
struct Analysis {
  std::string text;
  int64_t version = 0;
  driver::SourceResult result;
  PositionMap map;  // over `text`
};

struct Document {
  std::string text;
  int64_t version = 0;
  bool dirty = true;       // `text` differs from analysis->text
  Clock::time_point due;   // when to convert it
  std::shared_ptr<const Analysis> analysis;
};

json error_response(const json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}
json result_response(const json& id, json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

json to_json(Position p) { return {{"line", p.line}, {"character", p.character}}; }
json range_json(const PositionMap& map, uint32_t begin, uint32_t end) {
  return {{"start", to_json(map.position(begin))}, {"end", to_json(map.position(end))}};
}
Position position_of(const json& p) {
  return {p.at("line").get<uint32_t>(), p.at("character").get<uint32_t>()};
}

// The byte range of a finding in the text.
std::pair<uint32_t, uint32_t> use_range(const Analysis& a, const rules::ApiUse& u) {
  uint32_t begin = std::min<uint32_t>(u.offset, static_cast<uint32_t>(a.text.size()));
  uint32_t end = std::clamp<uint32_t>(u.end, begin, static_cast<uint32_t>(a.text.size()));
  if (end == begin) {  // no extent known: to the end of the line
    while (end < a.text.size() && a.text[end] != '\n' && a.text[end] != '\r') ++end;
  }
  return {begin, end};
}

json diagnostic_of(const Analysis& a, const rules::ApiUse& u) {
  auto [begin, end] = use_range(a, u);
  int severity = 3;  // Information
  if (u.status != rules::UseStatus::kConverted) severity = 2;  // Warning
  json d = {{"range", range_json(a.map, begin, end)},
            {"severity", severity},
            {"code", rules::rule_id(u)},
            {"source", "torch2paddle"},
            {"message", rules::finding_message(u)}};
  if (u.fix >= 0) d["data"] = {{"fix", u.fix}, {"version", a.version}};
  return d;
}

json file_error_diagnostic(const Analysis& a, const base::Diagnostic& e) {
  // line is 1-based, column a 1-based byte column; 0 for the whole file.
  uint32_t begin = 0;
  if (e.line > 0) {
    begin = a.map.offset({e.line - 1, 0}) + (e.column > 0 ? e.column - 1 : 0);
    begin = std::min<uint32_t>(begin, static_cast<uint32_t>(a.text.size()));
  }
  uint32_t end = begin;
  while (end < a.text.size() && a.text[end] != '\n' && a.text[end] != '\r') ++end;
  return {{"range", range_json(a.map, begin, end)},
          {"severity", 1},
          {"code", e.code},
          {"source", "torch2paddle"},
          {"message", e.message}};
}

json diagnostics_of(const Analysis& a) {
  json list = json::array();
  if (a.result.error) list.push_back(file_error_diagnostic(a, *a.result.error));
  for (const auto& u : a.result.uses) list.push_back(diagnostic_of(a, u));
  return list;
}

json text_edits(const Analysis& a, const std::vector<base::Edit>& edits) {
  json list = json::array();
  for (const auto& e : edits) list.push_back({{"range", range_json(a.map, e.begin, e.end)}, {"newText", e.text}});
  return list;
}

// Whether a code action of `kind` is asked for by `only` (absent: all kinds).
bool kind_wanted(const json& context, std::string_view kind) {
  if (!context.is_object() || !context.contains("only") || !context["only"].is_array()) return true;
  for (const auto& o : context["only"]) {
    if (!o.is_string()) continue;
    std::string_view want = o.get_ref<const std::string&>();
    if (kind == want || (kind.size() > want.size() && kind.substr(0, want.size()) == want && kind[want.size()] == '.')) {
      return true;
    }
  }
  return false;
}

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

class Server {
 public:
  Server(const kg::KnowledgeGraph& graph, const ServerOptions& options, FILE* out)
      : graph_(graph), options_(options), writer_(out) {}

  int run(int in_fd) {
    std::thread worker([this] { work(); });
    MessageReader reader(in_fd);
    std::string body;
    for (;;) {
      auto status = reader.read(&body);
      if (status == MessageReader::Status::kEnd) break;
      if (status == MessageReader::Status::kBadHeader) {
        writer_.write(error_response(nullptr, kParseError, body));
        continue;
      }
      if (!handle(body)) break;
    }
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    worker.join();
    return shutdown_ && exit_seen_ ? 0 : 1;
  }

 private:
  // Returns false on `exit`.
  bool handle(const std::string& body) {
    json msg = json::parse(body, nullptr, false);
    if (msg.is_discarded()) {
      writer_.write(error_response(nullptr, kParseError, "the message is not JSON"));
      return true;
    }
    json id = nullptr;
    bool has_id = msg.is_object() && msg.contains("id");
    if (has_id) {
      id = msg["id"];
      if (!id.is_string() && !id.is_number_integer()) id = nullptr, has_id = false;
    }
    if (!msg.is_object() || msg.value("jsonrpc", json()) != "2.0" || !msg.contains("method") ||
        !msg["method"].is_string() || (msg.contains("id") && !has_id)) {
      if (msg.is_object() && !msg.contains("method") && (msg.contains("result") || msg.contains("error"))) {
        return true;  // a response to a request of ours: we send none
      }
      writer_.write(error_response(id, kInvalidRequest, "not a JSON-RPC 2.0 request or notification"));
      return true;
    }
    const std::string method = msg["method"];
    const json params = msg.contains("params") ? msg["params"] : json::object();
    if (method == "exit") {
      exit_seen_ = true;
      return false;
    }
    if (!initialized_ && method != "initialize") {
      if (has_id) writer_.write(error_response(id, kServerNotInitialized, "initialize first"));
      return true;
    }
    if (shutdown_ && has_id) {
      writer_.write(error_response(id, kInvalidRequest, "the server is shut down"));
      return true;
    }
    try {
      if (has_id) {
        request(id, method, params);
      } else {
        notification(method, params);
      }
    } catch (const std::exception& e) {
      if (has_id) writer_.write(error_response(id, kInvalidParams, std::string("invalid params: ") + e.what()));
    }
    return true;
  }

  void request(const json& id, const std::string& method, const json& params) {
    if (method == "initialize") {
      if (initialized_) {
        writer_.write(error_response(id, kInvalidRequest, "initialize was sent twice"));
        return;
      }
      initialized_ = true;
      json caps = {
          {"positionEncoding", "utf-16"},
          {"textDocumentSync", {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
          {"codeActionProvider", {{"codeActionKinds", {"quickfix", kFixAllKind}}}},
          {"hoverProvider", true}};
      writer_.write(result_response(id, {{"capabilities", caps},
                                         {"serverInfo", {{"name", "torch2paddle"}, {"version", T2P_LSP_VERSION}}}}));
    } else if (method == "shutdown") {
      shutdown_ = true;
      writer_.write(result_response(id, nullptr));
    } else if (method == "textDocument/codeAction" || method == "textDocument/hover") {
      params.at("textDocument").at("uri").get<std::string>();  // checked here: invalid params
      {
        std::lock_guard lock(mutex_);
        requests_.push_back({id, method, params});
      }
      wake_.notify_all();
    } else {
      writer_.write(error_response(id, kMethodNotFound, "unknown method " + method));
    }
  }

  void notification(const std::string& method, const json& params) {
    if (method == "textDocument/didOpen") {
      const auto& td = params.at("textDocument");
      std::string uri = td.at("uri");
      std::lock_guard lock(mutex_);
      Document& d = docs_[uri];
      d = Document{};
      d.text = td.at("text").get<std::string>();
      d.version = td.value("version", int64_t{0});
      d.due = Clock::now();
    } else if (method == "textDocument/didChange") {
      std::string uri = params.at("textDocument").at("uri");
      std::lock_guard lock(mutex_);
      auto it = docs_.find(uri);
      if (it == docs_.end()) return;
      Document& d = it->second;
      for (const auto& c : params.at("contentChanges")) {
        if (c.contains("range")) {
          PositionMap map(d.text);
          uint32_t begin = map.offset(position_of(c["range"].at("start")));
          uint32_t end = map.offset(position_of(c["range"].at("end")));
          replace_range(&d.text, begin, std::max(begin, end), c.at("text").get<std::string>());
        } else {
          d.text = c.at("text").get<std::string>();
        }
      }
      d.version = params["textDocument"].value("version", d.version + 1);
      d.dirty = true;
      d.due = Clock::now() + std::chrono::milliseconds(options_.debounce_ms);
    } else if (method == "textDocument/didSave") {
      std::string uri = params.at("textDocument").at("uri");
      std::lock_guard lock(mutex_);
      auto it = docs_.find(uri);
      if (it == docs_.end()) return;
      if (params.contains("text") && params["text"].is_string()) {
        it->second.text = params["text"];
        it->second.dirty = true;
      }
      if (it->second.dirty) it->second.due = Clock::now();
    } else if (method == "textDocument/didClose") {
      std::string uri = params.at("textDocument").at("uri");
      {
        std::lock_guard lock(mutex_);
        docs_.erase(uri);
      }
      publish(uri, std::nullopt, json::array());
    } else {
      return;  // initialized, $/cancelRequest, workspace notifications, unknown ones: ignored
    }
    wake_.notify_all();
  }

  void publish(const std::string& uri, std::optional<int64_t> version, json diagnostics) {
    json p = {{"uri", uri}, {"diagnostics", std::move(diagnostics)}};
    if (version) p["version"] = *version;
    writer_.write({{"jsonrpc", "2.0"}, {"method", "textDocument/publishDiagnostics"}, {"params", std::move(p)}});
  }

  // --- the worker ------------------------------------------------------------------------------
  struct Request {
    json id;
    std::string method;
    json params;
  };

  void work() {
    parse::PythonParser parser;
    std::unique_lock lock(mutex_);
    for (;;) {
      if (stopping_) return;
      if (!requests_.empty()) {
        Request r = std::move(requests_.front());
        requests_.pop_front();
        std::string uri = r.params["textDocument"]["uri"];
        auto analysis = fresh_analysis(uri, parser, lock);
        lock.unlock();
        answer(r, analysis.get(), parser);
        lock.lock();
        continue;
      }
      // The documents due for a conversion; else sleep until the next one is.
      auto now = Clock::now();
      std::optional<Clock::time_point> next;
      std::string due_uri;
      for (auto& [uri, d] : docs_) {
        if (!d.dirty) continue;
        if (d.due <= now) {
          due_uri = uri;
          break;
        }
        if (!next || d.due < *next) next = d.due;
      }
      if (!due_uri.empty()) {
        fresh_analysis(due_uri, parser, lock);
        continue;
      }
      if (next) {
        wake_.wait_until(lock, *next);
      } else {
        wake_.wait(lock);
      }
    }
  }

  // The analysis of the document's current text, converting it first when needed (the lock is
  // released meanwhile) and publishing its diagnostics. Null when the document is not open.
  std::shared_ptr<const Analysis> fresh_analysis(const std::string& uri, parse::PythonParser& parser,
                                                 std::unique_lock<std::mutex>& lock) {
    for (;;) {
      auto it = docs_.find(uri);
      if (it == docs_.end()) return nullptr;
      if (!it->second.dirty && it->second.analysis) return it->second.analysis;
      auto a = std::make_shared<Analysis>();
      a->text = it->second.text;
      a->version = it->second.version;
      lock.unlock();
      try {
        a->result = driver::convert_source(a->text, graph_, options_.convert, parser);
      } catch (const std::exception& e) {
        a->result = driver::SourceResult{};
        a->result.status = driver::FileStatus::kFailed;
        a->result.error = base::Diagnostic{base::Severity::kError, 0, 0, "internal", e.what()};
      }
      a->map = PositionMap(a->text);
      json diagnostics = diagnostics_of(*a);
      lock.lock();
      it = docs_.find(uri);
      if (it == docs_.end()) return nullptr;
      if (it->second.text != a->text) continue;  // changed meanwhile: again
      it->second.analysis = a;
      it->second.dirty = false;
      // Published under the lock, so a later analysis' diagnostics cannot overtake these.
      publish(uri, a->version, std::move(diagnostics));
      return a;
    }
  }

  void answer(const Request& r, const Analysis* a, parse::PythonParser& parser) {
    try {
      if (!a) {
        writer_.write(result_response(r.id, nullptr));
      } else if (r.method == "textDocument/hover") {
        writer_.write(result_response(r.id, hover(*a, r.params)));
      } else {
        writer_.write(result_response(r.id, code_actions(*a, r.params, parser)));
      }
    } catch (const std::exception& e) {
      writer_.write(error_response(r.id, kInternalError, e.what()));
    }
  }

  json hover(const Analysis& a, const json& params) {
    uint32_t at = a.map.offset(position_of(params.at("position")));
    const rules::ApiUse* best = nullptr;
    for (const auto& u : a.result.uses) {
      auto [begin, end] = use_range(a, u);
      if (begin <= at && at < end && (!best || end - begin < use_range(a, *best).second - use_range(a, *best).first)) {
        best = &u;
      }
    }
    if (!best) return nullptr;
    auto [begin, end] = use_range(a, *best);
    const kg::ApiRecord* record = graph_.find(best->torch_api);
    return {{"contents", {{"kind", "markdown"}, {"value", hover_markdown(*best, record)}}},
            {"range", range_json(a.map, begin, end)}};
  }

  json code_actions(const Analysis& a, const json& params, parse::PythonParser& parser) {
    const std::string uri = params["textDocument"]["uri"];
    const json context = params.value("context", json::object());
    json actions = json::array();
    const auto& range = params.at("range");
    uint32_t begin = a.map.offset(position_of(range.at("start")));
    uint32_t end = a.map.offset(position_of(range.at("end")));
    if (kind_wanted(context, "quickfix")) {
      std::set<int32_t> done;
      for (const auto& u : a.result.uses) {
        if (u.fix < 0 || done.count(u.fix)) continue;
        auto [ub, ue] = use_range(a, u);
        if (!(ub <= end && begin <= ue)) continue;  // the ranges do not meet
        driver::SingleFix f = driver::single_fix(a.text, a.result, static_cast<uint32_t>(u.fix), graph_, parser);
        if (!f.ok || f.edits.empty()) continue;
        done.insert(u.fix);
        std::string title = u.paddle_api.empty() ? "Convert " + u.torch_api + " to Paddle"
                                                 : "Convert " + u.torch_api + " to " + u.paddle_api;
        if (!f.imports_added.empty()) {
          title += " (add import";
          for (const auto& m : f.imports_added) title += " " + m;
          title += ")";
        }
        const bool safe = a.result.fixes[u.fix].applicability == rules::Applicability::kSafe;
        if (!safe) title += " (review)";
        actions.push_back({{"title", title},
                           {"kind", "quickfix"},
                           {"diagnostics", json::array({diagnostic_of(a, u)})},
                           {"isPreferred", safe},
                           {"edit", {{"changes", {{uri, text_edits(a, f.edits)}}}}}});
      }
    }
    if (kind_wanted(context, kFixAllKind) && !a.result.edits.empty() && a.result.status == driver::FileStatus::kConverted) {
      actions.push_back({{"title", "Convert the whole file to Paddle (torch2paddle)"},
                         {"kind", kFixAllKind},
                         {"edit", {{"changes", {{uri, text_edits(a, a.result.edits)}}}}}});
    }
    return actions;
  }

  const kg::KnowledgeGraph& graph_;
  const ServerOptions options_;
  MessageWriter writer_;
  bool initialized_ = false;  // reading thread only
  bool shutdown_ = false;
  bool exit_seen_ = false;

  std::mutex mutex_;  // guards what follows
  std::condition_variable wake_;
  std::map<std::string, Document> docs_;
  std::deque<Request> requests_;
  bool stopping_ = false;
};

}  // namespace

int run_server(const kg::KnowledgeGraph& graph, const ServerOptions& options, int in_fd, FILE* out) {
  Server server(graph, options, out);
  return server.run(in_fd);
}

}  // namespace t2p::lsp
