# Normalisation layers without learnable scale and shift, and Kaiming initialisation modes.
import math
import paddle
import torch.nn as nn


class Head(paddle.nn.Layer):
    def __init__(self, dim, flag):
        super().__init__()
        self.bn1 = paddle.nn.BatchNorm1D(dim, weight_attr=False, bias_attr=False)
        self.bn2 = paddle.nn.BatchNorm2D(dim, momentum=1 - 0.2)
        self.bn3 = paddle.nn.BatchNorm3D(dim, weight_attr=False, bias_attr=False)
        self.gn = paddle.nn.GroupNorm(4, dim, weight_attr=False, bias_attr=False)
        self.ln = paddle.nn.LayerNorm(dim, epsilon=1e-6, weight_attr=False, bias_attr=False)
        self.ln_affine = paddle.nn.LayerNorm(dim)
        # TODO(torch2paddle): torch.nn.LayerNorm: argument 'elementwise_affine' of torch.nn.LayerNorm sets further Paddle arguments for some values; a value that is not True or False needs a rewrite by hand
        self.ln_flag = nn.LayerNorm(dim, elementwise_affine=flag)  # not a literal: reported
        self.conv = paddle.nn.Conv2D(dim, dim, 3)
        paddle.nn.initializer.KaimingNormal(negative_slope=0.0, nonlinearity="relu")(self.conv.weight)
        paddle.nn.initializer.KaimingUniform(negative_slope=0.0, nonlinearity="leaky_relu")(self.conv.weight)
        paddle.nn.initializer.KaimingNormal(fan_in=(self.conv.weight.shape[1] if self.conv.weight.ndim == 2 else self.conv.weight.shape[0] * math.prod(self.conv.weight.shape[2:])), negative_slope=0.0, nonlinearity="leaky_relu")(self.conv.weight)  # the fan-out passed as fan_in
