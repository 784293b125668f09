// semantic: attributes a method registers on `self` through torch.nn.Module's API.
#pragma once

#include <string_view>

#include "semantic/file_model.h"

namespace t2p::semantic {

// `self.register_buffer("fb", fb)` and `self.register_parameter("w", p)` in a method set
// `self.fb` and `self.w`: each becomes a ClassInfo::SelfAttribute of the method's class, marked
// kBuffer or kParameter, whose value is the registered argument. The name must be a plain string
// literal. Whether the class is a torch.nn.Module (and so the attribute a tensor) is the type
// inference's to decide. Files that never spell `register_` cost one search.
void add_registered_attributes(FileModel* model, std::string_view source);

}  // namespace t2p::semantic
