# kaiming_*_(mode='fan_out') as torchvision writes it: Paddle's initialisers take the fan as
# fan_in=, so the fan-out is passed there (Paddle's rule: shape[1] of a 2-D weight, else
# shape[0] * prod(shape[2:])).
import math
import paddle
import torch.nn as nn


def init_weights(module):
    for m in module.sublayers(include_self=True):
        if isinstance(m, paddle.nn.Conv2D):
            paddle.nn.initializer.KaimingNormal(fan_in=(m.weight.shape[1] if m.weight.ndim == 2 else m.weight.shape[0] * math.prod(m.weight.shape[2:])), negative_slope=0.0, nonlinearity="relu")(m.weight)
        elif isinstance(m, paddle.nn.Linear):
            paddle.nn.initializer.KaimingUniform(fan_in=(m.weight.shape[1] if m.weight.ndim == 2 else m.weight.shape[0] * math.prod(m.weight.shape[2:])), negative_slope=0.1, nonlinearity="leaky_relu")(m.weight)
    layers = [paddle.nn.Conv1D(4, 8, 3)]
    paddle.nn.initializer.KaimingNormal(fan_in=(layers[0].weight.shape[1] if layers[0].weight.ndim == 2 else layers[0].weight.shape[0] * math.prod(layers[0].weight.shape[2:])), negative_slope=0.0, nonlinearity="leaky_relu")(layers[0].weight)
    t2p_tensor = module.get_weight()
    paddle.nn.initializer.KaimingNormal(fan_in=(t2p_tensor.shape[1] if t2p_tensor.ndim == 2 else t2p_tensor.shape[0] * math.prod(t2p_tensor.shape[2:])), negative_slope=0.0, nonlinearity="leaky_relu")(t2p_tensor)  # a call: computed once, before
    mode = "fan_out"
    # TODO(torch2paddle): torch.nn.init.kaiming_normal_: mode is neither 'fan_in' nor 'fan_out' as written: paddle.nn.initializer.KaimingNormal scales by the fan_in it is given (inferred when omitted): pass the fan-in or the fan-out there
    nn.init.kaiming_normal_(module.weight, mode=mode)  # not a literal: reported
