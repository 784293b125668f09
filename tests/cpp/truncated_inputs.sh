#!/usr/bin/env bash
# Bad C++ input never stops a run (CTest cpp.truncated_inputs): every golden-cpp input and the
# extension example's sources, cut at 40 places each, converted in one run. Each file that cannot
# be parsed is reported with its name and line and copied unchanged; the others are converted; no
# crash; converting the outputs again changes nothing.
# Usage: truncated_inputs.sh BIN SOURCE_DIR
set -euo pipefail
bin=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/in"
n=0
for f in "$src"/tests/golden-cpp/*/input.* "$src"/corpus/extension_fused_act/*.cpp "$src"/corpus/extension_fused_act/*.cu; do
  size=$(stat -c %s "$f")
  base=$(basename "$(dirname "$f")")_$(basename "$f")
  for k in $(seq 1 40); do
    head -c $((size * k / 41)) "$f" > "$tmp/in/${k}_$base"
    n=$((n + 1))
  done
done
rc=0
"$bin" convert "$tmp/in" -o "$tmp/out" -q --report "json=$tmp/report.json" 2> "$tmp/err" || rc=$?
if [ "$rc" -gt 1 ]; then
  echo "FAIL: convert exited $rc (a crash or a usage error):"
  tail -5 "$tmp/err"
  exit 1
fi
/usr/bin/python3 - "$tmp" <<'PY'
import json, pathlib, sys
tmp = pathlib.Path(sys.argv[1])
report = json.loads((tmp / "report.json").read_text())
bad = []
failed = converted = 0
for f in report["files"]:
    src, out = (tmp / "in" / f["path"]).read_bytes(), (tmp / "out" / f["path"]).read_bytes()
    if f["status"] == "failed":
        failed += 1
        err = f.get("error") or {}
        if out != src:
            bad.append(f"{f['path']}: failed but the output is not the input")
        if not err.get("code") or not err.get("line"):
            bad.append(f"{f['path']}: failed without a code and a line: {err}")
    elif f["status"] == "converted":
        converted += 1
print(f"truncated inputs: {len(report['files'])} files, {converted} converted, {failed} reported and copied unchanged")
for b in bad[:20]:
    print("FAIL: " + b)
sys.exit(1 if bad else 0)
PY
"$bin" convert "$tmp/out" -o "$tmp/again" -q 2>/dev/null || true
if ! diff -r -q "$tmp/out" "$tmp/again" > "$tmp/diff"; then
  echo "FAIL: converting the outputs again changed them:"
  head -5 "$tmp/diff"
  exit 1
fi
echo "truncated inputs: $n files, no crash, outputs idempotent"
