#!/usr/bin/env bash
# `torch2paddle check` and the reports, through the real binary on a copy of corpus/demo:
#   - check prints compiler-style findings, writes nothing, exits 1 / 0 / 2 as documented;
#   - check --diff is exactly what `convert` writes (applied with patch -p1);
#   - the JSON reports of check and convert validate against docs/report.schema.json, and the
#     SARIF reports against the SARIF 2.1.0 schema (reports.sarif_schema runs the same with the
#     schema required, and is skipped where it is missing);
#   - the Markdown report has its sections.
# usage: check_and_reports.sh BIN SOURCE_DIR
set -euo pipefail
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

sarif_schema=${T2P_SARIF_SCHEMA:-$src/../shared/reference/sarif/sarif-schema-2.1.0.json}
if [ ! -f "$sarif_schema" ]; then
  [ "${T2P_REQUIRE_SARIF_SCHEMA:-}" = 1 ] && { echo "SKIP: no SARIF schema at $sarif_schema (set T2P_SARIF_SCHEMA)" >&2; exit 77; }
  echo "note: no SARIF schema at $sarif_schema: the SARIF reports are checked as JSON only" >&2
fi

cp -r "$src/corpus/demo" "$tmp/proj"
printf 'import torch\nx = torch.zeros(3\n' > "$tmp/proj/broken.py"
printf 'import paddle\nx = paddle.zeros([3])\n' > "$tmp/clean.py"
# setup.py: its requirement edits and its Python edits are one set of fixes.
cat > "$tmp/proj/setup.py" <<'PY'
import torch
from setuptools import setup

setup(name="demo", install_requires=["torch>=2.0", "numpy"])  # the requirement and
print(torch.cuda.is_available())  # the Python use, both converted
PY
snapshot() { (cd "$tmp/proj" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
snapshot > "$tmp/before.sum"

# 1. Findings, exit 1, nothing written.
set +e
"$bin" check "$tmp/proj" --report "json=$tmp/check.json,sarif=$tmp/check.sarif" --report "md=$tmp/check.md" \
  > "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
set -e
[ $rc -eq 1 ] || { cat "$tmp/err.txt"; fail "check with findings exited $rc, not 1"; }
grep -Eq "^$tmp/proj/train_classifier.py:[0-9]+:[0-9]+: note: torch\.[A-Za-z_.]+ converts to paddle\.[A-Za-z_.]+ \[convert:torch\." "$tmp/out.txt" \
  || fail "no compiler-style note for train_classifier.py: $(head -3 "$tmp/out.txt")"
grep -Eq "^$tmp/proj/broken.py:2:[0-9]+: error: .* \[syntax-error\]$" "$tmp/out.txt" || fail "the syntax error is not reported"
grep -q '^check: ' "$tmp/err.txt" || fail "no summary on stderr"
snapshot > "$tmp/after.sum"
cmp -s "$tmp/before.sum" "$tmp/after.sum" || fail "check changed the checked tree"
[ "$(find "$tmp/proj" -newer "$tmp/before.sum" | wc -l)" -eq 0 ] || fail "check created files in the checked tree"

# A dependency file given alone is checked, never written.
cp "$tmp/proj/requirements.txt" "$tmp/req.orig"
set +e
"$bin" check "$tmp/proj/requirements.txt" > "$tmp/req.txt" 2>&1; rc=$?
set -e
[ $rc -eq 1 ] || fail "check of requirements.txt exited $rc"
grep -q 'requirements.txt:[0-9]*:[0-9]*: note: torch.*\[convert:torch\]' "$tmp/req.txt" || fail "no finding for requirements.txt: $(cat "$tmp/req.txt")"
cmp -s "$tmp/proj/requirements.txt" "$tmp/req.orig" || fail "check wrote requirements.txt"

# The progress line: drawn and erased on a terminal (a pty from script(1)), never under CI=true.
env -u CI script -qec "'$bin' check '$tmp/proj' --fail-on never" /dev/null > "$tmp/tty.txt" 2>&1 || true
grep -q $'\r\033\[K[0-9]*/[0-9]* files' "$tmp/tty.txt" || fail "no progress line on a terminal"
CI=true script -qec "'$bin' check '$tmp/proj' --fail-on never" /dev/null > "$tmp/tty-ci.txt" 2>&1 || true
if grep -q $'\033\[K' "$tmp/tty-ci.txt"; then fail "a progress line under CI=true"; fi
grep -q '^check: ' "$tmp/tty-ci.txt" || fail "no summary under CI=true: $(head -3 "$tmp/tty-ci.txt")"

# 2. Exit codes.
"$bin" check "$tmp/clean.py" > /dev/null 2>&1 || fail "a file with no torch use must pass (exit 0)"
"$bin" check "$tmp/proj" --fail-on never -q || fail "--fail-on never must exit 0"
set +e
"$bin" check "$tmp/proj" --fail-on bogus > /dev/null 2>&1; [ $? -eq 2 ] || fail "a bad --fail-on must exit 2"
"$bin" check "$tmp/proj" --report pdf=x > /dev/null 2>&1; [ $? -eq 2 ] || fail "an unknown report kind must exit 2"
"$bin" check --no-such-flag "$tmp/proj" > /dev/null 2>&1; [ $? -eq 2 ] || fail "an unknown flag must exit 2"
"$bin" check "$tmp/does-not-exist" > /dev/null 2>&1; [ $? -eq 2 ] || fail "a missing path must exit 2"
"$bin" check "$tmp/proj" -q > "$tmp/quiet.txt" 2>&1; [ $? -eq 1 ] || fail "-q keeps the exit code"
set -e
[ ! -s "$tmp/quiet.txt" ] || fail "-q printed: $(head -3 "$tmp/quiet.txt")"

# 3. --diff applied with patch equals what convert writes.
"$bin" convert "$tmp/proj" -o "$tmp/converted" -q --report "json=$tmp/convert.json,sarif=$tmp/convert.sarif" || true
cp -r "$tmp/proj" "$tmp/patched"
(cd "$tmp/proj" && "$bin" check . --diff > "$tmp/changes.diff" 2> /dev/null) || true
grep -q '^+++ b/train_classifier.py$' "$tmp/changes.diff" || fail "no diff for train_classifier.py"
grep -q '^+++ b/setup.py$' "$tmp/changes.diff" || fail "no diff for setup.py"
(cd "$tmp/patched" && patch -s -p1 < "$tmp/changes.diff") || fail "the diff does not apply"
rm -f "$tmp/patched"/*.orig
diff -r "$tmp/patched" "$tmp/converted" > "$tmp/rest.diff" || fail "check --diff differs from convert: $(head -20 "$tmp/rest.diff")"

# 4. Reports validate; the Markdown report has its parts.
sarif_args=()
if [ -f "$sarif_schema" ]; then
  sarif_args=(--sarif "$tmp/check.sarif" --sarif "$tmp/convert.sarif")
else
  python3 -c 'import json,sys; [json.load(open(f)) for f in sys.argv[1:]]' "$tmp/check.sarif" "$tmp/convert.sarif"
fi
python3 "$src/tests/reports/validate_reports.py" --json-schema "$src/docs/report.schema.json" --sarif-schema "$sarif_schema" \
  --json "$tmp/check.json" --json "$tmp/convert.json" "${sarif_args[@]}"
for part in '## torch2paddle migration report' '| convertible |' '### Files' 'broken.py'; do
  grep -qF -- "$part" "$tmp/check.md" || fail "the Markdown report lacks '$part'"
done
echo "check and reports: ok"
