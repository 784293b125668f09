// lsp: JSON-RPC messages over a byte stream with LSP's `Content-Length` framing.
#pragma once

#include <cstdio>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

namespace t2p::lsp {

// Reads framed messages from a file descriptor. Reads whatever the pipe holds (one message may
// come in many reads, several messages in one) and keeps the rest for the next call.
class MessageReader {
 public:
  explicit MessageReader(int fd) : fd_(fd) {}
  enum class Status { kMessage, kBadHeader, kEnd };
  // kMessage: `*body` holds one message body. kBadHeader: a header block without a valid
  // Content-Length was skipped (`*body` says why). kEnd: the stream ended.
  Status read(std::string* body);

 private:
  bool fill();  // false at the end of the stream
  int fd_;
  std::string buffer_;
  size_t pos_ = 0;
};

// Writes framed messages; safe to call from several threads.
class MessageWriter {
 public:
  explicit MessageWriter(FILE* out) : out_(out) {}
  void write(const nlohmann::json& message);

 private:
  FILE* out_;
  std::mutex mutex_;
};

}  // namespace t2p::lsp
