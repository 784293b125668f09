#include "emit/progress_line.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace t2p::emit {

bool ProgressLine::wanted(bool quiet) {
  if (quiet || !::isatty(STDERR_FILENO)) return false;
  const char* ci = std::getenv("CI");
  return !(ci && std::strcmp(ci, "true") == 0);
}

void ProgressLine::file_done(uint64_t lines) {
  ++done_;
  lines_ += lines;
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(lines_) / seconds : 0;
  char eta[32] = "";
  if (total_ > done_ && done_ > 0 && seconds > 0.5) {
    const long left = static_cast<long>(seconds / static_cast<double>(done_) * static_cast<double>(total_ - done_) + 0.5);
    std::snprintf(eta, sizeof eta, ", about %ld:%02ld left", left / 60, left % 60);
  }
  char speed[48] = "";
  if (seconds >= 0.2) std::snprintf(speed, sizeof speed, ", %.0f lines/s", rate);
  std::fprintf(out_, "\r\033[K%zu/%zu files%s%s", done_, total_, speed, eta);
  std::fflush(out_);
  drawn_ = true;
}

void ProgressLine::finish() {
  if (!drawn_) return;
  std::fputs("\r\033[K", out_);
  std::fflush(out_);
  drawn_ = false;
}

}  // namespace t2p::emit
