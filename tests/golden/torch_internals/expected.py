# PyTorch internals with an exact eager equivalent (mappings/internals.jsonl): torch._six's
# constants, the tracing state (None outside torch.jit.trace) and TorchScript decorators that
# return the function unchanged; a decorator's trailing comment stays on its line. A shape read
# as a tensor keeps PyTorch's int64; a Dirichlet sample from a seeded generator is reported.
import math
import paddle
import torch


def check_name(name, limit=math.inf):
    if not isinstance(name, (str, bytes)):
        raise TypeError(name)
    if isinstance(limit, (str, bytes)):
        limit = float(limit)
    return math.nan if limit < 0 else limit


class Stack(paddle.nn.Layer):
    def __init__(self, layers):
        super().__init__()
        self.layers = paddle.nn.LayerList(layers)

    def __len__(self):
        return len(self.layers)

    # noqa: F811
    def forward(self, x: paddle.Tensor, scale: float) -> paddle.Tensor:
        pass

    def forward(self, x: paddle.Tensor, scale: int) -> paddle.Tensor:
        pass

    def forward(self, x, scale=1.0):  # noqa: F811
        tracing = None
        if tracing is None and not None:
            x = x * scale
        for layer in self.layers:
            x = layer(x)
        return x


def double(x: int) -> int:
    pass


def double(x: float) -> float:
    pass


def double(x):
    return x * 2


def image_size(image):
    return paddle.shape(image).astype('int64')[-2:]


def axis_size(input, axis):
    return paddle.shape(input).astype('int64')[axis].unsqueeze(0)


def mixing_weights(alpha, generator):
    weights = paddle.distribution.Dirichlet(alpha).sample()
    # TODO(torch2paddle): torch._sample_dirichlet: a seeded generator changes results: Paddle's distributions draw from the global generator (paddle.seed)
    return weights, torch._sample_dirichlet(alpha, generator)
