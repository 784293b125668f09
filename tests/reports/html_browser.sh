#!/usr/bin/env bash
# The HTML report in a real browser: Debian's headless Chromium loads the page of a `check` run
# on a copy of corpus/demo (plus a file that fails); the DOM it dumps must hold a row per Python
# file, the sections, and the marks the page's script sets when it ran without an error (it also
# sorts the table by "unsupported" under #selftest). No console error may be logged. A screenshot
# is kept as an artefact: ARTIFACTS/html-report.png.
# usage: html_browser.sh BIN SOURCE_DIR ARTIFACTS
set -euo pipefail
bin=$1
src=$2
artifacts=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
chromium=$(command -v chromium || true)
[ -n "$chromium" ] || fail "chromium is not installed (scripts/setup.sh installs it)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$artifacts"
cp -r "$src/corpus/demo" "$tmp/proj"
printf 'import torch\nx = torch.zeros(3\n' > "$tmp/proj/broken.py"
printf 'import torch\nx = "<b>&\\"</b>"; g = torch.Generator(); y = torch.zeros(2)\n' > "$tmp/proj/escapes.py"
"$bin" check "$tmp/proj" --fail-on never -q --report "html=$tmp/report.html,json=$tmp/report.json"
grep -Eq '(src|href)="(https?:)?//' "$tmp/report.html" && fail "the page loads something from the network"

browser() {  # no sandbox: the tests may run as root; a profile of its own in $tmp
  "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/profile" \
    --enable-logging=stderr --v=0 "$@"
}
browser --dump-dom "file://$tmp/report.html#selftest" > "$tmp/dom.html" 2> "$tmp/console.log" || { cat "$tmp/console.log"; fail "chromium failed"; }
grep -q 'data-ready="1"' "$tmp/dom.html" || { tail -20 "$tmp/console.log"; fail "the page's script did not finish"; }
if grep -E 'CONSOLE|Uncaught' "$tmp/console.log" | grep -vi 'favicon' | grep -q .; then
  grep -E 'CONSOLE|Uncaught' "$tmp/console.log"; fail "the page logged console messages"
fi
python3 - "$tmp/report.json" "$tmp/dom.html" <<'PY'
import html.parser, json, sys
rep = json.load(open(sys.argv[1]))
dom = open(sys.argv[2], encoding="utf-8").read()

class Rows(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.in_files = False; self.in_body = False; self.rows = []; self.cell = None; self.sections = []; self.body_attrs = {}
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "body": self.body_attrs = a
        if tag == "table" and a.get("id") == "files": self.in_files = True
        if self.in_files and tag == "tbody": self.in_body = True
        if self.in_body and tag == "tr": self.rows.append([])
        if self.in_body and tag == "td": self.cell = ""
        if tag == "details": self.sections.append(a.get("data-status"))
    def handle_endtag(self, tag):
        if tag == "td" and self.cell is not None:
            self.rows[-1].append(self.cell); self.cell = None
        if tag == "table" and self.in_files: self.in_files = self.in_body = False
    def handle_data(self, d):
        if self.cell is not None: self.cell += d

p = Rows(); p.feed(dom)
files = {f["path"]: f for f in rep["files"]}
assert len(p.rows) == rep["summary"]["files"], (len(p.rows), rep["summary"]["files"])
for r in p.rows:
    f = files[r[0]]
    unsupported = sum(1 for u in f["uses"] if u["status"] == "unsupported")
    assert int(r[3]) == unsupported, (r, unsupported)
most = max(int(r[3]) for r in p.rows)
first = p.body_attrs.get("data-first-by-unsupported")
assert first is not None and int(next(r for r in p.rows if r[0] == first)[3]) == most, ("sort by unsupported", first, most)
assert "failed" in p.sections and "changed" in p.sections, p.sections
assert "&lt;b&gt;&amp;" in dom and "<b>&" not in dom, "the source text is not escaped"
print(f"html report: {len(p.rows)} rows, {len(p.sections)} sections, sorted by unsupported: {first}")
PY
browser --screenshot="$artifacts/html-report.png" --window-size=1280,1600 --hide-scrollbars "file://$tmp/report.html" \
  > /dev/null 2>&1 || fail "no screenshot"
[ -s "$artifacts/html-report.png" ] || fail "empty screenshot"
echo "html report in chromium: ok ($artifacts/html-report.png)"
