"""proof.replay: `torch2paddle replay` writes a pytest module for a small model of a temporary
module and its hand-written Paddle counterpart (which cannot be imported here). Running pytest on
it: the torch half runs and records the .npz, the Paddle half is skipped with "paddle is not
installed". Run by ctest with T2P_BINARY set."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

BINARY = os.environ.get("T2P_BINARY", "torch2paddle")

TORCH_MODEL = textwrap.dedent("""\
    import torch
    from torch import nn

    class Tiny(nn.Module):
        def __init__(self, hidden=8):
            super().__init__()
            self.conv = nn.Conv2d(3, 4, 3, padding=1)
            self.bn = nn.BatchNorm2d(4)
            self.fc = nn.Linear(4, hidden)
            self.attn = nn.MultiheadAttention(hidden, 2)
            self.head = nn.Sequential(nn.Linear(hidden, 3), nn.ReLU())

        def forward(self, x):
            y = self.bn(self.conv(x)).mean(dim=(2, 3))
            y = self.fc(y).unsqueeze(0)
            y, _ = self.attn(y, y, y)
            return self.head(y[0]), y
    """)

PADDLE_MODEL = textwrap.dedent("""\
    import paddle
    from paddle import nn

    class Tiny(nn.Layer):
        def __init__(self, hidden=8):
            super().__init__()
            self.conv = nn.Conv2D(3, 4, 3, padding=1)
            self.bn = nn.BatchNorm2D(4)
            self.fc = nn.Linear(4, hidden)
            self.attn = nn.MultiHeadAttention(hidden, 2)
            self.head = nn.Sequential(nn.Linear(hidden, 3), nn.ReLU())

        def forward(self, x):
            y = self.bn(self.conv(x)).mean(axis=(2, 3))
            y = self.fc(y).unsqueeze(0)
            y = self.attn(y, y, y)
            return self.head(y[0]), y
    """)


@pytest.fixture
def project(tmp_path):
    (tmp_path / "tiny_torch.py").write_text(TORCH_MODEL)
    (tmp_path / "tiny_paddle.py").write_text(PADDLE_MODEL)
    (tmp_path / "tests").mkdir()
    return tmp_path


def replay(*args, cwd):
    return subprocess.run([BINARY, "replay", *args], capture_output=True, text=True, cwd=cwd)


def pytest_on(path, cwd):
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # the generated module finds the run-time package by itself
    return subprocess.run([sys.executable, "-m", "pytest", "-v", "-rs", "-p", "no:cacheprovider", str(path)],
                          capture_output=True, text=True, cwd=cwd, env=env)


def test_torch_half_records_paddle_half_skips(project):
    r = replay("--torch", "tiny_torch:Tiny", "--paddle", "tiny_paddle:Tiny", "--args", '{"hidden": 8}',
               "--input", "2x3x5x5:float32", "--train-step", "-o", "tests/test_replay_tiny.py", cwd=project)
    assert r.returncode == 0, r.stderr
    test = project / "tests" / "test_replay_tiny.py"
    assert test.exists()
    t = pytest_on(test, cwd=project / "tests")
    assert "test_torch_records PASSED" in t.stdout, t.stdout + t.stderr
    assert "test_paddle_matches_torch SKIPPED" in t.stdout, t.stdout
    assert "paddle is not installed" in t.stdout
    assert "1 passed, 1 skipped" in t.stdout

    with np.load(project / "tests" / "replay_tiny.npz") as z:
        meta = json.loads(str(z["meta"]))
        assert z["input/0"].shape == (2, 3, 5, 5) and z["input/0"].dtype == np.float32
        assert z["output/0"].shape == (2, 3) and z["output/1"].shape == (1, 2, 8)
        assert meta["outputs"] == ["out[0]", "out[1]"]
        assert "weight/attn.in_proj_weight" in z.files and "weight/bn.running_var" in z.files
        before, after = meta["losses"]
        assert np.isfinite(before) and after < before, "one SGD step lowers the loss"
        # The record replays: the same model and inputs give the recorded outputs.
        import torch
        sys.path.insert(0, str(project))
        import tiny_torch
        torch.manual_seed(0)
        model = tiny_torch.Tiny(hidden=8).eval()
        model.load_state_dict({k[len("weight/"):]: torch.from_numpy(z[k]) for k in z.files if k.startswith("weight/")})
        with torch.no_grad():
            out, _ = model(torch.from_numpy(z["input/0"]))
        np.testing.assert_allclose(out.numpy(), z["output/0"], rtol=1e-6)


def test_inputs_from_npz(project):
    np.savez(project / "inputs.npz", x=np.ones((1, 3, 4, 4), np.float32))
    r = replay("--torch", "tiny_torch:Tiny", "--paddle", "tiny_paddle:Tiny", "--inputs", "inputs.npz",
               "-o", "test_replay_npz.py", cwd=project)
    assert r.returncode == 0, r.stderr
    t = pytest_on(project / "test_replay_npz.py", cwd=project)
    assert "1 passed, 1 skipped" in t.stdout, t.stdout + t.stderr
    with np.load(project / "replay_npz.npz") as z:
        np.testing.assert_array_equal(z["input/0"], np.ones((1, 3, 4, 4), np.float32))


def test_a_failing_torch_half_says_why(project):
    r = replay("--torch", "tiny_torch:Tiny", "--paddle", "tiny_paddle:Tiny", "--input", "2x5:float32",
               "-o", "test_replay_bad.py", cwd=project)
    assert r.returncode == 0, r.stderr
    t = pytest_on(project / "test_replay_bad.py", cwd=project)
    assert "test_torch_records FAILED" in t.stdout, t.stdout
    assert "RuntimeError" in t.stdout  # torch's own error: a [2, 5] input for a Conv2d
    assert "paddle is not installed" in t.stdout  # checked first: Paddle is not here
    assert not (project / "replay_bad.npz").exists()


def test_bad_arguments(project):
    base = ["--torch", "tiny_torch:Tiny", "--paddle", "tiny_paddle:Tiny"]
    r = replay(*base, "--input", "2x3:float7", "-o", "test_replay_x.py", cwd=project)
    assert r.returncode == 2 and "dtype 'float7'" in r.stderr
    r = replay(*base, "--input", "2,3:float32", "-o", "test_replay_x.py", cwd=project)
    assert r.returncode == 2 and "SHAPE:DTYPE" in r.stderr
    r = replay(*base, "-o", "test_replay_x.py", cwd=project)
    assert r.returncode == 2 and "give the inputs" in r.stderr
    r = replay("--torch", "tiny_torch.Tiny", "--paddle", "tiny_paddle:Tiny", "--input", "2:float32",
               "-o", "test_replay_x.py", cwd=project)
    assert r.returncode == 2 and "pkg.module:factory_or_class" in r.stderr
    r = replay(*base, "--input", "2:float32", "--args", "{bad", "-o", "test_replay_x.py", cwd=project)
    assert r.returncode == 2 and "--args is not JSON" in r.stderr
    r = replay(*base, "--input", "2:float32", "-o", "replay_x.py", cwd=project)
    assert r.returncode == 2 and "test_*.py" in r.stderr
    assert not any(p.name.startswith("test_replay_x") for p in project.iterdir())
    (project / "test_replay_mine.py").write_text("# mine\n")
    r = replay(*base, "--input", "2:float32", "-o", "test_replay_mine.py", cwd=project)
    assert r.returncode == 2 and "exists; pass --force" in r.stderr
    assert (project / "test_replay_mine.py").read_text() == "# mine\n"
