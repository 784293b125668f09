#!/usr/bin/env bash
# Fetches the source of Debian's tree-sitter 0.20.7 (the upstream tarball of the Debian source
# package whose binaries libtree-sitter0 / libtree-sitter-dev we otherwise link) from Debian's
# archive into OUTDIR, verifies it against the SHA-256 that Debian's Sources index gives, and
# unpacks only lib/ (the runtime's C sources and api.h).
# Usage: scripts/fetch-tree-sitter.sh OUTDIR
# The archive is T2P_DEBIAN_MIRROR (default http://deb.debian.org/debian). Exits non-zero without
# touching OUTDIR when the download or the check fails; the build then links Debian's binary
# libtree-sitter instead.
set -euo pipefail
out=${1:?usage: fetch-tree-sitter.sh OUTDIR}
mirror=${T2P_DEBIAN_MIRROR:-http://deb.debian.org/debian}
file=tree-sitter_0.20.7.orig.tar.xz
# Checksums-Sha256 of source package tree-sitter 0.20.7-1 in bookworm's main/source/Sources.
sha256=e8c0573be475dce5b024d83628a3eb47376923da701376e55a11804cc5d25487

if [ -f "$out/lib/src/lib.c" ] && [ -f "$out/.sha256" ] && [ "$(cat "$out/.sha256")" = "$sha256" ]; then
  exit 0
fi
command -v curl >/dev/null || { echo "fetch-tree-sitter: curl not found (run scripts/setup.sh)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! curl -fsS --retry 2 --connect-timeout 15 --max-time 120 -o "$tmp/$file" "$mirror/pool/main/t/tree-sitter/$file"; then
  echo "fetch-tree-sitter: could not download $mirror/pool/main/t/tree-sitter/$file" >&2
  exit 1
fi
actual=$(sha256sum "$tmp/$file" | cut -d' ' -f1)
if [ "$actual" != "$sha256" ]; then
  echo "fetch-tree-sitter: SHA-256 mismatch for $file" >&2
  echo "  expected $sha256" >&2
  echo "  actual   $actual" >&2
  exit 1
fi
tar -xJf "$tmp/$file" -C "$tmp" tree-sitter-0.20.7/lib/src tree-sitter-0.20.7/lib/include
mkdir -p "$out"
rm -rf "$out/lib"
mv "$tmp/tree-sitter-0.20.7/lib" "$out/lib"
echo "$sha256" > "$out/.sha256"
echo "fetch-tree-sitter: Debian's tree-sitter 0.20.7 source verified and unpacked into $out" >&2
