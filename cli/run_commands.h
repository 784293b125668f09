// cli: the commands that run the engine over files: `convert` (writes the Paddle code) and
// `check` (writes nothing; prints the findings and exits by them). Both render the engine's
// findings; neither converts anything itself.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "driver/repo_runner.h"
#include "kg/knowledge_graph.h"

namespace t2p::cli {

struct RunFlags {
  std::vector<std::string> reports;  // --report values
  bool quiet = false;
  std::string emit_tests;            // --emit-tests DIR: the per-API test suite (cli/emit_tests.h)
  std::filesystem::path runtime_dir; // the folder holding torch2paddle_runtime, for that suite
};

// `inputs`: one INPUT (written to options.output), or several with options.in_place.
int convert_command(const driver::RunOptions& options, const std::vector<std::string>& inputs, const RunFlags& flags,
                    const kg::KnowledgeGraph& graph);

struct CheckFlags {
  std::vector<std::string> paths;
  std::string fail_on = "note";  // emit::parse_level
  bool diff = false;
};

int check_command(const driver::RunOptions& options, const RunFlags& flags, const CheckFlags& check,
                  const kg::KnowledgeGraph& graph);

}  // namespace t2p::cli
