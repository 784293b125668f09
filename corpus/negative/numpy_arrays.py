"""Negative corpus: numpy arrays that use tensor-like method names.

Lines tagged ``# positive:`` operate on real torch tensors and are expected to
be converted.  Lines tagged ``# negative:`` operate on numpy arrays and must
come out of the converter exactly as they went in.
"""

import numpy as np
import torch


def tensor_baseline():
    t = torch.zeros(3)  # positive: real tensor
    total = t.sum()  # positive: tensor method
    m = torch.ones(2, 3)  # positive: real tensor
    flat = m.view(-1)  # positive: tensor method
    return total, flat


def reshape_and_reduce():
    arr = np.arange(6)
    grid = arr.reshape(2, 3)  # negative: numpy reshape takes a plain tuple
    col_sums = grid.sum(axis=0)  # negative: numpy sum uses axis=, not dim=
    row_max = grid.max(axis=1)  # negative: numpy max returns values only
    mean_all = grid.mean()  # negative: ndarray.mean
    flat = grid.flatten()  # negative: ndarray.flatten
    swapped = grid.transpose(1, 0)  # negative: ndarray.transpose(*axes)
    return col_sums, row_max, mean_all, flat, swapped


def dtype_games():
    ints = np.array([1065353216, 1073741824], dtype=np.int32)
    floats = ints.view(np.float32)  # negative: reinterpret bytes, not a reshape
    as_int64 = floats.astype(np.int64)  # negative: ndarray.astype
    halves = np.zeros((2, 3), dtype=np.float16)  # negative: np.zeros with a shape tuple
    same = halves.copy()  # negative: ndarray.copy
    return floats, as_int64, same


def combine_arrays():
    a = np.ones((2, 3))
    b = np.full((2, 3), 7.0)  # negative: np.full, not torch.full
    both = np.concatenate([a, b], axis=0)  # negative: np.concatenate(axis=)
    stacked = np.stack([a, b])  # negative: np.stack
    tiled = a.repeat(2, axis=0)  # negative: numpy repeat != torch repeat
    clipped = both.clip(0, 5)  # negative: ndarray.clip
    expanded = np.expand_dims(a, 0)  # negative: np.expand_dims
    squeezed = expanded.squeeze()  # negative: ndarray.squeeze
    return stacked, tiled, clipped, squeezed


def attributes_not_methods():
    arr = np.random.randn(4, 5)  # negative: numpy's randn, not torch.randn
    n_items = arr.size  # negative: numpy size is an int attribute, not size()
    rows, cols = arr.shape  # negative: ndarray.shape
    first = arr.item(0)  # negative: ndarray.item with a flat index
    flipped = np.flip(arr, axis=1)  # negative: np.flip(axis=)
    return n_items, rows, cols, first, flipped


def elementwise_math():
    x = np.linspace(0.0, 1.0, 5)  # negative: np.linspace
    y = np.exp(x) + np.log(x + 1.0)  # negative: numpy ufuncs
    idx = x.argmax()  # negative: ndarray.argmax
    picked = np.where(x > 0.5, x, 0.0)  # negative: np.where
    cum = x.cumsum(axis=0)  # negative: ndarray.cumsum(axis=)
    norm = np.linalg.norm(x)  # negative: np.linalg.norm
    rounded = y.round(2)  # negative: ndarray.round(decimals)
    everything = (x >= 0).all()  # negative: ndarray.all
    return y, idx, picked, cum, norm, rounded, everything


def numpy_roundtrip():
    arr = np.arange(12, dtype=np.float32)
    t = torch.from_numpy(arr)  # positive: real tensor
    t2 = t.reshape(3, 4)  # positive: tensor method
    col = t2.sum(dim=0)  # positive: tensor method
    back = t2.numpy()
    halves = back.reshape(6, 2)  # negative: back is an ndarray again
    totals = back.sum(axis=1)  # negative: ndarray.sum(axis=)
    return col, halves, totals


def rebinding():
    x = torch.zeros(2, 2)  # positive: real tensor
    y = x.mean()  # positive: tensor method
    x = np.zeros((2, 2))  # negative: x now rebound to an ndarray
    z = x.mean(axis=0)  # negative: ndarray.mean(axis=)
    return y, z


def running_losses(losses):
    history = np.asarray(losses, dtype=np.float64)
    smoothed = np.convolve(history, np.ones(3) / 3, mode="valid")  # negative: numpy
    best = history.min()  # negative: ndarray.min
    spread = history.std(ddof=1) if history.size > 1 else 0.0  # negative: ndarray.std/size
    return smoothed, best, spread


def batch_statistics():
    images = np.random.rand(8, 3, 4, 4).astype(np.float32)  # negative: numpy rand/astype
    per_channel = images.mean(axis=(0, 2, 3))  # negative: ndarray.mean over axis tuple
    nhwc = images.transpose(0, 2, 3, 1)  # negative: ndarray.transpose with 4 axes
    contiguous = np.ascontiguousarray(nhwc)  # negative: numpy helper
    scaled = contiguous * 255.0
    as_bytes = scaled.astype(np.uint8)  # negative: ndarray.astype
    flat = as_bytes.reshape(8, -1)  # negative: ndarray.reshape
    return per_channel, flat


if __name__ == "__main__":
    print(tensor_baseline())
    print(reshape_and_reduce())
    print(dtype_games())
    print(combine_arrays())
    print(attributes_not_methods())
    print(elementwise_math())
    print(numpy_roundtrip())
    print(rebinding())
    print(running_losses([1.0, 0.8, 0.7, 0.65, 0.6]))
    print(batch_statistics())
