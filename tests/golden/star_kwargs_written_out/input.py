import torch
from torch import nn


class Projection(nn.Module):
    def __init__(self, d_in, d_out, device=None, dtype=None):
        super().__init__()
        factory_kwargs = {"device": device, "dtype": dtype}
        # the dict's keys are visible: device goes as a device= keyword would, dtype is kept
        self.weight = nn.Parameter(torch.empty((d_out, d_in), **factory_kwargs))
        self.bias = nn.Parameter(torch.zeros(d_out, **factory_kwargs))
        self.scale = torch.ones(1, **{"device": device})


def grid(n, where):
    options = dict(device=where, dtype=torch.float64)
    return torch.zeros(n, n, **options)


def opaque(n, **kwargs):
    # keys not visible: passed as written, for review
    return torch.empty(n, **kwargs)
