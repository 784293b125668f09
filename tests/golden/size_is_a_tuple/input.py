# torch.Size is a tuple, Paddle's shape a list: a list never equals a tuple and cannot be added
# to one, so a shape compared with or added to a tuple is written tuple(x.shape).
import torch


def check(attention: torch.Tensor, mask: torch.Tensor, length: torch.Tensor, b: int, t: int):
    shape_ = (b, 1, t, t)
    if mask.size() != shape_:
        raise ValueError("mask")
    if attention.shape != (b, t, t):
        raise AssertionError("attention")
    if length.shape != () and length.shape != (1,):
        raise ValueError("length")
    out = attention.view(attention.shape[:-2] + (t * t,))
    same = attention.shape == mask.shape
    return out, same, attention.size() + (1,)
