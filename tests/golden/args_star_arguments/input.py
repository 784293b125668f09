# `*args` and `**kw` pass through as written: exact when what they may hold reaches Paddle
# unchanged; a `**kw` whose keys are not visible is converted with a review note (visible keys
# that Paddle spells differently are reported);
# a `*args` whose position Paddle does not keep is left as written.
import torch
import torch.nn as nn


def build(c, dd, groups, lr, extra, bounds, dims, x):
    conv = nn.Conv2d(c, c, 3, **dd)
    opt = torch.optim.AdamW(groups, lr=lr, **extra)
    pad = dict(stride=1, padding=1)
    same = nn.Conv2d(c, c, 3, **pad)
    literal = nn.Conv2d(c, c, 3, **{'groups': 1, "dilation": 1})
    no_bias = nn.Conv2d(c, c, 3, **{'bias': False})
    clipped = torch.clamp(x, *bounds)
    # negative: `*dims` may fill `bias`, which Paddle takes as `bias_attr`
    fc = nn.Linear(*dims)
    # negative: a positional argument after `*` has no known position
    fc2 = nn.Linear(*dims[:1], 4)
    return conv, opt, same, literal, no_bias, clipped, fc, fc2


def changed(c):
    # `kw` is changed after it is bound: its keys are not visible
    kw = {'stride': 1}
    kw['bias'] = False
    return nn.Conv2d(c, c, 3, **kw)
