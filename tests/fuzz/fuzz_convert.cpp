// fuzz: feeds arbitrary bytes to driver::convert_source. Any crash, sanitizer report, or an
// output that breaks the engine's own contract (failed files return the input unchanged;
// converted output parses and converting it again changes nothing) aborts.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "driver/source_converter.h"
#include "parse/syntax_tree.h"

namespace {

const t2p::kg::KnowledgeGraph& graph() {
  static std::unique_ptr<t2p::kg::KnowledgeGraph> g = [] {
    const char* env = std::getenv("T2P_KG_DB");
    std::string error;
    auto opened = t2p::kg::KnowledgeGraph::open(env && *env ? env : T2P_KG_DB_PATH, &error);
    if (!opened) {
      std::fprintf(stderr, "fuzz_convert: %s\n", error.c_str());
      std::abort();
    }
    return opened;
  }();
  return *g;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static t2p::parse::PythonParser parser;
  std::string_view source(reinterpret_cast<const char*>(data), size);
  t2p::rules::ConvertOptions options;
  auto first = t2p::driver::convert_source(source, graph(), options, parser);
  if (first.status != t2p::driver::FileStatus::kConverted) {
    if (first.output != source) std::abort();  // unchanged or failed: bytes kept as they were
    return 0;
  }
  // The whole output must parse: checked here with a full parse, independently of the local
  // check of edited statements that convert_source does (rewrite/verify_output.h).
  if (t2p::parse::first_syntax_error(parser.parse(first.output), first.output)) std::abort();
  auto second = t2p::driver::convert_source(first.output, graph(), options, parser);
  if (second.status == t2p::driver::FileStatus::kFailed) std::abort();  // our output must parse
  if (second.output != first.output) std::abort();                       // idempotence
  return 0;
}
