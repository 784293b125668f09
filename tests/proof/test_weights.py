"""proof.weights_*: `torch2paddle weights` on real checkpoints (torchvision models, random init, no
download) and on bad input. The .pdparams written is read back with pickle and checked with numpy:
keys, shapes, and the transposed and split values. Run by ctest with T2P_BINARY set."""

import json
import os
import pickle
import subprocess
import textwrap

import numpy as np
import pytest
import torch
import torchvision

BINARY = os.environ.get("T2P_BINARY", "torch2paddle")


def run(*args, cwd=None):
    return subprocess.run([BINARY, "weights", *args], capture_output=True, text=True, cwd=cwd)


def load_pdparams(path):
    with open(path, "rb") as f:
        params = pickle.load(f)
    assert isinstance(params, dict)
    assert all(isinstance(v, np.ndarray) for v in params.values()), "a .pdparams holds numpy arrays only"
    return params


def saved_checkpoint(tmp_path_factory, folder_name, build, file_name):
    """A torchvision model with random weights (seeded), its state_dict saved: (folder, numpy state)."""
    folder = tmp_path_factory.mktemp(folder_name)
    torch.manual_seed(0)
    state = build(weights=None).state_dict()
    torch.save(state, folder / file_name)
    return folder, {k: v.numpy() for k, v in state.items()}


@pytest.fixture(scope="module")
def resnet50(tmp_path_factory):
    return saved_checkpoint(tmp_path_factory, "resnet50", torchvision.models.resnet50, "resnet50.pt")


@pytest.fixture(scope="module")
def vit(tmp_path_factory):
    return saved_checkpoint(tmp_path_factory, "vit", torchvision.models.vit_b_16, "vit_b_16.pt")


def accounted(report_path, state):
    """Every torch key is in the report exactly once, with an action."""
    report = json.loads(report_path.read_text())
    keys = [e["torch"] for e in report["entries"]]
    assert sorted(keys) == sorted(state), "every key of the checkpoint is accounted for"
    assert report["keys"] == len(state)
    return {e["torch"]: e for e in report["entries"]}


def test_resnet50_with_model(resnet50):
    folder, state = resnet50
    r = run(str(folder / "resnet50.pt"), "-o", str(folder / "out.pdparams"), "--model", "torchvision.models:resnet50",
            "--report", f"json={folder / 'report.json'}")
    assert r.returncode == 0, r.stderr
    assert "320 keys: 160 kept, 106 renamed, 1 transposed, 53 dropped" in r.stderr
    entries = accounted(folder / "report.json", state)
    params = load_pdparams(folder / "out.pdparams")
    expected = set()
    for key, value in state.items():
        module, _, name = key.rpartition(".")
        if name == "num_batches_tracked":
            assert entries[key]["action"] == "dropped"
            continue
        target = {"running_mean": module + "._mean", "running_var": module + "._variance"}.get(name, key)
        expected.add(target)
        if key == "fc.weight":
            assert entries[key]["action"] == "transposed"
            assert params[target].shape == (2048, 1000)
            np.testing.assert_array_equal(params[target], value.T)
        else:
            assert params[target].shape == value.shape, key
            np.testing.assert_array_equal(params[target], value)
    assert set(params) == expected
    assert params["bn1._mean"].dtype == np.float32


def test_vit_b_16_with_model(vit):
    folder, state = vit
    r = run(str(folder / "vit_b_16.pt"), "-o", str(folder / "out.pdparams"), "--model", "torchvision.models:vit_b_16",
            "--report", f"json={folder / 'report.json'}")
    assert r.returncode == 0, r.stderr
    entries = accounted(folder / "report.json", state)
    params = load_pdparams(folder / "out.pdparams")
    E = 768
    for i in range(12):
        att = f"encoder.layers.encoder_layer_{i}.self_attention"
        w, b = state[att + ".in_proj_weight"], state[att + ".in_proj_bias"]
        assert entries[att + ".in_proj_weight"]["action"] == "split"
        for j, proj in enumerate(("q_proj", "k_proj", "v_proj")):
            np.testing.assert_array_equal(params[f"{att}.{proj}.weight"], w[j * E:(j + 1) * E].T)
            np.testing.assert_array_equal(params[f"{att}.{proj}.bias"], b[j * E:(j + 1) * E])
        assert att + ".in_proj_weight" not in params
        np.testing.assert_array_equal(params[att + ".out_proj.weight"], state[att + ".out_proj.weight"].T)
        for mlp in ("mlp.0", "mlp.3"):
            key = f"encoder.layers.encoder_layer_{i}.{mlp}.weight"
            np.testing.assert_array_equal(params[key], state[key].T)
    np.testing.assert_array_equal(params["heads.head.weight"], state["heads.head.weight"].T)
    np.testing.assert_array_equal(params["conv_proj.weight"], state["conv_proj.weight"])
    # The model's own parameters (not a torch layer's) keep their names and values.
    assert entries["class_token"]["action"] == "kept"
    np.testing.assert_array_equal(params["encoder.pos_embedding"], state["encoder.pos_embedding"])
    assert len(params) == len(state) + 4 * 12  # each in_proj pair becomes three pairs
    # What Paddle computes with the converted q projection (x @ W + b) is what torch computed.
    att = "encoder.layers.encoder_layer_0.self_attention"
    x = np.random.default_rng(0).standard_normal((4, E)).astype(np.float32)
    torch_q = torch.nn.functional.linear(torch.from_numpy(x), torch.from_numpy(state[att + ".in_proj_weight"][:E]),
                                         torch.from_numpy(state[att + ".in_proj_bias"][:E])).numpy()
    np.testing.assert_allclose(x @ params[att + ".q_proj.weight"] + params[att + ".q_proj.bias"], torch_q, rtol=1e-5, atol=1e-5)


def test_resnet50_refused_without_model_or_source(resnet50, tmp_path):
    folder, _ = resnet50
    out = tmp_path / "out.pdparams"
    r = run(str(folder / "resnet50.pt"), "-o", str(out))
    assert r.returncode == 1
    assert not out.exists(), "nothing is written when a key would be guessed"
    assert "cannot be converted without a guess" in r.stderr
    assert "fc.weight" in r.stderr and "transposed (Linear)" in r.stderr and "(give --model or --source)" in r.stderr


SOURCE = textwrap.dedent("""\
    import torch
    from torch import nn

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.features = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU())
            self.emb = nn.Embedding(10, 4)
            self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])
            self.fc = nn.Linear(4, 2)
            self.act = nn.PReLU()

        def forward(self, x):
            return self.fc(x)
    """)


def test_layers_from_source(tmp_path):
    (tmp_path / "net.py").write_text(SOURCE)
    import importlib.util
    spec = importlib.util.spec_from_file_location("net_for_source", tmp_path / "net.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    state = module.Net().state_dict()
    torch.save(state, tmp_path / "net.pt")
    r = run("net.pt", "-o", "net.pdparams", "--source", "net.py", "--report", "json=report.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    params = load_pdparams(tmp_path / "net.pdparams")
    np.testing.assert_array_equal(params["fc.weight"], state["fc.weight"].numpy().T)
    np.testing.assert_array_equal(params["blocks.1.weight"], state["blocks.1.weight"].numpy().T)
    np.testing.assert_array_equal(params["emb.weight"], state["emb.weight"].numpy())
    np.testing.assert_array_equal(params["features.1._mean"], state["features.1.running_mean"].numpy())
    np.testing.assert_array_equal(params["act._weight"], state["act.weight"].numpy())
    assert "features.1.num_batches_tracked" not in params
    np.testing.assert_array_equal(params["features.0.weight"], state["features.0.weight"].numpy())
    accounted(tmp_path / "report.json", state)


def test_ambiguous_attribute_in_source_is_refused(tmp_path):
    (tmp_path / "two.py").write_text(textwrap.dedent("""\
        from torch import nn

        class A(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Linear(4, 4)

        class B(nn.Module):
            def __init__(self):
                super().__init__()
                self.proj = nn.Embedding(4, 4)
        """))
    torch.save({"proj.weight": torch.zeros(4, 4), "proj.bias": torch.zeros(4)}, tmp_path / "a.pt")
    r = run("a.pt", "-o", "a.pdparams", "--source", "two.py", cwd=tmp_path)
    assert r.returncode == 1
    assert "proj.weight" in r.stderr and "torch.nn.Embedding" in r.stderr and "torch.nn.Linear" in r.stderr
    assert not (tmp_path / "a.pdparams").exists()


def test_source_that_does_not_parse(tmp_path):
    (tmp_path / "bad.py").write_text("class A(:\n")
    torch.save({"w": torch.zeros(2)}, tmp_path / "a.pt")
    r = run("a.pt", "-o", "a.pdparams", "--source", "bad.py", cwd=tmp_path)
    assert r.returncode == 1
    assert "bad.py:1:" in r.stderr


def test_key(tmp_path):
    torch.save({"model": {"fc.weight": torch.ones(3, 2), "fc.bias": torch.zeros(3)}, "epoch": 7}, tmp_path / "ck.pt")
    r = run("ck.pt", "-o", "x.pdparams", "--source", ".", cwd=tmp_path)
    assert r.returncode == 1 and "not a state_dict" in r.stderr and "--key" in r.stderr and "model, epoch" in r.stderr
    r = run("ck.pt", "-o", "x.pdparams", "--key", "optimizer", cwd=tmp_path)
    assert r.returncode == 1 and "no key 'optimizer'" in r.stderr and "model, epoch" in r.stderr
    (tmp_path / "m.py").write_text("from torch import nn\nclass M(nn.Module):\n    def __init__(self):\n"
                                   "        super().__init__()\n        self.fc = nn.Linear(2, 3)\n")
    r = run("ck.pt", "-o", "x.pdparams", "--key", "model", "--source", "m.py", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert load_pdparams(tmp_path / "x.pdparams")["fc.weight"].shape == (2, 3)


def test_bad_files(tmp_path):
    (tmp_path / "junk.pt").write_bytes(b"not a checkpoint at all")
    r = run("junk.pt", "-o", "x.pdparams", cwd=tmp_path)
    assert r.returncode == 1 and "junk.pt: not a torch checkpoint" in r.stderr
    r = run("missing.pt", "-o", "x.pdparams", cwd=tmp_path)
    assert r.returncode == 1 and "missing.pt: no such file" in r.stderr
    torch.save(torch.nn.Linear(2, 2), tmp_path / "whole.pt")
    r = run("whole.pt", "-o", "x.pdparams", cwd=tmp_path)
    assert r.returncode == 1 and "whole pickled model (Linear)" in r.stderr
    r = run("whole.pt", "-o", "x.pdparams", "--report", "md=r.md", cwd=tmp_path)
    assert r.returncode == 2 and "--report takes json=PATH" in r.stderr
    assert not (tmp_path / "x.pdparams").exists()


def test_existing_output_needs_force(tmp_path):
    torch.save({"bn.running_mean": torch.zeros(2)}, tmp_path / "a.pt")
    (tmp_path / "m.py").write_text("from torch import nn\nclass M(nn.Module):\n    def __init__(self):\n"
                                   "        super().__init__()\n        self.bn = nn.BatchNorm1d(2)\n")
    (tmp_path / "a.pdparams").write_bytes(b"mine")
    r = run("a.pt", "-o", "a.pdparams", "--source", "m.py", cwd=tmp_path)
    assert r.returncode == 1 and "exists; pass --force" in r.stderr
    assert (tmp_path / "a.pdparams").read_bytes() == b"mine"
    r = run("a.pt", "-o", "a.pdparams", "--source", "m.py", "--force", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert list(load_pdparams(tmp_path / "a.pdparams")) == ["bn._mean"]


def test_python_function(tmp_path):
    from torch2paddle_runtime import weights
    model = torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.LayerNorm(2))
    torch.save(model.state_dict(), tmp_path / "s.pt")
    report = weights.convert_checkpoint(str(tmp_path / "s.pt"), str(tmp_path / "s.pdparams"), model=model)
    assert report.count("transposed") == 1 and report.count("kept") == 3
    params = load_pdparams(tmp_path / "s.pdparams")
    np.testing.assert_array_equal(params["0.weight"], model[0].weight.detach().numpy().T)
    with pytest.raises(weights.WeightsError, match="cannot be converted without a guess"):
        weights.convert_checkpoint(str(tmp_path / "s.pt"), str(tmp_path / "t.pdparams"))


def test_model_needing_real_values(tmp_path):
    """--model is built on the meta device (structure only); a constructor that reads a value is
    built again with real tensors, and the report says so."""
    (tmp_path / "valued.py").write_text(textwrap.dedent("""\
        import torch
        from torch import nn

        class Valued(nn.Module):
            def __init__(self):
                super().__init__()
                width = int(torch.tensor(3).item())  # fails on the meta device
                self.fc = nn.Linear(2, width)
        """))
    torch.save({"fc.weight": torch.arange(6.0).reshape(3, 2), "fc.bias": torch.zeros(3)}, tmp_path / "v.pt")
    r = run("v.pt", "-o", "v.pdparams", "--model", "valued:Valued", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "built with its real weights" in r.stderr
    np.testing.assert_array_equal(load_pdparams(tmp_path / "v.pdparams")["fc.weight"], np.arange(6.0, dtype=np.float32).reshape(3, 2).T)
