# `*args` and `**kw` pass through as written: exact when what they may hold reaches Paddle
# unchanged; a `**kw` whose keys are not visible is converted with a review note (visible keys
# that Paddle spells differently are reported);
# a `*args` whose position Paddle does not keep is left as written.
import paddle
import torch.nn as nn


def build(c, dd, groups, lr, extra, bounds, dims, x):
    # TODO(torch2paddle): review: torch.nn.Conv2d: **dd is passed as written: check that it holds none of bias (Paddle: bias_attr, converted), device (not passed to Paddle), dtype (not passed to Paddle)
    conv = paddle.nn.Conv2D(c, c, 3, **dd)
    # TODO(torch2paddle): review: torch.optim.AdamW: **extra is passed as written: check that it holds none of betas (Paddle: beta1,beta2, converted), eps (Paddle: epsilon), amsgrad (Paddle has no counterpart), maximize (Paddle has no counterpart), foreach (not passed to Paddle), capturable (not passed to Paddle), differentiable (not passed to Paddle), fused (not passed to Paddle)
    opt = paddle.optimizer.AdamW(parameters=groups, learning_rate=lr, **extra)
    pad = dict(stride=1, padding=1)
    same = paddle.nn.Conv2D(c, c, 3, **pad)
    literal = paddle.nn.Conv2D(c, c, 3, **{'groups': 1, "dilation": 1})
    # TODO(torch2paddle): torch.nn.Conv2d: **{'bias': False} of torch.nn.Conv2d holds keys that Paddle spells differently: bias (Paddle: bias_attr, converted); pass them as keyword arguments
    no_bias = nn.Conv2d(c, c, 3, **{'bias': False})
    clipped = paddle.clip(x, *bounds)
    # negative: `*dims` may fill `bias`, which Paddle takes as `bias_attr`
    # TODO(torch2paddle): torch.nn.Linear: `*dims` of torch.nn.Linear may fill 'bias', which Paddle does not take at that position as it is; pass it by keyword
    fc = nn.Linear(*dims)
    # negative: a positional argument after `*` has no known position
    # TODO(torch2paddle): torch.nn.Linear: a positional argument after `*` of torch.nn.Linear: its position cannot be known; pass it by keyword
    fc2 = nn.Linear(*dims[:1], 4)
    return conv, opt, same, literal, no_bias, clipped, fc, fc2


def changed(c):
    # `kw` is changed after it is bound: its keys are not visible
    kw = {'stride': 1}
    kw['bias'] = False
    # TODO(torch2paddle): review: torch.nn.Conv2d: **kw is passed as written: check that it holds none of bias (Paddle: bias_attr, converted), device (not passed to Paddle), dtype (not passed to Paddle)
    return paddle.nn.Conv2D(c, c, 3, **kw)
