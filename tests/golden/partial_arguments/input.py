# functools.partial binds arguments of a PyTorch callable that its caller never sees again: once
# the callable is Paddle's, they are written as Paddle's (eps is epsilon, momentum is
# 1 - momentum, inplace does not exist). Positional ones must land on the same parameter. An
# argument Paddle takes as other values is reported, and the partial is left as written.
import functools
from functools import partial

import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self, dim, norm_layer=None):
        super().__init__()
        if norm_layer is None:
            norm_layer = partial(nn.BatchNorm1d, eps=0.001, momentum=0.01)
        self.norm = norm_layer(dim)
        self.fc = nn.Linear(dim, 10)


def make(dim):
    a = Classifier(dim, norm_layer=functools.partial(nn.GroupNorm, 32))
    b = Classifier(dim, norm_layer=partial(nn.BatchNorm1d, eps=1e-5))
    act = partial(nn.SiLU, inplace=True)
    ln = partial(nn.LayerNorm, eps=1e-6, elementwise_affine=False)
    return a, b, act, ln
