// tests: a fixture with a fresh temporary folder per test (removed after it), for tests that
// write small knowledge-graph roots (knowledge_graph/, mappings/, rules/) and compile them.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace t2p::testing_support {

class TempRootTest : public ::testing::Test {
 protected:
  // `prefix` names the folder (`/tmp/t2p-<prefix>-<pid>-<test>`).
  explicit TempRootTest(std::string prefix) : prefix_(std::move(prefix)) {}

  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::filesystem::temp_directory_path() /
            ("t2p-" + prefix_ + "-" + std::to_string(::getpid()) + "-" + info->name());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  // Writes `text` to `rel` below the root, creating its folders.
  void write(const std::string& rel, const std::string& text) {
    std::filesystem::path p = root_ / rel;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
  }

  std::filesystem::path root_;

 private:
  std::string prefix_;
};

}  // namespace t2p::testing_support
