# A Python number passed to a Paddle parameter that Paddle's API reference documents as Tensor-only
# becomes a tensor: an int with the tensor's dtype, paddle.to_tensor(n, dtype=<the tensor>.dtype);
# a float with Paddle's default float dtype (on an integer tensor, PyTorch computes in floats),
# but with the tensor's dtype for an in-place method, whose result keeps it; parameters that also
# take numbers keep it. A function's number parameters and math's functions are numbers.
import math

import paddle


class Scale(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.weight = paddle.base.framework.EagerParamBase.from_tensor(paddle.ones([3]))

    def forward(self, x):
        y = self.weight.multiply(paddle.to_tensor(2, dtype=self.weight.dtype))  # a tensor attribute gives the dtype
        return (x / 0.5) + y


a = paddle.randn([3])
b = a / 0.5
c = a.subtract(paddle.to_tensor(2, dtype=a.dtype))
d = a / (-1.5)
a.add_(paddle.to_tensor(1, dtype=a.dtype))
m = a.less_than(paddle.to_tensor(0.5))
g = paddle.add(a, paddle.to_tensor(1, dtype=a.dtype))
h = 2 / a
k = paddle.maximum(a, a)
same = a.masked_fill(a > 0, 0.0)  # value: Scalar|0-D Tensor
kept = paddle.clip(a, 0, 1)  # min, max: float|int|Tensor
# TODO(torch2paddle): torch.Tensor.sub: a Python number passed to 'y' of paddle.Tensor.subtract, which takes only a Tensor, needs paddle.to_tensor(..., dtype=<the tensor's dtype>) by hand
unsafe = a.astype(dtype='float32').sub(255)  # no name to take the dtype from: reported
counts = paddle.zeros([3], dtype=paddle.int64)
half = counts.multiply(paddle.to_tensor(0.5))  # PyTorch gives floats here: not 0.5 made an int64 0
n: int = 4
scaled = a.multiply(paddle.to_tensor(n, dtype=a.dtype))  # an int by its annotation


def vtln_bounds(low: float, high: float, factor: float, freq: paddle.Tensor):
    # max() / min() of numbers are numbers: a float bound is wrapped like a float literal.
    l = low * max(1.0, factor)
    h = high * min(1.0, factor)
    return paddle.less_than(freq, paddle.to_tensor(l)), paddle.greater_equal(freq, paddle.to_tensor(h))


def batch_figures(images, hits, targets, p=0.5):
    # `x.size(0)` of a receiver of unknown kind is one dimension, an int: a shape of one
    # dimension is a list to Paddle, and a float divided by it is a Python number.
    mask = paddle.rand([images.shape[0]]) < p
    percent = hits.multiply_(paddle.to_tensor(100.0 / targets.shape[0], dtype=hits.dtype))
    return mask, percent


def floor_labels(logits, topk_idxs):
    # One item of `.shape` is a size (an int), whatever the receiver: the divisor of a floor
    # division is then filled into a tensor of the dividend's dtype.
    num_classes = logits.shape[-1]
    return paddle.floor_divide(topk_idxs, paddle.full([], num_classes, topk_idxs.dtype)), topk_idxs % num_classes


def trunc_normal_(tensor, mean=0., std=1.):
    tensor.erfinv_()
    tensor.multiply_(paddle.to_tensor(std * math.sqrt(2.), dtype=tensor.dtype))
    return tensor.add_(paddle.to_tensor(mean, dtype=tensor.dtype))
