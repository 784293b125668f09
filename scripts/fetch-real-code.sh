#!/usr/bin/env bash
# Builds the real-code development corpus used by `make coverage` (docs/coverage.md).
#   scripts/fetch-real-code.sh [DEST]      (DEST defaults to corpus-real, which is git-ignored)
# Installs, when missing, Debian's python3-torch, python3-torchvision, python3-torchaudio,
# python3-torchtext and python3-skorch, and copies their .py files into DEST/<package>/, keeping
# the paths below dist-packages. Of python3-torch only PyTorch's own torch/nn, torch/optim and
# torch/utils/data are taken. This code is third-party: it is never committed.
# A package is copied again only when its installed version changed (DEST/<package>/.version).
# Not under corpus/: corpus.invariants and `make fuzz` take every file below corpus/.
set -euo pipefail
dest=${1:-corpus-real}
# package name in DEST -> Debian package
names=(torch torchvision torchaudio torchtext skorch)
declare -A deb=([torch]=python3-torch [torchvision]=python3-torchvision [torchaudio]=python3-torchaudio
                [torchtext]=python3-torchtext [skorch]=python3-skorch)

missing=()
for n in "${names[@]}"; do
  dpkg-query -W -f='${Status}' "${deb[$n]}" 2>/dev/null | grep -q "install ok installed" || missing+=("${deb[$n]}")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fetch-real-code: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$dest"
for n in "${names[@]}"; do
  pkg=${deb[$n]}
  version=$(dpkg-query -W -f='${Version}' "$pkg")
  out="$dest/$n"
  if [ -f "$out/.version" ] && [ "$(cat "$out/.version")" = "$pkg $version" ]; then
    continue
  fi
  rm -rf "$out"
  mkdir -p "$out"
  count=0
  # dpkg -L lists files and folders; keep the regular .py files below a dist-packages folder.
  while IFS= read -r f; do
    [ -f "$f" ] || continue
    rel=${f#*/dist-packages/}
    [ "$rel" != "$f" ] || continue
    if [ "$n" = torch ]; then
      case "$rel" in
        torch/nn/*|torch/optim/*|torch/utils/data/*) ;;
        *) continue ;;
      esac
    fi
    mkdir -p "$out/$(dirname "$rel")"
    cp -L "$f" "$out/$rel"
    count=$((count + 1))
  done < <(dpkg -L "$pkg" | grep '\.py$' | sort)
  echo "$pkg $version" > "$out/.version"
  echo "fetch-real-code: $n: $count .py files from $pkg $version" >&2
done
