"""The `torch2paddle` Python module against the `torch2paddle` command (stdlib unittest).

Run by CTest with PYTHONPATH=<build dir> and T2P_BINARY (the CLI), T2P_SOURCE_DIR and
T2P_BUILD_DIR set (tests/CMakeLists.txt). `TestInstall` is a test of its own (python.install):
it installs the build into a temporary prefix.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

BINARY = os.environ.get("T2P_BINARY", "")
SOURCE_DIR = os.environ.get("T2P_SOURCE_DIR", "")
BUILD_DIR = os.environ.get("T2P_BUILD_DIR", "")

# A converted call, a use that cannot be converted, a method left for review (converted with
# aggressive=True) and a tensor method converted.
SNIPPET = """import torch

x = torch.zeros(3, 4)
print(torch.ones(2, requires_grad=True))


def f(t, axis):
    return t.mean(dim=axis)  # a tensor, or an xarray object


y = x.unsqueeze(0)
"""


def run_cli(*args, check=True):
    return subprocess.run([BINARY, *args], capture_output=True, text=True, check=check)


def tree_files(root):
    out = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, root)] = f.read()
    return out


def json_summary(report_path):
    with open(report_path) as f:
        return json.load(f)


class TestSource(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        import torch2paddle
        cls.t2p = torch2paddle
        cls.tmp = tempfile.mkdtemp(prefix="t2p-py-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def cli_convert(self, text, name="snippet.py"):
        src = os.path.join(self.tmp, name)
        out = os.path.join(self.tmp, "out-" + name)
        report = os.path.join(self.tmp, name + ".json")
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        run_cli("convert", src, "-o", out, "-q", "--report", "json=" + report, check=False)
        with open(out, encoding="utf-8") as f:
            return f.read(), json_summary(report)

    def test_module_is_the_one_built(self):
        self.assertTrue(self.t2p.__file__.startswith(os.path.realpath(BUILD_DIR)) or
                        os.path.realpath(self.t2p.__file__).startswith(os.path.realpath(BUILD_DIR)),
                        self.t2p.__file__)
        self.assertEqual(os.path.realpath(self.t2p.graph_path()), os.path.realpath(os.path.join(BUILD_DIR, "kg.db")))

    def test_version_is_the_cli_version(self):
        out = run_cli("--version").stdout.strip()
        self.assertEqual(out, "torch2paddle " + self.t2p.__version__)
        self.assertRegex(self.t2p.__version__, r"^\d+\.\d+\.\d+$")

    def test_convert_source_equals_cli(self):
        r = self.t2p.convert_source(SNIPPET, "snippet.py")
        cli_code, report = self.cli_convert(SNIPPET)
        self.assertEqual(r.code, cli_code)
        self.assertTrue(r.changed)
        self.assertEqual(r.status, "converted")
        self.assertIsNone(r.error)
        self.assertIn("paddle.zeros", r.code)
        self.assertNotEqual(r.code, SNIPPET)
        # The findings are the JSON report's uses, field by field.
        uses = report["files"][0]["uses"]
        self.assertEqual(len(r.findings), len(uses))
        for f, u in zip(r.findings, uses):
            self.assertEqual(f.rule, u["id"])
            self.assertEqual((f.line, f.column, f.end_line, f.end_column),
                             (u["line"], u["column"], u["end_line"], u["end_column"]))
            self.assertEqual(f.end, (u["end_line"], u["end_column"]))
            self.assertEqual(f.severity, u["level"])
            self.assertEqual(f.message, u["message"])
            self.assertEqual(f.torch_api, u["torch_api"])
            self.assertEqual(f.paddle_api, u.get("paddle_api", ""))
            self.assertEqual(f.status, u["status"])
            self.assertEqual(f.source, u["rule"])
            if "fix" in u:
                self.assertIsNotNone(f.fix)
                self.assertEqual(f.applicability, u["fix"]["applicability"])
                self.assertEqual([(e.offset, e.length, e.text) for e in f.fix],
                                 [(e["offset"], e["length"], e["text"]) for e in u["fix"]["edits"]])
            else:
                self.assertIsNone(f.fix)

    def test_findings_fields(self):
        r = self.t2p.convert_source(SNIPPET)
        by_rule = {f.rule: f for f in r.findings}
        zeros = by_rule["convert:torch.zeros"]
        self.assertEqual((zeros.line, zeros.column), (3, 5))
        self.assertEqual((zeros.end_line, zeros.end_column), (3, 5 + len("torch.zeros(3, 4)")))
        self.assertEqual(zeros.severity, "note")
        self.assertEqual(zeros.applicability, "safe")
        self.assertEqual(zeros.torch_api, "torch.zeros")
        self.assertEqual(zeros.paddle_api, "paddle.zeros")
        self.assertIsNotNone(zeros.fix)
        # The fix's edits, applied to the input, make the converted call.
        line3 = SNIPPET.encode().split(b"\n")[2]
        start = len(b"\n".join(SNIPPET.encode().split(b"\n")[:2])) + 1
        data = bytearray(SNIPPET.encode())
        for e in sorted(zeros.fix, key=lambda e: e.offset, reverse=True):
            data[e.offset:e.offset + e.length] = e.text.encode()
        self.assertIn(b"paddle.zeros", bytes(data))
        self.assertTrue(line3.startswith(b"x = torch.zeros"))
        self.assertEqual(zeros.offset, start + 4)

        ones = by_rule["unsupported:torch.ones"]
        self.assertEqual(ones.severity, "error")
        self.assertEqual(ones.status, "unsupported")
        self.assertEqual(ones.applicability, "none")
        self.assertIsNone(ones.fix)
        self.assertEqual(ones.paddle_api, "")
        self.assertEqual((ones.line, ones.column), (4, 7))
        self.assertIn("requires_grad", ones.reason)
        self.assertIn("torch.ones", ones.message)
        self.assertIn("torch.ones(2, requires_grad=True)", r.code)  # left as written

        review = [f for f in r.findings if f.rule.startswith("review:")]
        self.assertTrue(review, [f.rule for f in r.findings])
        self.assertEqual(review[0].severity, "warning")
        self.assertEqual(review[0].rule, "review:torch.Tensor.mean")
        self.assertEqual(review[0].line, 8)
        self.assertEqual(review[0].applicability, "none")
        self.assertIsNone(review[0].fix)
        self.assertIn("t.mean(dim=axis)", r.code)  # left as written

        for f in r.findings:
            self.assertIn(f.severity, ("note", "warning", "error"))
            self.assertIn(f.applicability, ("safe", "review", "none"))
            self.assertIn(f.rule.split(":")[0], ("convert", "review", "unsupported"))

    def test_check_source_writes_nothing(self):
        src = os.path.join(self.tmp, "checked.py")
        with open(src, "w") as f:
            f.write(SNIPPET)
        before = tree_files(self.tmp)
        mtime = os.stat(src).st_mtime_ns
        findings = self.t2p.check_source(SNIPPET, src)
        self.assertEqual([f.rule for f in findings], [f.rule for f in self.t2p.convert_source(SNIPPET).findings])
        self.assertEqual(tree_files(self.tmp), before)
        self.assertEqual(os.stat(src).st_mtime_ns, mtime)
        # `torch2paddle check` finds the same ones.
        out = run_cli("check", src, "--fail-on", "never", "--report", "json=" + os.path.join(self.tmp, "c.json"))
        self.assertEqual(out.returncode, 0)
        uses = json_summary(os.path.join(self.tmp, "c.json"))["files"][0]["uses"]
        self.assertEqual([f.rule for f in findings], [u["id"] for u in uses])

    def test_no_torch_is_unchanged(self):
        r = self.t2p.convert_source("import numpy as np\nx = np.zeros(3)\n")
        self.assertEqual(r.status, "unchanged")
        self.assertFalse(r.changed)
        self.assertEqual(r.findings, [])
        self.assertEqual(r.code, "import numpy as np\nx = np.zeros(3)\n")

    def test_aggressive(self):
        r = self.t2p.convert_source(SNIPPET, aggressive=True)
        mean = [f for f in r.findings if f.torch_api == "torch.Tensor.mean"][0]
        self.assertEqual(mean.applicability, "review")  # converted on likely evidence
        self.assertNotIn("t.mean(dim=axis)", r.code)
        self.assertIn("t.mean(axis=axis)", r.code)
        self.assertIsNotNone(mean.fix)
        cli_src = os.path.join(self.tmp, "aggr.py")
        with open(cli_src, "w") as f:
            f.write(SNIPPET)
        run_cli("convert", cli_src, "-o", cli_src + ".out", "-q", "--aggressive")
        with open(cli_src + ".out") as f:
            self.assertEqual(r.code, f.read())

    def test_bytes_in_bytes_out(self):
        r = self.t2p.convert_source(SNIPPET.encode())
        self.assertIsInstance(r.code, bytes)
        self.assertEqual(r.code.decode(), self.t2p.convert_source(SNIPPET).code)
        bad = b"import torch\nx = torch.zeros(3)\n\xff\xfe\n"
        r = self.t2p.convert_source(bad, "bad.py")
        self.assertEqual(r.status, "failed")
        self.assertEqual(r.code, bad)
        self.assertEqual(r.error.path, "bad.py")
        with self.assertRaises(TypeError):
            self.t2p.convert_source(42)

    def test_syntax_error_is_reported_like_the_cli(self):
        text = "import torch\nx = torch.zeros(3\ny = (\n"
        r = self.t2p.convert_source(text, "broken.py")
        self.assertEqual(r.status, "failed")
        self.assertFalse(r.changed)
        self.assertEqual(r.code, text)
        self.assertEqual(r.error.path, "broken.py")
        self.assertEqual(r.error.code, "syntax-error")
        self.assertTrue(r.error.reason)
        self.assertIsInstance(r.error.line, int)
        # The CLI reports the same error for the file and copies it unchanged.
        cli_code, report = self.cli_convert(text, "broken.py")
        self.assertEqual(cli_code, text)
        err = report["files"][0]["error"]
        self.assertEqual((err["code"], err["message"], err.get("line")), (r.error.code, r.error.message, r.error.line))

    def test_strict_raises_with_file_and_reason(self):
        text = "import torch\nx = torch.zeros(3\ny = (\n"
        with self.assertRaises(self.t2p.ConversionError) as cm:
            self.t2p.convert_source(text, "broken.py", strict=True)
        e = cm.exception
        self.assertEqual(e.path, "broken.py")
        self.assertEqual(e.code, "syntax-error")
        self.assertTrue(e.reason)
        self.assertIsInstance(e.line, int)
        self.assertIn("broken.py:", str(e))
        self.assertIn(e.reason, str(e))
        with self.assertRaises(self.t2p.ConversionError):
            self.t2p.check_source(text, "broken.py", strict=True)
        # strict changes nothing for good input
        self.assertEqual(self.t2p.convert_source(SNIPPET, strict=True).code, self.t2p.convert_source(SNIPPET).code)

    def test_threads_share_the_graph(self):
        expected = self.t2p.convert_source(SNIPPET).code
        results, errors = [], []

        def work():
            try:
                for _ in range(20):
                    results.append(self.t2p.convert_source(SNIPPET).code)
            except Exception as e:  # noqa: BLE001 - reported by the assertion below
                errors.append(e)

        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        self.assertEqual(len(results), 80)
        self.assertTrue(all(r == expected for r in results))


class TestPath(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        import torch2paddle
        cls.t2p = torch2paddle

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="t2p-py-path-")
        self.demo = os.path.join(self.tmp, "demo")
        shutil.copytree(os.path.join(SOURCE_DIR, "corpus", "demo"), self.demo)

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_convert_path_equals_cli(self):
        before = tree_files(self.demo)
        out_cli = os.path.join(self.tmp, "out-cli")
        out_py = os.path.join(self.tmp, "out-py")
        report = os.path.join(self.tmp, "cli.json")
        run_cli("convert", self.demo, "-o", out_cli, "-q", "-j", "2", "--report", "json=" + report, check=False)
        result = self.t2p.convert_path(self.demo, out_py, jobs=2)
        self.assertEqual(tree_files(self.demo), before)  # the input is not touched
        cli_tree, py_tree = tree_files(out_cli), tree_files(out_py)
        self.assertEqual(sorted(py_tree), sorted(cli_tree))
        for name in cli_tree:
            self.assertEqual(py_tree[name], cli_tree[name], name)
        self.assertNotEqual(py_tree, before)  # something was converted
        # The summary has the JSON report's keys and numbers; the files are its file entries.
        cli_report = json_summary(report)
        self.assertEqual(result["summary"], cli_report["summary"])
        self.assertEqual([(f.path, f.status) for f in result["files"]],
                         [(f["path"], f["status"]) for f in cli_report["files"]])
        for f, jf in zip(result["files"], cli_report["files"]):
            self.assertEqual([x.rule for x in f.findings], [u["id"] for u in jf["uses"]])
        self.assertGreater(result["summary"]["files_converted"], 0)

    def test_convert_path_exclude_and_check(self):
        out = os.path.join(self.tmp, "out")
        result = self.t2p.convert_path(self.demo, out, jobs=1, exclude=["utils"])
        self.assertFalse(any(f.path.startswith("utils/") for f in result["files"]))
        self.assertFalse(os.path.exists(os.path.join(out, "utils")))
        before = tree_files(self.tmp)
        checked = self.t2p.convert_path(self.demo, check=True)
        self.assertEqual(tree_files(self.tmp), before)
        self.assertGreater(checked["summary"]["files_converted"], 0)

    def test_convert_path_errors_raise(self):
        missing = os.path.join(self.tmp, "no-such-dir")
        with self.assertRaises(self.t2p.ConversionError) as cm:
            self.t2p.convert_path(missing, os.path.join(self.tmp, "o"))
        self.assertEqual(cm.exception.path, missing)
        self.assertTrue(cm.exception.reason)
        self.assertIn(missing, str(cm.exception))
        with self.assertRaises(self.t2p.ConversionError) as cm:
            self.t2p.convert_path(self.demo, os.path.join(self.demo, "inside"))
        self.assertTrue(cm.exception.reason)
        with self.assertRaises(self.t2p.ConversionError):
            self.t2p.convert_path(self.demo)  # no output, not in place, not check
        out = os.path.join(self.tmp, "full")
        os.makedirs(out)
        with open(os.path.join(out, "x"), "w") as f:
            f.write("x")
        with self.assertRaises(self.t2p.ConversionError) as cm:
            self.t2p.convert_path(self.demo, out)
        self.assertIn("force=True", cm.exception.reason)
        self.assertGreater(self.t2p.convert_path(self.demo, out, force=True)["summary"]["files_converted"], 0)

    def test_convert_path_reports_a_bad_file_and_goes_on(self):
        with open(os.path.join(self.demo, "broken.py"), "w") as f:
            f.write("import torch\nx = torch.zeros(3\n")
        result = self.t2p.convert_path(self.demo, os.path.join(self.tmp, "out"), jobs=1)
        broken = [f for f in result["files"] if f.path == "broken.py"][0]
        self.assertEqual(broken.status, "failed")
        self.assertEqual(broken.error.code, "syntax-error")
        self.assertEqual(broken.error.path, "broken.py")
        self.assertEqual(result["summary"]["files_failed"], 1)
        self.assertGreater(result["summary"]["files_converted"], 0)

    def test_gil_is_released(self):
        # A big enough tree: the demo, many times over.
        big = os.path.join(self.tmp, "big")
        for i in range(30):
            shutil.copytree(self.demo, os.path.join(big, "d%02d" % i))
        counter = [0]
        stop = threading.Event()

        def count():
            while not stop.is_set():
                counter[0] += 1

        t = threading.Thread(target=count)
        t.start()
        try:
            time.sleep(0.2)
            # The counter's pace while it competes only with this sleeping thread.
            c0, t0 = counter[0], time.perf_counter()
            time.sleep(0.3)
            rate = (counter[0] - c0) / (time.perf_counter() - t0)
            c1, t1 = counter[0], time.perf_counter()
            self.t2p.convert_path(big, os.path.join(self.tmp, "big-out"), jobs=1)
            elapsed = time.perf_counter() - t1
            during = counter[0] - c1
        finally:
            stop.set()
            t.join()
        if os.environ.get("T2P_VERBOSE"):
            print("gil: %d during %.3f s, pace %.0f/s" % (during, elapsed, rate), file=sys.stderr)
        self.assertGreater(elapsed, 0.2, "the run was too short to tell")
        # With the GIL held the counter would stand still for the whole run: it may gain at most a
        # switch interval (5 ms) at each end, 0.01 s of its pace. Released, it goes on: about half
        # its pace on this loaded 2-core machine (measured 0.4 to 1.6 of pace x elapsed, elapsed
        # over a second). Asked: 0.1 s of its pace, ten times what a held GIL allows.
        self.assertGreater(during, rate * 0.1, "counter %d during %.3f s, pace %.0f/s" % (during, elapsed, rate))


class TestInstall(unittest.TestCase):
    def test_installed_module_finds_the_graph(self):
        prefix = tempfile.mkdtemp(prefix="t2p-py-install-")
        try:
            subprocess.run(["cmake", "--install", BUILD_DIR, "--prefix", prefix], check=True, capture_output=True)
            site = os.path.join(prefix, "lib", "python3", "dist-packages")
            modules = [n for n in os.listdir(site) if n.startswith("torch2paddle") and n.endswith(".so")]
            self.assertEqual(len(modules), 1, modules)
            self.assertTrue(os.path.exists(os.path.join(prefix, "share", "torch2paddle", "kg.db", "CURRENT")))
            env = {k: v for k, v in os.environ.items() if k not in ("T2P_KG_DB", "PYTHONPATH")}
            env["PYTHONPATH"] = site
            code = ("import torch2paddle, json; r = torch2paddle.convert_source('import torch\\nx = torch.zeros(3)\\n'); "
                    "print(json.dumps([torch2paddle.__file__, str(torch2paddle.graph_path()), r.code]))")
            out = subprocess.run([sys.executable, "-c", code], env=env, cwd=prefix, capture_output=True, text=True)
            self.assertEqual(out.returncode, 0, out.stderr)
            module_file, graph, converted = json.loads(out.stdout)
            self.assertTrue(os.path.realpath(module_file).startswith(os.path.realpath(site)), module_file)
            self.assertEqual(os.path.realpath(graph), os.path.realpath(os.path.join(prefix, "share", "torch2paddle", "kg.db")))
            self.assertEqual(converted, "import paddle\nx = paddle.zeros([3])\n")
        finally:
            shutil.rmtree(prefix, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
