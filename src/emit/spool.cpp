#include "emit/spool.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace t2p::emit {
namespace {

// std::tmpfile() would ignore TMPDIR.
std::FILE* anonymous_temporary_file() {
  const char* dir = std::getenv("TMPDIR");
  std::string path = std::string(dir && *dir ? dir : "/tmp") + "/t2p-report.XXXXXX";
  int fd = ::mkstemp(path.data());
  if (fd < 0) return nullptr;
  ::unlink(path.c_str());
  std::FILE* f = ::fdopen(fd, "w+");
  if (!f) ::close(fd);
  return f;
}

}  // namespace

std::string write_fd(int fd, std::string_view data) {
  for (size_t done = 0; done < data.size();) {
    ssize_t m = ::write(fd, data.data() + done, data.size() - done);
    if (m < 0 && errno == EINTR) continue;
    if (m < 0) return std::strerror(errno);
    done += static_cast<size_t>(m);
  }
  return {};
}

Spool::Spool(bool to_file) : file_(to_file ? anonymous_temporary_file() : nullptr) {}

Spool::~Spool() {
  if (file_) std::fclose(file_);
}

void Spool::append(std::string_view text) {
  if (text.empty()) return;
  empty_ = false;
  if (!file_) {
    memory_.append(text);
  } else if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() && error_.empty()) {
    error_ = std::string("cannot spool the report: ") + std::strerror(errno);
  }
}

std::string Spool::copy_to(const Out& out) const {
  if (!error_.empty()) return error_;
  if (!file_) return memory_.empty() ? std::string() : out(memory_);
  if (std::fflush(file_) != 0 || std::fseek(file_, 0, SEEK_SET) != 0) {
    return std::string("cannot read the spooled report: ") + std::strerror(errno);
  }
  char buf[1 << 16];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, file_)) > 0;) {
    if (std::string e = out(std::string_view(buf, n)); !e.empty()) {
      std::fseek(file_, 0, SEEK_END);
      return e;
    }
  }
  const bool failed = std::ferror(file_);
  std::fseek(file_, 0, SEEK_END);
  if (failed) return std::string("cannot read the spooled report: ") + std::strerror(errno);
  return {};
}

}  // namespace t2p::emit
