#!/usr/bin/env bash
# scripts/same-outputs.sh: proves that a change of the converter's code moved code only. It converts
# the golden inputs, corpus/, corpus-real/ (when linked) and the bench corpus, and runs the docs
# conformance check, then `diff -r`s every output, JSON report (findings and reasons) and the
# conformance summary against a reference taken before the change.
#
#   scripts/same-outputs.sh record DIR   # before: write the reference into DIR
#   scripts/same-outputs.sh check DIR    # after: convert again, diff against DIR (exit 1 on a difference)
#
# Environment: BIN (default build/torch2paddle), BENCH_CORPUS (default build/bench-corpus, made by
# bench/make_corpus.py when missing), MAPPING_DOCS (default /work/shared/reference/paddle-api-mapping).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
mode=${1:?usage: same-outputs.sh record|check DIR}
ref=${2:?usage: same-outputs.sh record|check DIR}
bin=${BIN:-build/torch2paddle}
bench=${BENCH_CORPUS:-build/bench-corpus}
docs=${MAPPING_DOCS:-/work/shared/reference/paddle-api-mapping}
[ -d "$bench" ] || python3 bench/make_corpus.py corpus "$bench" --lines 330000 >/dev/null

case $mode in
  record) out=$ref ;;
  check) out=$(mktemp -d) ; trap 'rm -rf "$out"' EXIT ;;
  *) echo "usage: same-outputs.sh record|check DIR" >&2; exit 2 ;;
esac
mkdir -p "$out"

# Timings and the tool's version vary from run to run; everything else must not.
normalise() {  # JSON report -> the same, with run-dependent fields removed
  python3 - "$1" <<'EOF'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items()
                if k not in ("elapsed_ms", "elapsed", "seconds", "duration_ms", "timestamp", "started", "finished", "lines_per_second", "jobs")}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o
json.dump(strip(d), open(p, "w"), indent=1, sort_keys=True)
EOF
}

convert() {  # NAME INPUT
  rm -rf "${out:?}/$1"
  "$bin" convert "$2" -o "$out/$1" -q -j 2 --report "json=$out/$1.json" || true
  normalise "$out/$1.json"
}
convert golden tests/golden
convert corpus corpus
[ -e corpus-real ] && convert real corpus-real
convert bench "$bench"
"$bin" kg conformance "$docs" --json "$out/conf.json" >"$out/conf.txt" 2>&1 || true
normalise "$out/conf.json"

if [ "$mode" = check ]; then
  if diff -r -q "$ref" "$out"; then
    echo "same-outputs: identical to $ref"
  else
    echo "same-outputs: DIFFERENT from $ref (diff -r $ref $out)" >&2
    trap - EXIT
    exit 1
  fi
fi
