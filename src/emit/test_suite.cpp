#include "emit/test_suite.h"

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace t2p::emit {
namespace {

using std::string;

string py_string(const string& s) { return nlohmann::json(s).dump(); }

// `text` as comment lines, each prefixed with `indent# `.
string commented(const string& text, const string& indent) {
  string out;
  std::istringstream in(text);
  string line;
  while (std::getline(in, line)) out += indent + "#   " + line + "\n";
  return out;
}

// `text` with every line after the first indented by `indent` (a call written over lines).
string reindent(const string& text, const string& indent) {
  string out;
  for (char c : text) {
    out += c;
    if (c == '\n') out += indent;
  }
  return out;
}

string module_name(const string& path) {
  string stem = path;
  if (stem.size() > 3 && stem.compare(stem.size() - 3, 3, ".py") == 0) stem.resize(stem.size() - 3);
  string out = "test_";
  for (char c : stem) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  return out;
}

string test_name(const CallForm& f) {
  string out = "test_L" + std::to_string(f.line) + "_";
  for (char c : f.torch_api) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  return out;
}

// The numpy data of a tensor input: `t2p.array("float32", [2, 3], seed=7, low=..., high=...)`.
string array_call(const InputSpec& s, int seed) {
  string out = "t2p.array(" + py_string(s.dtype) + ", [";
  for (size_t i = 0; i < s.shape.size(); ++i) out += (i ? ", " : "") + s.shape[i];
  out += "], seed=" + std::to_string(seed);
  if (!s.low.empty()) out += ", low=" + s.low;
  if (!s.high.empty()) out += ", high=" + s.high;
  if (!s.count.empty()) out += ", count=" + s.count;
  return out + ")";
}

// The data key of a layer's i-th input.
string layer_input_key(size_t i) { return i ? "layer_input_" + std::to_string(i) : string("layer_input"); }

// The layer's inputs as call arguments of one half (`torch` or `paddle`).
string layer_args(const CallForm& f, const string& half) {
  string out;
  for (size_t i = 0; i < f.layer_inputs.size(); ++i) {
    out += (i ? ", " : "") + ("t2p.to_" + half + "(t2p_data[") + py_string(layer_input_key(i)) + "])";
  }
  return out;
}

// An optimizer's parameters: the inputs its spec marks `parameters`, as one list.
string parameters_of(const CallForm& f) {
  string out;
  for (const auto& in : f.inputs) {
    if (in.spec.parameters) out += (out.empty() ? "" : " + ") + ("t2p.as_list(" + in.name + ")");
  }
  return out;
}

void render_test(std::ostream& out, const string& source_path, const CallForm& f, const string& name, int seed) {
  out << "\n\ndef " << name << "():\n";
  out << "    # " << source_path << ":" << f.line << ": " << f.torch_api << " -> " << f.paddle_api << "\n";
  out << "    # written:\n" << commented(f.written, "    ");
  if (f.torch_call != f.written) out << "    # tested as:\n" << commented(f.torch_call, "    ");
  out << "    # converted:\n" << commented(f.paddle_call, "    ");
  // Values first (a layer input's dimensions may name them), then the tensors' numpy data.
  bool any_data = false;
  for (const auto& in : f.inputs) {
    if (!in.spec.tensor() && in.spec.paddle_value.empty()) {
      out << "    " << in.name << " = " << in.spec.value << (in.bound ? "  # bound so in the file" : "  # from the test-input spec") << "\n";
    }
  }
  out << "    t2p_data = {\n";
  int k = 0;
  for (const auto& in : f.inputs) {
    if (in.spec.tensor()) {
      out << "        " << py_string(in.name) << ": " << array_call(in.spec, seed * 16 + k++) << ",\n";
      any_data = true;
    }
  }
  for (size_t i = 0; i < f.layer_inputs.size(); ++i) {
    out << "        " << py_string(layer_input_key(i)) << ": " << array_call(f.layer_inputs[i], seed * 16 + k++) << ",\n";
  }
  out << "    }\n";
  (void)any_data;

  // The torch half: runs here, its outputs recorded.
  out << "\n    def t2p_torch_half():\n";
  out << "        t2p.torch_has_or_skip(" << py_string(f.torch_api) << ")\n";
  out << "        import torch\n";
  for (const auto& imp : f.torch_imports) {
    if (imp != "import torch") out << "        " << imp << "\n";
  }
  out << "        torch.manual_seed(0)\n";
  for (const auto& in : f.inputs) {
    if (in.spec.tensor()) {
      out << "        " << in.name << " = t2p." << (in.spec.parameters ? "torch_parameters" : "to_torch") << "(t2p_data["
          << py_string(in.name) << "])\n";
    }
    if (!in.spec.paddle_value.empty()) out << "        " << in.name << " = " << in.spec.value << "\n";
  }
  if (f.kind == FormKind::kLayer) {
    out << "        t2p_layer = (" << reindent(f.torch_call, "        ") << ")\n";
    out << "        t2p_layer.eval()\n";
    out << "        return t2p_layer, t2p_layer(" << layer_args(f, "torch") << ")\n";
    out << "\n    t2p_torch_layer, t2p_expected = t2p_torch_half()\n";
  } else if (f.kind == FormKind::kOptimizer) {
    out << "        t2p_optimizer = (" << reindent(f.torch_call, "        ") << ")\n";
    out << "        return t2p.torch_optimizer_steps(t2p_optimizer, " << parameters_of(f) << ")\n";
    out << "\n    t2p_expected = t2p_torch_half()\n";
  } else if (f.kind == FormKind::kModule) {
    // The receiver (inputs[0]) as built, before the call changes it: the Paddle one gets its weights.
    out << "        t2p_before = t2p.module_copy(" << f.inputs[0].name << ")\n";
    out << "        return t2p_before, t2p.module_effect(" << f.inputs[0].name << ", (" << reindent(f.torch_call, "        ") << "))\n";
    out << "\n    t2p_torch_module, t2p_expected = t2p_torch_half()\n";
  } else if (f.kind == FormKind::kContext) {
    out << "        return t2p.torch_context_effect(" << reindent(f.torch_call, "        ") << ")\n";
    out << "\n    t2p_expected = t2p_torch_half()\n";
  } else if (f.kind == FormKind::kSeed) {
    out << "        return t2p.torch_seed_effect(lambda: (" << reindent(f.torch_call, "        ") << "))\n";
    out << "\n    t2p_expected = t2p_torch_half()\n";
  } else if (f.kind == FormKind::kRaises) {
    out << "        try:\n";
    out << "            (" << reindent(f.torch_call, "            ") << ")\n";
    out << "        except Exception as t2p_error:\n";
    out << "            return t2p.raised(t2p_error)\n";
    out << "        return None\n";
    out << "\n    t2p_expected = t2p_torch_half()\n";
  } else if (!f.result.empty()) {
    out << "        t2p_result = (" << reindent(f.torch_call, "        ") << ")\n";
    out << "        return (" << f.result << ")\n";
    out << "\n    t2p_expected = t2p_torch_half()\n";
  } else {
    out << "        return (" << reindent(f.torch_call, "        ") << ")\n";
    out << "\n    t2p_expected = t2p_torch_half()\n";
  }
  out << "    t2p.record(__file__, " << py_string(name) << ", t2p_expected)\n";

  // The Paddle half: where Paddle is installed; else the test is skipped, saying so.
  out << "\n    paddle = t2p.paddle_or_skip()\n";
  for (const auto& imp : f.paddle_imports) out << "    " << imp << "\n";
  out << "    paddle.seed(0)\n";
  for (const auto& in : f.inputs) {
    if (in.spec.tensor()) {
      out << "    " << in.name << " = t2p." << (in.spec.parameters ? "paddle_parameters" : "to_paddle") << "(t2p_data["
          << py_string(in.name) << "])\n";
    }
    if (!in.spec.paddle_value.empty()) out << "    " << in.name << " = " << in.spec.paddle_value << "\n";
  }
  if (f.kind == FormKind::kLayer) {
    out << "    from torch2paddle_runtime.weights import copy_layer_weights\n";
    out << "    t2p_layer = (" << reindent(f.paddle_call, "    ") << ")\n";
    out << "    copy_layer_weights(t2p_torch_layer, t2p_layer)\n";
    out << "    t2p_layer.eval()\n";
    out << "    t2p_actual = t2p_layer(" << layer_args(f, "paddle") << ")\n";
  } else if (f.kind == FormKind::kOptimizer) {
    out << "    t2p_optimizer = (" << reindent(f.paddle_call, "    ") << ")\n";
    out << "    t2p_actual = t2p.paddle_optimizer_steps(t2p_optimizer, " << parameters_of(f) << ")\n";
  } else if (f.kind == FormKind::kModule) {
    out << "    from torch2paddle_runtime.weights import copy_layer_weights\n";
    out << "    copy_layer_weights(t2p_torch_module, " << f.inputs[0].name << ")\n";
    out << "    t2p_actual = t2p.module_effect(" << f.inputs[0].name << ", (" << reindent(f.paddle_call, "    ") << "))\n";
  } else if (f.kind == FormKind::kContext) {
    out << "    t2p_actual = t2p.paddle_context_effect(" << reindent(f.paddle_call, "    ") << ")\n";
  } else if (f.kind == FormKind::kSeed) {
    out << "    t2p_actual = t2p.paddle_seed_effect(lambda: (" << reindent(f.paddle_call, "    ") << "))\n";
  } else if (f.kind == FormKind::kRaises) {
    // The converted form as it is, a statement or an expression, inside the `try`.
    out << "    t2p_actual = None\n";
    out << "    try:\n";
    out << "        " << reindent(f.paddle_call, "        ") << "\n";
    out << "    except Exception as t2p_error:\n";
    out << "        t2p_actual = t2p.raised(t2p_error)\n";
  } else if (!f.result.empty()) {
    out << "    t2p_result = (" << reindent(f.paddle_call, "    ") << ")\n";
    out << "    t2p_actual = (" << f.result << ")\n";
  } else {
    out << "    t2p_actual = (" << reindent(f.paddle_call, "    ") << ")\n";
  }
  out << "    t2p.assert_close(t2p_expected, t2p_actual" << (f.kind == FormKind::kRandom ? ", values=False" : "") << ")\n";
}

const char* kConftest = R"(# Written by `torch2paddle --emit-tests` (docs/testing-your-migration.md): puts the folder
# holding torch2paddle_runtime (the helpers the tests import) on sys.path. $T2P_RUNTIME_DIR
# overrides the folder known when the suite was written.
import os
import sys

RUNTIME_DIR = os.environ.get("T2P_RUNTIME_DIR") or %s
if RUNTIME_DIR not in sys.path:
    sys.path.insert(0, RUNTIME_DIR)
)";

}  // namespace

string render_test_module(const string& source_path, const std::vector<CallForm>& forms) {
  std::ostringstream out;
  out << "# Per-API differential tests of " << source_path << ", written by `torch2paddle --emit-tests`\n"
      << "# (docs/testing-your-migration.md). Each test runs one converted call form: the torch call\n"
      << "# as written runs here and its outputs are recorded under records/; the Paddle call the\n"
      << "# converter wrote runs where Paddle is installed and is compared with them (values, dtype,\n"
      << "# shape). The forms no test could be written for are listed in untested.json.\n"
      << "import torch2paddle_runtime.compare as t2p\n";
  std::set<string> names;
  int seed = 0;
  for (const auto& f : forms) {
    ++seed;
    if (!f.reason.empty()) continue;
    string name = test_name(f);
    string unique = name;
    for (int i = 2; names.count(unique); ++i) unique = name + "_" + std::to_string(i);
    names.insert(unique);
    render_test(out, source_path, f, unique, seed);
  }
  return out.str();
}

void TestSuiteBuilder::add(const string& path, std::vector<CallForm> forms) {
  if (forms.empty()) return;
  Source s;
  s.path = path;
  string module = module_name(path);
  int& taken = modules_[module];
  s.module = (taken++ ? module + "_" + std::to_string(taken) : module) + ".py";
  ++counts_.files;
  for (const auto& f : forms) {
    ++counts_.forms;
    if (f.reason.empty()) {
      ++counts_.generated;
    } else {
      ++counts_.not_generated[f.why];
    }
  }
  s.forms = std::move(forms);
  sources_.push_back(std::move(s));
}

std::vector<SuiteFile> TestSuiteBuilder::files() const {
  std::vector<SuiteFile> out;
  nlohmann::json untested = nlohmann::json::array();
  std::ostringstream readme;
  readme << "# Per-API differential tests\n\n"
         << "Written by `torch2paddle --emit-tests` (see docs/testing-your-migration.md in torch2paddle).\n"
         << "Run them with `python3 -m pytest " << "-rs .`: each test runs one converted call form with torch and\n"
         << "records its outputs under `records/`, then runs the converted Paddle call and compares values,\n"
         << "dtype and shape; without Paddle installed the Paddle half is skipped (\"paddle is not installed\").\n\n"
         << "Distinct converted call forms: " << counts_.forms << "; tests generated: " << counts_.generated
         << "; not generated: " << (counts_.forms - counts_.generated) << ".\n";
  bool header = false;
  for (const auto& s : sources_) {
    bool any = false;
    for (const auto& f : s.forms) {
      if (!f.reason.empty()) {
        untested.push_back({{"file", s.path}, {"line", f.line}, {"torch_api", f.torch_api}, {"paddle_api", f.paddle_api},
                            {"call", f.written}, {"kind", f.why}, {"reason", f.reason}});
        if (!header) {
          readme << "\n## Forms without a test\n\n| file:line | torch API | why |\n|---|---|---|\n";
          header = true;
        }
        string reason = f.reason;
        for (auto& c : reason) if (c == '|' || c == '\n') c = ' ';
        readme << "| " << s.path << ":" << f.line << " | `" << f.torch_api << "` | " << reason << " |\n";
      } else {
        any = true;
      }
    }
    if (any) out.push_back({s.module, render_test_module(s.path, s.forms)});
  }
  char conftest[2048];
  std::snprintf(conftest, sizeof conftest, kConftest, py_string(runtime_dir_).c_str());
  out.push_back({"conftest.py", conftest});
  out.push_back({"untested.json", untested.dump(1) + "\n"});
  out.push_back({"README.md", readme.str()});
  return out;
}

void TestSuiteBuilder::print_summary(std::ostream& out, const string& dir) const {
  out << "per-API tests: " << counts_.forms << " distinct converted call forms, " << counts_.generated
      << " tests generated in " << dir;
  if (counts_.forms > counts_.generated) {
    out << "; not generated: " << (counts_.forms - counts_.generated) << " (";
    bool first = true;
    for (const auto& [why, n] : counts_.not_generated) {
      out << (first ? "" : ", ") << why << ": " << n;
      first = false;
    }
    out << "; listed in " << dir << "/untested.json)";
  }
  out << "\n";
}

}  // namespace t2p::emit
