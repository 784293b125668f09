import math

import torch.nn as nn
from torch.nn import init


def init_weights(m):
    if isinstance(m, nn.Conv2d):
        nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
        if m.bias is not None:
            nn.init.zeros_(m.bias)
    elif isinstance(m, nn.BatchNorm2d):
        nn.init.ones_(m.weight)
        nn.init.constant_(m.bias, 0)
    elif isinstance(m, nn.Linear):
        nn.init.xavier_uniform_(m.weight)
        nn.init.normal_(m.bias, mean=0.0, std=0.01)
    elif isinstance(m, nn.Embedding):
        nn.init.normal_(m.weight, std=0.02)


layer = nn.Linear(16, 16)
init.xavier_normal_(layer.weight)
init.kaiming_uniform_(layer.weight, a=math.sqrt(5))
init.uniform_(layer.bias, -0.1, 0.1)
init.trunc_normal_(layer.weight, std=0.02)
init.orthogonal_(layer.weight)
init.eye_(layer.weight)
model = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.Linear(8, 2))
model.apply(init_weights)
