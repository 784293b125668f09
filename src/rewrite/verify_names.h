// rewrite: proves that a converted file uses no name its input did not bind: every name the
// edits write, and every name left in place, is bound in the output as it was in the input.
//
// Cheap, from the edits and the input's FileModel (no parse of the output): the names an edit
// writes (read lexically, semantic::code_names) are resolved in the input scope of the edit; the
// names of the imports the conversion removes are searched in the input text the edits leave in
// place, where a use counts in code, in a type comment and in a string annotation; and an edit
// inside an f-string's replacement field must not write what Python before 3.12 forbids there
// (the string's quote, a backslash, `#`, a line break in a single-quoted string).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.h"
#include "base/edit.h"
#include "semantic/file_model.h"
#include "semantic/name_resolver.h"

namespace t2p::rewrite {

// `edits`: what turns `source` into the output, in EditSet order; `removed`: the indices into
// model.imported_names of the imports the edits remove (plan_import_edits' choice). Returns
// a diagnostic (code "unbound-name", line and column in `source`) for the first name the output
// would use unbound or bound to something else, or nothing when every name is bound as before.
std::optional<base::Diagnostic> verify_names(const semantic::FileModel& model,
                                             const semantic::NameResolver& resolver, std::string_view source,
                                             const std::vector<base::Edit>& edits,
                                             const std::vector<int32_t>& removed);

// The imports plan_import_edits removes: imported names of a converted family every reference
// of which was converted (ImportedName::uses == converted), in non-relative statements.
std::vector<int32_t> removed_imports(const semantic::FileModel& model);

}  // namespace t2p::rewrite
