// bench: the parse-only baseline. Parses every .py file under DIR with tree-sitter-python and walks
// the whole tree with a TSTreeCursor, on one thread. Files are read into memory first; only
// parse + walk is timed (best of --repeat runs, wall and CPU time). Prints one JSON object on stdout.
// Usage: parse_only DIR [--repeat N]
// Build: g++ -O2 -std=c++20 bench/parse_only.cpp BUILD/libt2p_grammar.a -ltree-sitter
#include <tree_sitter/api.h>

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace fs = std::filesystem;

namespace {

struct WalkStats {
  uint64_t nodes = 0;
  uint64_t checksum = 0;  // keeps the walk from being optimised away
};

void walk(TSTree* tree, WalkStats* s) {
  TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    ++s->nodes;
    s->checksum += ts_node_symbol(n) + ts_node_start_byte(n);
    if (ts_tree_cursor_goto_first_child(&c)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        ts_tree_cursor_delete(&c);
        return;
      }
    }
  }
}

double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

uint64_t count_lines(const std::string& s) {
  uint64_t n = static_cast<uint64_t>(std::count(s.begin(), s.end(), '\n'));
  if (!s.empty() && s.back() != '\n') ++n;
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: parse_only DIR [--repeat N]\n");
    return 2;
  }
  int repeat = 3;
  for (int i = 2; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--repeat") == 0) repeat = std::max(1, std::atoi(argv[i + 1]));
  }
  auto t_read = std::chrono::steady_clock::now();
  std::vector<fs::path> paths;
  for (const auto& e : fs::recursive_directory_iterator(argv[1])) {
    if (e.is_regular_file() && e.path().extension() == ".py") paths.push_back(e.path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::string> sources;
  sources.reserve(paths.size());
  uint64_t bytes = 0, lines = 0;
  for (const auto& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    sources.push_back(ss.str());
    bytes += sources.back().size();
    lines += count_lines(sources.back());
  }
  double read_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_read).count();

  TSParser* parser = ts_parser_new();
  if (!ts_parser_set_language(parser, tree_sitter_python())) {
    std::fprintf(stderr, "parse_only: grammar ABI not supported by the tree-sitter runtime\n");
    return 1;
  }
  std::vector<double> runs, cpu_runs;
  WalkStats stats;
  uint64_t errors = 0;
  for (int r = 0; r < repeat; ++r) {
    stats = {};
    errors = 0;
    auto t0 = std::chrono::steady_clock::now();
    double c0 = cpu_now();
    for (const auto& src : sources) {
      TSTree* tree = ts_parser_parse_string(parser, nullptr, src.data(), static_cast<uint32_t>(src.size()));
      if (ts_node_has_error(ts_tree_root_node(tree))) ++errors;
      walk(tree, &stats);
      ts_tree_delete(tree);
    }
    runs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    cpu_runs.push_back(cpu_now() - c0);
  }
  ts_parser_delete(parser);
  double best = *std::min_element(runs.begin(), runs.end());
  std::sort(runs.begin(), runs.end());
  double median = runs[runs.size() / 2];
  double cpu_best = *std::min_element(cpu_runs.begin(), cpu_runs.end());
  std::printf(
      "{\"files\": %zu, \"lines\": %llu, \"bytes\": %llu, \"nodes\": %llu, \"files_with_errors\": %llu, "
      "\"read_seconds\": %.6f, \"seconds_best\": %.6f, \"seconds_median\": %.6f, \"cpu_seconds_best\": %.6f, \"repeat\": %d, "
      "\"checksum\": %llu}\n",
      paths.size(), static_cast<unsigned long long>(lines), static_cast<unsigned long long>(bytes),
      static_cast<unsigned long long>(stats.nodes), static_cast<unsigned long long>(errors), read_seconds, best,
      median, cpu_best, repeat, static_cast<unsigned long long>(stats.checksum));
  return 0;
}
