// cli: the `torch2paddle` command: parses arguments and calls the engine. No logic of its own.
#include <CLI/CLI.hpp>

#include <chrono>
#include <csignal>
#include <fstream>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>

#include "conformance/conformance.h"
#include "driver/repo_runner.h"
#include "graph/doc_importer.h"
#include "graph/graph_compiler.h"
#include "kg/knowledge_graph.h"
#include "graph/reference_importer.h"
#include "kg_commands.h"
#include "lsp/server.h"
#include "python_commands.h"
#include "run_commands.h"
#include "runtime_dir.h"

namespace fs = std::filesystem;
using namespace t2p;

namespace {

std::unique_ptr<kg::KnowledgeGraph> open_graph(const std::string& path, const char* argv0) {
  fs::path db = path.empty() ? kg::default_graph_path(fs::path(argv0).is_absolute() ? fs::path(argv0) : fs::path("/proc/self/exe")) : fs::path(path);
  std::string error;
  auto graph = kg::KnowledgeGraph::open(db, &error);
  if (!graph) std::cerr << "torch2paddle: " << error << "\n";
  return graph;
}

int cmd_kg_compile(const std::string& root, const std::string& out) {
  kg::CompiledGraph g = kg::load_graph_sources(root);
  if (!g.errors.empty()) {
    for (const auto& e : g.errors) std::cerr << e << "\n";
    std::cerr << "torch2paddle kg compile: " << g.errors.size() << " invalid entries\n";
    return 1;
  }
  std::string err = kg::write_graph_db(g, out);
  if (!err.empty()) {
    std::cerr << "torch2paddle kg compile: " << err << "\n";
    return 1;
  }
  std::cerr << "knowledge graph: " << g.stats.records << " torch records, " << g.paddle_nodes.size()
            << " paddle nodes, " << g.stats.aliases << " aliases -> " << out << "\n";
  return 0;
}

int cmd_kg_import(const std::string& docs, const std::string& out) {
  kg::DocImportReport r = kg::import_mapping_docs(docs, out);
  for (const auto& p : r.problems) std::cerr << "could not parse: " << p << "\n";
  std::cerr << "read " << r.files_read << " docs, imported " << r.files_imported << "; " << r.torch_nodes
            << " torch nodes, " << r.paddle_nodes << " paddle nodes, " << r.edges << " edges, "
            << r.aliases << " aliases, " << r.not_implemented << " not implemented; "
            << r.problems.size() << " problems\n";
  return r.files_read > 0 ? 0 : 1;
}

int cmd_kg_import_reference(const std::string& reference, const std::string& out) {
  kg::ReferenceImportReport r = kg::import_api_reference(reference, out);
  for (const auto& p : r.problems) std::cerr << "note: " << p << "\n";
  std::cerr << "read " << r.files_read << " reference pages; " << r.apis << " APIs, " << r.methods << " methods, "
            << r.members << " members without a signature; " << r.params << " parameters, " << r.typed_params << " with a type, "
            << r.tensor_only << " Tensor-only; " << r.problems.size() << " notes -> " << out << "\n";
  return r.files_read > 0 ? 0 : 1;
}

int cmd_kg_query(const std::string& name, const std::string& kg_path, const char* argv0, const std::string& golden) {
  auto graph = open_graph(kg_path, argv0);
  if (!graph) return 1;
  std::string canonical(graph->canonical(name));
  std::string raw = graph->raw("api:" + canonical);
  std::string paddle_raw = graph->raw("paddle:" + name);
  std::string surface_raw = graph->raw("surface:" + name);
  if (raw.empty() && paddle_raw.empty() && surface_raw.empty()) {
    std::cerr << "torch2paddle: " << name << " is not in the knowledge graph\n";
    return 1;
  }
  if (!raw.empty()) {
    auto j = nlohmann::json::parse(raw);
    if (canonical != name) j["alias_of"] = canonical;
    std::cout << j.dump(2) << "\n";
    cli::print_story(*graph, canonical, j, golden, std::cout);
  } else if (!surface_raw.empty()) {
    // A Paddle API: its signature and parameter types as Paddle's API reference documents them.
    auto s = nlohmann::json::parse(surface_raw);
    std::cout << name << "(";
    const auto& params = s.value("params", nlohmann::json::array());
    for (size_t i = 0; i < params.size(); ++i) std::cout << (i ? ", " : "") << params[i].get<std::string>();
    std::cout << (s.contains("params") ? ")" : "...)  (signature not documented)") << "\n";
    std::cout << "  kind: " << s.value("kind", std::string()) << "\n";
    if (s.contains("types")) {
      std::cout << "  parameter types:\n";
      for (const auto& p : params) {  // in signature order
        std::string n = p.get<std::string>();
        n = n.substr(0, n.find('='));
        n.erase(0, n.find_first_not_of('*'));
        if (auto t = s["types"].find(n); t != s["types"].end()) std::cout << "    " << n << ": " << t->get<std::string>() << "\n";
      }
    }
    if (s.contains("tensor_only")) {
      std::cout << "  Tensor only (a Python number is wrapped in paddle.to_tensor):";
      for (const auto& t : s["tensor_only"]) std::cout << " " << t.get<std::string>();
      std::cout << "\n";
    }
    if (s.contains("types_from")) std::cout << "  types from: " << s["types_from"].get<std::string>() << "\n";
    std::cout << "  source: " << s.value("source", std::string()) << "\n";
    if (s.contains("reason")) std::cout << "  added by hand: " << s["reason"].get<std::string>() << "\n";
    if (!paddle_raw.empty()) std::cout << "mapping docs node: " << paddle_raw << "\n";
  } else {
    std::cout << nlohmann::json::parse(paddle_raw).dump(2) << "\n";
  }
  return 0;
}

int cmd_kg_stats(const std::string& kg_path, const char* argv0) {
  auto graph = open_graph(kg_path, argv0);
  if (!graph) return 1;
  auto j = nlohmann::json::parse(graph->raw("meta:stats"));
  int mapped = 0;
  for (auto& [fam, n] : j["mapped_per_family"].items()) mapped += n.get<int>();
  std::cout << "nodes per family:\n";
  for (auto& [fam, n] : j["nodes_per_family"].items()) std::cout << "  " << fam << ": " << n << "\n";
  std::cout << "APIs with a working conversion, per family:\n";
  for (auto& [fam, n] : j["mapped_per_family"].items()) std::cout << "  " << fam << ": " << n << "\n";
  std::cout << "  total: " << mapped << "\n";
  std::cout << "per category:\n";
  for (auto& [cat, n] : j["mapped_per_category"].items()) std::cout << "  " << cat << ": " << n << "\n";
  std::cout << "aliases: " << j["aliases"] << "\nnot implemented in Paddle: " << j["not_implemented"]
            << "\ncurations (mappings/): " << j["curations"] << "\nrules (rules/): " << j["rules"] << "\n";
  if (j.contains("paddle_surface")) {
    std::cout << "Paddle API surface (knowledge_graph/paddle/ + mappings/paddle_surface.jsonl): " << j["paddle_surface"] << "\n";
  }
  std::cout << "converted import roots:";
  for (const auto& r : graph->converted_roots().roots()) std::cout << " " << r;
  std::cout << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Under a file-size limit (`ulimit -f`, a quota-like cap) a write past it fails with EFBIG and
  // is reported for that file, instead of SIGXFSZ killing the whole run half-way.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"torch2paddle: convert PyTorch code to PaddlePaddle, keeping every comment and byte you wrote"};
  app.set_version_flag("--version", std::string("torch2paddle ") + T2P_VERSION);
  app.require_subcommand(1);
  std::string kg_path;
  app.add_option("--kg", kg_path, "compiled knowledge graph (default: kg.db next to the binary)");

  driver::RunOptions options;
  cli::RunFlags flags;
  std::vector<std::string> inputs;
  std::string output;
  auto* convert = app.add_subcommand("convert", "convert a .py file or a directory tree");
  convert->add_option("INPUT", inputs, "a .py file or a directory (several with --in-place)")->required();
  convert->add_option("-o,--output", output, "output file or directory (mirrors the input tree)");
  convert->add_option("--exclude", options.excludes, "skip paths matching GLOB (repeatable)")->type_name("GLOB");
  convert->add_option("-j,--jobs", options.jobs, "parallel jobs (default: all cores)");
  convert->add_option("--report", flags.reports, "write reports: json=PATH,sarif=PATH,md=PATH,html=PATH (repeatable)")->type_name("KIND=PATH");
  convert->add_flag("-q,--quiet", flags.quiet, "print nothing but errors");
  convert->add_flag("--aggressive", options.convert.aggressive,
                    "also convert methods whose receiver is only likely a tensor");
  convert->add_flag("--in-place", options.in_place, "rewrite the input files (atomically)");
  convert->add_option("--backup", options.backup_suffix, "with --in-place: keep originals as FILE+SUFFIX")->type_name("SUFFIX");
  convert->add_flag("--force", options.force, "write into a non-empty output directory");
  const char* emit_help = "write per-API differential tests (pytest) of the converted call forms into DIR";
  convert->add_option("--emit-tests", flags.emit_tests, emit_help)->type_name("DIR");

  lsp::ServerOptions lsp_options;
  auto* lsp_cmd = app.add_subcommand("lsp", "a language server (LSP 3.17) on stdin/stdout: diagnostics, quick fixes, hovers");
  bool lsp_stdio = true;
  lsp_cmd->add_flag("--stdio", lsp_stdio, "talk over stdin/stdout (the default and only transport; accepted for editors that pass it)");
  lsp_cmd->add_option("--debounce-ms", lsp_options.debounce_ms, "wait this long after a change before checking (default 200)");
  lsp_cmd->add_flag("--aggressive", lsp_options.convert.aggressive, "also convert methods whose receiver is only likely a tensor");

  cli::CheckFlags check_flags;
  auto* check = app.add_subcommand("check", "report what converting would do; write nothing (exit 1 when findings remain)");
  check->add_option("PATH", check_flags.paths, "files or directories to check")->required();
  check->add_option("--fail-on", check_flags.fail_on,
                    "exit 1 on findings at or above LEVEL: note (convertible, the default), warning (review), error (unsupported), never")
      ->type_name("LEVEL");
  check->add_flag("--diff", check_flags.diff, "print the unified diff `convert --in-place` would apply (findings go to stderr)");
  check->add_option("--exclude", options.excludes, "skip paths matching GLOB (repeatable)")->type_name("GLOB");
  check->add_option("-j,--jobs", options.jobs, "parallel jobs (default: all cores)");
  check->add_option("--report", flags.reports, "write reports: json=PATH,sarif=PATH,md=PATH,html=PATH (repeatable)")->type_name("KIND=PATH");
  check->add_flag("-q,--quiet", flags.quiet, "print nothing but the diff; the exit code tells");
  check->add_flag("--aggressive", options.convert.aggressive, "also count methods whose receiver is only likely a tensor");
  check->add_option("--emit-tests", flags.emit_tests, emit_help)->type_name("DIR");

  auto* kg_cmd = app.add_subcommand("kg", "knowledge graph tools");
  kg_cmd->require_subcommand(1);
  std::string root = ".", db_out, docs_dir, kg_out = "knowledge_graph", query_name;
  auto* compile = kg_cmd->add_subcommand("compile", "validate knowledge_graph/, mappings/, rules/ and build the database");
  compile->add_option("--root", root, "repository root holding the three folders");
  compile->add_option("--out", db_out, "database directory to (re)create")->required();
  auto* import_docs = kg_cmd->add_subcommand("import-docs", "import PaddlePaddle's mapping docs into knowledge_graph/");
  import_docs->add_option("DIR", docs_dir, "folder with api_difference/ and pytorch_api_mapping_cn.md")->required();
  import_docs->add_option("--out", kg_out, "output folder (default: knowledge_graph)");
  std::string reference_dir, reference_out = "knowledge_graph/paddle";
  auto* import_reference = kg_cmd->add_subcommand("import-reference", "import Paddle's API reference (signatures, parameter types) into knowledge_graph/paddle/");
  import_reference->add_option("DIR", reference_dir, "the folder docs/api/paddle/ of PaddlePaddle/docs (Tensor_cn.rst at its top)")->required();
  import_reference->add_option("--out", reference_out, "output folder (default: knowledge_graph/paddle)");
  auto* query = kg_cmd->add_subcommand("query", "show one API with its edges and argument map");
  query->add_option("NAME", query_name)->required();
  std::string golden_dir = fs::is_directory("tests/golden") ? "tests/golden" : "";
  query->add_option("--golden", golden_dir, "golden cases to search for conversions of NAME (default: tests/golden when it exists)");
  std::string pc_dir, pc_reference, pc_out = "knowledge_graph/paconvert", list_source, list_status;
  auto* import_pc = kg_cmd->add_subcommand("import-paconvert", "import PaConvert's mapping tables into knowledge_graph/paconvert/");
  import_pc->add_option("DIR", pc_dir, "folder with api_mapping.json and the other tables")->required();
  import_pc->add_option("--docs-kg", kg_out, "the docs' import, for the disagreements (default: knowledge_graph)");
  import_pc->add_option("--paddle-reference", pc_reference, "Paddle's API reference (.rst), to check the Paddle APIs");
  import_pc->add_option("--out", pc_out, "output folder (default: knowledge_graph/paconvert)");
  auto* list = kg_cmd->add_subcommand("list", "list records: id, status, where the edge comes from");
  list->add_option("--source", list_source, "only edges from this source (prefix: paddle-docs, paconvert, curation, template)");
  list->add_option("--status", list_status, "only this status (mapped, known, not_implemented)");
  auto* stats = kg_cmd->add_subcommand("stats", "counts per family and category");
  std::string conf_dir, conf_json, conf_known, conf_equivalents;
  size_t conf_show = 20;
  auto* conformance = kg_cmd->add_subcommand("conformance", "convert the docs' conversion examples and compare with their Paddle side");
  conformance->add_option("DIR", conf_dir, "the mapping docs folder")->required();
  conformance->add_option("--show", conf_show, "failures to list (default 20)");
  conformance->add_option("--json", conf_json, "write every result as JSON");
  conformance->add_option("--known-errors", conf_known,
                          "known wrong doc pairs, reported apart (default: " + std::string(driver::kDefaultKnownErrorsPath) +
                              " when it exists; `none`: no file)");
  conformance->add_option("--equivalents", conf_equivalents,
                          "reviewed pairs whose output differs from the docs' text but computes the same, reported apart "
                          "(default: " + std::string(driver::kDefaultEquivalentsPath) + " when it exists; `none`: no file)");

  cli::WeightsFlags weights_flags;
  auto* weights = app.add_subcommand("weights", "convert a torch checkpoint (state_dict) to a Paddle .pdparams file");
  weights->add_option("CHECKPOINT", weights_flags.checkpoint, "the torch checkpoint (torch.save of a state_dict)")->required();
  weights->add_option("-o,--output", weights_flags.output, "the .pdparams file to write")->required();
  weights->add_option("--key", weights_flags.key, "the checkpoint entry holding the state_dict (e.g. state_dict, model)");
  weights->add_option("--model", weights_flags.model, "the torch model, whose modules tell each key's layer")->type_name("PKG.MODULE:FACTORY");
  weights->add_option("--args", weights_flags.args, "constructor arguments for --model, JSON (list: positional, object: keywords)");
  weights->add_option("--source", weights_flags.sources, "the model's source files or folders; their `self.x = nn.Layer(...)` tell the layers")->type_name("PATH");
  weights->add_option("--report", weights_flags.reports, "write the report: json=PATH")->type_name("json=PATH");
  weights->add_flag("--force", weights_flags.force, "overwrite an existing output");
  weights->add_flag("-q,--quiet", weights_flags.quiet, "print nothing but errors");

  cli::ReplayFlags replay_flags;
  auto* replay = app.add_subcommand("replay", "write a pytest module replaying one model in torch and in Paddle");
  replay->add_option("--torch", replay_flags.torch_model, "how to build the torch model")->type_name("PKG.MODULE:FACTORY")->required();
  replay->add_option("--paddle", replay_flags.paddle_model, "how to build the converted Paddle model")->type_name("PKG.MODULE:FACTORY")->required();
  replay->add_option("--args", replay_flags.args, "constructor arguments for both, JSON (list: positional, object: keywords)");
  replay->add_option("--input", replay_flags.inputs, "an input: SHAPE:DTYPE, e.g. 2x3x224x224:float32 (repeatable, in call order)")->type_name("SHAPE:DTYPE");
  replay->add_option("--inputs", replay_flags.inputs_npz, "the inputs from an .npz file (arrays in call order)")->type_name("NPZ");
  replay->add_option("--rtol", replay_flags.rtol, "relative tolerance of the comparison (default 1e-4)");
  replay->add_option("--atol", replay_flags.atol, "absolute tolerance of the comparison (default 1e-5)");
  replay->add_option("--name", replay_flags.name, "the name in the record files (default: from the output)");
  replay->add_option("--path", replay_flags.paths, "a folder the test puts on sys.path to import the models (default: the current folder)")->type_name("DIR");
  replay->add_flag("--train-step", replay_flags.train_step, "also compare the loss after one SGD step");
  replay->add_option("-o,--output", replay_flags.output, "the test module to write, test_replay_<name>.py")->required();
  replay->add_flag("--force", replay_flags.force, "overwrite an existing output");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every usage error exits 2, as documented.
    return app.exit(e) == 0 ? 0 : 2;
  }

  if (convert->parsed() || check->parsed()) {
    auto graph = open_graph(kg_path, argv[0]);
    if (!graph) return 1;
    if (!flags.emit_tests.empty()) flags.runtime_dir = cli::runtime_python_dir(fs::path("/proc/self/exe"));
    if (check->parsed()) return cli::check_command(options, flags, check_flags, *graph);
    options.output = output;
    return cli::convert_command(options, inputs, flags, *graph);
  }
  if (lsp_cmd->parsed()) {
    auto graph = open_graph(kg_path, argv[0]);
    if (!graph) return 1;
    return lsp::run_server(*graph, lsp_options, /*in_fd=*/0, stdout);
  }
  if (weights->parsed()) return cli::weights_command(weights_flags, kg_path, argv[0]);
  if (replay->parsed()) return cli::replay_command(replay_flags);
  if (compile->parsed()) return cmd_kg_compile(root, db_out);
  if (import_docs->parsed()) return cmd_kg_import(docs_dir, kg_out);
  if (import_reference->parsed()) return cmd_kg_import_reference(reference_dir, reference_out);
  if (query->parsed()) return cmd_kg_query(query_name, kg_path, argv[0], golden_dir);
  if (import_pc->parsed()) return cli::kg_import_paconvert(pc_dir, kg_out, pc_reference, pc_out);
  if (list->parsed()) {
    auto graph = open_graph(kg_path, argv[0]);
    return graph ? cli::kg_list(*graph, list_source, list_status, std::cout) : 1;
  }
  if (stats->parsed()) return cmd_kg_stats(kg_path, argv[0]);
  if (conformance->parsed()) {
    auto graph = open_graph(kg_path, argv[0]);
    return graph ? driver::conformance_command(conf_dir, *graph, conf_show, conf_json, std::cout, conf_known, conf_equivalents) : 1;
  }
  return 2;
}
