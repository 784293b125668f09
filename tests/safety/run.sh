#!/usr/bin/env bash
# Safety scenarios ("never lose a byte"): runs the real binary on hostile inputs and checks
#   (a) a one-line error naming the file and the reason (stderr `error: PATH[:line:col]: ...`,
#       JSON report files[].status / error.code),
#   (b) the run goes on: a good torch file next to each bad one is converted,
#   (c) the input tree is byte-identical afterwards (sha256 + mode + type listing),
#   (d) the output mirrors every input file (bad files copied unchanged),
#   (e) idempotence: converting the output again changes nothing.
# Prints "ok NAME" / "FAIL NAME: why" per scenario (and "skip NAME: why" for scenarios the
# machine cannot run, not counted), then "N passed, M failed"; exits 1 when one failed.
# Usage: tests/safety/run.sh BIN        (kg.db next to BIN, or $T2P_KG_DB)
# Needs bash, coreutils, python3; root for the full-disk (tmpfs) scenario and setpriv for the
# permission scenarios (when not root they run as the current user).
set -u
bin_arg=${1:?usage: run.sh BIN}
BIN=$(realpath "$bin_arg")
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PY=${PYTHON:-python3}
HELPER="$HERE/check_output.py"
[ -x "$BIN" ] || { echo "run.sh: $BIN is not executable" >&2; exit 2; }
export LC_ALL=C.UTF-8 2>/dev/null || export LC_ALL=C
# Each run's time limit is multiplied by this (sanitizer builds run several times slower; ctest
# sets it from T2P_TEST_TIMEOUT_SCALE).
TIME_SCALE=${T2P_TEST_TIME_SCALE:-1}

WORK=$(mktemp -d /tmp/t2p-safety.XXXXXX)
chmod 755 "$WORK"
MOUNTS=()
cleanup() {
  for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null; done
  chmod -R u+rwX "$WORK" 2>/dev/null
  [ -n "${T2P_SAFETY_KEEP:-}" ] && { echo "# kept $WORK" >&2; return; }
  rm -rf "$WORK"
}
trap cleanup EXIT
START_US=${EPOCHREALTIME/./}

passed=0
failed=0
G_SRC=$'import torch\nx = torch.zeros(1)\n'

# Running as nobody (permission scenarios): root ignores file modes.
AS=()
NOBODY_BIN=$BIN
NOBODY_KG=${T2P_KG_DB:-$(dirname "$BIN")/kg.db}
if [ "$(id -u)" = 0 ]; then
  if command -v setpriv >/dev/null 2>&1; then
    AS=(setpriv --reuid=65534 --regid=65534 --clear-groups)
    # The binary and the knowledge graph must be reachable by nobody; copy them otherwise.
    if ! "${AS[@]}" test -x "$BIN" || ! "${AS[@]}" test -r "$NOBODY_KG/CURRENT"; then
      mkdir -p "$WORK/bin"
      cp "$BIN" "$WORK/bin/" && cp -r "$NOBODY_KG" "$WORK/bin/kg.db"
      chmod -R a+rX "$WORK/bin"
      NOBODY_BIN="$WORK/bin/$(basename "$BIN")"
      NOBODY_KG="$WORK/bin/kg.db"
    fi
  else
    AS=(none)
  fi
fi

# ---------------------------------------------------------------------------------------------
# helpers

# begin NAME: a fresh scenario dir $S with $S/in (holding good.py) and no failure reasons yet.
begin() {
  NAME=$1
  S="$WORK/$NAME"
  mkdir -p "$S/in"
  chmod 755 "$S" "$S/in"
  REASONS=()
  NOTES_SHOWN=0
  WANT_RC=0  # exit code expected: 0 when every file converted or unchanged, 1 when some failed
  printf '%s' "$G_SRC" >"$S/in/good.py"
}
why() { REASONS+=("$*"); }
finish() {
  if [ ${#REASONS[@]} -eq 0 ]; then
    echo "ok $NAME"
    passed=$((passed + 1))
  else
    local msg="" r
    for r in "${REASONS[@]}"; do msg+="${msg:+; }$r"; done
    echo "FAIL $NAME: $msg"
    failed=$((failed + 1))
  fi
}
skip() { echo "skip $1: $2"; }

# snap DIR: type, mode, link target and sha256 of every entry (FIFOs are never opened).
snap() {
  (
    cd "$1" || exit 1
    find . -printf '%y %m %p -> %l\n' | sort
    find . -type f -print0 | sort -z | xargs -0 -r sha256sum
  )
}
# content DIR: sha256 of every regular file (what a mirror or a second run must reproduce).
content() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum); }
freeze() { snap "$S/in" >"$S/before.snap"; }
want_input_intact() {
  snap "$S/in" >"$S/after.snap"
  if ! cmp -s "$S/before.snap" "$S/after.snap"; then
    why "input tree changed: $(diff "$S/before.snap" "$S/after.snap" | grep '^[<>]' | head -3 | tr '\n' ' ')"
  fi
}

# t2p TIMEOUT ARGS...: runs the binary; sets RC (124 = timed out) and SECS; stderr in $S/err.
t2p() {
  local t=$1
  shift
  local t0=${EPOCHREALTIME/./}
  timeout -k 5 $((t * TIME_SCALE)) "$BIN" "$@" >"$S/stdout" 2>"$S/err"
  RC=$?
  local t1=${EPOCHREALTIME/./}
  SECS=$(((t1 - t0) / 1000000))
  MSECS=$(((t1 - t0) / 1000))
}
# convert_dir [TIMEOUT [extra args]]: $S/in -> $S/out with a JSON report, then load it.
convert_dir() {
  local t=${1:-30}
  shift || true
  t2p "$t" convert "$S/in" -o "$S/out" --report "json=$S/report.json" "$@"
  check_run
}
check_run() {
  if [ "$RC" = 124 ] || [ "$RC" = 137 ]; then
    why "timed out after ${SECS}s"
  elif [ "$RC" -ge 128 ]; then
    why "crashed (exit $RC: signal $((RC - 128))): $(tail -c 300 "$S/err")"
  elif ! [[ $RC =~ ^($WANT_RC)$ ]]; then
    why "exit code $RC, expected $WANT_RC: $(head -c 200 "$S/err" | tr '\n' '|')"
  fi
  load_report "$S/report.json"
}
# Files fail in this scenario: exit code 1 (each failure reported, the run completed).
some_fail() { WANT_RC=1; }
load_report() {
  : >"$S/files.tsv"
  : >"$S/notes.txt"
  [ "$RC" = 0 ] || [ "$RC" = 1 ] || return 0
  local out rc=0
  out=$("$PY" "$HELPER" report "$1" "$S/files.tsv" "$S/notes.txt" 2>&1) || rc=$?
  case $rc in
    0) ;;
    3) echo "$NAME: $out" >>"$WORK/summary-problems" ;;  # reported by scenario report-summary
    *) why "no readable JSON report" ;;
  esac
}
# field PATH COLUMN (2 status, 3 code, 4 message) from the report.
field() { awk -F'\t' -v p="$1" -v c="$2" '$1 == p { print $c; exit }' "$S/files.tsv"; }
want_status() {
  local st
  st=$(field "$1" 2)
  local detail
  detail=$(field "$1" 3)
  [ -n "$detail" ] && detail=" ($detail: $(field "$1" 4))"
  [ "$st" = "$2" ] || why "$1: status '${st:-<not in report>}', expected '$2'$detail"
}
want_code() {
  local c
  c=$(field "$1" 3)
  [ "$c" = "$2" ] || why "$1: error code '${c:-<none>}', expected '$2'"
}
# want_err_line REGEX: one stderr line matching ^error: REGEX
want_err_line() {
  grep -Eq "^error: $1" "$S/err" || why "no stderr line matching 'error: $1' (stderr: $(grep '^error' "$S/err" | head -3 | tr '\n' '|'))"
}
want_note() {
  grep -Eq "$1" "$S/notes.txt" && return
  why "no notice matching '$1'"
  NOTES_SHOWN=${NOTES_SHOWN:-0}
  if [ "$NOTES_SHOWN" = 0 ]; then why "(notices were: $(tr '\n' '|' <"$S/notes.txt"))"; NOTES_SHOWN=1; fi
}
# The good neighbour was converted.
want_good() {
  local f=${1:-good.py}
  want_status "$f" converted
  if [ ! -f "$S/out/$f" ]; then
    why "$f missing from the output"
  elif ! grep -q 'paddle.zeros' "$S/out/$f" || grep -q 'torch' "$S/out/$f"; then
    why "$f not converted: $(head -c 120 "$S/out/$f" | tr '\n' '|')"
  fi
}
# want_same REL: the file was copied unchanged.
want_same() {
  if [ ! -e "$S/out/$1" ]; then
    why "$1 missing from the output"
  elif ! cmp -s "$S/in/$1" "$S/out/$1"; then
    why "$1 not copied unchanged"
  fi
}
# want_mirror [EXCLUDED_REL...]: every regular file of the input is in the output.
want_mirror() {
  local rel missing=()
  while IFS= read -r -d '' rel; do
    rel=${rel#./}
    local skipme=0 x
    for x in "$@"; do [[ "$rel" == $x ]] && skipme=1; done
    [ $skipme = 1 ] && continue
    [ -f "$S/out/$rel" ] || missing+=("$rel")
  done < <(cd "$S/in" && find . -type f -print0 2>/dev/null)
  [ ${#missing[@]} -eq 0 ] || why "not mirrored in the output: ${missing[*]:0:5}"
}
# want_no_temp DIR: no temporary files left behind.
want_no_temp() {
  local t
  t=$(find "$1" -name '*.t2p-tmp*' 2>/dev/null | head -3)
  [ -z "$t" ] || why "temporary files left: $t"
}
# want_preserved REL: a converted file kept every byte it did not need to change.
want_preserved() {
  local p
  if ! p=$("$PY" "$HELPER" preserved "$S/in/$1" "$S/out/$1" 2>&1); then
    why "$1: $(echo "$p" | head -3 | tr '\n' '|')"
  fi
}
# want_idempotent: converting the output again reproduces it byte for byte.
want_idempotent() {
  local saved_rc=$RC
  [ -d "$S/out" ] || return 0
  rm -rf "$S/again"
  timeout -k 5 $((${1:-30} * TIME_SCALE)) "$BIN" convert "$S/out" -o "$S/again" -q >/dev/null 2>"$S/err-again"
  local rc=$?
  if ! [[ $rc =~ ^($WANT_RC)$ ]]; then
    why "second run on the output: exit $rc, expected $WANT_RC"
  elif ! diff -q <(content "$S/out") <(content "$S/again") >/dev/null; then
    why "not idempotent: $(diff <(content "$S/out") <(content "$S/again") | grep '^>' | head -3 | awk '{print $3}' | tr '\n' ' ')changed"
  fi
  RC=$saved_rc
}

# ---------------------------------------------------------------------------------------------
# scenarios

# Started first, in the background: the 50 MB file (generation + conversion) overlaps the others.
scenario_big() {
  begin big-50mb
  "$PY" "$HELPER" gen-big "$S/in/big.py" "${T2P_SAFETY_BIG_MB:-50}"
  freeze
  # A robustness check, not a speed test (that is bench/run): generous limits, because CTest runs
  # other tests on the same two cores meanwhile. Alone it takes about 40 s.
  convert_dir 240 -j2
  if [ "$RC" = 0 ]; then
    [ "$SECS" -lt 240 ] || why "took ${SECS}s (limit 240s)"
    want_status big.py converted
    if grep -q 'torch\.zeros' "$S/out/big.py" 2>/dev/null; then why "big.py: torch.zeros left in the output"; fi
    want_good
    want_idempotent 240
  fi
  want_input_intact
  echo "converted ${T2P_SAFETY_BIG_MB:-50} MB in ${MSECS} ms" >"$S/timing"
  finish
}

scenario_syntax() {
  begin syntax-error
  printf 'import torch\nx = torch.zeros(1)\ndef f(:\n    pass\n' >"$S/in/bad.py"
  freeze
  some_fail
  convert_dir
  want_status bad.py failed
  want_code bad.py syntax-error
  want_err_line 'bad\.py:3:[0-9]+: .*syntax'
  want_same bad.py
  want_good
  want_mirror
  want_input_intact
  want_idempotent
  finish
}

scenario_python2() {
  begin python2
  printf 'import torch\nprint "x"\nx = torch.zeros(1)\n' >"$S/in/py2print.py"
  printf 'import torch\ntry:\n    x = torch.zeros(1)\nexcept ValueError, e:\n    pass\n' >"$S/in/py2except.py"
  freeze
  some_fail
  convert_dir
  local f
  for f in py2print.py py2except.py; do
    want_status "$f" failed
    want_err_line "${f//./\\.}(:[0-9]+:[0-9]+)?: "
    want_same "$f"
  done
  want_good
  want_mirror
  want_input_intact
  want_idempotent
  finish
}

scenario_not_utf8() {
  begin not-utf8
  printf 'import torch\n# caf\xe9 na\xefve\nx = torch.zeros(1)\n' >"$S/in/latin1.py"
  freeze
  some_fail
  convert_dir
  want_status latin1.py failed
  want_code latin1.py not-utf8
  want_err_line 'latin1\.py:2:[0-9]+: .*UTF-8'
  want_same latin1.py
  want_good
  want_mirror
  want_input_intact
  want_idempotent
  finish
}

# The inputs of the format scenarios. BOM: the import at byte 0 replaced, and an import
# inserted before the first line. CRLF and tabs: inserted lines (import, TODO, stop_gradient).
mk_format() {
  local d="$WORK/$1/in"
  mkdir -p "$d"
  case $1 in
    bom)
      printf '\xef\xbb\xbfimport torch\r\n# comment\r\nx = torch.zeros(1)\r\n' >"$d/bom_crlf.py"
      printf '\xef\xbb\xbfimport os, torch\nx = torch.zeros(1)\n' >"$d/bom_insert.py"
      printf '\xef\xbb\xbf# header\nimport torch\nx = torch.zeros(1)\n' >"$d/bom_comment.py"
      ;;
    crlf)
      printf 'import torch\r\n\r\n# keep me\r\nx = torch.zeros(1)\r\n' >"$d/crlf.py"
      printf 'import os, torch\r\n\r\ndef f():\r\n    x = torch.zeros(3, requires_grad=True)\r\n    g = torch.Generator()\r\n    return x\r\n' >"$d/crlf_inserted.py"
      ;;
    tabs)
      printf 'import torch\nclass M:\n\tdef f(self):\n\t\tx = torch.zeros(3, requires_grad=True)\n\t\tg = torch.Generator()\n\t\ty = [1,\t2]  # tab\there\n\t\treturn x\n' >"$d/tabs.py"
      ;;
    form-feed)
      printf '\x0cimport torch\n\x0c\ndef f():\n    return torch.zeros(1)\n\x0c\n# page 2\n\x0cx = torch.ones(2)\n' >"$d/ff.py"
      ;;
  esac
}

# BOM, CRLF, tabs, form feeds: these convert, and keep their bytes.
scenario_format() {
  begin "$1"
  shift
  local f
  freeze
  convert_dir
  for f in "$@"; do
    want_status "$f" converted
    [ -f "$S/out/$f" ] && want_preserved "$f"
    if grep -q 'torch\.zeros' "$S/out/$f" 2>/dev/null; then why "$f: torch.zeros not converted"; fi
  done
  want_good
  want_mirror
  want_input_intact
  want_idempotent
  finish
}

scenario_binary() {
  begin binary-nul
  { printf '\x7fELF\x02\x01\x01\x00\x00\x00import torch\x00'; head -c 4096 /dev/urandom; } >"$S/in/x.py"
  freeze
  some_fail
  convert_dir
  want_status x.py failed
  want_code x.py binary
  want_err_line 'x\.py: .*binary'
  want_same x.py
  want_good
  want_mirror
  want_input_intact
  want_idempotent
  finish
}

scenario_empty() {
  begin empty-file
  : >"$S/in/empty.py"
  mkdir "$S/in/pkg" && : >"$S/in/pkg/__init__.py"
  freeze
  convert_dir
  want_status empty.py unchanged
  want_status pkg/__init__.py unchanged
  want_same empty.py
  want_same pkg/__init__.py
  if grep -q '^error' "$S/err"; then why "error reported: $(grep '^error' "$S/err" | head -1)"; fi
  want_good
  want_mirror
  want_input_intact
  want_idempotent
  finish
}

scenario_nested() {
  begin nested-parens
  "$PY" "$HELPER" gen-nested "$S/in/nested.py" 10000
  freeze
  WANT_RC="0|1"  # converted (0) or reported cleanly (1)
  convert_dir 30
  local st
  st=$(field nested.py 2)
  case "$st" in
    converted)
      grep -q '((((paddle\.zeros(\[1\]))))' "$S/out/nested.py" || why "nested.py: unexpected output"
      [ "$RC" = 0 ] || why "exit $RC with every file converted"
      want_idempotent
      ;;
    failed)
      [ "$RC" = 1 ] || why "exit $RC with a failed file"
      [ -n "$(field nested.py 3)" ] || why "nested.py failed without an error code"
      want_err_line 'nested\.py'
      want_same nested.py
      ;;
    *) why "nested.py: status '${st:-<not in report>}'" ;;
  esac
  want_good
  want_mirror
  want_input_intact
  finish
}

scenario_long_line() {
  begin long-line
  "$PY" "$HELPER" gen-long-line "$S/in/long.py" $((1024 * 1024))
  freeze
  WANT_RC="0|1"  # converted (0) or reported cleanly (1)
  convert_dir 30
  if [ "$RC" = 0 ] || [ "$RC" = 1 ]; then
    local st
    st=$(field long.py 2)
    case "$st" in
      converted)
        if grep -q 'torch\.zeros' "$S/out/long.py"; then why "long.py: torch.zeros left"; fi
        [ "$RC" = 0 ] || why "exit $RC with every file converted"
        want_idempotent
        ;;
      failed)
        [ "$RC" = 1 ] || why "exit $RC with a failed file"
        want_err_line 'long\.py'
        want_same long.py
        ;;
      *) why "long.py: status '${st:-<not in report>}'" ;;
    esac
    want_good
    want_mirror
  fi
  want_input_intact
  finish
}

# Permission scenarios run the binary as nobody on a tree nobody can read except the bad part.
as_nobody_convert() {
  mkdir -p "$S/w"
  chmod 777 "$S/w"
  local t0=${EPOCHREALTIME/./}
  if [ ${#AS[@]} -gt 0 ]; then
    timeout -k 5 $((30 * TIME_SCALE)) "${AS[@]}" "$NOBODY_BIN" --kg "$NOBODY_KG" convert "$S/in" -o "$S/w/out" --report "json=$S/w/report.json" >"$S/stdout" 2>"$S/err"
  else
    timeout -k 5 $((30 * TIME_SCALE)) "$BIN" convert "$S/in" -o "$S/w/out" --report "json=$S/w/report.json" >"$S/stdout" 2>"$S/err"
  fi
  RC=$?
  SECS=$(((${EPOCHREALTIME/./} - t0) / 1000000))
  ln -s w/out "$S/out"
  check_run_report "$S/w/report.json"
}
check_run_report() {
  if [ "$RC" = 124 ]; then
    why "timed out"
  elif ! [[ $RC =~ ^($WANT_RC)$ ]]; then
    why "exit code $RC, expected $WANT_RC: $(head -c 200 "$S/err" | tr '\n' '|')"
  fi
  load_report "$1"
}

scenario_unreadable_file() {
  begin unreadable-file
  if [ "${AS[*]}" = none ]; then skip "$NAME" "no setpriv"; return; fi
  printf '%s' "$G_SRC" >"$S/in/secret.py"
  echo "private" >"$S/in/secret.txt"
  chmod 000 "$S/in/secret.py" "$S/in/secret.txt"
  freeze
  some_fail
  as_nobody_convert
  want_status secret.py failed
  want_code secret.py read-error
  want_err_line 'secret\.py: .*Permission denied'
  want_status secret.txt failed
  want_err_line 'secret\.txt: .*Permission denied'
  want_good
  want_mirror secret.py secret.txt
  want_input_intact
  finish
}

scenario_unreadable_dir() {
  begin unreadable-dir
  if [ "${AS[*]}" = none ]; then skip "$NAME" "no setpriv"; return; fi
  mkdir -p "$S/in/locked" "$S/in/open"
  printf '%s' "$G_SRC" >"$S/in/locked/inner.py"
  printf '%s' "$G_SRC" >"$S/in/open/ok.py"
  chmod 755 "$S/in/open"
  chmod 000 "$S/in/locked"
  freeze
  some_fail
  as_nobody_convert
  want_status locked failed
  want_code locked unreadable-directory
  want_err_line 'locked: .*Permission denied'
  want_good
  want_good open/ok.py
  want_mirror 'locked/*'
  want_input_intact
  finish
}

scenario_names() {
  begin unicode-names
  mkdir -p "$S/in/my model/sub dir"
  printf '%s' "$G_SRC" >"$S/in/my model/模型 é.py"
  printf 'import torch\ndef f(:\n' >"$S/in/my model/sub dir/broken é.py"
  printf 'données\n' >"$S/in/my model/notes ü.txt"
  freeze
  some_fail
  convert_dir
  want_good "my model/模型 é.py"
  want_status "my model/sub dir/broken é.py" failed
  want_err_line 'my model/sub dir/broken é\.py:2:[0-9]+: '
  want_same "my model/sub dir/broken é.py"
  want_same "my model/notes ü.txt"
  want_good
  want_mirror
  want_input_intact
  want_idempotent
  finish
}

scenario_symlink_outside() {
  begin symlink-outside
  mkdir -p "$S/outside"
  printf '%s' "$G_SRC" >"$S/outside/ext.py"
  ln -s ../outside/ext.py "$S/in/ext_link.py"
  ln -s ../outside "$S/in/ext_dir"
  local before
  before=$(sha256sum "$S/outside/ext.py")
  freeze
  convert_dir
  want_note '^ext_link\.py: .*outside'
  want_note '^ext_dir: .*outside'
  [ ! -e "$S/out/ext_link.py" ] || why "ext_link.py (outside the tree) written to the output"
  [ ! -e "$S/out/ext_dir" ] || why "ext_dir (outside the tree) written to the output"
  [ "$(sha256sum "$S/outside/ext.py")" = "$before" ] || why "the file outside the tree changed"
  want_good
  want_input_intact
  want_idempotent
  finish
}

scenario_symlink_inside() {
  begin symlink-inside
  ln -s good.py "$S/in/alias.py"
  freeze
  convert_dir
  if [ ! -f "$S/out/alias.py" ]; then
    why "alias.py (symlink to good.py inside the tree) missing from the output"
  elif ! cmp -s "$S/out/alias.py" "$S/out/good.py"; then
    why "alias.py differs from the converted good.py"
  fi
  local dups
  dups=$(cut -f1 "$S/files.tsv" | sort | uniq -d | tr '\n' ' ')
  [ -z "$dups" ] || why "paths reported twice: $dups"
  want_good
  want_input_intact
  want_idempotent
  finish
}

scenario_symlink_loop() {
  begin symlink-loop
  mkdir -p "$S/in/a" "$S/in/b" "$S/in/c"
  printf '%s' "$G_SRC" >"$S/in/a/x.py"
  printf '%s' "$G_SRC" >"$S/in/b/y.py"
  ln -s ../b "$S/in/a/to_b"
  ln -s ../a "$S/in/b/to_a"
  ln -s . "$S/in/c/self"
  ln -s l2.py "$S/in/l1.py"
  ln -s l1.py "$S/in/l2.py"
  freeze
  convert_dir 20
  want_note '^a/to_b: skipped'
  want_note '^b/to_a: skipped'
  want_note '^c/self: skipped'
  want_note '^l1\.py: '
  want_note '^l2\.py: '
  want_good a/x.py
  want_good b/y.py
  want_good
  want_input_intact
  want_idempotent
  finish
}

scenario_fifo() {
  begin fifo
  mkfifo "$S/in/a.py"
  mkfifo "$S/in/pipe.txt"
  freeze
  convert_dir 20
  want_note '^a\.py: .*not a regular file'
  want_note '^pipe\.txt: .*not a regular file'
  want_good
  want_input_intact
  finish
}

# Usage errors: exit code 2, a message, nothing written, input intact.
scenario_output_inside() {
  begin output-inside-input
  mkdir -p "$S/in/sub"
  printf '%s' "$G_SRC" >"$S/in/sub/m.py"
  freeze
  local o
  for o in "$S/in/out" "$S/in/sub/deeper/out" "$S/in/sub"; do
    t2p 20 convert "$S/in" -o "$o"
    [ "$RC" = 2 ] || why "-o ${o#$S/}: exit $RC, expected 2"
    grep -q 'inside' "$S/err" || why "-o ${o#$S/}: no 'inside' in the message: $(head -c 200 "$S/err")"
  done
  [ ! -e "$S/in/out" ] && [ ! -e "$S/in/sub/deeper" ] || why "output created inside the input"
  want_input_intact
  finish
}

scenario_output_is_input() {
  begin output-is-input
  freeze
  local o
  for o in "$S/in" "$S/in/" "$S/in/../in" "$S/in/good.py"; do
    if [ "$o" = "$S/in/good.py" ]; then t2p 20 convert "$S/in/good.py" -o "$o"; else t2p 20 convert "$S/in" -o "$o"; fi
    [ "$RC" = 2 ] || why "-o ${o#$S/}: exit $RC, expected 2"
    grep -q -- '--in-place' "$S/err" || why "-o ${o#$S/}: message does not mention --in-place: $(head -c 200 "$S/err")"
  done
  want_input_intact
  finish
}

scenario_output_not_empty() {
  begin output-not-empty
  mkdir -p "$S/out"
  echo "keep me" >"$S/out/mine.txt"
  printf 'old\n' >"$S/single.py"
  freeze
  t2p 20 convert "$S/in" -o "$S/out"
  [ "$RC" = 2 ] || why "non-empty output dir: exit $RC, expected 2"
  grep -q 'not empty' "$S/err" || why "no 'not empty' in the message: $(head -c 200 "$S/err")"
  [ "$(cat "$S/out/mine.txt")" = "keep me" ] && [ ! -e "$S/out/good.py" ] || why "output dir touched without --force"
  t2p 20 convert "$S/in/good.py" -o "$S/single.py"
  [ "$RC" = 2 ] || why "existing output file: exit $RC, expected 2"
  [ "$(cat "$S/single.py")" = "old" ] || why "existing output file overwritten without --force"
  t2p 20 convert "$S/in" -o "$S/out" --force --report "json=$S/report.json"
  check_run
  want_good
  [ "$(cat "$S/out/mine.txt" 2>/dev/null)" = "keep me" ] || why "--force lost an unrelated file of the output dir"
  want_input_intact
  finish
}

scenario_in_place() {
  begin in-place
  mkdir -p "$S/in/sub"
  printf '%s' "$G_SRC" >"$S/in/a640.py"
  printf '#!/usr/bin/env python3\n%s' "$G_SRC" >"$S/in/b755.py"
  printf '%s' "$G_SRC" >"$S/in/sub/c.py"
  printf 'import torch\ndef f(:\n' >"$S/in/bad.py"
  printf 'notes\n' >"$S/in/notes.txt"
  chmod 640 "$S/in/a640.py"
  chmod 755 "$S/in/b755.py"
  cp -p "$S/in/a640.py" "$S/orig-a.py"
  cp -p "$S/in/b755.py" "$S/orig-b.py"
  local inode_a
  inode_a=$(stat -c %i "$S/in/a640.py")
  some_fail
  t2p 30 convert "$S/in" --in-place --backup .orig --report "json=$S/report.json"
  check_run
  local f
  for f in a640.py b755.py sub/c.py; do
    want_status "$f" converted
    grep -q 'paddle.zeros' "$S/in/$f" && ! grep -q 'torch' "$S/in/$f" || why "$f not converted in place"
  done
  [ "$(stat -c %a "$S/in/a640.py")" = 640 ] || why "a640.py mode $(stat -c %a "$S/in/a640.py"), expected 640"
  [ "$(stat -c %a "$S/in/b755.py")" = 755 ] || why "b755.py mode $(stat -c %a "$S/in/b755.py"), expected 755"
  [ "$(stat -c %i "$S/in/a640.py")" != "$inode_a" ] || why "a640.py rewritten in place (same inode), not by an atomic rename"
  cmp -s "$S/in/a640.py.orig" "$S/orig-a.py" || why "backup a640.py.orig differs from the original"
  cmp -s "$S/in/b755.py.orig" "$S/orig-b.py" || why "backup b755.py.orig differs from the original"
  [ -f "$S/in/sub/c.py.orig" ] || why "no backup sub/c.py.orig"
  [ ! -e "$S/in/bad.py.orig" ] && [ ! -e "$S/in/notes.txt.orig" ] || why "backups written for files that were not converted"
  [ "$(cat "$S/in/notes.txt")" = notes ] || why "notes.txt changed"
  [ "$(head -1 "$S/in/b755.py")" = '#!/usr/bin/env python3' ] || why "b755.py lost its shebang line"
  [ "$(cat "$S/in/bad.py")" = $'import torch\ndef f(:' ] || why "bad.py changed"
  want_status bad.py failed
  want_err_line 'bad\.py:2:[0-9]+: '
  want_no_temp "$S/in"
  # Idempotence: a second --in-place run changes nothing, backups included.
  snap "$S/in" >"$S/before.snap"
  t2p 30 convert "$S/in" --in-place --backup .orig -q
  [ "$RC" = 1 ] || why "second --in-place run: exit $RC, expected 1 (bad.py fails again)"
  snap "$S/in" >"$S/after.snap"
  cmp -s "$S/before.snap" "$S/after.snap" || why "second --in-place run changed: $(diff "$S/before.snap" "$S/after.snap" | grep '^>' | head -3 | tr '\n' ' ')"
  finish
}

scenario_in_place_symlink() {
  begin in-place-symlink
  mkdir -p "$S/outside"
  printf '%s' "$G_SRC" >"$S/outside/ext.py"
  ln -s good.py "$S/in/alias.py"
  ln -s ../outside/ext.py "$S/in/ext_link.py"
  t2p 30 convert "$S/in" --in-place --report "json=$S/report.json"
  check_run
  want_status good.py converted
  [ -L "$S/in/alias.py" ] && [ "$(readlink "$S/in/alias.py")" = good.py ] || why "symlink alias.py replaced by a regular file"
  [ -L "$S/in/ext_link.py" ] || why "symlink ext_link.py replaced"
  [ "$(cat "$S/outside/ext.py")" = "${G_SRC%$'\n'}" ] || why "file outside the tree modified"
  local dups
  dups=$(cut -f1 "$S/files.tsv" | sort | uniq -d | tr '\n' ' ')
  [ -z "$dups" ] || why "paths reported twice: $dups"
  finish
}

scenario_full_disk() {
  begin full-disk
  if [ "$(id -u)" != 0 ]; then skip "$NAME" "cannot mount (not root)"; return; fi
  mkdir -p "$S/disk"
  if ! mount -t tmpfs -o size=200k tmpfs "$S/disk" 2>/dev/null; then
    skip "$NAME" "cannot mount"
    return
  fi
  MOUNTS+=("$S/disk")
  "$PY" - "$S/in" <<'EOF'
import sys
d = sys.argv[1]
for i in range(30):
    with open(f"{d}/m{i:02d}.py", "w") as f:
        f.write("import torch\n" + "x = torch.zeros(1)  # some padding to fill the disk up\n" * 300)
for n in ("a", "b", "c"):
    with open(f"{d}/{n}_data.bin", "wb") as f:
        f.write(bytes(range(256)) * 400)
EOF
  freeze
  # Reference run on a normal disk: what every written file must be equal to.
  t2p 30 convert "$S/in" -o "$S/ref" -q
  [ "$RC" = 0 ] || why "reference run: exit $RC"
  some_fail
  t2p 30 convert "$S/in" -o "$S/disk/out" -j2 --report "json=$S/report.json"
  check_run
  grep -q $'\twrite-error\t' "$S/files.tsv" || why "no write-error reported"
  local rel bad=() unreported=() wrongmsg=()
  while IFS= read -r -d '' rel; do
    rel=${rel#./}
    if [ -e "$S/disk/out/$rel" ]; then
      cmp -s "$S/disk/out/$rel" "$S/ref/$rel" || bad+=("$rel($(stat -c %s "$S/disk/out/$rel")/$(stat -c %s "$S/ref/$rel") bytes)")
    else
      case "$(field "$rel" 3)" in
        write-error | copy-error) ;;
        *) unreported+=("$rel") ;;
      esac
    fi
    if [ -n "$(field "$rel" 3)" ] && ! field "$rel" 4 | grep -q 'No space left on device'; then
      wrongmsg+=("$rel: $(field "$rel" 4)")
    fi
  done < <(cd "$S/in" && find . -type f -print0)
  [ ${#bad[@]} -eq 0 ] || why "truncated/corrupt files left in the output: ${bad[*]:0:4}"
  [ ${#unreported[@]} -eq 0 ] || why "missing from the output without a write error: ${unreported[*]:0:4}"
  [ ${#wrongmsg[@]} -eq 0 ] || why "error does not say 'No space left on device': ${wrongmsg[*]:0:2}"
  want_no_temp "$S/disk"
  want_input_intact
  finish
}

scenario_quiet() {
  begin quiet-errors
  printf 'import torch\ndef f(:\n' >"$S/in/bad.py"
  t2p 20 convert "$S/in" -o "$S/out" -q
  [ "$RC" = 1 ] || why "exit $RC, expected 1 (a file failed)"
  grep -Eq '^error: bad\.py:2:[0-9]+: ' "$S/err" || why "-q (documented 'print only errors') printed no error line for bad.py"
  ! grep -q '^files:' "$S/err" || why "-q printed the summary"
  finish
}

# ---------------------------------------------------------------------------------------------

# T2P_SAFETY_ONLY="name ..." runs only those scenarios (for debugging; T2P_SAFETY_KEEP=1 keeps
# the work dir).
selected() { [ -z "${T2P_SAFETY_ONLY:-}" ] || [[ " $T2P_SAFETY_ONLY " == *" $1 "* ]]; }

BIG_PID=
if selected big-50mb; then
  scenario_big >"$WORK/big.result" 2>&1 &
  BIG_PID=$!
fi

selected syntax-error && scenario_syntax
selected python2 && scenario_python2
selected not-utf8 && scenario_not_utf8
for fmt in bom crlf tabs form-feed; do
  selected "$fmt" || continue
  mk_format "$fmt"
  case $fmt in
    bom) scenario_format bom bom_crlf.py bom_insert.py bom_comment.py ;;
    crlf) scenario_format crlf crlf.py crlf_inserted.py ;;
    tabs) scenario_format tabs tabs.py ;;
    form-feed) scenario_format form-feed ff.py ;;
  esac
done
selected binary-nul && scenario_binary
selected empty-file && scenario_empty
selected nested-parens && scenario_nested
selected long-line && scenario_long_line
selected unreadable-file && scenario_unreadable_file
selected unreadable-dir && scenario_unreadable_dir
selected unicode-names && scenario_names
selected symlink-outside && scenario_symlink_outside
selected symlink-inside && scenario_symlink_inside
selected symlink-loop && scenario_symlink_loop
selected fifo && scenario_fifo
selected output-inside-input && scenario_output_inside
selected output-is-input && scenario_output_is_input
selected output-not-empty && scenario_output_not_empty
selected in-place && scenario_in_place
selected in-place-symlink && scenario_in_place_symlink
selected full-disk && scenario_full_disk
selected quiet-errors && scenario_quiet

# Every JSON report loaded above had a summary that adds up (files = converted + unchanged +
# failed); the scenarios themselves do not fail on it, so that this shows up once.
if selected report-summary; then
  begin report-summary
  printf 'import torch\ndef f(:\n' >"$S/in/bad.py"
  echo data >"$S/in/data.txt"
  some_fail
  convert_dir
  if [ -s "$WORK/summary-problems" ]; then
    why "$(head -3 "$WORK/summary-problems" | tr '\n' ' ')"
  fi
  finish
fi

if [ -n "$BIG_PID" ]; then
  wait "$BIG_PID"
  big_line=$(grep -E '^(ok|FAIL|skip) ' "$WORK/big.result" | tail -1)
  echo "${big_line:-FAIL big-50mb: no result ($(tail -c 200 "$WORK/big.result"))}"
  case $big_line in
    ok\ *) passed=$((passed + 1)) ;;
    skip\ *) ;;
    *) failed=$((failed + 1)) ;;
  esac
  [ -f "$WORK/big-50mb/timing" ] && echo "# $(cat "$WORK/big-50mb/timing")"
fi

echo "# total $(((${EPOCHREALTIME/./} - START_US) / 1000000)) s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
