// driver: the edits of one fix applied alone (an editor's quick fix), with the imports its text
// needs. The full conversion's import plan (rewrite::plan_import_edits) is made for every fix
// at once and may drop torch imports; one fix alone only adds, never removes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/edit.h"
#include "driver/source_converter.h"

namespace t2p::driver {

struct SingleFix {
  // The fix's edits and, when its text names a module the file does not import at module level,
  // one insertion `import M` per such module, in apply order (ascending, non-overlapping; an
  // insertion comes before the other edits at its offset). Byte offsets into the source.
  std::vector<base::Edit> edits;
  std::vector<std::string> imports_added;  // the modules of those insertions, sorted
  bool ok = false;                         // false when `fix` is no fix of `result`
};

// The edits of `result.fixes[fix]` plus the imports they need. `result` must be what
// convert_source returned for `source`. The modules considered are those the full conversion
// adds (import lines among its file-level edits) that the fix's text uses as a root name and
// that no module-level import of `source` binds; each goes above the line where the full
// conversion puts its imports (the first module-level converted import, or the import manager's
// other choice), with that line's indentation.
SingleFix single_fix(std::string_view source, const SourceResult& result, uint32_t fix,
                     const kg::KnowledgeGraph& graph, parse::PythonParser& parser);

}  // namespace t2p::driver
