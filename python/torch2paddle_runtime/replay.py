"""Model replay: one model run in torch and in its Paddle conversion, compared.

`torch2paddle replay` runs `python3 -m torch2paddle_runtime.replay ...`, which writes a pytest
module (`write_test`). That module calls two functions of this file:

- `record_torch(spec, folder)`: builds the torch model (seeded, eval mode), runs it on the inputs,
  and records inputs, outputs, weights and the model's layer table in `replay_<name>.npz` beside
  the test (and, with `train_step`, the loss before and after one SGD step).
- `check_paddle(spec, folder)`: converts the recorded weights (weights.convert_state_dict), builds
  the Paddle model, loads them, runs the same inputs and compares every output (and the losses).
  Skipped with "paddle is not installed" when `import paddle` fails: never faked.

The Paddle half reads only the record, so it also runs on a machine with Paddle and no torch.
"""

import argparse
import json
import os
import pprint
import re
import sys
import tempfile

import numpy as np

from . import weights as weights_mod

DEFAULT_RTOL = 1e-4
DEFAULT_ATOL = 1e-5
LEARNING_RATE = 0.01
SEED = 0
DTYPES = ("float16", "float32", "float64", "int32", "int64", "bool")


class ReplayError(Exception):
    """A bad argument of `torch2paddle replay`: the message says which and why."""


# --- inputs -----------------------------------------------------------------------------------------

def parse_input_spec(text):
    """`2x3x224x224:float32` (normal values), `4x16:int64:0:1000` (integers in [0, 1000))."""
    parts = text.split(":")
    if len(parts) not in (2, 4) or not re.fullmatch(r"\d+(x\d+)*", parts[0]):
        raise ReplayError(f"--input '{text}': write SHAPE:DTYPE (2x3x224x224:float32) or SHAPE:DTYPE:LOW:HIGH for integers")
    if parts[1] not in DTYPES:
        raise ReplayError(f"--input '{text}': dtype '{parts[1]}' is not one of {', '.join(DTYPES)}")
    spec = {"shape": [int(d) for d in parts[0].split("x")], "dtype": parts[1]}
    if len(parts) == 4:
        if not parts[1].startswith("int"):
            raise ReplayError(f"--input '{text}': a LOW:HIGH range is for integer inputs")
        try:
            spec["low"], spec["high"] = int(parts[2]), int(parts[3])
        except ValueError:
            raise ReplayError(f"--input '{text}': LOW and HIGH are integers")
        if spec["low"] >= spec["high"]:
            raise ReplayError(f"--input '{text}': LOW must be below HIGH")
    return spec


def make_inputs(spec, folder):
    """The inputs as numpy arrays, in call order: from the .npz, or drawn with the fixed seed."""
    if spec.get("inputs_npz"):
        path = os.path.join(folder, spec["inputs_npz"])
        with np.load(path) as z:
            return [z[name] for name in z.files]
    rng = np.random.default_rng(SEED)
    out = []
    for i in spec["inputs"]:
        dtype = i["dtype"]
        if dtype.startswith("float"):
            out.append(rng.standard_normal(i["shape"]).astype(dtype))
        elif dtype == "bool":
            out.append(rng.integers(0, 2, i["shape"]).astype(bool))
        else:
            out.append(rng.integers(i.get("low", 0), i.get("high", 10), i["shape"]).astype(dtype))
    return out


def flatten_outputs(value, to_numpy, path="out"):
    """[(name, array)] of a model's output: a tensor, or tuples, lists and dicts of them."""
    if value is None:
        return []
    if isinstance(value, dict) or hasattr(value, "items") and callable(value.items):
        out = []
        for k in sorted(value.keys(), key=str):
            out += flatten_outputs(value[k], to_numpy, f"{path}[{k!r}]")
        return out
    if isinstance(value, (list, tuple)):
        out = []
        for i, v in enumerate(value):
            out += flatten_outputs(v, to_numpy, f"{path}[{i}]")
        return out
    return [(path, to_numpy(value))]


def record_path(spec, folder):
    return os.path.join(folder, f"replay_{spec['name']}.npz")


def _skip(reason):
    import pytest
    pytest.skip(reason)


# --- the torch half -----------------------------------------------------------------------------------

def record_torch(spec, folder):
    """Runs the torch model and writes the record. Fails with the reason when a weight cannot be
    converted without a guess (the Paddle half would have nothing sound to load)."""
    try:
        import torch
    except ImportError:
        _skip("torch is not installed")
    torch.manual_seed(SEED)
    inputs = make_inputs(spec, folder)
    model = weights_mod.build_object(spec["torch"], spec.get("args"))
    model.eval()
    with torch.no_grad():
        outputs = flatten_outputs(model(*[torch.from_numpy(x) for x in inputs]),
                                  lambda t: t.detach().cpu().numpy() if isinstance(t, torch.Tensor) else np.asarray(t))
    assert outputs, f"{spec['torch']} returned no tensor"
    state = {k: v.detach().cpu().numpy() for k, v in model.state_dict().items()}
    owners = weights_mod.owners_from_model(model, weights_mod.Rules())
    _, report = weights_mod.convert_state_dict(state, owners=owners)
    refused = report.refused()
    assert not refused, "weights that cannot be converted:\n" + weights_mod.refusal_text(refused)

    arrays = {f"input/{i}": x for i, x in enumerate(inputs)}
    arrays.update({f"output/{i}": a for i, (_, a) in enumerate(outputs)})
    arrays.update({f"weight/{k}": v for k, v in state.items()})
    meta = {"outputs": [n for n, _ in outputs], "owners": {k: list(v) for k, v in owners.items()},
            "weights": list(state)}
    if spec.get("train_step"):
        meta["losses"] = _torch_train_step(torch, model, inputs)
    arrays["meta"] = np.array(json.dumps(meta))
    path = record_path(spec, folder)
    fd, tmp = tempfile.mkstemp(prefix=".replay-", suffix=".npz", dir=folder)
    os.close(fd)
    try:
        np.savez(tmp, **arrays)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _loss(outputs):
    """The loss of the train step: the sum over float outputs of the mean of their squares."""
    total = None
    for t in outputs:
        term = (t * t).mean()
        total = term if total is None else total + term
    return total


def _torch_train_step(torch, model, inputs):
    """Loss before and after one SGD step (lr 0.01), in eval mode: dropout draws differ between
    the frameworks, so a train-mode step could not be compared."""
    optimizer = torch.optim.SGD(model.parameters(), lr=LEARNING_RATE)
    xs = [torch.from_numpy(x) for x in inputs]
    floats = lambda out: [t for _, t in flatten_outputs(out, lambda t: t) if t.is_floating_point()]
    loss = _loss(floats(model(*xs)))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        after = _loss(floats(model(*xs)))
    return [float(loss), float(after)]


# --- the Paddle half ----------------------------------------------------------------------------------

def check_paddle(spec, folder):
    """Loads the record, converts its weights, runs the Paddle model and compares."""
    try:
        import paddle
    except ImportError:
        _skip("paddle is not installed")
    path = record_path(spec, folder)
    if not os.path.exists(path):
        _skip(f"no record {os.path.basename(path)}: the torch half did not run here (it needs torch)")
    with np.load(path) as z:
        meta = json.loads(str(z["meta"]))
        inputs = [z[f"input/{i}"] for i in range(sum(1 for n in z.files if n.startswith("input/")))]
        expected = [z[f"output/{i}"] for i in range(len(meta["outputs"]))]
        state = {k: z[f"weight/{k}"] for k in meta["weights"]}
    owners = {k: tuple(v) for k, v in meta["owners"].items()}
    params, report = weights_mod.convert_state_dict(state, owners=owners)
    paddle.seed(SEED)
    model = weights_mod.build_object(spec["paddle"], spec.get("args"))
    model.eval()
    paddle_state = model.state_dict()
    wanted = set(paddle_state)
    # A tensor under two names (tied weights; Paddle's RNN layers list theirs both flat and per
    # cell) is loaded through either: only a tensor none of whose names is given is missing.
    given = {id(paddle_state[k]) for k in wanted & set(params)}
    missing = sorted(k for k in wanted - set(params) if id(paddle_state[k]) not in given)
    unexpected = sorted(set(params) - wanted)
    assert not missing and not unexpected, (
        "the converted weights do not fit the Paddle model:\n"
        + (f"  the Paddle model has, the converted checkpoint lacks: {', '.join(missing)}\n" if missing else "")
        + (f"  the converted checkpoint has, the Paddle model lacks: {', '.join(unexpected)}\n" if unexpected else ""))
    shapes = {k: list(v.shape) for k, v in paddle_state.items()}
    wrong = [f"{k}: Paddle {shapes[k]}, converted {list(params[k].shape)}" for k in sorted(params)
             if shapes[k] != list(params[k].shape)]
    assert not wrong, "shapes differ after conversion:\n  " + "\n  ".join(wrong)
    model.set_state_dict(params)
    with paddle.no_grad():
        got = flatten_outputs(model(*[paddle.to_tensor(x) for x in inputs]), lambda t: np.asarray(t.numpy()))
    assert len(got) == len(expected), (
        f"torch returned {len(expected)} tensors ({', '.join(meta['outputs'])}), Paddle {len(got)} ({', '.join(n for n, _ in got)})")
    for (name, actual), want in zip(got, expected):
        compare(name, actual, want, spec["rtol"], spec["atol"])
    if spec.get("train_step"):
        before, after = _paddle_train_step(paddle, model, inputs)
        want_before, want_after = meta["losses"]
        np.testing.assert_allclose(before, want_before, rtol=spec["rtol"], atol=spec["atol"],
                                   err_msg="loss before the SGD step")
        np.testing.assert_allclose(after, want_after, rtol=spec["rtol"], atol=spec["atol"],
                                   err_msg="loss after one SGD step (lr 0.01): the gradients differ")


def compare(name, actual, expected, rtol, atol):
    """One output: shape, dtype, then values; the message names the output and the worst element."""
    assert actual.shape == expected.shape, f"{name}: shape {list(actual.shape)} in Paddle, {list(expected.shape)} in torch"
    assert actual.dtype == expected.dtype, f"{name}: dtype {actual.dtype} in Paddle, {expected.dtype} in torch"
    if not np.allclose(actual, expected, rtol=rtol, atol=atol, equal_nan=True):
        diff = np.abs(actual.astype(np.float64) - expected.astype(np.float64))
        worst = np.unravel_index(np.nanargmax(diff), diff.shape) if diff.ndim else ()
        bad = int(np.sum(~np.isclose(actual, expected, rtol=rtol, atol=atol, equal_nan=True)))
        raise AssertionError(
            f"{name}: {bad} of {expected.size} values differ beyond rtol={rtol}, atol={atol}; the largest at "
            f"{list(map(int, worst))}: Paddle {actual[worst]!r}, torch {expected[worst]!r} (|diff| {diff[worst]:.3g})")


def _paddle_train_step(paddle, model, inputs):
    optimizer = paddle.optimizer.SGD(learning_rate=LEARNING_RATE, parameters=model.parameters())
    xs = [paddle.to_tensor(x) for x in inputs]
    floats = lambda out: [t for _, t in flatten_outputs(out, lambda t: t) if t.dtype in (paddle.float16, paddle.float32, paddle.float64)]
    loss = _loss(floats(model(*xs)))
    loss.backward()
    optimizer.step()
    optimizer.clear_grad()
    with paddle.no_grad():
        after = _loss(floats(model(*xs)))
    return float(loss), float(after)


# --- writing the test ---------------------------------------------------------------------------------

TEMPLATE = '''"""Replays {torch} against its Paddle conversion {paddle}.

Written by `torch2paddle replay` (docs/testing-your-migration.md). The torch half records inputs,
outputs and weights in replay_{name}.npz beside this file; the Paddle half converts the weights,
loads them into the Paddle model and compares its outputs. It is skipped where paddle is not installed.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
for _folder in {paths!r}:
    if _folder not in sys.path:
        sys.path.insert(0, _folder)
try:
    import torch2paddle_runtime  # noqa: F401  (installed, or on PYTHONPATH)
except ImportError:
    sys.path.append({runtime!r})
from torch2paddle_runtime import replay  # noqa: E402

SPEC = {spec}


def test_torch_records():
    replay.record_torch(SPEC, HERE)


def test_paddle_matches_torch():
    replay.check_paddle(SPEC, HERE)
'''


def _check_target(option, text):
    if not re.fullmatch(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*", text or ""):
        raise ReplayError(f"{option} '{text}': write pkg.module:factory_or_class")


def write_test(output, torch_target, paddle_target, args=None, inputs=(), inputs_npz=None, rtol=DEFAULT_RTOL,
               atol=DEFAULT_ATOL, train_step=False, name=None, paths=None, force=False):
    """Writes the pytest module `output` (test_replay_<name>.py); refuses to overwrite unless `force`.
    Returns the path of the record the torch half will write."""
    _check_target("--torch", torch_target)
    _check_target("--paddle", paddle_target)
    base = os.path.basename(output)
    if not (base.startswith("test_") and base.endswith(".py")):
        raise ReplayError(f"{output}: pytest collects test_*.py files; name it test_replay_<name>.py")
    if name is None:
        name = base[len("test_replay_"):-3] if base.startswith("test_replay_") else base[len("test_"):-3]
    if not re.fullmatch(r"\w+", name):
        raise ReplayError(f"--name '{name}': letters, digits and underscores only")
    if bool(inputs) == bool(inputs_npz):
        raise ReplayError("give the inputs: --input SHAPE:DTYPE (repeatable) or --inputs FILE.npz, not both")
    folder = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(folder):
        raise ReplayError(f"{output}: folder {folder} does not exist")
    if os.path.exists(output) and not force:
        raise ReplayError(f"{output}: exists; pass --force to overwrite it")
    if not (rtol >= 0 and atol >= 0):
        raise ReplayError("--rtol and --atol are numbers >= 0")
    spec = {"name": name, "torch": torch_target, "paddle": paddle_target, "args": args, "rtol": rtol, "atol": atol,
            "train_step": bool(train_step), "seed": SEED}
    if inputs_npz:
        if not os.path.isfile(inputs_npz):
            raise ReplayError(f"--inputs {inputs_npz}: no such file")
        try:
            with np.load(inputs_npz) as z:
                if not z.files:
                    raise ReplayError(f"--inputs {inputs_npz}: holds no array")
        except (OSError, ValueError) as e:
            raise ReplayError(f"--inputs {inputs_npz}: not an .npz file ({e})")
        spec["inputs_npz"] = os.path.relpath(os.path.abspath(inputs_npz), folder)
    else:
        spec["inputs"] = [parse_input_spec(i) for i in inputs]
    paths = [os.path.abspath(p) for p in (paths or [os.getcwd()])]
    runtime = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = TEMPLATE.format(torch=torch_target, paddle=paddle_target, name=name, paths=paths, runtime=runtime,
                           spec=pprint.pformat(spec, indent=4, sort_dicts=True))
    fd, tmp = tempfile.mkstemp(prefix=".t2p-", suffix=".py", dir=folder)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, output)
    return os.path.join(folder, f"replay_{name}.npz")


def main(argv=None):
    p = argparse.ArgumentParser(prog="torch2paddle replay", description="write a pytest module replaying one model")
    p.add_argument("--torch", required=True)
    p.add_argument("--paddle", required=True)
    p.add_argument("--args")
    p.add_argument("--input", action="append", default=[])
    p.add_argument("--inputs")
    p.add_argument("--rtol", type=float, default=DEFAULT_RTOL)
    p.add_argument("--atol", type=float, default=DEFAULT_ATOL)
    p.add_argument("--train-step", action="store_true")
    p.add_argument("--name")
    p.add_argument("--path", action="append")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--force", action="store_true")
    a = p.parse_args(argv)
    try:
        args = json.loads(a.args) if a.args else None
        if args is not None and not isinstance(args, (list, dict)):
            raise ReplayError("--args: a JSON list (positional) or object (keywords)")
        record = write_test(a.output, a.torch, a.paddle, args=args, inputs=a.input, inputs_npz=a.inputs, rtol=a.rtol,
                            atol=a.atol, train_step=a.train_step, name=a.name, paths=a.path, force=a.force)
    except ValueError as e:
        print(f"torch2paddle replay: --args is not JSON: {e}", file=sys.stderr)
        return 2
    except ReplayError as e:
        print(f"torch2paddle replay: {e}", file=sys.stderr)
        return 2
    print(f"wrote {a.output} (run it with pytest; the torch half records {os.path.basename(record)})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
