# torch.full takes its dtype from the fill value (an int: int64, a bool: bool, a float: the default
# float dtype); Paddle's full makes float32 unless given one. x.type() without a dtype is a name.
import torch


def make(n: int, x: torch.Tensor, device):
    a = torch.full((2, 2), 3)
    b = torch.full((2, 2), n, device=device)
    c = torch.full((2, 2), True)
    d = torch.full((2, 2), 0.5)
    e = torch.full((2, 2), 3, dtype=torch.float32)
    f = torch.full((2, 2), -100, requires_grad=False)
    t = x.type()
    u = x.type(torch.float64)
    return a, b, c, d, e, f, t, u


def lengths(emissions: torch.Tensor, value, offset):
    # The sizes of a tensor are ints: `T` fills int64 lengths.
    B, T, N = emissions.size()
    lens = torch.full((B,), T)
    # A value of unknown kind: its own dtype, as PyTorch reads it from the Python scalar.
    filled = torch.full((B, N), value)
    # An expression of unknown kind: reported.
    shifted = torch.full((B,), offset + 1)
    return lens, filled, shifted


def ratios(n: int):
    # Python's / of two ints is a float, and so is ** with a negative exponent: no int64 there.
    half = torch.full((2,), n / 2)
    quarter = torch.full((2,), 2 ** -2)
    squares = torch.full((2,), n ** 2)
    floors = torch.full((2,), n // 2)
    # An exponent of unknown sign: an int or a float, reported; so is round() with ndigits, which
    # keeps its argument's type (round() alone gives an int).
    powers = torch.full((2,), 2 ** n)
    rounded = torch.full((2,), round(n / 3, 2))
    whole = torch.full((2,), round(n / 3))
    return half, quarter, squares, floors, powers, rounded, whole
