"""Helpers of the per-API differential tests `torch2paddle --emit-tests` writes.

A generated test builds its inputs as seeded numpy arrays (`array`), runs the torch call on torch
tensors made from them (`to_torch`) and records what it returns (`record`, an .npz under the
suite's `records/`). Then it asks for Paddle (`paddle_or_skip`: the test is skipped with the
reason "paddle is not installed" where it is not), runs the converted call on Paddle tensors made
from the same arrays (`to_paddle`) and compares (`assert_close`: values with tolerances by dtype,
dtype and shape).
"""

import os

import numpy as np

# Relative and absolute tolerances by numpy dtype name; integers and booleans must be equal.
TOLERANCES = {
    "float16": (1e-3, 1e-3),
    "bfloat16": (1e-2, 1e-2),
    "float32": (1e-5, 1e-6),
    "float64": (1e-7, 1e-9),
    "complex64": (1e-5, 1e-6),
    "complex128": (1e-7, 1e-9),
}


def array(dtype, shape, seed=0, low=None, high=None, count=None):
    """Seeded data of `dtype` and `shape`: floats uniform in [low, high) (default [-1, 1)),
    integers in [low, high) (default [0, 4)), booleans half true. With `count`, a list of that
    many such arrays (for a call taking a list of tensors)."""
    if count is not None:
        return [array(dtype, shape, seed * 31 + i + 1, low, high) for i in range(count)]
    rng = np.random.default_rng(seed)
    shape = tuple(int(d) for d in shape)
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype.startswith(("int", "uint")):
        lo = 0 if low is None else int(low)
        hi = 4 if high is None else int(high)
        return rng.integers(lo, hi, size=shape).astype(dtype)
    lo = -1.0 if low is None else float(low)
    hi = 1.0 if high is None else float(high)
    if dtype.startswith("complex"):
        return (rng.uniform(lo, hi, size=shape) + 1j * rng.uniform(lo, hi, size=shape)).astype(dtype)
    return rng.uniform(lo, hi, size=shape).astype(dtype)


def numel(*dims):
    """The number of elements of a shape given as sizes, tuples or lists of them (a -1, an
    inferred size, counts 3): the size of a tensor a view to that shape accepts."""
    n = 1
    for d in dims:
        if isinstance(d, (tuple, list)) or type(d).__name__ == "Size":
            n *= numel(*d)
        else:
            n *= 3 if int(d) == -1 else int(d)
    return n


def rank_shape(*dims):
    """A shape with one distinct size per value given (tuples and lists flattened): a tensor a
    permutation of those dimensions accepts, whose result shows which axis went where."""
    n = 0
    for d in dims:
        n += rank_shape(*d).__len__() if isinstance(d, (tuple, list)) else 1
    return [2, 3, 4, 5, 6, 7, 8, 9][:n]


def ones_shape(*dims, index=0):
    """A shape of ones with one dimension per size given (tuples flattened): a tensor `expand`
    and `repeat` take to any of those sizes, -1 included."""
    n = 0
    for d in dims:
        n += len(ones_shape(*d)) if isinstance(d, (tuple, list)) else 1
    return [1] * n


def dim_shape(dim=None, index=0):
    """The default input shape [2, 3, 4, 4], with more dimensions (of 5, 6, ...) where `dim` (a
    dimension or a tuple of them, negative ones counting from the end) names one past the fourth."""
    dims = dim if isinstance(dim, (tuple, list)) else [dim]
    rank = 4
    for d in dims:
        if isinstance(d, int) and not isinstance(d, bool):
            rank = max(rank, d + 1 if d >= 0 else -d)
    return ([2, 3, 4, 4] + list(range(5, 5 + rank)))[:rank]


def split_shape(sizes, dim=0, index=0):
    """The default input shape [2, 3, 4, 4], its dimension `dim` the sum of `sizes` where they are a
    list (a split into those sizes takes exactly that many); any size splits into chunks of a number."""
    shape = [2, 3, 4, 4]
    if isinstance(sizes, (tuple, list)):
        shape[int(dim)] = sum(int(s) for s in sizes)
    return shape


def pad_shape(pad, mode="constant", index=0):
    """The default input shape [2, 3, 4, 4] for a constant pad; for another mode (reflect,
    replicate, circular: one or two dimensions besides batch and channel for each pair of pads) a
    batch of 2 and 3 channels, then one dimension per pair of pads, larger than any pad."""
    if mode == "constant":
        return [2, 3, 4, 4]
    pads = [int(p) for p in (pad if isinstance(pad, (tuple, list)) else [pad, pad])]
    return [2, 3] + [max([4] + [p + 1 for p in pads])] * (len(pads) // 2)


def einsum_shape(equation, index=0):
    """The dimensions of operand `index` of an einsum `equation` ("ij,jk->ik"): each subscript
    letter one size (2, 3 or 4, the same letter the same size in every operand), an ellipsis one
    dimension of 2."""
    term = equation.replace(" ", "").split("->")[0].split(",")[index]
    dims = []
    for part in term.split("..."):
        dims += [2 + (ord(ch) % 3) for ch in part]
        dims.append(2)
    return tuple(dims[:-1])


def raised(error):
    """What a call raised, as compared: the exception's type name and message."""
    return (type(error).__name__, str(error))


def torch_sparse():
    """A coalesced sparse COO tensor of 2x3 holding three values (a test of a sparse method's
    receiver); `paddle_sparse` is the same in Paddle."""
    import torch

    indices, values, shape = _sparse_data()
    return torch.sparse_coo_tensor(torch.tensor(indices), torch.tensor(values), shape).coalesce()


def paddle_sparse():
    import paddle

    indices, values, shape = _sparse_data()
    return paddle.sparse.sparse_coo_tensor(paddle.to_tensor(indices), paddle.to_tensor(values), shape).coalesce()


def _sparse_data():
    return [[0, 1, 1], [2, 0, 2]], [3.0, 4.0, 5.0], [2, 3]


def to_torch(data):
    import torch

    if isinstance(data, list):
        return [to_torch(d) for d in data]
    return torch.from_numpy(np.array(data, copy=True)).clone()  # its own storage: resizable (`out=`)


def to_paddle(data):
    import paddle

    if isinstance(data, list):
        return [to_paddle(d) for d in data]
    return paddle.to_tensor(np.array(data, copy=True))


def torch_has_or_skip(api):
    """Skips the calling test, saying why, when the torch installed here lacks `api` (an API of a
    later torch release) or the package it belongs to (torchvision, transformers, ...): its torch
    half cannot run on this machine."""
    import importlib

    import pytest

    parts = api.split(".")
    try:
        obj = importlib.import_module(parts[0])
    except ImportError:
        pytest.skip("%s is not installed" % parts[0])
    for i, name in enumerate(parts[1:], 1):
        if hasattr(obj, name):
            obj = getattr(obj, name)
            continue
        try:
            obj = importlib.import_module(".".join(parts[:i + 1]))
        except ImportError:
            version = getattr(importlib.import_module(parts[0]), "__version__", "?")
            pytest.skip("%s %s installed here has no %s" % (parts[0], version, api))


def paddle_or_skip():
    """The paddle module; where it is not installed the calling test is skipped, saying so."""
    try:
        import paddle
    except ImportError:
        import pytest

        pytest.skip("paddle is not installed")
    return paddle


class Bfloat16Array(np.ndarray):
    """The values of a bfloat16 tensor as float32 (numpy has no bfloat16), keeping the dtype's
    name: compared as bfloat16 (its tolerances, and its dtype against the other framework's)."""

    def __new__(cls, values):
        return np.asarray(values, dtype=np.float32).view(cls)


def dtype_name(value):
    """'float32', 'int64', ... of a torch or Paddle dtype or of a numpy array."""
    if isinstance(value, Bfloat16Array):
        return "bfloat16"
    text = str(getattr(value, "dtype", value))
    for prefix in ("torch.", "paddle.", "VarType."):
        if text.startswith(prefix):
            text = text[len(prefix):]
    return {"FP32": "float32", "FP64": "float64", "FP16": "float16", "INT64": "int64", "INT32": "int32",
            "BOOL": "bool", "UINT8": "uint8", "long": "int64", "int": "int32", "float": "float32",
            "double": "float64", "half": "float16"}.get(text, text.lower())


def to_numpy(value):
    """A torch or Paddle tensor as a numpy array; tuples and lists (a named tuple, a shape) as
    tuples of converted items; numbers, strings, booleans and None as they are. Anything else
    (a module, a generator) cannot be compared and raises TypeError naming its type."""
    if value is None or isinstance(value, (bool, int, float, complex, str)):
        return value
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        return np.asanyarray(value)
    if hasattr(value, "detach") and hasattr(value, "cpu"):  # a torch tensor
        value = value.detach().cpu()
        if getattr(value, "layout", None) is not None and str(value.layout) != "torch.strided":
            value = value.to_dense()  # a sparse tensor: compared by its dense values
        if str(value.dtype) == "torch.bfloat16":  # numpy has no bfloat16: its values as float32
            return Bfloat16Array(value.float().numpy())
        return value.numpy()
    if hasattr(value, "numpy") and hasattr(value, "place"):  # a Paddle tensor
        if callable(getattr(value, "is_sparse", None)) and value.is_sparse():
            value = value.to_dense()
        if dtype_name(value) == "bfloat16":
            return Bfloat16Array(value.astype("float32").numpy())
        return value.numpy()
    if isinstance(value, (tuple, list)):  # torch.Size, named tuples, lists of tensors
        return tuple(to_numpy(v) for v in value)
    dtype = dtype_name(value)
    if dtype in TOLERANCES or dtype in ("int64", "int32", "bool", "uint8", "int8", "int16"):
        return dtype  # a dtype object: compared by name
    raise TypeError("cannot compare a %s.%s" % (type(value).__module__, type(value).__name__))


def _flatten(value, prefix, out):
    if isinstance(value, tuple):
        out[prefix + "#len"] = np.asarray(len(value))
        for i, v in enumerate(value):
            _flatten(v, "%s.%d" % (prefix, i), out)
    elif value is None:
        out[prefix + "#none"] = np.asarray(0)
    else:
        out[prefix] = np.asarray(value)


def record(test_file, test_id, value):
    """Saves what the torch call returned to records/<test module>/<test id>.npz beside the test
    module, and returns it converted (`to_numpy`)."""
    converted = to_numpy(value)
    folder = os.path.join(os.path.dirname(os.path.abspath(test_file)), "records",
                          os.path.splitext(os.path.basename(test_file))[0])
    os.makedirs(folder, exist_ok=True)
    arrays = {}
    _flatten(converted, "out", arrays)
    np.savez(os.path.join(folder, test_id + ".npz"), **arrays)
    return converted


def assert_close(expected, actual, values=True, rtol=None, atol=None, path="result"):
    """Fails unless `actual` (Paddle's result) matches `expected` (torch's, from `record` or
    `to_numpy`): the same structure, for arrays the same shape and dtype, and with `values` the
    same values within the tolerances of their dtype (TOLERANCES; exact for integers and
    booleans). A Paddle shape list equals a torch.Size; a 0-d array equals a number."""
    actual = to_numpy(actual)
    if isinstance(expected, tuple):
        assert isinstance(actual, tuple), "%s: torch returned %d values, Paddle %r" % (path, len(expected), type(actual).__name__)
        assert len(expected) == len(actual), "%s: torch returned %d values, Paddle %d" % (path, len(expected), len(actual))
        for i, (e, a) in enumerate(zip(expected, actual)):
            assert_close(e, a, values, rtol, atol, "%s[%d]" % (path, i))
        return
    if expected is None or isinstance(expected, str):
        assert actual == expected, "%s: torch gave %r, Paddle %r" % (path, expected, actual)
        return
    e_name, a_name = dtype_name(np.asanyarray(expected)), dtype_name(np.asanyarray(actual))
    e = np.asarray(expected)
    a = np.asarray(actual)
    assert e.shape == a.shape, "%s: shape %s in torch, %s in Paddle" % (path, e.shape, a.shape)
    if isinstance(expected, np.ndarray):  # a tensor: its dtype counts (a Python number's does not)
        assert e_name == a_name, "%s: dtype %s in torch, %s in Paddle" % (path, e_name, a_name)
    if not values:
        return
    name = e_name
    if name in TOLERANCES or e.dtype.kind == "f":
        r, t = TOLERANCES.get(name, TOLERANCES["float64"])
        np.testing.assert_allclose(a, e, rtol=r if rtol is None else rtol, atol=t if atol is None else atol,
                                   equal_nan=True, err_msg="%s: values differ (dtype %s)" % (path, name))
    else:
        np.testing.assert_array_equal(a, e, err_msg="%s: values differ (dtype %s)" % (path, name))


# The helpers of the tests of calls without a value of their own (optimizers, context managers);
# imported last, as they use `array` above.
from torch2paddle_runtime.effects import (as_list, module_copy, module_effect, paddle_context_effect,  # noqa: E402,F401
                                          paddle_optimizer_steps, paddle_parameters, paddle_state_dict,
                                          torch_context_effect, torch_optimizer_steps, torch_parameters,
                                          torch_state_dict, torch_saved_file, paddle_saved_file,
                                          torch_seed_effect, paddle_seed_effect, torch_dataset, paddle_dataset,
                                          batches, torch_optimizer, paddle_optimizer, optimizer_grads,
                                          lr_schedule, torch_loss, paddle_loss, leaf_grad)
