"""Every import style a training script uses."""
import os, torch
import torch.nn as nn
from torch import nn as tnn
from torch.nn import functional as F
from torch.nn import Conv2d as C
from torch.nn import Linear, ReLU
import torch.nn.functional
from torch import optim

from . import utils
from .models import backbone
from ..common import helpers


def build():
    import torch.optim as opt
    from torch.utils.data import DataLoader
    model = nn.Sequential(C(3, 8, 3), ReLU(), tnn.Flatten(), Linear(8, 2))
    optimizer = opt.Adam(model.parameters(), lr=1e-3)
    loader = DataLoader([], batch_size=4)
    return model, optimizer, loader


def act(x):
    y = F.relu(x)
    z = torch.nn.functional.gelu(y)
    return torch.sigmoid(z)


sgd = optim.SGD(tnn.Linear(2, 2).parameters(), lr=0.1)
path = os.path.join("a", "b")
