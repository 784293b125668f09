# A class of the file deriving from a torch class without an __init__ of its own is built by the
# Paddle class once converted: a call passing arguments Paddle takes otherwise is reported.
from functools import partial

import paddle


class LayerNorm(paddle.nn.LayerNorm):
    def forward(self, x):
        x = x.moveaxis([-2, -1], [-1, -2])
        # TODO(torch2paddle): torch.nn.LayerNorm.eps: Paddle's LayerNorm keeps eps only as the private _epsilon: write the value the layer was built with
        # TODO(torch2paddle): torch.nn.LayerNorm.normalized_shape: Paddle's LayerNorm keeps normalized_shape only as a private attribute (a list): write the value the layer was built with
        x = paddle.nn.functional.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.moveaxis([-2, -1], [-1, -2])


class LayerNorm2d(LayerNorm):
    pass


class Conv(paddle.nn.Conv2D):
    def __init__(self, c):
        super().__init__(c, c, 3)


# TODO(torch2paddle): torch.nn.LayerNorm: the class derives from torch.nn.LayerNorm without an __init__ of its own, so it is built by paddle.nn.LayerNorm, which takes these arguments otherwise (elementwise_affine (weight_attr) takes other values)
norm = LayerNorm(normalized_shape=64, elementwise_affine=True)
# TODO(torch2paddle): torch.nn.LayerNorm: the class derives from torch.nn.LayerNorm without an __init__ of its own, so it is built by paddle.nn.LayerNorm, which takes these arguments otherwise (eps is epsilon)
norm2 = LayerNorm2d(64, eps=1e-6)
plain = LayerNorm(64)
conv = Conv(3)
# Bound by functools.partial, the arguments reach the Paddle class the same way.
# TODO(torch2paddle): torch.nn.LayerNorm: the class derives from torch.nn.LayerNorm without an __init__ of its own, so it is built by paddle.nn.LayerNorm, which takes these arguments otherwise (eps is epsilon)
make_norm = partial(LayerNorm2d, eps=1e-6)
make_plain = partial(LayerNorm, 64)
