#include "python_commands.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "driver/layer_attributes.h"
#include "kg/knowledge_graph.h"
#include "runtime_dir.h"

extern char** environ;

namespace t2p::cli {
namespace fs = std::filesystem;

namespace {

// Debian's python3 sees Debian's torch and numpy; a python3 found first on PATH (pyenv, a venv)
// may not. $T2P_PYTHON overrides.
std::string python_executable() {
  if (const char* env = std::getenv("T2P_PYTHON"); env && *env) return env;
  if (access("/usr/bin/python3", X_OK) == 0) return "/usr/bin/python3";
  return "python3";
}

// Runs `python3 -m module args...` with the run-time package on PYTHONPATH; its exit code, or 1
// with the reason printed when it cannot be started.
int run_python_module(const std::string& command, const std::string& module, const std::vector<std::string>& args) {
  fs::path runtime = runtime_python_dir("/proc/self/exe");
  if (!fs::exists(runtime / "torch2paddle_runtime" / "__init__.py")) {
    std::cerr << "torch2paddle " << command << ": the Python run-time package is not in " << runtime.string()
              << " (set T2P_RUNTIME_DIR to the folder holding torch2paddle_runtime/)\n";
    return 1;
  }
  std::string pythonpath = runtime.string();
  if (const char* old = std::getenv("PYTHONPATH"); old && *old) pythonpath += std::string(":") + old;
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) {
    if (std::strncmp(*e, "PYTHONPATH=", 11) != 0) env_strings.emplace_back(*e);
  }
  env_strings.push_back("PYTHONPATH=" + pythonpath);
  std::vector<char*> envp;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);

  std::vector<std::string> argv_strings = {python_executable(), "-m", module};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);

  pid_t pid = 0;
  if (int err = posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), envp.data()); err != 0) {
    std::cerr << "torch2paddle " << command << ": cannot run " << argv_strings[0] << " (" << std::strerror(err)
              << "; set T2P_PYTHON to a python3 that has torch and numpy)\n";
    return 1;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return 1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  std::cerr << "torch2paddle " << command << ": " << argv_strings[0] << " was killed by signal " << WTERMSIG(status) << "\n";
  return 1;
}

// The engine's table of layer attributes, as the converter reads it (weights.SourceLayers).
nlohmann::json layer_table(const std::vector<driver::SourceLayers>& sources) {
  nlohmann::json classes = nlohmann::json::array();
  for (const auto& file : sources) {
    // One entry per owner class of the file, in order of first appearance.
    std::vector<std::string> owners;
    for (const auto& a : file.attributes) {
      if (std::find(owners.begin(), owners.end(), a.owner) == owners.end()) owners.push_back(a.owner);
    }
    for (const auto& owner : owners) {
      nlohmann::json attrs = nlohmann::json::array();
      for (const auto& a : file.attributes) {
        if (a.owner == owner) attrs.push_back({{"name", a.name}, {"api", a.api}, {"line", a.line}});
      }
      classes.push_back({{"file", file.file.generic_string()},
                         {"class", owner.empty() ? nlohmann::json(nullptr) : nlohmann::json(owner)},
                         {"attributes", std::move(attrs)}});
    }
  }
  return {{"classes", std::move(classes)}};
}

}  // namespace

int weights_command(const WeightsFlags& flags, const std::string& kg_path, const char* argv0) {
  std::vector<std::string> args = {flags.checkpoint, "-o", flags.output};
  for (const auto& r : flags.reports) {
    if (r.rfind("json=", 0) != 0 || r.size() == 5) {
      std::cerr << "torch2paddle weights: --report takes json=PATH (got '" << r << "')\n";
      return 2;
    }
    args.insert(args.end(), {"--report-json", r.substr(5)});
  }
  if (!flags.key.empty()) args.insert(args.end(), {"--key", flags.key});
  if (!flags.model.empty()) args.insert(args.end(), {"--model", flags.model});
  if (!flags.args.empty()) args.insert(args.end(), {"--args", flags.args});
  if (flags.force) args.push_back("--force");
  if (flags.quiet) args.push_back("--quiet");

  fs::path table_file;
  if (!flags.sources.empty()) {
    fs::path db = kg_path.empty() ? kg::default_graph_path(fs::path(argv0).is_absolute() ? fs::path(argv0) : fs::path("/proc/self/exe"))
                                  : fs::path(kg_path);
    std::string error;
    auto graph = kg::KnowledgeGraph::open(db, &error);
    if (!graph) {
      std::cerr << "torch2paddle weights: " << error << "\n";
      return 1;
    }
    std::vector<fs::path> paths(flags.sources.begin(), flags.sources.end());
    std::vector<driver::SourceLayers> layers;
    if (!driver::layer_attributes_of_paths(paths, *graph, &layers, &error)) {
      std::cerr << "torch2paddle weights: --source " << error << "\n";
      return 1;
    }
    char name[] = "/tmp/t2p-layers-XXXXXX";
    int fd = mkstemp(name);
    if (fd < 0) {
      std::cerr << "torch2paddle weights: cannot create a temporary file (" << std::strerror(errno) << ")\n";
      return 1;
    }
    close(fd);
    table_file = name;
    std::ofstream(table_file) << layer_table(layers).dump() << "\n";
    args.insert(args.end(), {"--layers", table_file.string()});
  }
  int rc = run_python_module("weights", "torch2paddle_runtime.weights", args);
  if (!table_file.empty()) {
    std::error_code ec;
    fs::remove(table_file, ec);
  }
  return rc;
}

int replay_command(const ReplayFlags& flags) {
  std::vector<std::string> args = {"--torch", flags.torch_model, "--paddle", flags.paddle_model, "-o", flags.output};
  if (!flags.args.empty()) args.insert(args.end(), {"--args", flags.args});
  for (const auto& i : flags.inputs) args.insert(args.end(), {"--input", i});
  if (!flags.inputs_npz.empty()) args.insert(args.end(), {"--inputs", flags.inputs_npz});
  if (!flags.rtol.empty()) args.insert(args.end(), {"--rtol", flags.rtol});
  if (!flags.atol.empty()) args.insert(args.end(), {"--atol", flags.atol});
  if (!flags.name.empty()) args.insert(args.end(), {"--name", flags.name});
  for (const auto& p : flags.paths) args.insert(args.end(), {"--path", p});
  if (flags.train_step) args.push_back("--train-step");
  if (flags.force) args.push_back("--force");
  return run_python_module("replay", "torch2paddle_runtime.replay", args);
}

}  // namespace t2p::cli
