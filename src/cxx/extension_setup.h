// cxx: a setup.py building a C++/CUDA extension with torch.utils.cpp_extension, made Paddle's:
// setuptools' setup() becomes paddle.utils.cpp_extension.setup(), named after the extension.
#pragma once

#include <string_view>

#include "deps/dependency_file.h"
#include "parse/syntax_tree.h"

namespace t2p::cxx {

// The Python converter maps CUDAExtension("name", sources) to Paddle's CUDAExtension(sources),
// which has no name: Paddle's setup() names the module after its own `name=`. So that
// `import name` still finds the module, the setup() call whose ext_modules hold that one extension
// becomes
//     paddle.utils.cpp_extension.setup(name="name", ext_modules=[...], ...)
// (Paddle's setup also installs its BuildExtension). Paddle's setup builds exactly one extension:
// with several, or an ext_modules that is not a list literal, the call is reported and left as
// written, with a `# TODO(torch2paddle)` line above it. The result's edits, fixes and uses join
// the Python conversion's like a dependency file's (driver: add_dependency_fixes); no edit when
// the file builds no torch extension.
deps::FileResult convert_extension_setup(std::string_view text, parse::PythonParser& parser);

}  // namespace t2p::cxx
