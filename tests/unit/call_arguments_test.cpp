// tests: rules::read_arguments from the file model's kept items and fields gives what it reads
// from the tree itself.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "rules/call_arguments.h"
#include "snippet.h"

namespace t2p::rules {
namespace {

using testing_support::Snippet;

void collect_calls(TSNode node, std::vector<TSNode>* out) {
  if (std::string_view(ts_node_type(node)) == "call") out->push_back(node);
  for (uint32_t i = 0, n = ts_node_child_count(node); i < n; ++i) collect_calls(ts_node_child(node, i), out);
}

TEST(ReadArguments, FromTheFileModelAsFromTheTree) {
  // Keywords, splats, trailing commas, comments between and after items, nested calls inside
  // arguments, a bare generator, an empty list, keyword values that are calls with their own
  // lists, a call inside an f-string (not walked: read from the tree).
  Snippet s(
      "import torch\n"
      "a = torch.zeros(2, 3, dtype=torch.float32,)\n"
      "b = torch.cat([a, a],  # the pair\n"
      "              dim=0  # along rows\n"
      "              )\n"
      "c = f(*xs, **kw)\n"
      "d = g(h(1, k=i(2, 3), ), j=[m(n) for n in o],)\n"
      "e = sum(x * 2 for x in a)\n"
      "p = q()\n"
      "r = f'{torch.ones(2, dtype=t)}'\n"
      "s2 = t(u=None, v=..., w=lambda z: z(1))\n");
  ASSERT_TRUE(s.parsed_cleanly());
  const semantic::FileModel& m = s.model();
  std::vector<TSNode> all;
  collect_calls(s.tree().root(), &all);
  int calls = 0;
  for (TSNode call : all) {
    SCOPED_TRACE(std::string(s.text(call)));
    CallArguments tree = read_arguments(call, s.source());
    CallArguments model = read_arguments(call, s.source(), &m);
    EXPECT_TRUE(ts_node_eq(tree.list, model.list) || (ts_node_is_null(tree.list) && ts_node_is_null(model.list)));
    EXPECT_EQ(tree.trailing_comma, model.trailing_comma);
    EXPECT_EQ(tree.open_paren, model.open_paren);
    EXPECT_EQ(tree.close_paren, model.close_paren);
    ASSERT_EQ(tree.args.size(), model.args.size());
    for (size_t i = 0; i < tree.args.size(); ++i) {
      const CallArg& x = tree.args[i];
      const CallArg& y = model.args[i];
      EXPECT_TRUE(ts_node_eq(x.node, y.node));
      EXPECT_TRUE(ts_node_eq(x.value, y.value));
      EXPECT_EQ(ts_node_is_null(x.keyword_node), ts_node_is_null(y.keyword_node));
      if (!ts_node_is_null(x.keyword_node)) {
        EXPECT_TRUE(ts_node_eq(x.keyword_node, y.keyword_node));
      }
      EXPECT_EQ(x.keyword, y.keyword);
      EXPECT_EQ(x.splat, y.splat);
      EXPECT_EQ(x.kwsplat, y.kwsplat);
    }
    ++calls;
  }
  EXPECT_EQ(calls, 12);
  // Spot checks of what both read.
  const semantic::Reference* cat = s.call("torch.cat([a, a],  # the pair\n              dim=0  # along rows\n              )");
  ASSERT_NE(cat, nullptr);
  CallArguments ca = read_arguments(cat->node, s.source(), &m);
  ASSERT_EQ(ca.args.size(), 2u);
  EXPECT_EQ(ca.args[1].keyword, "dim");
  EXPECT_EQ(s.text(ca.args[1].value), "0");
  EXPECT_FALSE(ca.trailing_comma);
  const semantic::Reference* zeros = s.call("torch.zeros(2, 3, dtype=torch.float32,)");
  ASSERT_NE(zeros, nullptr);
  EXPECT_TRUE(read_arguments(zeros->node, s.source(), &m).trailing_comma);
}

}  // namespace
}  // namespace t2p::rules
