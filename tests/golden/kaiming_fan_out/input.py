# kaiming_*_(mode='fan_out') as torchvision writes it: Paddle's initialisers take the fan as
# fan_in=, so the fan-out is passed there (Paddle's rule: shape[1] of a 2-D weight, else
# shape[0] * prod(shape[2:])).
import torch.nn as nn
from torch.nn import init


def init_weights(module):
    for m in module.modules():
        if isinstance(m, nn.Conv2d):
            nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
        elif isinstance(m, nn.Linear):
            init.kaiming_uniform_(m.weight, a=0.1, mode='fan_out')
    layers = [nn.Conv1d(4, 8, 3)]
    nn.init.kaiming_normal_(layers[0].weight, mode="fan_out")
    nn.init.kaiming_normal_(module.get_weight(), mode="fan_out")  # a call: computed once, before
    mode = "fan_out"
    nn.init.kaiming_normal_(module.weight, mode=mode)  # not a literal: reported
