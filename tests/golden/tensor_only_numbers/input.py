# A Python number passed to a Paddle parameter that Paddle's API reference documents as Tensor-only
# becomes a tensor: an int with the tensor's dtype, paddle.to_tensor(n, dtype=<the tensor>.dtype);
# a float with Paddle's default float dtype (on an integer tensor, PyTorch computes in floats),
# but with the tensor's dtype for an in-place method, whose result keeps it; parameters that also
# take numbers keep it. A function's number parameters and math's functions are numbers.
import math

import torch


class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        y = self.weight.mul(2)  # a tensor attribute gives the dtype
        return x.div(0.5) + y


a = torch.randn(3)
b = a.div(0.5)
c = a.sub(2)
d = a.div(other=-1.5)
a.add_(1)
m = a.lt(0.5)
g = torch.add(a, 1)
h = torch.div(2, a)
k = torch.maximum(a, a)
same = a.masked_fill(a > 0, 0.0)  # value: Scalar|0-D Tensor
kept = torch.clamp(a, 0, 1)  # min, max: float|int|Tensor
unsafe = a.float().sub(255)  # no name to take the dtype from: reported
counts = torch.zeros(3, dtype=torch.int64)
half = counts.mul(0.5)  # PyTorch gives floats here: not 0.5 made an int64 0
n: int = 4
scaled = a.mul(n)  # an int by its annotation


def vtln_bounds(low: float, high: float, factor: float, freq: torch.Tensor):
    # max() / min() of numbers are numbers: a float bound is wrapped like a float literal.
    l = low * max(1.0, factor)
    h = high * min(1.0, factor)
    return torch.lt(freq, l), torch.ge(freq, h)


def batch_figures(images, hits, targets, p=0.5):
    # `x.size(0)` of a receiver of unknown kind is one dimension, an int: a shape of one
    # dimension is a list to Paddle, and a float divided by it is a Python number.
    mask = torch.rand(images.size(0)) < p
    percent = hits.mul_(100.0 / targets.size(0))
    return mask, percent


def floor_labels(logits, topk_idxs):
    # One item of `.shape` is a size (an int), whatever the receiver: the divisor of a floor
    # division is then filled into a tensor of the dividend's dtype.
    num_classes = logits.shape[-1]
    return torch.div(topk_idxs, num_classes, rounding_mode="floor"), topk_idxs % num_classes


def trunc_normal_(tensor, mean=0., std=1.):
    tensor.erfinv_()
    tensor.mul_(std * math.sqrt(2.))
    return tensor.add_(mean)
