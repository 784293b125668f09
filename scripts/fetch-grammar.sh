#!/usr/bin/env bash
# Fetches the pinned tree-sitter-python grammar from the npm registry into OUTDIR,
# verifies the tarball against the pinned integrity hash, and unpacks only src/.
# Usage: scripts/fetch-grammar.sh OUTDIR
set -euo pipefail
out=${1:?usage: fetch-grammar.sh OUTDIR}
pkg=tree-sitter-python
ver=0.23.6
# npm's dist.integrity for tree-sitter-python@0.23.6 (sha512, base64).
integrity='sha512-yIM9z0oxKIxT7bAtPOhgoVl6gTXlmlIhue7liFT4oBPF/lha7Ha4dQBS82Av6hMMRZoVnFJI8M6mL+SwWoLD3A=='

if [ -f "$out/src/parser.c" ] && [ -f "$out/.integrity" ] && [ "$(cat "$out/.integrity")" = "$integrity" ]; then
  exit 0
fi
command -v npm >/dev/null || { echo "fetch-grammar: npm not found (run scripts/setup.sh)" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tarball=$(cd "$tmp" && npm pack --silent "$pkg@$ver" 2>/dev/null | tail -n1)
[ -f "$tmp/$tarball" ] || { echo "fetch-grammar: npm pack $pkg@$ver failed" >&2; exit 1; }
actual="sha512-$(openssl dgst -sha512 -binary "$tmp/$tarball" | base64 -w0)"
if [ "$actual" != "$integrity" ]; then
  echo "fetch-grammar: integrity mismatch for $pkg@$ver" >&2
  echo "  expected $integrity" >&2
  echo "  actual   $actual" >&2
  exit 1
fi
tar -xzf "$tmp/$tarball" -C "$tmp" package/src
rm -rf "$out/src"
mv "$tmp/package/src" "$out/src"
echo "$integrity" > "$out/.integrity"
echo "fetch-grammar: $pkg@$ver verified and unpacked into $out" >&2
