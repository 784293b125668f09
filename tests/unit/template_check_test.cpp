// tests: the build-time check of the template language (kg/template_check.h), one failing case
// per error kind, and the `file:line: reason` it gives through kg::load_graph_sources.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "graph/graph_compiler.h"
#include "graph/template_check.h"

namespace t2p::kg {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

TemplateScope clamp_scope() {
  TemplateScope s;
  s.signatures.push_back(parse_signature(json{"input", "min=None", "max=None", "*", "out=None"}));
  return s;
}

std::string joined(const std::vector<std::string>& errors) {
  std::string out;
  for (const auto& e : errors) out += e + "\n";
  return out;
}

bool mentions(const std::vector<std::string>& errors, const std::string& needle) {
  return std::any_of(errors.begin(), errors.end(), [&](const std::string& e) { return e.find(needle) != std::string::npos; });
}

TEST(TemplateCheck, EveryImplementedPlaceholderPasses) {
  TemplateScope s = clamp_scope();
  for (const char* t : {"paddle.clip({receiver}, {args})", "paddle.clip({arg0}, {(arg1)})",
                        "paddle.clip({arg:input}, {(arg:min)}, {arg:max|None})",
                        "paddle.clip(x{opt:min=min}{opt:max})", "paddle.clip(x, {kw:min=lo,max})",
                        "paddle.device.set_device({device:input,min})", "paddle.device.set_device({device:'cuda',0})",
                        "f({item:input,1})", "open({path:input/sub/file.txt})", "os.environ['X'] = {str:min}",
                        "f('{arg:input}', \"a(\", '''b]''')"}) {
    EXPECT_TRUE(check_template_text(t, s, false).empty()) << t << "\n" << joined(check_template_text(t, s, false));
  }
  EXPECT_TRUE(check_template_text("{arg:input}.set({target})", s, true).empty());
  TemplateScope attr;
  attr.attribute = true;
  EXPECT_TRUE(check_template_text("{receiver}.stop_gradient = {not_value}", attr, false).empty());
}

TEST(TemplateCheck, UnknownPlaceholder) {
  auto e = check_template_text("paddle.clip({reciever}, {rest})", clamp_scope(), false);
  EXPECT_TRUE(mentions(e, "unknown placeholder '{reciever}'")) << joined(e);
  EXPECT_TRUE(mentions(e, "unknown placeholder '{rest}'")) << joined(e);
  EXPECT_TRUE(mentions(check_template_text("f({foo:input})", clamp_scope(), false), "unknown placeholder"));
  TemplateScope attr;
  attr.attribute = true;
  EXPECT_TRUE(mentions(check_template_text("{arg:input}", attr, false), "attribute template"));
}

TEST(TemplateCheck, ArgumentNamingNoParameter) {
  auto e = check_template_text("paddle.clip({arg:x}, {opt:maximum=max}, {kw:lo=min})", clamp_scope(), false);
  EXPECT_TRUE(mentions(e, "'{arg:x}' names 'x', which is no parameter")) << joined(e);
  EXPECT_TRUE(mentions(e, "names 'maximum'")) << joined(e);
  EXPECT_TRUE(mentions(e, "names 'lo'")) << joined(e);
  EXPECT_TRUE(mentions(check_template_text("f({arg:x})", TemplateScope{}, false), "no PyTorch signature"));
}

TEST(TemplateCheck, MisusedPlaceholders) {
  TemplateScope s = clamp_scope();
  EXPECT_TRUE(mentions(check_template_text("f({target})", s, false), "only defined in a case's 'after'"));
  EXPECT_TRUE(mentions(check_template_text("f({receiver|x})", s, false), "default"));
  EXPECT_TRUE(mentions(check_template_text("f({item:input,x})", s, false), "element index"));
  EXPECT_TRUE(mentions(check_template_text("f({path:input})", s, false), "file under the directory"));
}

TEST(TemplateCheck, MalformedText) {
  TemplateScope s = clamp_scope();
  EXPECT_TRUE(mentions(check_template_text("paddle.clip({arg:input}", s, false), "unbalanced '('"));
  EXPECT_TRUE(mentions(check_template_text("paddle.clip({arg:input}))", s, false), "unbalanced ')'"));
  EXPECT_TRUE(mentions(check_template_text("x[{arg:input})", s, false), "unbalanced ')'"));
  EXPECT_TRUE(mentions(check_template_text("f({arg:input)", s, false), "unterminated placeholder"));
  EXPECT_TRUE(mentions(check_template_text("f(arg:input})", s, false), "unbalanced '}'"));
  EXPECT_TRUE(mentions(check_template_text("f('abc)", s, false), "unterminated string literal"));
}

TEST(TemplateCheck, UnknownConditionKey) {
  json c = json::parse(R"json({"when":{"nargs":1,"hass":["min"],"int":["nope"],"statement":1},"template":"f({arg0})"})json");
  auto e = check_template_case(c, clamp_scope());
  EXPECT_TRUE(mentions(e, "unknown condition key 'hass'")) << joined(e);
  EXPECT_TRUE(mentions(e, "condition 'int' names 'nope'")) << joined(e);
  EXPECT_TRUE(mentions(e, "condition 'statement' must be true or false")) << joined(e);
  // `has` / `lacks` test keywords as passed: a keyword outside the signature is allowed.
  EXPECT_TRUE(check_template_case(json::parse(R"json({"when":{"lacks":["generator"]},"template":"f()"})json"), clamp_scope()).empty());
  EXPECT_TRUE(mentions(check_template_case(json::parse(R"json({"when":{},"templat":"f()"})json"), clamp_scope()),
                       "unknown case key 'templat'"));
}

TEST(TemplateCheck, ValueTextsTakeOnlyValue) {
  EXPECT_TRUE(check_value_text("not {value}").empty());
  EXPECT_TRUE(mentions(check_value_text("not {valeu}"), "unknown placeholder '{valeu}'"));
  EXPECT_TRUE(mentions(check_value_text("({value}"), "unbalanced '('"));
}

// Through the compiler: the error names the rule's file and line.
TEST(TemplateCheck, CompileFailsWithFileAndLine) {
  fs::path root = fs::temp_directory_path() / ("t2p-template-check-" + std::to_string(::getpid()));
  fs::remove_all(root);
  auto write = [&](const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel, std::ios::binary) << text;
  };
  write("knowledge_graph/apis/torch.jsonl",
        R"json({"id":"torch.clamp","kind":"function","params":["input","min=None","max=None"],"returns":"Tensor"})json"
        "\n");
  write("rules/r.jsonl",
        "// a comment line\n"
        R"json({"id":"torch.clamp","cases":[{"when":{"nargs":2},"template":"paddle.clip({arg:input}, min={arg:minimum})"}]})json"
        "\n");
  write("mappings/m.jsonl", R"json({"torch":"torch.clamp","args":[{"torch":"max","paddle":"max","action":"value_expr","expr":"-{val}"}]})json"
                            "\n");
  CompiledGraph g = load_graph_sources(root);
  fs::remove_all(root);
  EXPECT_TRUE(mentions(g.errors, "rules/r.jsonl:2: torch.clamp case 1: template: placeholder '{arg:minimum}' names 'minimum'"))
      << joined(g.errors);
  EXPECT_TRUE(mentions(g.errors, "mappings/m.jsonl:1: expr: unknown placeholder '{val}'")) << joined(g.errors);
}


// An unknown placeholder and an unknown condition key fail `kg compile`, naming file and line.
TEST(TemplateCheck, UnknownPlaceholderAndConditionKeyFailCompileWithFileAndLine) {
  fs::path root = fs::temp_directory_path() / ("t2p-template-keys-" + std::to_string(::getpid()));
  fs::remove_all(root);
  auto write = [&](const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel, std::ios::binary) << text;
  };
  write("knowledge_graph/apis/torch.jsonl",
        R"json({"id":"torch.abs","kind":"function","params":["input"],"returns":"Tensor"})json" "\n"
        R"json({"id":"torch.neg","kind":"function","params":["input"],"returns":"Tensor"})json" "\n");
  write("rules/keys.jsonl",
        R"json({"id":"torch.abs","cases":[{"template":"paddle.abs({rest})"}]})json" "\n"
        "\n"
        R"json({"id":"torch.neg","cases":[{"when":{"kind":["input"]},"template":"paddle.neg({arg:input})"}]})json" "\n");
  CompiledGraph g = load_graph_sources(root);
  fs::remove_all(root);
  EXPECT_TRUE(mentions(g.errors, "rules/keys.jsonl:1: torch.abs case 1: template: unknown placeholder '{rest}'"))
      << joined(g.errors);
  EXPECT_TRUE(mentions(g.errors, "rules/keys.jsonl:3: torch.neg case 1: unknown condition key 'kind'")) << joined(g.errors);
}

}  // namespace
}  // namespace t2p::kg
