import math

import paddle
import torch.nn as nn
from torch.nn import init


def init_weights(m):
    if isinstance(m, paddle.nn.Conv2D):
        # TODO(torch2paddle): torch.nn.init.kaiming_normal_: argument 'tensor' of torch.nn.init.kaiming_normal_ cannot be converted (no_counterpart)
        nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
        if m.bias is not None:
            # TODO(torch2paddle): torch.nn.init.zeros_: argument 'tensor' of torch.nn.init.zeros_ cannot be converted (no_counterpart)
            nn.init.zeros_(m.bias)
    elif isinstance(m, paddle.nn.BatchNorm2D):
        # TODO(torch2paddle): torch.nn.init.ones_: argument 'tensor' of torch.nn.init.ones_ cannot be converted (no_counterpart)
        nn.init.ones_(m.weight)
        # TODO(torch2paddle): torch.nn.init.constant_: argument 'tensor' of torch.nn.init.constant_ cannot be converted (no_counterpart)
        nn.init.constant_(m.bias, 0)
    elif isinstance(m, paddle.nn.Linear):
        # TODO(torch2paddle): torch.nn.init.xavier_uniform_: argument 'tensor' of torch.nn.init.xavier_uniform_ cannot be converted (no_counterpart)
        nn.init.xavier_uniform_(m.weight)
        # TODO(torch2paddle): torch.nn.init.normal_: argument 'tensor' of torch.nn.init.normal_ cannot be converted (no_counterpart)
        nn.init.normal_(m.bias, mean=0.0, std=0.01)
    elif isinstance(m, paddle.nn.Embedding):
        # TODO(torch2paddle): torch.nn.init.normal_: argument 'tensor' of torch.nn.init.normal_ cannot be converted (no_counterpart)
        nn.init.normal_(m.weight, std=0.02)


layer = paddle.nn.Linear(16, 16)
# TODO(torch2paddle): torch.nn.init.xavier_normal_: argument 'tensor' of torch.nn.init.xavier_normal_ cannot be converted (no_counterpart)
init.xavier_normal_(layer.weight)
# TODO(torch2paddle): torch.nn.init.kaiming_uniform_: argument 'tensor' of torch.nn.init.kaiming_uniform_ cannot be converted (no_counterpart)
init.kaiming_uniform_(layer.weight, a=math.sqrt(5))
# TODO(torch2paddle): torch.nn.init.uniform_: argument 'tensor' of torch.nn.init.uniform_ cannot be converted (no_counterpart)
init.uniform_(layer.bias, -0.1, 0.1)
# TODO(torch2paddle): torch.nn.init.trunc_normal_: argument 'tensor' of torch.nn.init.trunc_normal_ cannot be converted (no_counterpart)
init.trunc_normal_(layer.weight, std=0.02)
# TODO(torch2paddle): torch.nn.init.orthogonal_: argument 'tensor' of torch.nn.init.orthogonal_ cannot be converted (no_counterpart)
init.orthogonal_(layer.weight)
# TODO(torch2paddle): torch.nn.init.eye_: argument 'tensor' of torch.nn.init.eye_ cannot be converted (no_counterpart)
init.eye_(layer.weight)
model = paddle.nn.Sequential(paddle.nn.Conv2D(3, 8, 3), paddle.nn.BatchNorm2D(8), paddle.nn.Linear(8, 2))
model.apply(init_weights)
