#!/usr/bin/env bash
# Unit test of scripts/coverage.py's counting, without the real corpus or the binary: it measures
# the hand-made fixture (corpus/pkg = inputs, work/out/pkg = "converted" outputs, work/reports/pkg.json
# = their report) with --no-convert and compares summary.json with expected.json.
# The fixture holds one case per figure: torch names bound by imports and relative imports, an
# attribute named nn, a comment and a string naming torch, a name left undefined by the output, an
# output that does not parse, a lost duplicate comment, a failed file and a missing output file.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here"
python3 "$root/scripts/coverage.py" --no-convert --corpus corpus --work work --out "$tmp" \
  --date fixture --commit fixture > "$tmp/stdout"
python3 - "$tmp/summary.json" expected.json <<'PY'
import json, sys
got, want = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
for volatile in ("measure_seconds", "columns"):  # time, and the labels of the printed table
    got.pop(volatile, None)
    want.pop(volatile, None)
bad = [k for k in sorted(set(got) | set(want)) if got.get(k) != want.get(k)]
for k in bad:
    print(f"summary.json[{k!r}]:\n  got      {json.dumps(got.get(k))}\n  expected {json.dumps(want.get(k))}")
sys.exit(1 if bad else 0)
PY
grep -q "^New undefined names: 1 " "$tmp/stdout"
echo "coverage counting: ok"
