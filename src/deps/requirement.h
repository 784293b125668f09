// deps: one requirement (PEP 508: `torch[extra]>=2.0; python_version>"3.8"`) read and pointed at
// Paddle through the dependency table. Every file format hands its requirement strings here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "deps/dependency_table.h"
#include "rules/api_use.h"

namespace t2p::deps {

// What the whole file asks for, found before its requirements are converted.
struct FileContext {
  bool gpu = false;           // a CUDA index of PyTorch's, or a `+cu118` torch version
  std::string cuda_tag;       // "cu118": the CUDA build asked for; empty when unknown
  bool paddle_index = false;  // the file now names Paddle's index for those wheels
  bool hashes = false;        // the requirement carries `--hash=` options
};

// A change of the file's bytes, or a dependency kept as written (new_text == old_text) and
// reported. Offsets are relative to the text the function that made it was given.
struct Change {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string old_text;
  std::string new_text;
  std::string package;      // as written: "torch"
  std::string replacement;  // "paddlepaddle"; empty when kept
  rules::UseStatus status = rules::UseStatus::kConverted;
  bool applied = false;     // a needs-review change that was made
  std::string reason;
  bool reported = true;     // false: a second edit of a dependency already reported (Poetry's version)
  bool edits() const { return new_text != old_text; }
};

// One version clause: `>=` and `2.0`.
struct Specifier {
  std::string op;       // "==", ">=", "~=", "<", "!=", "===", ... ("^", "~", "" in Poetry's syntax)
  std::string version;  // "2.1.0+cu118", "2.*"
};

// How a list of torch version clauses maps to Paddle.
struct VersionMapping {
  enum Kind { kAny, kMinimum, kPin, kUnsupported } kind = kAny;
  std::string version;             // the Paddle version of kMinimum / kPin
  std::vector<std::string> notes;  // what was dropped, said in the finding
  std::string local;               // a torch local version label (`cu118`, `cpu`), if any
};
VersionMapping map_versions(const std::vector<Specifier>& specs, const DependencyTable& table);

// Converts the requirement `text` (no options or comment; a `; marker` may follow and is kept).
// Nothing when it is not a package of the torch family (or not a requirement at all). Examples:
//     torch>=2.0; sys_platform == "linux"   ->  paddlepaddle>=3.0; sys_platform == "linux"
//     torch==2.1.0+cu118                     ->  paddlepaddle-gpu==3.0.0
//     torchtext==0.16                        ->  kept, reported (no counterpart)
std::optional<Change> convert_requirement(std::string_view text, const DependencyTable& table,
                                          const FileContext& context);

// The package a torch requirement becomes, with the CUDA note the finding needs ("" if none).
std::string replacement_for(const PackageRule& rule, const FileContext& context, const std::string& local,
                            const DependencyTable& table, std::string* note);

// A name at the start of `text` (after blanks): its [begin, end) or nothing.
std::optional<std::pair<size_t, size_t>> leading_name(std::string_view text);

}  // namespace t2p::deps
