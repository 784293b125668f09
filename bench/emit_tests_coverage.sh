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
  run=$(cd "$out" && timeout 900 /usr/bin/python3 -m pytest -q -p no:cacheprovider 2>&1 | tail -1 || true)
  awk -v c="$corpus" -v f="$forms" -v t="$tests" -v d="$distinct" -v r="$run" 'BEGIN {
    printf "%s: %d distinct converted call forms (per file), tests generated for %d = %.1f%%; %s; pytest: %s\n", c, f, t, 100.0 * t / f, d, r }'
  sed -n 's/.*; not generated: [0-9]* (\(.*\); listed.*/  not generated: \1/p' <<<"$summary"
done
