# The tree-sitter-python grammar's external scanner as compiled: the fetched scanner.c (verified
# by scripts/fetch-grammar.sh, left as fetched) with one change, written to
# BUILD/grammar-scanner/scanner.c. Sets T2P_GRAMMAR_SCANNER to that file.
#
# The change: tree-sitter restores the scanner's state (its stack of indents and of open string
# delimiters) before nearly every token, through tree_sitter_python_external_scanner_deserialize.
# As published, that function frees both stacks and allocates the indent stack again: a free and
# a malloc per token, 550,000 of each on a 200-file slice of the bench corpus, 1.3% of a
# conversion's instructions (docs/performance.md). Emptying the stacks instead (array_clear: size
# 0, the memory kept for the pushes that follow) leaves the scanner in the same state; the
# memory is freed by tree_sitter_python_external_scanner_destroy as before.
#
# The text replaced is that of tree-sitter-python@0.23.6 (the version fetch-grammar.sh pins); a
# grammar without it stops the configuration, so that a new version is looked at, not silently
# compiled without the change.
function(t2p_grammar_scanner grammar_src)
  file(READ ${grammar_src}/scanner.c original)
  set(published "    array_delete(&scanner->delimiters);\n    array_delete(&scanner->indents);\n    array_push(&scanner->indents, 0);")
  set(kept "    array_clear(&scanner->delimiters);  // torch2paddle: cleared, not freed (cmake/grammar_scanner.cmake)\n    array_clear(&scanner->indents);\n    array_push(&scanner->indents, 0);")
  string(FIND "${original}" "${published}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${grammar_src}/scanner.c: the deserialize function is not the one cmake/grammar_scanner.cmake changes")
  endif()
  string(REPLACE "${published}" "${kept}" changed "${original}")
  set(out ${CMAKE_BINARY_DIR}/grammar-scanner/scanner.c)
  # Written only when it differs, so that a new configuration does not rebuild the parser.
  file(WRITE ${out}.new "${changed}")
  file(COPY_FILE ${out}.new ${out} ONLY_IF_DIFFERENT)
  file(REMOVE ${out}.new)
  set(T2P_GRAMMAR_SCANNER ${out} PARENT_SCOPE)
endfunction()
