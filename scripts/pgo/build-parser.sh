#!/usr/bin/env bash
# Builds the parser (Debian's tree-sitter 0.20.7 runtime and the tree-sitter-python grammar) with
# profile-guided optimisation: compile instrumented, parse the training files with
# train_parser.cpp, compile again with the profile. About a quarter fewer instructions per parse
# than Debian's libtree-sitter (docs/performance.md). Called by CMake at build time.
# Usage: build-parser.sh CC CXX RUNTIME_LIB_DIR GRAMMAR_SRC_DIR TRAINING_LIST OUTDIR [SCANNER]
# SCANNER: the grammar's external scanner to compile (default GRAMMAR_SRC_DIR/scanner.c; CMake
# passes its changed copy, cmake/grammar_scanner.cmake).
# Writes OUTDIR/libtree-sitter-pgo.a (the runtime) and OUTDIR/libt2p_grammar.a (the grammar).
set -euo pipefail
cc=$1 cxx=$2 runtime=$3 grammar=$4 training=$5 out=$6
scanner=${7:-$grammar/scanner.c}
here=$(cd "$(dirname "$0")" && pwd)
work="$out/parser-pgo"
rm -rf "$work"
mkdir -p "$work"

# -O3: with the profile, 8% fewer instructions than -O2 (and 6% less time). -fno-semantic-
# interposition: the runtime calls its own exported functions (the language tables, the stack)
# in its hot loop; -fPIC alone would keep them from being inlined. No -DNDEBUG: tree-sitter's
# assertions stay, as in Debian's build (they cost 2.5% of the instructions).
common=(-O3 -g -fPIC -fno-semantic-interposition -w)
objects=("$work/runtime.o" "$work/grammar_parser.o" "$work/grammar_scanner.o")
compile() {  # PROFILE-FLAGS...
  "$cc" "${common[@]}" "$@" -std=gnu99 -I"$runtime/src" -I"$runtime/include" -c "$runtime/src/lib.c" -o "$work/runtime.o"
  "$cc" "${common[@]}" "$@" -I"$grammar" -c "$grammar/parser.c" -o "$work/grammar_parser.o"
  "$cc" "${common[@]}" "$@" -I"$grammar" -c "$scanner" -o "$work/grammar_scanner.o"
}

# 1. Instrumented. The profile of each object lands next to it (OBJECT.gcda), where step 3,
#    compiling to the same object path, looks for it.
compile -fprofile-generate -fprofile-update=single
"$cxx" -O2 -std=c++20 -I"$runtime/include" -fprofile-generate "$here/train_parser.cpp" \
  "${objects[@]}" -o "$work/train_parser"
# 2. Training.
"$work/train_parser" "$training"
# 3. Optimised with the profile. Functions the training did not run are compiled as without a
#    profile (-fprofile-partial-training), not as cold code.
compile -fprofile-use -fprofile-partial-training -Wno-missing-profile
rm -f "$out/libtree-sitter-pgo.a" "$out/libt2p_grammar.a"
ar rcs "$out/libtree-sitter-pgo.a" "$work/runtime.o"
ar rcs "$out/libt2p_grammar.a" "$work/grammar_parser.o" "$work/grammar_scanner.o"
echo "build-parser: profile-guided tree-sitter runtime and grammar in $out" >&2
