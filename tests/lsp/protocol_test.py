#!/usr/bin/env python3
"""Drives `torch2paddle lsp` over pipes, as an editor would (Python 3 stdlib only).

Checks: Content-Length framing (a message split over several writes, several messages in one
write, a header without Content-Length), JSON-RPC errors (a malformed body, a body that is no
request, an unknown method; unknown notifications ignored), diagnostics with UTF-16 ranges on
lines holding CJK text, emoji and tabs, a quick fix applied through incremental didChange and the
buffer re-checked, the fix-all action equal to what `convert` writes, hover, a file that does not
parse, a large file not blocking the protocol, shutdown and exit.

usage: protocol_test.py TORCH2PADDLE
"""
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import urllib.parse
import threading
import time

BINARY = sys.argv[1]
# How long one reply may take; ctest multiplies it for sanitizer builds (T2P_TEST_TIME_SCALE).
TIMEOUT = 30.0 * float(os.environ.get("T2P_TEST_TIME_SCALE", "1"))
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)
    return cond


def frame(obj_or_bytes):
    body = obj_or_bytes if isinstance(obj_or_bytes, bytes) else json.dumps(obj_or_bytes).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Client:
    def __init__(self):
        self.proc = subprocess.Popen([BINARY, "lsp", "--debounce-ms", "50"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.messages = queue.Queue()
        self.seen = []  # every message received, in order
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1

    def _read(self):
        out = self.proc.stdout
        while True:
            headers = b""
            while not headers.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    self.messages.put(None)
                    return
                headers += c
            m = re.search(rb"Content-Length: *(\d+)", headers, re.I)
            body = out.read(int(m.group(1)))
            self.messages.put(json.loads(body))

    def write(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, obj):
        self.write(frame(obj))

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return rid

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, pred, what):
        """The first message (received from now on, or seen but not yet consumed) matching pred."""
        for i, m in enumerate(self.seen):
            if pred(m):
                del self.seen[i]
                return m
        deadline = time.time() + TIMEOUT
        while time.time() < deadline:
            try:
                m = self.messages.get(timeout=max(0.01, deadline - time.time()))
            except queue.Empty:
                break
            if m is None:
                break
            if pred(m):
                return m
            self.seen.append(m)
        check(False, "no message: " + what)
        return None

    def response(self, rid):
        return self.wait(lambda m: m.get("id") == rid and "method" not in m, "response %r" % rid)

    def diagnostics(self, uri, version=None):
        def pred(m):
            if m.get("method") != "textDocument/publishDiagnostics" or m["params"]["uri"] != uri:
                return False
            return version is None or m["params"].get("version") == version
        m = self.wait(pred, "diagnostics of %s v%s" % (uri, version))
        return m["params"]["diagnostics"] if m else []


def split_lines(text):
    """Line start indices as LSP counts lines (\\n, \\r\\n, \\r)."""
    starts = [0]
    for m in re.finditer(r"\r\n|\r|\n", text):
        starts.append(m.end())
    return starts


def to_index(text, pos):
    starts = split_lines(text)
    if pos["line"] >= len(starts):
        return len(text)
    i = starts[pos["line"]]
    units = 0
    while i < len(text) and text[i] not in "\r\n" and units < pos["character"]:
        units += 2 if ord(text[i]) > 0xFFFF else 1
        i += 1
    return i


def to_position(text, index):
    starts = split_lines(text)
    line = max(k for k, s in enumerate(starts) if s <= index)
    return {"line": line, "character": len(text[starts[line]:index].encode("utf-16-le")) // 2}


def apply_text_edits(text, edits):
    """LSP semantics: ranges refer to the original text; inserts at one position keep array order."""
    spans = [(to_index(text, e["range"]["start"]), to_index(text, e["range"]["end"]), k, e["newText"])
             for k, e in enumerate(edits)]
    for begin, end, _, new in sorted(spans, key=lambda s: (s[0], s[2]), reverse=True):
        text = text[:begin] + new + text[end:]
    return text


def edits_of(action, uri):
    return action["edit"]["changes"][uri]


SOURCE = (
    "# -*- coding: utf-8 -*-\n"
    "import torch\n"
    "\n"
    "label = \"中文标签\"; x = torch.zeros(3)  # 注释\n"
    "if True:\n"
    "\ty = torch.ones(2)\n"
    "s = \"😀🎉\"; z = torch.abs(x)\n"
)


def main():
    tmp = tempfile.mkdtemp(prefix="t2p-lsp-")
    path = os.path.join(tmp, "model.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(SOURCE)
    uri = "file://" + path

    c = Client()
    # A message split over several writes (in the header and in the body).
    init = frame({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                  "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    for piece in (init[:7], init[7:30], init[30:41], init[41:]):
        c.write(piece)
        time.sleep(0.05)
    r = c.response(0)
    caps = r["result"]["capabilities"] if r else {}
    check(caps.get("textDocumentSync", {}).get("change") == 2, "incremental sync announced")
    check(caps.get("hoverProvider") is True, "hover announced")
    check("source.fixAll.torch2paddle" in caps.get("codeActionProvider", {}).get("codeActionKinds", []),
          "fix-all kind announced")

    # Three messages in one write: a notification, an unknown notification (ignored), didOpen.
    c.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}) +
            frame({"jsonrpc": "2.0", "method": "custom/unknownNotification", "params": {}}) +
            frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                   "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": SOURCE}}}))
    diags = c.diagnostics(uri, 1)

    # Diagnostics: one per use, UTF-16 ranges.
    by_code = {d["code"]: d for d in diags}
    check(set(by_code) >= {"convert:torch.zeros", "convert:torch.ones", "convert:torch.abs"},
          "diagnostics for the three uses: %s" % sorted(by_code))
    for code, api, line_no in (("convert:torch.zeros", "torch.zeros", 3), ("convert:torch.ones", "torch.ones", 5),
                               ("convert:torch.abs", "torch.abs", 6)):
        d = by_code.get(code)
        if not check(d is not None, "diagnostic " + code):
            continue
        line = SOURCE.split("\n")[line_no]
        start = len(line[:line.index(api)].encode("utf-16-le")) // 2
        check(d["range"]["start"] == {"line": line_no, "character": start},
              "%s starts at UTF-16 column %d: %s" % (code, start, d["range"]))
        call_end = line.index(")", line.index(api)) + 1
        ends = {len(line[:line.index(api) + len(api)].encode("utf-16-le")) // 2,
                len(line[:call_end].encode("utf-16-le")) // 2}
        check(d["range"]["end"]["line"] == line_no and d["range"]["end"]["character"] in ends,
              "%s ends at the callee or call end %s: %s" % (code, ends, d["range"]))
        check(d["source"] == "torch2paddle" and d["severity"] == 3, "%s is Information from torch2paddle" % code)

    # An unknown request, malformed bodies, a body that is no request, a header without length.
    rid = c.request("custom/unknownRequest", {})
    r = c.response(rid)
    check(r is not None and r.get("error", {}).get("code") == -32601, "unknown method -> -32601: %s" % r)
    c.write(frame(b'{"jsonrpc": "2.0", "id": 99, "method": '))
    r = c.wait(lambda m: m.get("error", {}).get("code") == -32700, "parse error")
    check(r is not None and r.get("id") is None, "malformed body -> -32700 with id null")
    c.write(frame(b'[1, 2, 3]'))
    check(c.wait(lambda m: m.get("error", {}).get("code") == -32600, "invalid request") is not None,
          "a body that is no request -> -32600")
    c.write(b"X-Nothing: 1\r\n\r\n")
    check(c.wait(lambda m: m.get("error", {}).get("code") == -32700, "bad header") is not None,
          "a header without Content-Length -> -32700")
    # Still serving after all that: hover on torch.ones (in the tab-indented line).
    line = SOURCE.split("\n")[5]
    rid = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                           "position": {"line": 5, "character": line.index("torch.ones") + 3}})
    r = c.response(rid)
    value = (r or {}).get("result", {}) or {}
    value = value.get("contents", {}).get("value", "")
    check("paddle.ones" in value and "torch.ones" in value, "hover names the Paddle API: %r" % value)

    # Quick fix for torch.zeros (a CJK line), applied as incremental changes; the buffer re-checked.
    d = by_code.get("convert:torch.zeros")
    rid = c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": d["range"],
                                                "context": {"diagnostics": [d], "only": ["quickfix"]}})
    r = c.response(rid)
    actions = (r or {}).get("result") or []
    check(len(actions) == 1 and actions[0]["kind"] == "quickfix" and actions[0].get("isPreferred") is True,
          "one preferred quick fix: %s" % actions)
    text = SOURCE
    if actions:
        edits = edits_of(actions[0], uri)
        fixed = apply_text_edits(SOURCE, edits)
        check("x = paddle.zeros([3])" in fixed and "import paddle\nimport torch\n" in fixed
              and "torch.ones(2)" in fixed, "the quick fix converts one call and adds the import:\n" + fixed)
        # As incremental changes, last first, so each range is valid in the text it applies to.
        changes = []
        for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]),
                        reverse=True):
            changes.append({"range": e["range"], "text": e["newText"]})
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes})
        text = fixed
        diags = c.diagnostics(uri, 2)
        codes = sorted(d["code"] for d in diags)
        check(codes == ["convert:torch.abs", "convert:torch.ones"], "after the fix: %s" % codes)
        for d in diags:  # the ranges still point at the calls in the edited text
            at = to_index(text, d["range"]["start"])
            check(text[at:].startswith(d["code"].split(":", 1)[1]), "range of %s after the fix" % d["code"])

    # Fix all == what `convert` writes for the current text.
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    out = os.path.join(tmp, "out.py")
    subprocess.run([BINARY, "convert", path, "-o", out, "-q"], check=True, timeout=2 * TIMEOUT)
    with open(out, encoding="utf-8") as f:
        expected = f.read()
    rid = c.request("textDocument/codeAction", {"textDocument": {"uri": uri},
                                                "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                                                "context": {"diagnostics": [], "only": ["source.fixAll"]}})
    r = c.response(rid)
    actions = (r or {}).get("result") or []
    check([a["kind"] for a in actions] == ["source.fixAll.torch2paddle"], "only the fix-all action: %s" % actions)
    if actions:
        all_fixed = apply_text_edits(text, edits_of(actions[0], uri))
        check(all_fixed == expected, "fix-all equals convert's output:\n%s\n---\n%s" % (all_fixed, expected))
        # Full sync: the converted text has nothing left to report.
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": all_fixed}]})
        check(c.diagnostics(uri, 3) == [], "no diagnostics once converted")

    # A file that does not parse: a diagnostic, no exit.
    bad = "file://" + os.path.join(tmp, "bad.py")
    c.notify("textDocument/didOpen", {"textDocument": {"uri": bad, "languageId": "python", "version": 1,
                                                       "text": "import torch\ndef f(:\n    x = torch.zeros(1)\n"}})
    diags = c.diagnostics(bad, 1)
    check(len(diags) == 1 and diags[0]["severity"] == 1, "a syntax error is one error diagnostic: %s" % diags)
    c.notify("textDocument/didClose", {"textDocument": {"uri": bad}})
    check(c.diagnostics(bad) == [], "closing clears the diagnostics")

    # A project holding its own torchvision package (a space in the folder name, percent-encoded in
    # the URI): its torchvision imports are its own code, not reported; torch is still converted.
    proj = os.path.join(tmp, "my proj")
    os.makedirs(os.path.join(proj, "torchvision"))
    open(os.path.join(proj, "torchvision", "__init__.py"), "w").close()
    open(os.path.join(proj, "pyproject.toml"), "w").close()
    own_text = "import torch\nfrom torchvision.transforms import RandomCrop\nx = torch.zeros(1)\ncrop = RandomCrop(3)\n"
    for folder, owned in ((proj, True), (tmp, False)):
        own = "file://" + urllib.parse.quote(os.path.join(folder, "app.py"))
        c.notify("textDocument/didOpen", {"textDocument": {"uri": own, "languageId": "python", "version": 1,
                                                           "text": own_text}})
        codes = sorted(d["code"] for d in c.diagnostics(own, 1))
        want = ["convert:torch.zeros"] if owned else ["convert:torch.zeros", "convert:torchvision.transforms.RandomCrop"]
        check(codes == want, "own torchvision package %s: %s" % (owned, codes))
        c.notify("textDocument/didClose", {"textDocument": {"uri": own}})

    # A large file converts on the worker: a request sent right after it is answered first.
    big = "file://" + os.path.join(tmp, "big.py")
    big_text = "import torch\n" + "".join("x%d = torch.zeros(%d) + torch.ones(2)\n" % (i, i) for i in range(20000))
    c.notify("textDocument/didOpen", {"textDocument": {"uri": big, "languageId": "python", "version": 1, "text": big_text}})
    rid = c.request("custom/unknownAfterBig", {})
    first = c.wait(lambda m: m.get("id") == rid or
                   (m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == big), "big")
    check(first is not None and first.get("id") == rid, "the protocol is answered while a large file converts")
    check(len(c.diagnostics(big, 1)) == 40000, "every use of the large file reported")

    rid = c.request("shutdown", None)
    r = c.response(rid)
    check(r is not None and r.get("result", 0) is None, "shutdown -> null")
    c.notify("exit", None)
    try:
        rc = c.proc.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        c.proc.kill()
        rc = None
    check(rc == 0, "exit after shutdown -> 0 (got %s)" % rc)
    if failures:
        print(c.proc.stderr.read().decode(errors="replace"), file=sys.stderr)
        print("%d failure(s)" % len(failures), file=sys.stderr)
        return 1
    print("lsp protocol: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
