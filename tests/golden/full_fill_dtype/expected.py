# torch.full takes its dtype from the fill value (an int: int64, a bool: bool, a float: the default
# float dtype); Paddle's full makes float32 unless given one. x.type() without a dtype is a name.
import paddle
import torch


def make(n: int, x: paddle.Tensor, device):
    a = paddle.full((2, 2), 3, dtype=paddle.int64)
    b = paddle.full((2, 2), n, dtype=paddle.int64)
    c = paddle.full((2, 2), True, dtype=paddle.bool)
    d = paddle.full((2, 2), 0.5)
    e = paddle.full((2, 2), 3, dtype=paddle.float32)
    f = paddle.full((2, 2), -100, dtype=paddle.int64)
    # TODO(torch2paddle): torch.Tensor.type: x.type() without a dtype returns PyTorch's type name ('torch.FloatTensor'), which Paddle has no counterpart of: compare x.dtype instead
    t = x.type()
    u = x.astype(paddle.float64)
    return a, b, c, d, e, f, t, u


def lengths(emissions: paddle.Tensor, value, offset):
    # The sizes of a tensor are ints: `T` fills int64 lengths.
    B, T, N = emissions.shape
    lens = paddle.full((B,), T, dtype=paddle.int64)
    # A value of unknown kind: its own dtype, as PyTorch reads it from the Python scalar.
    filled = paddle.full((B, N), value, dtype=paddle.to_tensor(value).dtype)
    # An expression of unknown kind: reported.
    # TODO(torch2paddle): torch.full: PyTorch takes the dtype from the fill value (an int gives int64, a bool bool, a float the default float), Paddle's full makes float32 unless told: pass dtype=
    shifted = torch.full((B,), offset + 1)
    return lens, filled, shifted


def ratios(n: int):
    # Python's / of two ints is a float, and so is ** with a negative exponent: no int64 there.
    half = paddle.full((2,), n / 2)
    quarter = paddle.full((2,), 2 ** -2)
    squares = paddle.full((2,), n ** 2, dtype=paddle.int64)
    floors = paddle.full((2,), n // 2, dtype=paddle.int64)
    # An exponent of unknown sign: an int or a float, reported; so is round() with ndigits, which
    # keeps its argument's type (round() alone gives an int).
    # TODO(torch2paddle): torch.full: PyTorch takes the dtype from the fill value (an int gives int64, a bool bool, a float the default float), Paddle's full makes float32 unless told: pass dtype=
    powers = torch.full((2,), 2 ** n)
    # TODO(torch2paddle): torch.full: PyTorch takes the dtype from the fill value (an int gives int64, a bool bool, a float the default float), Paddle's full makes float32 unless told: pass dtype=
    rounded = torch.full((2,), round(n / 3, 2))
    whole = paddle.full((2,), round(n / 3), dtype=paddle.int64)
    return half, quarter, squares, floors, powers, rounded, whole
