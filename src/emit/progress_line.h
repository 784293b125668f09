// emit: the progress line of a long run on a terminal: files done of total, lines per second and
// the time left, redrawn in place on stderr and erased when the run ends.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace t2p::emit {

class ProgressLine {
 public:
  // Draws only when `enabled` (the caller's choice: a terminal, no -q, not under CI).
  explicit ProgressLine(bool enabled, std::FILE* out = stderr) : enabled_(enabled), out_(out) {}
  ~ProgressLine() { finish(); }
  // Whether stderr is a terminal and the environment does not say CI=true.
  static bool wanted(bool quiet);

  void set_total(size_t files) { total_ = files; }
  // One more file done, with its lines. Redraws at most ten times a second.
  void file_done(uint64_t lines);
  // Erases the line (once).
  void finish();

 private:
  bool enabled_;
  std::FILE* out_;
  size_t total_ = 0, done_ = 0;
  uint64_t lines_ = 0;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace t2p::emit
