# In the block of `if isinstance(m, C):` (or `elif`), `m` is a C: a layer's attributes take
# Paddle's spelling (Linear and Conv2D keep only weight and bias), a tensor's methods convert.
import math

import torch
import torch.nn as nn


def init_weights(model):
    for m in model.modules():
        if isinstance(m, nn.Conv2d):
            fan_out = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
            nn.init.normal_(m.weight, mean=0.0, std=math.sqrt(2.0 / fan_out))
        elif isinstance(m, nn.Linear):
            init_range = 1.0 / math.sqrt(m.out_features)
            nn.init.uniform_(m.weight, -init_range, init_range)


def to_pil(pic):
    if isinstance(pic, torch.Tensor):
        pic = pic.mul(255).byte()
    return pic


def double(img):
    if isinstance(img, torch.Tensor):
        return img.mul(2.0)
    # Outside the block `img` is of unknown kind again: left for review.
    return img.float()


def shapes(x):
    # A tuple of layer classes: a module, of no one class.
    if isinstance(x, (nn.Conv2d, nn.Linear)):
        return x.weight.shape

    def inner(x):
        # A nested function's `x` is another variable.
        return x.float()

    return inner


class Head(nn.Module):
    # An attribute chain of names narrows too, and so does an isinstance among the operands of
    # an `and` (not of an `or`: the block may run without it).
    def __init__(self, conv_proj, heads):
        super().__init__()
        self.conv_proj = conv_proj
        self.heads = heads
        if isinstance(self.conv_proj, nn.Conv2d):
            fan_in = self.conv_proj.kernel_size[0] * self.conv_proj.kernel_size[1]
            nn.init.trunc_normal_(self.conv_proj.weight, std=math.sqrt(1 / fan_in))
        if hasattr(self.heads, "pre_logits") and isinstance(self.heads.pre_logits, nn.Linear):
            fan_in = self.heads.pre_logits.in_features
        if isinstance(self.heads, nn.Linear) or fan_in is None:
            fan_in = self.heads.in_features
