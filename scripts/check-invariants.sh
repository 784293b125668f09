#!/usr/bin/env bash
# Whole-corpus invariants (CTest: corpus.invariants). Converts every file under CORPUS_DIR with the
# real binary, converts the output again, and checks with python3 (scripts/check_invariants.py):
#   1. outputs parse        every output parses with python3's ast (when its input does)
#   2. idempotent           converting the output again changes no byte
#   3. comments kept        every comment line and every trailing comment of the input survives
#   4. no torch left        files the JSON report marks fully converted import no torch
#   5. false conversions    lines tagged `# negative:` in CORPUS_DIR/negative/ come out unchanged
# Prints one line per check and a summary line; exits non-zero listing the offending files/lines.
# Usage: scripts/check-invariants.sh BIN CORPUS_DIR
set -euo pipefail
bin=${1:?usage: check-invariants.sh BIN CORPUS_DIR}
corpus=${2:?usage: check-invariants.sh BIN CORPUS_DIR}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
python=${PYTHON:-python3}

[ -x "$bin" ] || { echo "check-invariants: $bin is not an executable" >&2; exit 2; }
[ -d "$corpus" ] || { echo "check-invariants: $corpus is not a directory" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/t2p-invariants.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if ! "$bin" convert "$corpus" -o "$tmp/out" -q --report "json=$tmp/report.json" 2>"$tmp/err1"; then
  echo "check-invariants: converting $corpus failed:" >&2
  cat "$tmp/err1" >&2
  exit 1
fi
if ! "$bin" convert "$tmp/out" -o "$tmp/again" -q 2>"$tmp/err2"; then
  echo "check-invariants: converting the output again failed:" >&2
  cat "$tmp/err2" >&2
  exit 1
fi

rc=0
"$python" "$here/check_invariants.py" "$corpus" "$tmp/out" "$tmp/again" "$tmp/report.json" || rc=$?
exit $rc
