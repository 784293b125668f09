#!/usr/bin/env bash
# Runs one notebook case (tests/notebooks/<case>/): converts input.ipynb with the real binary and
#   1. compares the output with expected.ipynb byte for byte,
#   2. checks it with Debian's nbformat: it validates, and only code-cell sources differ
#      (check_notebook.py),
#   3. compares `check`'s findings (cell, line, column, rule) with findings.txt,
#   4. requires `check --diff` to be the same change (the diff applied to the input gives the output),
#      and `convert --in-place` to write the same bytes,
#   5. converts the output again and requires no change (idempotence).
# With T2P_UPDATE_GOLDEN=1 it rewrites expected.ipynb and findings.txt instead (review the diff).
set -euo pipefail
bin=$(realpath "$1")
case_dir=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" convert "$case_dir/input.ipynb" -o "$tmp/out.ipynb" -q
(cd "$case_dir" && "$bin" check input.ipynb --fail-on never 2>/dev/null) > "$tmp/findings.txt"
if [ "${T2P_UPDATE_GOLDEN:-}" = 1 ]; then
  cp "$tmp/out.ipynb" "$case_dir/expected.ipynb"
  cp "$tmp/findings.txt" "$case_dir/findings.txt"
  exit 0
fi
fail=0
if ! cmp -s "$tmp/out.ipynb" "$case_dir/expected.ipynb"; then
  echo "notebook mismatch in $(basename "$case_dir"):"
  diff -u "$case_dir/expected.ipynb" "$tmp/out.ipynb" || true
  fail=1
fi
/usr/bin/python3 "$here/check_notebook.py" "$case_dir/input.ipynb" "$tmp/out.ipynb" || fail=1
if ! diff -u "$case_dir/findings.txt" "$tmp/findings.txt"; then
  echo "findings differ from findings.txt"
  fail=1
fi
mkdir "$tmp/work"
cp "$case_dir/input.ipynb" "$tmp/work/nb.ipynb"
(cd "$tmp/work" && "$bin" check nb.ipynb --diff --fail-on never 2>/dev/null > ../nb.diff && patch -s -p1 < ../nb.diff)
if ! cmp -s "$tmp/work/nb.ipynb" "$tmp/out.ipynb"; then
  echo "check --diff applied to the input does not give the converted notebook"
  fail=1
fi
cp "$case_dir/input.ipynb" "$tmp/inplace.ipynb"
"$bin" convert "$tmp/inplace.ipynb" --in-place -q
if ! cmp -s "$tmp/inplace.ipynb" "$tmp/out.ipynb"; then
  echo "convert --in-place wrote something else than convert -o"
  fail=1
fi
"$bin" convert "$tmp/out.ipynb" -o "$tmp/again.ipynb" -q
if ! cmp -s "$tmp/out.ipynb" "$tmp/again.ipynb"; then
  echo "not idempotent: converting the output again changed it:"
  diff -u "$tmp/out.ipynb" "$tmp/again.ipynb" || true
  fail=1
fi
exit $fail
