#!/usr/bin/env bash
# The migration report of a CI job (docs/ci.md): `torch2paddle check` over a source tree, writing
# into OUTDIR torch2paddle.json, torch2paddle.sarif (code scanning), torch2paddle.md (job summary,
# pull-request comment) and gl-code-quality.json (GitLab's code quality report).
# Exit status: check's (1 when findings at or above --fail-on remain; 2 on a usage error).
# usage: ci-migration-report.sh [--bin PATH] [--fail-on LEVEL] SRC OUTDIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=torch2paddle
fail_on=note
while [ $# -gt 2 ]; do
  case $1 in
    --bin) bin=$2; shift 2 ;;
    --fail-on) fail_on=$2; shift 2 ;;
    *) echo "usage: $0 [--bin PATH] [--fail-on LEVEL] SRC OUTDIR" >&2; exit 2 ;;
  esac
done
[ $# -eq 2 ] || { echo "usage: $0 [--bin PATH] [--fail-on LEVEL] SRC OUTDIR" >&2; exit 2; }
src=$1
out=$2
mkdir -p "$out"
set +e
"$bin" check "$src" --fail-on "$fail_on" \
  --report "json=$out/torch2paddle.json,sarif=$out/torch2paddle.sarif,md=$out/torch2paddle.md" > "$out/findings.txt"
status=$?
set -e
[ $status -eq 2 ] && exit 2
python3 "$here/gitlab-code-quality.py" "$out/torch2paddle.json" > "$out/gl-code-quality.json"
exit $status
