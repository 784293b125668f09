// emit: text a report writer gathers while a run goes, kept in an anonymous temporary file so
// that memory does not grow with the repository, then copied out once at the end.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace t2p::emit {

// Hands a document to its destination piece by piece; returns an error message or "".
using Out = std::function<std::string(std::string_view)>;

// Writes all of `data` to `fd`: an error message or "".
std::string write_fd(int fd, std::string_view data);

class Spool {
 public:
  // `to_file`: an anonymous temporary file in $TMPDIR (else /tmp), gone with the process; the
  // text stays in memory when false (tests) or when no such file can be made.
  explicit Spool(bool to_file = true);
  ~Spool();
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;

  void append(std::string_view text);
  bool empty() const { return empty_; }
  // Hands everything appended to `out`, in order (can be called again).
  std::string copy_to(const Out& out) const;

 private:
  std::FILE* file_ = nullptr;
  std::string memory_;
  bool empty_ = true;
  std::string error_;
};

}  // namespace t2p::emit
