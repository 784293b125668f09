#include <gtest/gtest.h>

#include <string>

#include "semantic/file_model.h"

namespace t2p::semantic {
namespace {

TEST(BindingsTest, NamesHaveOneIdAndABindingPerScope) {
  Bindings b;
  EXPECT_EQ(b.id_of("x"), -1);
  int32_t x = b.intern("x");
  int32_t y = b.intern("y");
  EXPECT_NE(x, y);
  EXPECT_EQ(b.intern("x"), x);
  EXPECT_EQ(b.id_of("x"), x);
  EXPECT_EQ(b.id_of("z"), -1);

  EXPECT_EQ(b.find(0, x), nullptr);
  b.get(0, x).other_count = 1;
  b.get(3, x).import_count = 2;
  ASSERT_NE(b.find(0, x), nullptr);
  EXPECT_EQ(b.find(0, x)->other_count, 1);
  ASSERT_NE(b.find(3, x), nullptr);
  EXPECT_EQ(b.find(3, x)->import_count, 2);
  EXPECT_EQ(b.find(3, x)->other_count, 0);
  EXPECT_EQ(b.find(0, y), nullptr);
  EXPECT_EQ(b.find(1, x), nullptr);
  EXPECT_EQ(&b.get(0, x), b.find(0, x));  // get finds the binding made before
}

TEST(BindingsTest, KeepsEveryBindingAsTheTableGrows) {
  Bindings b;
  for (int scope = 0; scope < 40; ++scope) {
    for (int n = 0; n < 50; ++n) {
      Binding& binding = b.get(scope, b.intern("name" + std::to_string(n)));
      binding.import_index = scope * 100 + n;
    }
  }
  for (int scope = 0; scope < 40; ++scope) {
    for (int n = 0; n < 50; ++n) {
      const Binding* binding = b.find(scope, b.id_of("name" + std::to_string(n)));
      ASSERT_NE(binding, nullptr) << scope << " " << n;
      EXPECT_EQ(binding->import_index, scope * 100 + n);
    }
  }
  EXPECT_EQ(b.find(40, b.id_of("name0")), nullptr);
}

}  // namespace
}  // namespace t2p::semantic
