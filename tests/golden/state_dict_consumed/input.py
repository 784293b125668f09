# PyTorch's Module.state_dict() holds detached tensors, Paddle's (keep_vars=True) the parameters
# themselves: keep_vars=False is written, and a receiver of unknown kind (a module, or an
# optimizer, whose state_dict takes no keep_vars) needs review. Where the value is only counted,
# saved or loaded into another model, both give the same result: `state_dict()` for any owner.
import torch
from torch import nn


def checkpoint(net, other, path):
    count = len(net.module_.state_dict())
    torch.save(net.module_.state_dict(), path)
    other.load_state_dict(net.module_.state_dict())
    snapshot = net.module_.state_dict()
    return count, snapshot


def layer_sizes():
    layer = nn.Linear(2, 3)
    return len(layer.state_dict()), layer.state_dict()
