#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml, run by the real pre-commit (Debian's package)
# through `pre-commit try-repo` in a temporary git repository:
#   - a file with a torch call fails torch2paddle-check, with the finding printed;
#   - torch2paddle-fix rewrites it (pre-commit fails the hook because it changed a file);
#   - then both hooks pass;
#   - a file with a syntax error fails both and is left as it was.
# usage: pre_commit.sh BIN SOURCE_DIR
set -euo pipefail
bin=$1
src=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v pre-commit > /dev/null || fail "pre-commit is not installed (scripts/setup.sh installs it)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The hooks find `torch2paddle` on PATH (language: system); the graph is found next to the binary.
mkdir "$tmp/bin"
ln -s "$(readlink -f "$bin")" "$tmp/bin/torch2paddle"
export PATH="$tmp/bin:$PATH" HOME="$tmp/home" PRE_COMMIT_HOME="$tmp/cache"
mkdir -p "$HOME"
git config --global user.email test@example.invalid
git config --global user.name test
git config --global init.defaultBranch main
git config --global --add safe.directory '*'
# try-repo takes the hooks from a git repository: a copy of the hooks file alone, committed.
mkdir "$tmp/hooks"
cp "$src/.pre-commit-hooks.yaml" "$tmp/hooks/"
(cd "$tmp/hooks" && git init -q && git add . && git commit -qm hooks)

mkdir "$tmp/work"
cd "$tmp/work"
git init -q
printf 'import torch\n\nx = torch.zeros(3)  # keep me\n' > model.py
git add model.py
run() {  # run HOOK FILE...: the hook's output in $tmp/out, its exit status returned
  set +e
  pre-commit try-repo "$tmp/hooks" "$1" --files "${@:2}" > "$tmp/out" 2>&1
  local rc=$?
  set -e
  return $rc
}
if run torch2paddle-check model.py; then cat "$tmp/out"; fail "check passed on a file with a torch call"; fi
grep -q 'model.py:3:5: note: torch.zeros converts to paddle.zeros \[convert:torch.zeros\]' "$tmp/out" \
  || { cat "$tmp/out"; fail "the finding is not printed"; }
if run torch2paddle-fix model.py; then cat "$tmp/out"; fail "fix changed the file but the hook passed"; fi
grep -q 'files were modified by this hook' "$tmp/out" || { cat "$tmp/out"; fail "pre-commit did not see the change"; }
[ "$(cat model.py)" = "$(printf 'import paddle\n\nx = paddle.zeros([3])  # keep me')" ] || fail "fix wrote: $(cat model.py)"
git add model.py
run torch2paddle-check model.py || { cat "$tmp/out"; fail "check fails after the fix"; }
run torch2paddle-fix model.py || { cat "$tmp/out"; fail "fix changes the fixed file again"; }

printf 'import torch\nx = torch.zeros(3\n' > broken.py
cp broken.py "$tmp/broken.orig"
git add broken.py
if run torch2paddle-check broken.py; then fail "check passed on a syntax error"; fi
grep -q 'broken.py:2:.*error: .*\[syntax-error\]' "$tmp/out" || { cat "$tmp/out"; fail "the syntax error is not reported by check"; }
if run torch2paddle-fix broken.py; then fail "fix passed on a syntax error"; fi
grep -q 'broken.py' "$tmp/out" || { cat "$tmp/out"; fail "the syntax error is not reported by fix"; }
cmp -s broken.py "$tmp/broken.orig" || fail "fix changed a file it could not parse"
echo "pre-commit hooks: ok"
