// tests: kg::parse_template, the template language's one parser (the checker's and the expander's).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "kg/template_text.h"

namespace t2p::kg {
namespace {

TEST(TemplateText, SplitsLiteralsAndPlaceholders) {
  ParsedTemplate t = parse_template("paddle.max({arg:input}, axis={(arg:dim|0)})[0]");
  ASSERT_EQ(t.pieces.size(), 3u);
  EXPECT_EQ(t.pieces[0].literal, "paddle.max(");
  EXPECT_EQ(t.pieces[0].placeholder.kind, PlaceholderKind::kArg);
  EXPECT_EQ(t.pieces[0].placeholder.name, "input");
  EXPECT_EQ(t.pieces[0].placeholder.depth, 1);
  const Placeholder& dim = t.pieces[1].placeholder;
  EXPECT_EQ(t.pieces[1].literal, ", axis=");
  EXPECT_TRUE(dim.wrap);
  EXPECT_TRUE(dim.has_fallback);
  EXPECT_EQ(dim.fallback, "0");
  EXPECT_EQ(dim.name, "dim");
  EXPECT_EQ(dim.key, "arg:dim");
  EXPECT_EQ(dim.inner, "(arg:dim|0)");
  EXPECT_EQ(t.pieces[2].literal, ")[0]");
  EXPECT_FALSE(t.pieces[2].has_placeholder);
}

TEST(TemplateText, ReadsEachPlaceholdersFields) {
  Placeholder kw = parse_placeholder("kw:low=min,high");
  EXPECT_EQ(kw.kind, PlaceholderKind::kKw);
  ASSERT_EQ(kw.parts.size(), 2u);
  EXPECT_EQ(kw.parts[0], std::make_pair(std::string("low"), std::string("min")));
  EXPECT_EQ(kw.parts[1], std::make_pair(std::string("high"), std::string("high")));
  Placeholder opt = parse_placeholder("opt:weight_decay=decay");
  EXPECT_EQ(opt.name, "weight_decay");
  EXPECT_EQ(opt.keyword, "decay");
  Placeholder item = parse_placeholder("item:out,1");
  EXPECT_EQ(item.kind, PlaceholderKind::kItem);
  EXPECT_EQ(item.name, "out");
  EXPECT_EQ(item.index, 1u);
  Placeholder path = parse_placeholder("path:root/MNIST/raw");
  EXPECT_EQ(path.name, "root");
  EXPECT_EQ(path.suffix, "MNIST/raw");
  Placeholder device = parse_placeholder("device:'cuda',index");
  ASSERT_EQ(device.parts.size(), 2u);
  EXPECT_EQ(device.parts[0].first, "'cuda'");
  EXPECT_EQ(parse_placeholder("arg12").kind, PlaceholderKind::kArgIndex);
  EXPECT_EQ(parse_placeholder("arg12").index, 12u);
  EXPECT_EQ(parse_placeholder("args").kind, PlaceholderKind::kArgs);
  EXPECT_EQ(parse_placeholder("argx").kind, PlaceholderKind::kUnknown);
  EXPECT_EQ(parse_placeholder("arg:").kind, PlaceholderKind::kUnknown);  // a spec is required
  EXPECT_EQ(parse_placeholder("rest").kind, PlaceholderKind::kUnknown);
}

TEST(TemplateText, DepthCountsOnlyTheTemplatesOwnBrackets) {
  ParsedTemplate t = parse_template("assert {arg:c}, f([{arg:m}])");
  ASSERT_EQ(t.pieces.size(), 3u);
  EXPECT_EQ(t.pieces[0].placeholder.depth, 0);
  EXPECT_EQ(t.pieces[1].placeholder.depth, 2);
}

TEST(TemplateText, AnUnclosedBraceIsLiteral) {
  ParsedTemplate t = parse_template("f({arg:x");
  ASSERT_EQ(t.pieces.size(), 1u);
  EXPECT_FALSE(t.pieces[0].has_placeholder);
  EXPECT_EQ(t.pieces[0].literal, "f({arg:x");
}

TEST(TemplateText, TupleElements) {
  EXPECT_EQ(tuple_elements("(a({arg:x}), b[1, 2])"), (std::vector<std::string>{"a({arg:x})", "b[1, 2]"}));
  EXPECT_TRUE(tuple_elements("(a)(b)").empty());
  EXPECT_TRUE(tuple_elements("(a)").empty());
}

// Every placeholder docs/data-formats.md documents under "What `kg compile` checks in a template"
// is one the parser knows (so the expander implements it: its switch covers every kind).
TEST(TemplateText, EveryDocumentedPlaceholderIsImplemented) {
  std::ifstream in(std::string(T2P_SOURCE_DIR) + "/docs/data-formats.md");
  ASSERT_TRUE(in) << "docs/data-formats.md";
  std::stringstream all;
  all << in.rdbuf();
  const std::string doc = all.str();
  const size_t from = doc.find("### What `kg compile` checks in a template");
  ASSERT_NE(from, std::string::npos);
  const size_t to = doc.find("\n- every parameter", from);
  ASSERT_NE(to, std::string::npos);
  const std::string section = doc.substr(from, to - from);
  std::regex placeholder("`\\{([a-z_(][^`}]*)\\}`");
  std::set<std::string> seen;
  for (auto it = std::sregex_iterator(section.begin(), section.end(), placeholder); it != std::sregex_iterator(); ++it) {
    std::string inner = (*it)[1];
    if (inner == "(...)") continue;  // `{(...)}`: the parentheses around any of them
    if (inner == "argN") inner = "arg0";
    seen.insert(inner);
    EXPECT_NE(parse_placeholder(inner).kind, PlaceholderKind::kUnknown) << "{" << inner << "} is documented";
  }
  EXPECT_GE(seen.size(), 12u);  // the section lists them all
}

}  // namespace
}  // namespace t2p::kg
