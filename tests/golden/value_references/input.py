# A PyTorch callable named as a value (an argument, a default, partial's first argument, an
# assignment) becomes the Paddle name; calls made through it later pass PyTorch's arguments,
# so where Paddle takes them differently the use is converted with a review note saying how.
from functools import partial
from typing import Callable, Optional
import torch
import torch.nn as nn


def block(c, norm_layer: Optional[Callable[..., nn.Module]] = nn.BatchNorm2d, act=nn.ReLU):
    layers = [nn.Conv2d(c, c, 3), norm_layer(c), act(inplace=True)]
    if isinstance(norm_layer, (nn.BatchNorm2d, nn.Identity)):
        pass
    return nn.Sequential(*layers)


ln = partial(nn.LayerNorm, eps=1e-6)
b = block(3, norm_layer=partial(nn.BatchNorm2d, eps=0.001, momentum=0.01))
window_fn = torch.hann_window
opt_cls = torch.optim.SGD
idn = nn.Identity
sm = partial(torch.softmax, dim=-1)
inorm = nn.InstanceNorm2d
