#!/usr/bin/env bash
# bench/check_speed.sh: `check` against `convert` on a generated 100,000-line PyTorch repository
# (the bench corpus generator), and `check` on one file (what a pre-commit hook pays). Prints the
# median wall time of each over REPEAT runs (default 5) and the ratio. Targets (issue "findings
# with fixes"): check within 10% of convert on the repository; one file under 20 ms.
# usage: bench/check_speed.sh [BUILD]   (default build-release; built in Release when missing)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${1:-build-release}
repeat=${REPEAT:-5}
if [ ! -x "$build/torch2paddle" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DT2P_TESTS=OFF > /dev/null
  cmake --build "$build" -j "$(nproc)"
fi
bin=$build/torch2paddle
work=$(mktemp -d "${TMPDIR:-/tmp}/t2p-check-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 bench/make_corpus.py corpus "$work/repo" --lines 100000 > /dev/null
one=corpus/demo/train_classifier.py

median() {  # median N CMD...: median wall time in ms of N runs of CMD
  python3 - "$@" <<'PY'
import subprocess, sys, time
n = int(sys.argv[1]); cmd = sys.argv[2:]
times = []
for _ in range(n):
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append((time.perf_counter() - t) * 1000)
times.sort()
print(f"{times[len(times) // 2]:.1f}")
PY
}
lines=$(find "$work/repo" -name '*.py' -print0 | xargs -0 cat | wc -l)
convert_ms=$(median "$repeat" "$bin" convert "$work/repo" -o "$work/out" --force -q)
check_ms=$(median "$repeat" "$bin" check "$work/repo" -q --fail-on never)
one_ms=$(median $((repeat * 4)) "$bin" check "$one" -q --fail-on never)
python3 - "$lines" "$convert_ms" "$check_ms" "$one_ms" <<'PY'
import sys
lines, conv, chk, one = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
print(f"repository: {lines} lines")
print(f"convert:    {conv:8.1f} ms")
print(f"check:      {chk:8.1f} ms  ({(chk / conv - 1) * 100:+.1f}% of convert; target within +10%)")
print(f"check one file (corpus/demo/train_classifier.py): {one:.1f} ms (target under 20 ms)")
PY
