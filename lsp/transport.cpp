#include "transport.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>

namespace t2p::lsp {

bool MessageReader::fill() {
  if (pos_ > 0 && pos_ == buffer_.size()) {
    buffer_.clear();
    pos_ = 0;
  }
  char chunk[65536];
  for (;;) {
    ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, static_cast<size_t>(n));
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    return false;
  }
}

MessageReader::Status MessageReader::read(std::string* body) {
  // The header block: lines up to an empty line.
  size_t header_end;
  while ((header_end = buffer_.find("\r\n\r\n", pos_)) == std::string::npos) {
    if (!fill()) return Status::kEnd;
  }
  std::string_view headers(buffer_.data() + pos_, header_end - pos_);
  pos_ = header_end + 4;
  long long length = -1;
  size_t line_begin = 0;
  while (line_begin <= headers.size()) {
    size_t line_end = headers.find("\r\n", line_begin);
    if (line_end == std::string_view::npos) line_end = headers.size();
    std::string_view line = headers.substr(line_begin, line_end - line_begin);
    size_t colon = line.find(':');
    if (colon != std::string_view::npos) {
      std::string name(line.substr(0, colon));
      for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (name == "content-length") {
        std::string value(line.substr(colon + 1));
        char* end = nullptr;
        errno = 0;
        long long v = std::strtoll(value.c_str(), &end, 10);
        while (end && (*end == ' ' || *end == '\t')) ++end;
        if (errno == 0 && end && *end == '\0' && v >= 0 && value.find_first_not_of(" \t") != std::string::npos) length = v;
      }
    }
    line_begin = line_end + 2;
  }
  constexpr long long kMaxMessage = 1LL << 30;
  if (length < 0 || length > kMaxMessage) {
    *body = length < 0 ? "no valid Content-Length header" : "message too large";
    return Status::kBadHeader;
  }
  while (buffer_.size() - pos_ < static_cast<size_t>(length)) {
    if (!fill()) return Status::kEnd;
  }
  body->assign(buffer_, pos_, static_cast<size_t>(length));
  pos_ += static_cast<size_t>(length);
  if (pos_ == buffer_.size()) {
    buffer_.clear();
    pos_ = 0;
  } else if (pos_ > (1u << 20)) {
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
  return Status::kMessage;
}

void MessageWriter::write(const nlohmann::json& message) {
  // Text from the user's file may hold invalid UTF-8: replaced, never thrown.
  std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::lock_guard lock(mutex_);
  std::fprintf(out_, "Content-Length: %zu\r\n\r\n", body.size());
  std::fwrite(body.data(), 1, body.size(), out_);
  std::fflush(out_);
}

}  // namespace t2p::lsp
