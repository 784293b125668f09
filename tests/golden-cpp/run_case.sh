#!/usr/bin/env bash
# Runs one C++ golden case (docs/cpp-extensions.md): converts CASE/input.EXT (EXT: cpp cc cu h
# cuh) with the real binary and compares the output with CASE/expected.EXT byte for byte (a file
# whose name matters, setup.py, is CASE/input/NAME and CASE/expected/NAME instead), and the
# findings `check` prints with CASE/findings.txt; then converts the output again and requires no
# change (idempotence). With T2P_UPDATE_GOLDEN=1 it rewrites expected.EXT and findings.txt instead
# (review the diff).
set -euo pipefail
bin=$(realpath "$1")
case_dir=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -d "$case_dir/input" ]; then
  file=$(ls "$case_dir/input" | head -n1)
  input_rel=input/$file
  expected=$case_dir/expected/$file
  mkdir -p "$tmp/o" "$tmp/a" "$case_dir/expected"
  out=$tmp/o/$file
  again=$tmp/a/$file
else
  input_rel=$(cd "$case_dir" && ls input.* | head -n1)
  ext=${input_rel##*.}
  expected=$case_dir/expected.$ext
  out=$tmp/out.$ext
  again=$tmp/again.$ext
fi
name=$(basename "$case_dir")
"$bin" convert "$case_dir/$input_rel" -o "$out" -q
# The findings, with the case's path made stable.
(cd "$case_dir" && "$bin" check "$input_rel" --fail-on never 2>/dev/null) > "$tmp/findings.txt" || true
if [ "${T2P_UPDATE_GOLDEN:-}" = 1 ]; then
  cp "$out" "$expected"
  cp "$tmp/findings.txt" "$case_dir/findings.txt"
  exit 0
fi
if ! cmp -s "$out" "$expected"; then
  echo "golden mismatch in $name:"
  diff -u "$expected" "$out" || true
  exit 1
fi
if ! cmp -s "$tmp/findings.txt" "$case_dir/findings.txt"; then
  echo "findings mismatch in $name:"
  diff -u "$case_dir/findings.txt" "$tmp/findings.txt" || true
  exit 1
fi
"$bin" convert "$out" -o "$again" -q
if ! cmp -s "$out" "$again"; then
  echo "not idempotent: converting the output again changed it:"
  diff -u "$out" "$again" || true
  exit 1
fi
echo "golden-cpp $name: output, findings and idempotence as expected"
