#include "emit/finding_text.h"

namespace t2p::emit {

Level level_of(const rules::ApiUse& use) {
  switch (use.status) {
    case rules::UseStatus::kConverted: return Level::kNote;
    case rules::UseStatus::kNeedsReview: return Level::kWarning;
    case rules::UseStatus::kUnsupported: return Level::kError;
  }
  return Level::kError;
}

const char* level_name(Level level) {
  switch (level) {
    case Level::kNote: return "note";
    case Level::kWarning: return "warning";
    case Level::kError: return "error";
  }
  return "error";
}

bool parse_level(std::string_view text, Level* level) {
  if (text == "note" || text == "convertible") *level = Level::kNote;
  else if (text == "warning" || text == "review") *level = Level::kWarning;
  else if (text == "error" || text == "unsupported") *level = Level::kError;
  else return false;
  return true;
}

std::string compiler_line(std::string_view path, const rules::ApiUse& use) {
  std::string line(path);
  if (use.cell) line += ":cell " + std::to_string(use.cell);  // a notebook: the line is in that cell
  line += ':' + std::to_string(use.line) + ':' + std::to_string(use.column) + ": ";
  line += level_name(level_of(use));
  line += ": " + rules::finding_message(use) + " [" + rules::rule_id(use) + "]";
  return line;
}

std::string compiler_line(std::string_view path, const base::Diagnostic& error) {
  std::string line(path);
  if (error.cell) line += ":cell " + std::to_string(error.cell);
  if (error.line) line += ':' + std::to_string(error.line) + ':' + std::to_string(error.column);
  line += ": error: " + error.message + " [" + error.code + "]";
  return line;
}

}  // namespace t2p::emit
