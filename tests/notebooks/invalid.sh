#!/usr/bin/env bash
# Notebooks that cannot be converted (tests/notebooks/invalid/: bad JSON, nbformat 3, a cell whose
# source is a number, a code cell with a syntax error) are each reported with the file's name and
# the reason, copied unchanged, and the run goes on: exit code 1, every other file written. The
# JSON report names the error's cell and validates against docs/report.schema.json.
set -euo pipefail
bin=$(realpath "$1")
root=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$here/invalid" "$tmp/in"
cp "$here/magics_and_cells/input.ipynb" "$tmp/in/good.ipynb"
status=0
"$bin" convert "$tmp/in" -o "$tmp/out" -q --report "json=$tmp/report.json" 2> "$tmp/stderr" || status=$?
fail=0
expect() {  # expect FILE TEXT: stderr names the file and says TEXT
  if ! grep -F "$1" "$tmp/stderr" | grep -qF "$2"; then
    echo "no error for $1 saying: $2"
    fail=1
  fi
}
[ "$status" = 1 ] || { echo "exit code $status, expected 1"; fail=1; }
expect bad_json.ipynb "not valid JSON: parse error at line 4"
expect nbformat3.ipynb "nbformat 3 is not supported (only nbformat 4)"
expect odd_cell.ipynb 'cell 1: "source" is neither a string nor a list of strings'
expect "syntax_error.ipynb:cell 3:2:" "syntax"
for f in bad_json nbformat3 odd_cell syntax_error; do
  cmp -s "$tmp/in/$f.ipynb" "$tmp/out/$f.ipynb" || { echo "$f.ipynb was not copied unchanged"; fail=1; }
done
cmp -s "$tmp/out/good.ipynb" "$here/magics_and_cells/expected.ipynb" || { echo "the good notebook was not converted"; fail=1; }
# `check` prints the same errors, compiler style, with the cell.
(cd "$tmp/in" && "$bin" check . --fail-on never > "$tmp/check.txt" 2>/dev/null) || true
grep -q '^syntax_error.ipynb:cell 3:2:[0-9]*: error: .*\[syntax-error\]$' "$tmp/check.txt" ||
  { echo "check does not name the cell of the syntax error:"; cat "$tmp/check.txt"; fail=1; }
/usr/bin/python3 - "$tmp/report.json" "$root/docs/report.schema.json" <<'EOF' || fail=1
import json, sys
import jsonschema
report = json.load(open(sys.argv[1]))
jsonschema.validate(report, json.load(open(sys.argv[2])))
files = {f["path"]: f for f in report["files"]}
for name in ("bad_json.ipynb", "nbformat3.ipynb", "odd_cell.ipynb"):
    assert files[name]["status"] == "failed" and files[name]["error"]["code"] == "notebook-error", files[name]
err = files["syntax_error.ipynb"]["error"]
assert err["code"] == "syntax-error" and err["cell"] == 3 and err["line"] == 2, err
good = files["good.ipynb"]
assert good["status"] == "converted" and all(u["cell"] >= 2 for u in good["uses"]), good
EOF
[ "$fail" = 0 ] || { echo "--- stderr:"; cat "$tmp/stderr"; }
exit $fail
