# A class of the file deriving from a torch class without an __init__ of its own is built by the
# Paddle class once converted: a call passing arguments Paddle takes otherwise is reported.
from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F


class LayerNorm(nn.LayerNorm):
    def forward(self, x):
        x = x.transpose(-2, -1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.transpose(-2, -1)


class LayerNorm2d(LayerNorm):
    pass


class Conv(nn.Conv2d):
    def __init__(self, c):
        super().__init__(c, c, 3)


norm = LayerNorm(normalized_shape=64, elementwise_affine=True)
norm2 = LayerNorm2d(64, eps=1e-6)
plain = LayerNorm(64)
conv = Conv(3)
# Bound by functools.partial, the arguments reach the Paddle class the same way.
make_norm = partial(LayerNorm2d, eps=1e-6)
make_plain = partial(LayerNorm, 64)
