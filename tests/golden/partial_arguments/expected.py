# functools.partial binds arguments of a PyTorch callable that its caller never sees again: once
# the callable is Paddle's, they are written as Paddle's (eps is epsilon, momentum is
# 1 - momentum, inplace does not exist). Positional ones must land on the same parameter. An
# argument Paddle takes as other values is reported, and the partial is left as written.
import functools
from functools import partial

import paddle


class Classifier(paddle.nn.Layer):
    def __init__(self, dim, norm_layer=None):
        super().__init__()
        if norm_layer is None:
            norm_layer = partial(paddle.nn.BatchNorm1D, epsilon=0.001, momentum=1 - 0.01)
        self.norm = norm_layer(dim)
        self.fc = paddle.nn.Linear(dim, 10)


def make(dim):
    a = Classifier(dim, norm_layer=functools.partial(paddle.nn.GroupNorm, 32))
    b = Classifier(dim, norm_layer=partial(paddle.nn.BatchNorm1D, epsilon=1e-5))
    # TODO(torch2paddle): review: torch.nn.SiLU: passed to partial with its arguments converted, it becomes paddle.nn.Silu: a call made through it must pass Paddle's arguments (inplace does not exist)
    act = partial(paddle.nn.Silu)
    # TODO(torch2paddle): review: torch.nn.LayerNorm: passed to partial, it becomes paddle.nn.LayerNorm, but the partial passes elementwise_affine, which paddle.nn.LayerNorm takes as other values
    ln = partial(paddle.nn.LayerNorm, eps=1e-6, elementwise_affine=False)
    return a, b, act, ln
