// cli: the commands that run the Python run-time package (python/torch2paddle_runtime):
// `weights` (checkpoint conversion) and `replay` (a model's end-to-end test). They check the
// arguments, hand what the engine knows to Python and pass its exit code on.
#pragma once

#include <string>
#include <vector>

namespace t2p::cli {

struct WeightsFlags {
  std::string checkpoint, output, key, model, args;
  std::vector<std::string> sources;  // --source: files or folders the engine reads for layer kinds
  std::vector<std::string> reports;  // --report json=PATH
  bool force = false, quiet = false;
};

// `kg_path`: the --kg option (empty: the default graph), opened only for --source.
int weights_command(const WeightsFlags& flags, const std::string& kg_path, const char* argv0);

struct ReplayFlags {
  std::string torch_model, paddle_model, args, inputs_npz, output, name;
  std::vector<std::string> inputs;  // --input SHAPE:DTYPE
  std::string rtol, atol;           // as given; Python checks them
  std::vector<std::string> paths;   // --path: folders the test puts on sys.path
  bool train_step = false, force = false;
};

int replay_command(const ReplayFlags& flags);

}  // namespace t2p::cli
