#!/usr/bin/env bash
# Installs what the build needs on Debian 12, only what is missing. Safe to rerun.
# Extra package names given as arguments are installed too (e.g. clang for `make fuzz`).
set -euo pipefail
pkgs=(cmake g++ ninja-build pkg-config libtree-sitter-dev nlohmann-json3-dev librocksdb-dev
      libcli11-dev libtomlplusplus-dev libgtest-dev pybind11-dev python3-dev libjemalloc-dev python3 pyflakes3 nodejs npm openssl curl xz-utils "$@")
# The report tests: SARIF validated against its schema, the pre-commit hooks run by pre-commit,
# the HTML report loaded in headless Chromium.
pkgs+=(python3-jsonschema pre-commit git chromium)
# Proving a migration (docs/testing-your-migration.md): the proof.* tests convert torchvision
# checkpoints and run generated pytest modules on torch (Paddle is not in Debian: its halves skip).
pkgs+=(python3-torch python3-torchvision python3-numpy python3-pytest)
# The notebook tests: converted notebooks validated with nbformat.
pkgs+=(python3-nbformat)
# The language server's end-to-end test: Neovim's built-in LSP client, headless.
pkgs+=(neovim)
# The generated per-API tests (--emit-tests): their torch halves run under pytest in the proof tests.
pkgs+=(python3-pytest python3-torch python3-numpy)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm may come from outside Debian (e.g. a preinstalled Node.js); accept any working npm.
if command -v npm >/dev/null 2>&1; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
