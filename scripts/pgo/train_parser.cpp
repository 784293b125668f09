// The training run of the profile-guided build of the parser (scripts/pgo/build-parser.sh):
// parses each Python file named in LISTFILE with tree-sitter and walks the tree the ways the
// tool does (a cursor over every node; fields, parents, children and byte-range descents for a
// sample), so that the profile sees the runtime's and the grammar's hot paths.
// Usage: train_parser LISTFILE   (one path per line)
#include <tree_sitter/api.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace {

unsigned long long visit(TSTree* tree, const std::string& source) {
  unsigned long long sum = 0;
  TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
  unsigned long long n = 0;
  for (;;) {
    TSNode node = ts_tree_cursor_current_node(&c);
    sum += ts_node_symbol(node) + ts_node_start_byte(node) + ts_node_end_byte(node);
    if (ts_node_is_named(node) && (++n % 8) == 0) {
      // What the file model, the resolver and the verification ask of some nodes.
      sum += ts_node_named_child_count(node) + ts_node_child_count(node);
      TSNode child = ts_node_child_by_field_name(node, "function", 8);
      if (!ts_node_is_null(child)) sum += ts_node_start_byte(child);
      child = ts_node_child_by_field_name(node, "object", 6);
      if (!ts_node_is_null(child)) sum += ts_node_end_byte(child);
      TSNode parent = ts_node_parent(node);
      if (!ts_node_is_null(parent)) sum += ts_node_symbol(parent);
      if (ts_node_named_child_count(node) > 0) sum += ts_node_symbol(ts_node_named_child(node, 0));
      uint32_t mid = ts_node_start_byte(node) + (ts_node_end_byte(node) - ts_node_start_byte(node)) / 2;
      sum += ts_node_symbol(ts_node_named_descendant_for_byte_range(ts_tree_root_node(tree), mid, mid));
      sum += ts_node_start_point(node).row;
    }
    if (ts_tree_cursor_goto_first_child(&c)) continue;
    bool done = false;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        done = true;
        break;
      }
    }
    if (done) break;
  }
  ts_tree_cursor_delete(&c);
  (void)source;
  return sum;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: train_parser LISTFILE\n");
    return 2;
  }
  std::ifstream list(argv[1]);
  std::string path;
  unsigned long long files = 0, sum = 0;
  while (std::getline(list, path)) {
    if (path.empty()) continue;
    std::ifstream in(path, std::ios::binary);
    if (!in) continue;
    std::ostringstream text;
    text << in.rdbuf();
    std::string source = text.str();
    TSParser* parser = ts_parser_new();
    if (!ts_parser_set_language(parser, tree_sitter_python())) {
      std::fprintf(stderr, "train_parser: grammar ABI not supported by the runtime\n");
      return 1;
    }
    TSTree* tree = ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size()));
    sum += visit(tree, source);
    ts_tree_delete(tree);
    ts_parser_delete(parser);
    ++files;
  }
  std::fprintf(stderr, "train_parser: %llu files (checksum %llu)\n", files, sum);
  return files > 0 ? 0 : 1;
}
