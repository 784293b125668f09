#!/usr/bin/env bash
# Runs one golden case: converts CASE/input.py with the real binary and compares the output
# with CASE/expected.py byte for byte; then converts the output again and requires no change
# (idempotence). With T2P_UPDATE_GOLDEN=1 it rewrites expected.py instead (review the diff).
# Optional CASE/args holds extra convert options (e.g. --aggressive).
set -euo pipefail
bin=$1
case_dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=()
[ -f "$case_dir/args" ] && read -r -a args < "$case_dir/args"
"$bin" convert "$case_dir/input.py" -o "$tmp/out.py" -q "${args[@]}"
if [ "${T2P_UPDATE_GOLDEN:-}" = 1 ]; then
  cp "$tmp/out.py" "$case_dir/expected.py"
  exit 0
fi
if ! cmp -s "$tmp/out.py" "$case_dir/expected.py"; then
  echo "golden mismatch in $(basename "$case_dir"):"
  diff -u "$case_dir/expected.py" "$tmp/out.py" || true
  exit 1
fi
"$bin" convert "$tmp/out.py" -o "$tmp/again.py" -q "${args[@]}"
if ! cmp -s "$tmp/out.py" "$tmp/again.py"; then
  echo "not idempotent: converting the output again changed it:"
  diff -u "$tmp/out.py" "$tmp/again.py" || true
  exit 1
fi
