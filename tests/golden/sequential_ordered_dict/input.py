# nn.Sequential(OrderedDict(...)): Paddle's Sequential takes layers or (name, layer) pairs.
import collections
from collections import OrderedDict

import torch.nn as nn

named = nn.Sequential(OrderedDict([
    ('fc', nn.Linear(4, 8)),  # first layer
    ('act', nn.ReLU()),
]))
kw = nn.Sequential(collections.OrderedDict(fc=nn.Linear(4, 8), act=nn.ReLU()))
# Layers as they are: unchanged.
plain = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
layers = [nn.Linear(4, 4), nn.Tanh()]
spread = nn.Sequential(*layers)


class Net(nn.Module):
    def __init__(self, blocks):
        super().__init__()
        layers = OrderedDict()
        layers['fc'] = nn.Linear(4, 8)
        layers['act'] = nn.ReLU()
        self.body = nn.Sequential(layers)
        # What a parameter holds is not known: left as written (Paddle fails on a dict).
        self.blocks = nn.Sequential(blocks)
