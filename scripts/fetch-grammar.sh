#!/usr/bin/env bash
# Fetches a pinned tree-sitter grammar from the npm registry into OUTDIR, verifies the tarball
# against the pinned integrity hash, and unpacks only src/ (the generated parser; no grammar
# source is committed).
# Usage: scripts/fetch-grammar.sh OUTDIR [python|cpp]   (default: python)
#   python: tree-sitter-python@0.23.6, the Python parser
#   cpp:    tree-sitter-cpp@0.23.4, the C++/CUDA extension sources (docs/cpp-extensions.md)
set -euo pipefail
out=${1:?usage: fetch-grammar.sh OUTDIR [python|cpp]}
which=${2:-python}
# npm's dist.integrity of each pinned version (sha512, base64).
case "$which" in
  python)
    pkg=tree-sitter-python
    ver=0.23.6
    integrity='sha512-yIM9z0oxKIxT7bAtPOhgoVl6gTXlmlIhue7liFT4oBPF/lha7Ha4dQBS82Av6hMMRZoVnFJI8M6mL+SwWoLD3A=='
    ;;
  cpp)
    pkg=tree-sitter-cpp
    ver=0.23.4
    integrity='sha512-qR5qUDyhZ5jJ6V8/umiBxokRbe89bCGmcq/dk94wI4kN86qfdV8k0GHIUEKaqWgcu42wKal5E97LKpLeVW8sKw=='
    ;;
  *) echo "fetch-grammar: unknown grammar '$which' (python or cpp)" >&2; exit 2 ;;
esac

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
