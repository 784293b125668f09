#!/usr/bin/env bash
# The stages of src/ see only themselves and the stages below them (CMakeLists.txt, t2p_stage):
# for every pair, a header of a higher stage included from a lower stage's include folder must
# not be found, and a header of the stage itself or a lower one must be. Preprocessing only.
# usage: check_layering.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
mapfile -t stages < "$build/stages.txt"  # bottom up, written by CMakeLists.txt
[ ${#stages[@]} -ge 2 ] || { echo "FAIL: no stages in $build/stages.txt"; exit 1; }
cxx=${CXX:-c++}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
for ((i = 0; i < ${#stages[@]}; i++)); do
  s=${stages[$i]}
  inc=$build/stage-include/$s
  [ -d "$inc" ] || { echo "FAIL: no include folder $inc"; exit 1; }
  for ((j = 0; j < ${#stages[@]}; j++)); do
    t=${stages[$j]}
    header=$(cd "$src/src/$t" && ls *.h | head -1)
    printf '#include "%s/%s"\n' "$t" "$header" > "$tmp/probe.cpp"
    # Other headers the probe pulls in (tree-sitter, RocksDB) may be missing here: only whether
    # this very header is found counts.
    if "$cxx" -std=c++20 -E -I "$inc" "$tmp/probe.cpp" -o /dev/null 2> "$tmp/err" || true; then :; fi
    if grep -q "$t/$header: No such file" "$tmp/err"; then found=no; else found=yes; fi
    if [ $j -le $i ] && [ $found = no ]; then echo "FAIL: $s cannot include $t/$header"; bad=1; fi
    if [ $j -gt $i ] && [ $found = yes ]; then echo "FAIL: $s can include $t/$header (a higher stage)"; bad=1; fi
  done
done
[ $bad -eq 0 ] && echo "layering: each of ${#stages[@]} stages sees itself and the stages below it only"
exit $bad
