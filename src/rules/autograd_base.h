// rules: whether a reference to torch.autograd.Function, as the base of a class, may become
// paddle.autograd.PyLayer.
#pragma once

#include <string>
#include <string_view>

#include "semantic/type_inference.h"

namespace t2p::rules {

// Why a reference to `api` whose parent node is `parent` must stay as written: `api` is
// torch.autograd.Function named as a base of a class that PyLayer cannot stand for
// (`setup_context`, see semantic/autograd_function.h). Null otherwise.
const std::string* pylayer_base_problem(TSNode parent, std::string_view api, const semantic::TypeInference& types);

}  // namespace t2p::rules
