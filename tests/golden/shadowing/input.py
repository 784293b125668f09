import torch
import torch.nn as nn
import torch.nn.functional as F


def apply_activation(x, F):
    # F here is a user-supplied callable, not torch.nn.functional
    return F.relu(x)


def build_layer(nn, width):
    # nn is a local object with a Linear factory, not torch.nn
    return nn.Linear(width, width)


def use_torch_param(torch):
    # the parameter named torch shadows the module
    return torch.zeros(3)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return F.relu(self.fc(x))


def local_rebind():
    F = lambda v: v
    return F


def comprehension(items):
    return [nn.relu(x) for nn in items for x in (1, 2)]


out = F.softmax(torch.randn(2, 3), dim=-1)
