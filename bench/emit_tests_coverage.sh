#!/usr/bin/env bash
# Prints the share of distinct converted call forms `--emit-tests` writes a test for (issue
# "Prove it on the user's own code": target 90%), on corpus/demo and on the real-code corpus
# (corpus-real/, built by scripts/fetch-real-code.sh), and how many of the tests' torch halves run
# here (pytest under Debian's python3; the Paddle halves are skipped without Paddle).
#   bench/emit_tests_coverage.sh [BINARY] [CORPUS...]     (default: build/torch2paddle corpus/demo corpus-real)
set -euo pipefail
bin=${1:-build/torch2paddle}
shift || true
corpora=("$@")
[ ${#corpora[@]} -eq 0 ] && corpora=(corpus/demo corpus-real)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "emit-tests coverage, $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
for corpus in "${corpora[@]}"; do
  if [ ! -d "$corpus" ]; then
    echo "$corpus: missing (scripts/fetch-real-code.sh builds corpus-real)"
    continue
  fi
  out="$work/$(basename "$corpus")"
  summary=$("$bin" check "$corpus" --emit-tests "$out" --fail-on never -j2 2>&1 >/dev/null | grep '^per-API tests:' || true)
  forms=$(sed -n 's/^per-API tests: \([0-9]*\) distinct.*/\1/p' <<<"$summary")
  tests=$(sed -n 's/.* \([0-9]*\) tests generated.*/\1/p' <<<"$summary")
  if [ -z "$forms" ] || [ "$forms" -eq 0 ]; then
    echo "$corpus: no converted call forms"
    continue
  fi
  # Forms counted once per corpus too (the same torch API, Paddle API and parameters in several files).
  distinct=$(/usr/bin/python3 - "$out" <<'PY'
import json, os, re, sys
out = sys.argv[1]
untested = {(u["torch_api"], u["paddle_api"]) for u in json.load(open(os.path.join(out, "untested.json")))}
tested = set()
for name in os.listdir(out):
    if name.startswith("test_") and name.endswith(".py"):
        for m in re.finditer(r"# \S+:\d+: (\S+) -> (\S+)\n", open(os.path.join(out, name)).read()):
            tested.add((m.group(1), m.group(2)))
apis = tested | untested
print("%d of %d torch/Paddle API pairs have a test (%.1f%%)" % (len(tested), len(apis), 100.0 * len(tested) / max(1, len(apis))))
PY
)
  # The tests run (torch halves here; Paddle halves skipped without Paddle). A form counts as tested
  # only when its test's torch half ran and recorded its result: a test that fails in its torch
  # half, or is skipped because torch here lacks the API, proves nothing and is not counted.
  ran=$(cd "$out" && { timeout 1800 /usr/bin/python3 -m pytest -q -p no:cacheprovider --junitxml=junit.xml >/dev/null 2>&1 || true; } &&
        /usr/bin/python3 - "$out" <<'PY'
import os, sys, xml.etree.ElementTree as ET
out = sys.argv[1]
xml = os.path.join(out, "junit.xml")
recorded = failed = skipped_torch = other = 0
causes = {}
for case in (ET.parse(xml).getroot().iter("testcase") if os.path.exists(xml) else []):
    module, name = case.get("classname").split(".")[-1], case.get("name")
    outcome, message = "passed", ""
    for child in case:
        if child.tag in ("failure", "error"):
            outcome, message = "failed", (child.get("message") or "").split("\n")[0]
        elif child.tag == "skipped":
            outcome, message = "skipped", child.get("message") or ""
    has_record = os.path.exists(os.path.join(out, "records", module, name + ".npz"))
    if outcome == "failed" and not has_record:
        failed += 1
        cause = message.split(":")[0][:40]
        causes[cause] = causes.get(cause, 0) + 1
    elif outcome == "skipped" and not has_record:
        skipped_torch += 1
    elif has_record:
        recorded += 1  # torch half ran; Paddle half skipped, passed or failed (where installed)
    else:
        other += 1
print(recorded, failed, skipped_torch, other, "; ".join("%s: %d" % kv for kv in sorted(causes.items(), key=lambda kv: -kv[1])[:8]))
PY
)
  read -r recorded failed skipped_torch other causes <<<"$ran"
  awk -v c="$corpus" -v f="$forms" -v t="$tests" -v d="$distinct" -v r="$recorded" -v x="$failed" -v s="$skipped_torch" -v o="$other" 'BEGIN {
    printf "%s: %d distinct converted call forms (per file); tests generated for %d = %.1f%%; torch half ran and recorded for %d = %.1f%% (the figure); torch half failed: %d, skipped (API missing here): %d, other: %d; %s\n", c, f, t, 100.0 * t / f, r, 100.0 * r / f, x, s, o, d }'
  [ -n "$causes" ] && echo "  torch halves failing by error: $causes"
  sed -n 's/.*; not generated: [0-9]* (\(.*\); listed.*/  not generated: \1/p' <<<"$summary"
done
