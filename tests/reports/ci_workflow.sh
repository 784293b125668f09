#!/usr/bin/env bash
# The commands of docs/ci.md's workflows (scripts/ci-migration-report.sh), not the workflow
# runners, on a copy of corpus/demo: every file they write exists and holds what it should.
# usage: ci_workflow.sh BIN SOURCE_DIR
set -euo pipefail
bin=$1
src=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$src/corpus/demo" "$tmp/demo"
cd "$tmp/demo"
set +e
"$src/scripts/ci-migration-report.sh" --bin "$bin" . "$tmp/report"
status=$?
set -e
[ $status -eq 1 ] || fail "the demo has PyTorch uses: the report script must exit 1, not $status"
for f in torch2paddle.json torch2paddle.sarif torch2paddle.md gl-code-quality.json findings.txt; do
  [ -s "$tmp/report/$f" ] || fail "$f was not written"
done
grep -q '^train_classifier.py:[0-9]*:[0-9]*: note: ' "$tmp/report/findings.txt" || fail "findings.txt lacks a finding"
grep -q '^## torch2paddle migration report' "$tmp/report/torch2paddle.md" || fail "the Markdown report has no title"
python3 - "$tmp/report" <<'PY'
import json, sys
d = sys.argv[1]
rep = json.load(open(f"{d}/torch2paddle.json"))
uses = sum(len(f["uses"]) for f in rep["files"])
cq = json.load(open(f"{d}/gl-code-quality.json"))
assert len(cq) == uses + sum(1 for f in rep["files"] if f["status"] == "failed"), (len(cq), uses)
fps = [i["fingerprint"] for i in cq]
assert len(set(fps)) == len(fps), "fingerprints repeat"
for i in cq:
    assert i["severity"] in ("info", "minor", "major"), i
    assert i["location"]["path"] and i["location"]["lines"]["begin"] >= 1, i
    assert i["check_name"].split(":")[0] in ("convert", "review", "unsupported", "file"), i
sarif = json.load(open(f"{d}/torch2paddle.sarif"))
assert len(sarif["runs"][0]["results"]) == len(cq), "SARIF and code quality disagree"
print(f"ci workflow: {len(cq)} findings in every format")
PY
# --fail-on never: the job passes while still writing the reports.
rm -rf "$tmp/report"
"$src/scripts/ci-migration-report.sh" --bin "$bin" --fail-on never . "$tmp/report" || fail "--fail-on never must pass"
[ -s "$tmp/report/torch2paddle.sarif" ] || fail "no SARIF with --fail-on never"
echo "ci workflow: ok"
