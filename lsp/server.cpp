#include "server.h"

#include <cctype>
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

#include "driver/cell_module.h"
#include "driver/project_packages.h"
#include "driver/single_fix.h"
#include "driver/source_converter.h"
#include "kg/api_record.h"
#include "parse/syntax_tree.h"
#include "analysis.h"
#include "hover_text.h"
#include "notebook_sync.h"
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

struct Document {
  std::string text;        // empty for a notebook: its cells are in `notebook`
  int64_t version = 0;
  uint64_t revision = 0;   // new whenever the text or the cells change (Server::next_revision_)
  bool dirty = true;       // the text or cells differ from what analysis was made of
  Clock::time_point due;   // when to convert it
  std::shared_ptr<const Analysis> analysis;
  std::shared_ptr<NotebookState> notebook;  // set for a notebook document
  // The roots converted for it when its project has packages named like a converted library
  // (driver/project_packages.h); null: the graph's.
  std::shared_ptr<const kg::ConvertedRoots> roots;
};

// The local path of a `file://` URI (percent-decoded), or empty for another scheme.
std::string path_of_uri(std::string_view uri) {
  auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
  constexpr std::string_view kScheme = "file://";
  if (uri.substr(0, kScheme.size()) != kScheme) return {};
  uri.remove_prefix(kScheme.size());
  std::string out;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && hex(uri[i + 1]) && hex(uri[i + 2])) {
      out += static_cast<char>(std::stoi(std::string(uri.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}


// The Python cells of a notebook, in order, with their texts.
std::vector<std::pair<std::string, std::string>> code_cells_of(const NotebookState& n) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const NotebookCellRef* c : n.code_cells()) out.emplace_back(c->uri, n.texts.at(c->uri));
  return out;
}

driver::CellModule join(const std::vector<std::pair<std::string, std::string>>& cells) {
  std::vector<std::string_view> texts;
  for (const auto& c : cells) texts.push_back(c.second);
  return driver::join_cells(texts);
}


json error_response(const json& id, int code, const std::string& message) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}
Position position_of(const json& p) {
  return {p.at("line").get<uint32_t>(), p.at("character").get<uint32_t>()};
}
json result_response(const json& id, json result) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
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
          // Notebooks are synchronised whole, so that a cell knows the imports of the cells above.
          {"notebookDocumentSync",
           {{"notebookSelector", json::array({{{"notebook", {{"notebookType", "jupyter-notebook"}}},
                                               {"cells", json::array({{{"language", "python"}}})}}})}}},
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
      auto roots = roots_of(uri);
      std::lock_guard lock(mutex_);
      Document& d = docs_[uri];
      d = Document{};
      d.roots = std::move(roots);
      d.text = td.at("text").get<std::string>();
      d.version = td.value("version", int64_t{0});
      d.revision = ++next_revision_;
      d.due = Clock::now();
    } else if (method == "textDocument/didChange") {
      std::string uri = params.at("textDocument").at("uri");
      std::lock_guard lock(mutex_);
      auto it = docs_.find(uri);
      if (it == docs_.end() || it->second.notebook) return;
      Document& d = it->second;
      apply_content_changes(&d.text, params.at("contentChanges"));
      d.version = params["textDocument"].value("version", d.version + 1);
      d.revision = ++next_revision_;
      d.dirty = true;
      d.due = Clock::now() + std::chrono::milliseconds(options_.debounce_ms);
    } else if (method == "notebookDocument/didOpen") {
      const auto& nb = params.at("notebookDocument");
      std::string uri = nb.at("uri");
      auto state = std::make_shared<NotebookState>(open_notebook(params));
      auto roots = roots_of(uri);
      std::lock_guard lock(mutex_);
      Document& d = docs_[uri];
      d = Document{};
      d.notebook = std::move(state);
      d.roots = std::move(roots);
      d.version = nb.value("version", int64_t{0});
      d.revision = ++next_revision_;
      d.due = Clock::now();
      for (const auto& [cell, text] : d.notebook->texts) cell_owner_[cell] = uri;
    } else if (method == "notebookDocument/didChange") {
      std::string uri = params.at("notebookDocument").at("uri");
      std::vector<std::string> gone;
      {
        std::lock_guard lock(mutex_);
        auto it = docs_.find(uri);
        if (it == docs_.end() || !it->second.notebook) return;
        Document& d = it->second;
        gone = change_notebook(d.notebook.get(), params);
        for (const auto& cell : gone) cell_owner_.erase(cell);
        for (const auto& [cell, text] : d.notebook->texts) cell_owner_[cell] = uri;
        d.version = params["notebookDocument"].value("version", d.version + 1);
        d.revision = ++next_revision_;
        d.dirty = true;
        d.due = Clock::now() + std::chrono::milliseconds(options_.debounce_ms);
      }
      for (const auto& cell : gone) publish(cell, std::nullopt, json::array());
    } else if (method == "notebookDocument/didClose") {
      std::string uri = params.at("notebookDocument").at("uri");
      std::vector<std::string> cells;
      {
        std::lock_guard lock(mutex_);
        auto it = docs_.find(uri);
        if (it == docs_.end() || !it->second.notebook) return;
        for (const auto& [cell, text] : it->second.notebook->texts) cells.push_back(cell);
        for (const auto& cell : cells) cell_owner_.erase(cell);
        docs_.erase(it);
      }
      for (const auto& cell : cells) publish(cell, std::nullopt, json::array());
    } else if (method == "textDocument/didSave") {
      std::string uri = params.at("textDocument").at("uri");
      std::lock_guard lock(mutex_);
      auto it = docs_.find(uri);
      if (it == docs_.end()) return;
      if (params.contains("text") && params["text"].is_string() && !it->second.notebook) {
        it->second.text = params["text"];
        it->second.revision = ++next_revision_;
        it->second.dirty = true;
      }
      if (it->second.dirty) it->second.due = Clock::now();
    } else if (method == "textDocument/didClose") {
      std::string uri = params.at("textDocument").at("uri");
      {
        std::lock_guard lock(mutex_);
        auto it = docs_.find(uri);
        if (it == docs_.end() || it->second.notebook) return;
        docs_.erase(it);
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
        if (auto owner = cell_owner_.find(uri); owner != cell_owner_.end()) uri = owner->second;
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
      a->version = it->second.version;
      a->roots = it->second.roots;
      const uint64_t revision = it->second.revision;
      std::vector<std::pair<std::string, std::string>> cells;
      if (it->second.notebook) {
        cells = code_cells_of(*it->second.notebook);
      } else {
        a->text = it->second.text;
      }
      const bool notebook = it->second.notebook != nullptr;
      lock.unlock();
      if (notebook) {
        a->module = join(cells);
        a->text = a->module.text;
        a->cells.reserve(cells.size());
        for (size_t k = 0; k < cells.size(); ++k) {
          a->cells.push_back({std::move(cells[k].first), std::move(cells[k].second), a->module.starts[k], {}});
        }
        for (auto& c : a->cells) c.map = PositionMap(c.text);  // the strings no longer move
      }
      convert(a.get(), parser);
      a->map = PositionMap(a->text);
      auto diagnostics = diagnostics_of(*a, uri);
      lock.lock();
      it = docs_.find(uri);
      if (it == docs_.end()) return nullptr;
      if (it->second.revision != revision) continue;  // changed meanwhile: again
      it->second.analysis = a;
      it->second.dirty = false;
      // Published under the lock, so a later analysis' diagnostics cannot overtake these.
      for (auto& [target, list] : diagnostics) {
        publish(target, notebook ? std::nullopt : std::optional<int64_t>(a->version), std::move(list));
      }
      return a;
    }
  }

  // The roots converted in the document's project (driver/project_packages.h): null for the graph's.
  std::shared_ptr<const kg::ConvertedRoots> roots_of(const std::string& uri) const {
    std::string path = path_of_uri(uri);
    if (path.empty()) return nullptr;
    return driver::ProjectRoots(path, graph_.converted_roots()).for_file(path);
  }

  // Converts the analysis' text: a notebook as `convert` does a `.ipynb` (each cell must parse on
  // its own, as Jupyter runs it alone; the error then carries the cell).
  void convert(Analysis* a, parse::PythonParser& parser) {
    try {
      if (!a->cells.empty()) {
        if (auto bad = driver::first_cell_error(a->module, parser)) {
          a->result.status = driver::FileStatus::kFailed;
          a->result.error = std::move(bad->second);
          a->result.error->cell = static_cast<uint32_t>(bad->first + 1);
          return;
        }
      }
      rules::ConvertOptions options = options_.convert;
      if (a->roots) options.roots = a->roots;
      a->result = driver::convert_source(a->text, graph_, options, parser);
      if (!a->cells.empty() && a->result.error && a->result.error->line > 0) {
        // A line of the joined module: to the cell and the line in it.
        PositionMap module(a->text);
        const uint32_t at = module.offset({a->result.error->line - 1, 0});
        const size_t k = a->module.cell_at(at);
        a->result.error->cell = static_cast<uint32_t>(k + 1);
        a->result.error->line = a->cells[k].map.position(at - a->cells[k].base).line + 1;
      }
    } catch (const std::exception& e) {
      a->result = driver::SourceResult{};
      a->result.status = driver::FileStatus::kFailed;
      a->result.error = base::Diagnostic{base::Severity::kError, 0, 0, "internal", e.what()};
    }
  }

  // The view of the request's document in `a`: the whole text, or the cell `uri` names.
  static std::optional<View> view_of(const Analysis& a, const std::string& uri) {
    if (a.cells.empty()) return whole(a);
    for (const auto& c : a.cells) {
      if (c.uri == uri) return cell_view(c);
    }
    return std::nullopt;
  }

  void answer(const Request& r, const Analysis* a, parse::PythonParser& parser) {
    try {
      const std::string uri = r.params["textDocument"]["uri"];
      std::optional<View> view = a ? view_of(*a, uri) : std::nullopt;
      if (!view) {
        writer_.write(result_response(r.id, nullptr));
      } else if (r.method == "textDocument/hover") {
        writer_.write(result_response(r.id, hover(*a, *view, r.params)));
      } else {
        writer_.write(result_response(r.id, code_actions(*a, *view, r.params, parser)));
      }
    } catch (const std::exception& e) {
      writer_.write(error_response(r.id, kInternalError, e.what()));
    }
  }

  json hover(const Analysis& a, const View& v, const json& params) {
    uint32_t at = v.map->offset(position_of(params.at("position")));
    const rules::ApiUse* best = nullptr;
    uint32_t best_size = 0;
    for (const auto& u : a.result.uses) {
      if (!v.holds(u.offset)) continue;
      auto [begin, end] = use_range(v, u);
      if (begin <= at && at < end && (!best || end - begin < best_size)) {
        best = &u;
        best_size = end - begin;
      }
    }
    if (!best) return nullptr;
    auto [begin, end] = use_range(v, *best);
    const kg::ApiRecord* record = graph_.find(best->torch_api);
    return {{"contents", {{"kind", "markdown"}, {"value", hover_markdown(*best, record)}}},
            {"range", range_json(*v.map, begin, end)}};
  }

  json code_actions(const Analysis& a, const View& v, const json& params, parse::PythonParser& parser) {
    const std::string uri = params["textDocument"]["uri"];
    const json context = params.value("context", json::object());
    json actions = json::array();
    const auto& range = params.at("range");
    uint32_t begin = v.map->offset(position_of(range.at("start")));
    uint32_t end = v.map->offset(position_of(range.at("end")));
    if (kind_wanted(context, "quickfix")) {
      std::set<int32_t> done;
      for (const auto& u : a.result.uses) {
        if (u.fix < 0 || done.count(u.fix) || !v.holds(u.offset)) continue;
        auto [ub, ue] = use_range(v, u);
        if (!(ub <= end && begin <= ue)) continue;  // the ranges do not meet
        driver::SingleFix f = driver::single_fix(a.text, a.result, static_cast<uint32_t>(u.fix), graph_, parser);
        if (!f.ok || f.edits.empty()) continue;
        json changes = workspace_changes(a, uri, f.edits);
        if (changes.is_null()) continue;
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
                           {"diagnostics", json::array({diagnostic_of(a, v, u)})},
                           {"isPreferred", safe},
                           {"edit", {{"changes", std::move(changes)}}}});
      }
    }
    if (kind_wanted(context, kFixAllKind) && !a.result.edits.empty() && a.result.status == driver::FileStatus::kConverted) {
      json changes = workspace_changes(a, uri, a.result.edits);
      if (!changes.is_null()) {
        actions.push_back({{"title", a.cells.empty() ? "Convert the whole file to Paddle (torch2paddle)"
                                                      : "Convert the whole notebook to Paddle (torch2paddle)"},
                           {"kind", kFixAllKind},
                           {"edit", {{"changes", std::move(changes)}}}});
      }
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
  std::map<std::string, std::string> cell_owner_;  // a notebook cell's URI -> its notebook's
  uint64_t next_revision_ = 0;
  std::deque<Request> requests_;
  bool stopping_ = false;
};

}  // namespace

int run_server(const kg::KnowledgeGraph& graph, const ServerOptions& options, int in_fd, FILE* out) {
  Server server(graph, options, out);
  return server.run(in_fd);
}

}  // namespace t2p::lsp
