// semantic: the statements of each block and of the module, as the file-model walk saw them.
// verify_output's outline (rewrite/verify_output_impl.h) reads them instead of stepping a
// tree cursor over every block an edit touches: ts_tree_cursor_goto_next_sibling climbs through
// the grammar's hidden repeat nodes and costs hundreds of instructions per statement in
// tree-sitter 0.20, and the walk has paid for that step already.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace t2p::semantic {

class BlockStatements {
 public:
  // Records `statements`, the named children but comments of `container` (a block or the
  // module) in order. All containers belong to one tree (the first one's).
  void add(TSNode container, const TSNode* statements, uint32_t count) {
    if (tree_ == nullptr) tree_ = container.tree;
    const uint32_t begin = static_cast<uint32_t>(nodes_.size());
    nodes_.insert(nodes_.end(), statements, statements + count);
    of_.emplace(container.id, std::make_pair(begin, count));
  }
  // The statements of `container`; false when the walk did not record it (another tree, a
  // block the walk skipped): then the caller reads the tree.
  bool find(TSNode container, const TSNode** first, uint32_t* count) const {
    if (container.tree != tree_ || container.id == nullptr) return false;
    auto it = of_.find(container.id);
    if (it == of_.end()) return false;
    *first = nodes_.data() + it->second.first;
    *count = it->second.second;
    return true;
  }

 private:
  std::vector<TSNode> nodes_;
  std::unordered_map<const void*, std::pair<uint32_t, uint32_t>> of_;  // container id -> [begin, count)
  const TSTree* tree_ = nullptr;
};

}  // namespace t2p::semantic
