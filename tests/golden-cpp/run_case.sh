#!/usr/bin/env bash
# Runs one C++ golden case (docs/cpp-extensions.md): converts CASE/input.EXT (EXT: cpp cc cu h
# cuh) with the real binary and compares the output with CASE/expected.EXT byte for byte, and the
# findings `check` prints with CASE/findings.txt; then converts the output again and requires no
# change (idempotence). With T2P_UPDATE_GOLDEN=1 it rewrites expected.EXT and findings.txt instead
# (review the diff).
set -euo pipefail
bin=$(realpath "$1")
case_dir=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
input=$(ls "$case_dir"/input.* | head -n1)
ext=${input##*.}
name=$(basename "$case_dir")
"$bin" convert "$input" -o "$tmp/out.$ext" -q
# The findings, with the case's path made stable.
(cd "$case_dir" && "$bin" check "input.$ext" --fail-on never 2>/dev/null) > "$tmp/findings.txt" || true
if [ "${T2P_UPDATE_GOLDEN:-}" = 1 ]; then
  cp "$tmp/out.$ext" "$case_dir/expected.$ext"
  cp "$tmp/findings.txt" "$case_dir/findings.txt"
  exit 0
fi
if ! cmp -s "$tmp/out.$ext" "$case_dir/expected.$ext"; then
  echo "golden mismatch in $name:"
  diff -u "$case_dir/expected.$ext" "$tmp/out.$ext" || true
  exit 1
fi
if ! cmp -s "$tmp/findings.txt" "$case_dir/findings.txt"; then
  echo "findings mismatch in $name:"
  diff -u "$case_dir/findings.txt" "$tmp/findings.txt" || true
  exit 1
fi
"$bin" convert "$tmp/out.$ext" -o "$tmp/again.$ext" -q
if ! cmp -s "$tmp/out.$ext" "$tmp/again.$ext"; then
  echo "not idempotent: converting the output again changed it:"
  diff -u "$tmp/out.$ext" "$tmp/again.$ext" || true
  exit 1
fi
echo "golden-cpp $name: output, findings and idempotence as expected"
