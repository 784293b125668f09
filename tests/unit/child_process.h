// tests: runs a program as a separate process with posix_spawn, never fork() alone.
//
// The unit-test process has threads (the knowledge graph's RocksDB handle, the job pool, the
// allocator's): after a bare fork() only the calling thread exists in the child, and a lock
// another thread held stays locked for ever, so the child can hang instead of failing.
// posix_spawn execs at once, so the child starts as a fresh single-threaded program.
// Privilege drops and resource limits are done by small setuid-free wrappers in front of the
// program (`setpriv`, `prlimit` from util-linux), not in this process.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace t2p::testing_support {

struct ChildResult {
  bool started = false;    // false: posix_spawn failed (see `error`)
  bool timed_out = false;  // killed after the deadline
  int exit_code = -1;      // exit status when it exited, -1 otherwise
  int signal = 0;          // the signal that ended it, 0 otherwise
  std::string error;       // why it could not start
  std::string output;      // stdout and stderr, interleaved as written

  bool exited_with(int code) const { return started && !timed_out && exit_code == code; }
  // One line for a test failure message: how it ended and what it printed.
  std::string describe() const {
    std::string s;
    if (!started) return "could not start: " + error;
    if (timed_out) s = "timed out and was killed";
    else if (signal != 0) s = "killed by signal " + std::to_string(signal);
    else s = "exit code " + std::to_string(exit_code);
    return s + "; output:\n" + output;
  }
};

// Runs `argv` (argv[0] is a path, not searched in PATH) with stdout and stderr in
// `output_file`, and waits at most `deadline` for it; past it the child is killed (SIGKILL) and
// `timed_out` set, so a hang fails fast with its output instead of stalling the suite.
inline ChildResult run_child(const std::vector<std::string>& argv, const std::filesystem::path& output_file,
                             std::chrono::seconds deadline = std::chrono::seconds(60)) {
  ChildResult r;
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  // The child gets default signal handling whatever this process changed (gtest, sanitizers).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t all;
  sigfillset(&all);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  pid_t pid = 0;
  int rc = ::posix_spawn(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    r.error = std::string(argv[0]) + ": " + std::strerror(rc);
    return r;
  }
  r.started = true;

  int status = 0;
  auto until = std::chrono::steady_clock::now() + deadline;
  for (;;) {
    pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) {
      r.error = std::string("waitpid: ") + std::strerror(errno);
      break;
    }
    if (std::chrono::steady_clock::now() >= until) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      r.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  std::ifstream f(output_file, std::ios::binary);
  r.output.assign(std::istreambuf_iterator<char>(f), {});
  return r;
}

// The first of `candidates` that is an executable file, or empty.
inline std::string find_tool(std::initializer_list<const char*> candidates) {
  for (const char* c : candidates) {
    if (::access(c, X_OK) == 0) return c;
  }
  return {};
}

}  // namespace t2p::testing_support
