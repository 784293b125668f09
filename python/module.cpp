// python: the `torch2paddle` Python module (pybind11). A front end like cli/: it turns Python
// arguments into engine calls and the engine's results into Python objects; no conversion logic.
//
// Threads: the knowledge graph is opened once per process, on first use, and shared read-only
// (the engine's runner shares it between its workers the same way); each Python thread gets a
// parser of its own. Every conversion releases the GIL while the engine works.
#include <dlfcn.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "driver/repo_runner.h"
#include "driver/source_converter.h"
#include "emit/finding_text.h"
#include "emit/run_report.h"
#include "kg/knowledge_graph.h"
#include "parse/syntax_tree.h"
#include "rules/api_use.h"

#ifndef T2P_VERSION
#error "T2P_VERSION must be defined by the build"
#endif

namespace py = pybind11;
namespace fs = std::filesystem;
using namespace t2p;

namespace {

// --- the shared graph ----------------------------------------------------------------------------

// This module's own file (the .so), found from the address of a function in it.
fs::path module_file() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&module_file), &info) && info.dli_fname) return info.dli_fname;
  return {};
}

// Where the graph is: $T2P_KG_DB when set (as for the CLI); else kg.db next to the module (the
// build tree: build/torch2paddle*.so and build/kg.db); else <prefix>/share/torch2paddle/kg.db for
// the first parent <prefix> of the module's folder that has one (installed:
// <prefix>/lib/python3/dist-packages/torch2paddle*.so).
fs::path find_graph() {
  if (const char* env = std::getenv("T2P_KG_DB"); env && *env) return env;
  std::error_code ec;
  fs::path file = module_file();
  fs::path dir = fs::canonical(file, ec).parent_path();
  if (ec) dir = file.parent_path();
  if (fs::exists(dir / "kg.db" / "CURRENT")) return dir / "kg.db";
  for (fs::path p = dir; !p.empty(); p = p.parent_path()) {
    fs::path candidate = p / "share" / "torch2paddle" / "kg.db";
    if (fs::exists(candidate / "CURRENT")) return candidate;
    if (p == p.parent_path()) break;
  }
  return dir / "kg.db";  // absent: the error names where it was looked for first
}

std::mutex graph_mutex;
// Never closed: it lives as long as the process. Not a unique_ptr: closing RocksDB from a static
// destructor at exit races with RocksDB's own statics.
kg::KnowledgeGraph* graph_instance = nullptr;
fs::path graph_location;

struct GraphError {
  std::string path, message;
};

// The graph, opened on first use. Throws GraphError when it cannot be opened (a later call tries
// again). Called with the GIL held.
const kg::KnowledgeGraph& graph() {
  std::lock_guard<std::mutex> lock(graph_mutex);
  if (!graph_instance) {
    graph_location = find_graph();
    std::string error;
    graph_instance = kg::KnowledgeGraph::open(graph_location, &error).release();
    if (!graph_instance) throw GraphError{graph_location.string(), error.empty() ? "cannot open the knowledge graph" : error};
  }
  return *graph_instance;
}

// One parser per thread (a parser is not shared; a thread reuses its own across calls).
parse::PythonParser& thread_parser() {
  thread_local parse::PythonParser parser;
  return parser;
}

// --- results as Python objects ---------------------------------------------------------------------

struct PyEdit {
  uint32_t offset = 0, length = 0;
  std::string text;
};

struct PyFinding {
  std::string rule;        // convert:/review:/unsupported: + torch API (rules::rule_id)
  uint32_t line = 0, column = 0, end_line = 0, end_column = 0;  // 1-based, columns in bytes
  uint32_t column16 = 0, end_column16 = 0;                      // columns in UTF-16 code units
  uint32_t offset = 0, end_offset = 0;                          // byte offsets
  uint32_t cell = 0;       // in a notebook: the 1-based cell `line` and the columns are in; else 0
  std::string severity;    // note, warning, error (emit::level_of)
  std::string message;
  std::string torch_api, paddle_api;
  std::string status;      // converted, unsupported, needs_review
  std::string applicability;  // safe, review, none
  std::string source;      // the entry that decided ("kg:torch.zeros", "classifier", ...)
  std::string reason;
  bool applied = false;
  std::optional<std::vector<PyEdit>> fix;  // None: reported only
};

struct PyError {
  std::string path, code, message;
  uint32_t line = 0, column = 0;
};

struct PyResult {
  std::string path;
  std::string status;  // converted, unchanged, failed
  py::object code;     // str (bytes when given bytes)
  std::vector<PyFinding> findings;
  std::optional<PyError> error;
  uint32_t lines = 0;
  std::string min_paddle;
};

struct PyFileResult {
  std::string path;
  std::string status;
  bool python = true;
  std::vector<PyFinding> findings;
  std::optional<PyError> error;
  uint32_t lines = 0;
  std::string min_paddle;
};

std::vector<PyFinding> findings_of(const std::vector<rules::ApiUse>& uses, const std::vector<base::Edit>& edits,
                                   const std::vector<rules::Fix>& fixes) {
  std::vector<PyFinding> out;
  out.reserve(uses.size());
  for (const auto& u : uses) {
    PyFinding f;
    f.rule = rules::rule_id(u);
    f.line = u.line;
    f.column = u.column;
    f.end_line = u.end_line;
    f.end_column = u.end_column;
    f.column16 = u.column16;
    f.end_column16 = u.end_column16;
    f.offset = u.offset;
    f.end_offset = u.end;
    f.cell = u.cell;
    f.severity = emit::level_name(emit::level_of(u));
    f.message = rules::finding_message(u);
    f.torch_api = u.torch_api;
    // As the JSON report: a Paddle API only where the output holds it.
    if (u.status == rules::UseStatus::kConverted || u.applied) f.paddle_api = u.paddle_api;
    f.status = rules::to_string(u.status);
    f.applicability = rules::to_string(u.applicability);
    f.source = u.rule;
    f.reason = u.reason;
    f.applied = u.applied;
    if (u.fix >= 0 && static_cast<size_t>(u.fix) < fixes.size()) {
      std::vector<PyEdit> fix_edits;
      for (uint32_t i : fixes[u.fix].edits) {
        if (i >= edits.size()) continue;
        const base::Edit& e = edits[i];
        fix_edits.push_back({e.begin, e.end - e.begin, e.text});
      }
      f.fix = std::move(fix_edits);
    }
    out.push_back(std::move(f));
  }
  return out;
}

std::optional<PyError> error_of(const std::optional<base::Diagnostic>& d, const std::string& path) {
  if (!d) return std::nullopt;
  return PyError{path, d->code, d->message, d->line, d->column};
}

// torch2paddle.ConversionError: a handle (the module holds the reference), so nothing decrefs it
// after the interpreter is gone.
py::handle conversion_error_type;

// Raises torch2paddle.ConversionError(message) with .path, .line, .column, .code, .reason set.
[[noreturn]] void raise_conversion_error(const PyError& e) {
  std::string where = e.path;
  if (e.line) where += ":" + std::to_string(e.line) + ":" + std::to_string(e.column);
  py::object exc = conversion_error_type(where + ": " + e.message + (e.code.empty() ? "" : " [" + e.code + "]"));
  exc.attr("path") = e.path;
  exc.attr("line") = e.line ? py::object(py::int_(e.line)) : py::object(py::none());
  exc.attr("column") = e.line ? py::object(py::int_(e.column)) : py::object(py::none());
  exc.attr("code") = e.code;
  exc.attr("reason") = e.message;
  PyErr_SetObject(conversion_error_type.ptr(), exc.ptr());
  throw py::error_already_set();
}

const kg::KnowledgeGraph& graph_or_raise() {
  try {
    return graph();
  } catch (const GraphError& e) {
    raise_conversion_error({e.path, "graph-error", e.message, 0, 0});
  }
}

// The text of a str or bytes argument; `*was_bytes` tells which.
std::string text_of(const py::handle& text, bool* was_bytes) {
  if (py::isinstance<py::bytes>(text)) {
    *was_bytes = true;
    return text.cast<std::string>();
  }
  if (py::isinstance<py::str>(text)) {
    *was_bytes = false;
    return text.cast<std::string>();  // UTF-8; a lone surrogate raises UnicodeEncodeError
  }
  throw py::type_error("text must be str or bytes, not " + std::string(py::str(py::type::of(text).attr("__name__"))));
}

PyResult run_source(const py::object& text, const std::string& path, bool aggressive, bool strict) {
  bool was_bytes = false;
  std::string source = text_of(text, &was_bytes);
  const kg::KnowledgeGraph& g = graph_or_raise();
  driver::SourceResult r;
  {
    py::gil_scoped_release release;
    rules::ConvertOptions options;
    options.aggressive = aggressive;
    r = driver::convert_source(source, g, options, thread_parser());
  }
  PyResult out;
  out.path = path;
  out.status = emit::to_string(r.status);
  out.error = error_of(r.error, path);
  if (strict && out.error) raise_conversion_error(*out.error);
  out.findings = findings_of(r.uses, r.edits, r.fixes);
  out.lines = r.lines;
  out.min_paddle = r.min_paddle;
  if (was_bytes) {
    out.code = py::bytes(r.output);
  } else {
    // A str input is valid UTF-8, and so is every output of it.
    out.code = py::str(r.output);
  }
  return out;
}

py::dict summary_dict(const emit::RunSummary& s) {
  py::dict d;  // the keys and order of the JSON report's "summary" (docs/report.md)
  d["files"] = s.files;
  d["files_converted"] = s.files_converted;
  d["files_unchanged"] = s.files_unchanged;
  d["files_failed"] = s.files_failed;
  d["files_copied"] = s.files_copied;
  d["copies_failed"] = s.copies_failed;
  d["lines"] = s.lines;
  d["api_uses"] = s.api_uses;
  d["converted"] = s.converted;
  d["unsupported"] = s.unsupported;
  d["needs_review"] = s.needs_review;
  d["convert_rate"] = std::round(s.convert_rate() * 10000.0) / 10000.0;
  if (!s.min_paddle.empty()) d["min_paddle"] = s.min_paddle;
  return d;
}

py::dict run_path(const fs::path& input, const std::optional<fs::path>& output, unsigned jobs,
                  const std::vector<std::string>& exclude, bool aggressive, bool in_place,
                  const std::string& backup, bool force, bool check) {
  driver::RunOptions options;
  options.input = input;
  if (output) options.output = *output;
  if (!output && !in_place && !check) {
    raise_conversion_error({input.string(), "usage", "an output path is needed (or in_place=True, or check=True)", 0, 0});
  }
  options.excludes = exclude;
  options.jobs = jobs;
  options.in_place = in_place;
  options.backup_suffix = backup;
  options.force = force;
  options.check = check;
  options.keep_fixes = true;
  options.convert.aggressive = aggressive;
  const kg::KnowledgeGraph& g = graph_or_raise();
  emit::RunReport report;
  std::string error;
  bool ok;
  {
    py::gil_scoped_release release;
    ok = driver::run_conversion(options, g, &report, &error);
  }
  if (!ok) {
    // The engine's words are the CLI's: name the keyword argument instead of the flag.
    for (size_t at; (at = error.find("--force")) != std::string::npos;) error.replace(at, 7, "force=True");
    raise_conversion_error({input.string(), "usage", error, 0, 0});
  }
  py::list files;
  for (auto& f : report.files) {
    // The JSON report's files: the Python files, and the other files that could not be copied.
    if (!f.python && f.status != emit::FileStatus::kFailed) continue;
    PyFileResult r;
    r.path = f.path;
    r.status = emit::to_string(f.status);
    r.python = f.python;
    r.findings = findings_of(f.uses, f.edits, f.fixes);
    r.error = error_of(f.error, f.path);
    r.lines = f.lines;
    r.min_paddle = f.min_paddle;
    files.append(py::cast(std::move(r)));
  }
  py::dict out;
  out["summary"] = summary_dict(report.summary);
  out["files"] = files;
  out["notices"] = py::cast(report.notices);
  out["seconds"] = report.seconds;
  return out;
}

std::string finding_repr(const PyFinding& f) {
  return "<Finding " + f.rule + " at " + std::to_string(f.line) + ":" + std::to_string(f.column) + " " + f.severity + ">";
}

}  // namespace

PYBIND11_MODULE(torch2paddle, m) {
  m.doc() =
      "torch2paddle: convert PyTorch code to PaddlePaddle (the engine of the `torch2paddle` command).\n\n"
      "convert_source(text, path='<string>', aggressive=False, strict=False) -> Result\n"
      "check_source(text, path='<string>', aggressive=False, strict=False) -> list[Finding]\n"
      "convert_path(input, output=None, jobs=0, exclude=(), ...) -> dict (summary, files, notices)\n"
      "See docs/python.md.";
  m.attr("__version__") = T2P_VERSION;

  conversion_error_type = py::handle(
      PyErr_NewExceptionWithDoc("torch2paddle.ConversionError",
                                "A file or text could not be converted, or a run could not start. "
                                "Attributes: path, line, column (None for the whole file), code, reason.",
                                PyExc_Exception, nullptr));
  if (!conversion_error_type) throw py::error_already_set();
  m.attr("ConversionError") = py::reinterpret_steal<py::object>(conversion_error_type);

  py::class_<PyEdit>(m, "Edit", "One edit of a fix: replace `length` bytes at byte `offset` of the input with `text`.")
      .def_readonly("offset", &PyEdit::offset)
      .def_readonly("length", &PyEdit::length)
      .def_readonly("text", &PyEdit::text)
      .def("__repr__", [](const PyEdit& e) {
        return "<Edit offset=" + std::to_string(e.offset) + " length=" + std::to_string(e.length) + " text=" +
               std::string(py::repr(py::str(e.text))) + ">";
      });

  py::class_<PyFinding>(m, "Finding", "One PyTorch use and what became of it (a row of the JSON report's uses).")
      .def_readonly("rule", &PyFinding::rule, "stable id: convert:, review: or unsupported: + the PyTorch API")
      .def_readonly("line", &PyFinding::line, "1-based")
      .def_readonly("column", &PyFinding::column, "1-based, in bytes")
      .def_readonly("end_line", &PyFinding::end_line)
      .def_readonly("end_column", &PyFinding::end_column)
      .def_property_readonly("end", [](const PyFinding& f) { return py::make_tuple(f.end_line, f.end_column); },
                             "(end_line, end_column)")
      .def_readonly("column16", &PyFinding::column16, "1-based, in UTF-16 code units")
      .def_readonly("end_column16", &PyFinding::end_column16)
      .def_readonly("cell", &PyFinding::cell, "in a notebook: the 1-based cell that line and columns are in; else 0")
      .def_readonly("offset", &PyFinding::offset, "byte offset of the use's text")
      .def_readonly("end_offset", &PyFinding::end_offset)
      .def_readonly("severity", &PyFinding::severity, "note (converted), warning (review), error (unsupported)")
      .def_readonly("message", &PyFinding::message)
      .def_readonly("torch_api", &PyFinding::torch_api)
      .def_readonly("paddle_api", &PyFinding::paddle_api, "empty unless the output holds the Paddle form")
      .def_readonly("status", &PyFinding::status, "converted, unsupported or needs_review")
      .def_readonly("applicability", &PyFinding::applicability, "safe, review or none")
      .def_readonly("source", &PyFinding::source, "the entry that decided (\"kg:torch.zeros\", ...)")
      .def_readonly("reason", &PyFinding::reason)
      .def_readonly("applied", &PyFinding::applied)
      .def_readonly("fix", &PyFinding::fix, "list of Edit (offsets into the input), or None: reported only")
      .def("__repr__", &finding_repr);

  py::class_<PyError>(m, "Error", "Why a file was not converted (the CLI's per-file error).")
      .def_readonly("path", &PyError::path)
      .def_readonly("code", &PyError::code, "syntax-error, invalid-utf8, binary, ...")
      .def_readonly("message", &PyError::message)
      .def_property_readonly("reason", [](const PyError& e) { return e.message; })
      .def_property_readonly("line", [](const PyError& e) { return e.line ? py::object(py::int_(e.line)) : py::object(py::none()); })
      .def_property_readonly("column", [](const PyError& e) { return e.line ? py::object(py::int_(e.column)) : py::object(py::none()); })
      .def("__repr__", [](const PyError& e) {
        return "<Error " + e.path + (e.line ? ":" + std::to_string(e.line) + ":" + std::to_string(e.column) : "") + ": " +
               e.message + " [" + e.code + "]>";
      });

  py::class_<PyResult>(m, "Result", "The outcome of convert_source.")
      .def_readonly("path", &PyResult::path)
      .def_readonly("status", &PyResult::status, "converted, unchanged or failed")
      .def_readonly("code", &PyResult::code, "the converted text (the input unchanged when failed)")
      .def_readonly("findings", &PyResult::findings)
      .def_readonly("error", &PyResult::error, "an Error when status is 'failed', else None")
      .def_readonly("lines", &PyResult::lines)
      .def_readonly("min_paddle", &PyResult::min_paddle)
      .def_property_readonly("changed", [](const PyResult& r) { return r.status == "converted"; })
      .def("__repr__", [](const PyResult& r) {
        return "<Result " + r.path + " " + r.status + ", " + std::to_string(r.findings.size()) + " findings>";
      });

  py::class_<PyFileResult>(m, "FileResult", "One file of convert_path (a file entry of the JSON report).")
      .def_readonly("path", &PyFileResult::path, "relative to the input, '/'-separated")
      .def_readonly("status", &PyFileResult::status)
      .def_readonly("python", &PyFileResult::python, "False for files copied as they are")
      .def_readonly("findings", &PyFileResult::findings)
      .def_readonly("error", &PyFileResult::error)
      .def_readonly("lines", &PyFileResult::lines)
      .def_readonly("min_paddle", &PyFileResult::min_paddle)
      .def_property_readonly("changed", [](const PyFileResult& r) { return r.status == "converted"; })
      .def("__repr__", [](const PyFileResult& r) { return "<FileResult " + r.path + " " + r.status + ">"; });

  m.def("convert_source", &run_source, py::arg("text"), py::arg("path") = "<string>", py::kw_only(),
        py::arg("aggressive") = false, py::arg("strict") = false,
        "Converts one Python source text (str or bytes; `code` is of the same type). Bad input (a syntax "
        "error, invalid UTF-8, ...) gives status 'failed', the input unchanged as `code` and `error` set, as "
        "the CLI reports a file and goes on; strict=True raises ConversionError instead. `path` only names the "
        "text in errors.");
  m.def(
      "check_source",
      [](const py::object& text, const std::string& path, bool aggressive, bool strict) {
        return run_source(text, path, aggressive, strict).findings;
      },
      py::arg("text"), py::arg("path") = "<string>", py::kw_only(), py::arg("aggressive") = false,
      py::arg("strict") = false, "The findings convert_source would give, nothing else (like `torch2paddle check`).");
  m.def("convert_path", &run_path, py::arg("input"), py::arg("output") = py::none(), py::kw_only(),
        py::arg("jobs") = 0u, py::arg("exclude") = std::vector<std::string>{}, py::arg("aggressive") = false,
        py::arg("in_place") = false, py::arg("backup") = "", py::arg("force") = false, py::arg("check") = false,
        "Converts a .py file or a directory tree into `output`, as `torch2paddle convert INPUT -o OUTPUT` does "
        "(jobs=0: all cores; exclude: globs). check=True writes nothing. Returns {'summary': {...}, "
        "'files': [FileResult] (the JSON report's files), 'notices': [...], 'seconds': float}; the summary has the JSON report's keys. "
        "Releases the GIL while it works. Raises ConversionError when the run cannot start (missing input, "
        "output inside the input, ...); problems with single files are in their FileResult.");
  m.def(
      "graph_path",
      []() {
        graph_or_raise();
        return graph_location;
      },
      "Where the knowledge graph was opened from (opens it if needed).");
}
