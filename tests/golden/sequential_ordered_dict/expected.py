# nn.Sequential(OrderedDict(...)): Paddle's Sequential takes layers or (name, layer) pairs.
import collections
from collections import OrderedDict

import paddle

named = paddle.nn.Sequential(*OrderedDict([
    ('fc', paddle.nn.Linear(4, 8)),  # first layer
    ('act', paddle.nn.ReLU()),
]).items())
kw = paddle.nn.Sequential(*collections.OrderedDict(fc=paddle.nn.Linear(4, 8), act=paddle.nn.ReLU()).items())
# Layers as they are: unchanged.
plain = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU())
layers = [paddle.nn.Linear(4, 4), paddle.nn.Tanh()]
spread = paddle.nn.Sequential(*layers)


class Net(paddle.nn.Layer):
    def __init__(self, blocks):
        super().__init__()
        layers = OrderedDict()
        layers['fc'] = paddle.nn.Linear(4, 8)
        layers['act'] = paddle.nn.ReLU()
        self.body = paddle.nn.Sequential(*layers.items())
        # What a parameter holds is not known: left as written (Paddle fails on a dict).
        self.blocks = paddle.nn.Sequential(blocks)
