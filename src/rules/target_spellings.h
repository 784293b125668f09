// rules: how converted code spells the target framework where the engine writes it itself, not
// through a mapping or a template: a number made a tensor, a result written into `out=`, a pinned
// or trainable result, a permuted layout, the CUDA device type. The spellings are data
// (mappings/target.json, compiled in), so a second target is one more data set, not code.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace t2p::rules {

struct TargetSpellings {
  std::string name;              // the target's top-level module (`paddle`)
  std::string tensor_of;         // {value}: a Python number as a tensor
  std::string tensor_of_like;    // {value}, {like}: the same, with the dtype of the tensor {like}
  std::string write_into;        // {result}, {out}: the result written into the tensor `out=` names
  std::string pinned;            // {result}: the result in pinned memory
  std::string trainable;         // {target}: a statement making the tensor bound to {target} trainable
  std::string permuted;          // {value}, {perm}: a tensor with its axes permuted
  std::string as_default_float;  // {value}: an integer tensor cast to the default float dtype
  std::string cuda_device_type;  // the device type that stands for PyTorch's `cuda`

  // The pattern's text before and after one placeholder (`write_into` around `{result}`), for
  // edits that wrap a call without rewriting it.
  static std::pair<std::string, std::string> around(std::string_view pattern, std::string_view placeholder);
};

// The compiled-in spellings, read once (throws std::runtime_error naming mappings/target.json
// when a key is missing or a pattern lacks or adds a placeholder: a build-time check runs it).
const TargetSpellings& target();

// Reads and checks a target file's JSON text (the unit tests' entry point).
TargetSpellings read_target(std::string_view json_text, std::string_view origin);

// `pattern` with each `{name}` replaced by its value.
std::string fill(std::string_view pattern, std::initializer_list<std::pair<std::string_view, std::string_view>> values);

}  // namespace t2p::rules
