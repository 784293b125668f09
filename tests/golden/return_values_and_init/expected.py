# APIs whose Paddle return value or form differs: tuples, initializers, decorators, devices.
import collections.abc
import paddle
import torch
from torch.nn.modules.utils import _pair

logits = paddle.randn([4, 10])
other = paddle.randn([4, 10])
values, indices = (paddle.max(logits, axis=1), paddle.argmax(logits, axis=1))
lo, where = (paddle.min(logits, axis=1, keepdim=True), paddle.argmin(logits, axis=1, keepdim=True))
biggest = paddle.max(logits)
pairwise = paddle.maximum(logits, other)
pred = paddle.argmax(paddle.nn.functional.softmax(logits, axis=1), axis=1)
row_max, row_arg = (paddle.max(logits, axis=1), paddle.argmax(logits, axis=1))
smaller = paddle.minimum(logits, other)
ordered, order = (paddle.sort(logits, axis=1, descending=True), paddle.argsort(logits, axis=1, descending=True))
ranked, rank = (paddle.sort(logits, axis=1), paddle.argsort(logits, axis=1))
same = paddle.equal_all(logits, other).item()
count = logits.size
kl = paddle.nn.functional.kl_div(paddle.nn.functional.log_softmax(logits, axis=1), paddle.nn.functional.softmax(other, axis=1), reduction="batchmean")
hot = paddle.nn.functional.one_hot(paddle.arange(4), num_classes=10).astype("int64")
hist = paddle.histogram(logits, bins=5, min=-3, max=3).astype(logits.dtype) + paddle.histogram(logits, bins=5, min=-3, max=3).astype(logits.dtype)
sign, logabs = tuple(paddle.linalg.slogdet(paddle.eye(3)))
sign, logabs = tuple(paddle.linalg.slogdet(paddle.eye(3)))
sign, logabs = tuple(paddle.linalg.slogdet(paddle.eye(3)))
# TODO(torch2paddle): torch.triangular_solve: argument 'A' of torch.triangular_solve must be a name or a value without calls: the Paddle form writes it twice
sol, coeff = torch.triangular_solve(paddle.ones([3, 1]), paddle.eye(3), upper=False)
# TODO(torch2paddle): torch.Tensor.triangular_solve: argument 'A' of torch.Tensor.triangular_solve must be a name or a value without calls: the Paddle form writes it twice
sol, coeff = paddle.ones([3, 1]).triangular_solve(paddle.eye(3))
# TODO(torch2paddle): torch.Tensor.xlogy: argument 'other' of torch.Tensor.xlogy must be a name or a value without calls: the Paddle form writes it twice
# TODO(torch2paddle): torch.special.xlogy: argument 'other' of torch.special.xlogy must be a name or a value without calls: the Paddle form writes it twice
# TODO(torch2paddle): torch.xlogy: argument 'other' of torch.xlogy must be a name or a value without calls: the Paddle form writes it twice
r = torch.xlogy(logits, other.abs()) + torch.special.xlogy(logits, other.abs()) + logits.xlogy(other.abs())
# TODO(torch2paddle): torch.special.xlog1py: argument 'other' of torch.special.xlog1py must be a name or a value without calls: the Paddle form writes it twice
r = torch.special.xlog1py(logits, other.abs()) + paddle.where(logits == 0, paddle.ones_like(logits), paddle.sin(3.141592653589793 * logits) / (3.141592653589793 * logits)) + (paddle.exp(logits ** 2) * (1.0 - paddle.erf(logits)))
kernel = (tuple(3) if isinstance(3, collections.abc.Iterable) else (3, 3))
stride = (tuple(kernel) if isinstance(kernel, collections.abc.Iterable) else (kernel, kernel))  # any iterable is a tuple, as torch's _ntuple tests collections.abc.Iterable
# TODO(torch2paddle): torch.nn.modules.utils._pair: the form written in its place reads the argument three times: bind the value to a name first
padding = _pair(len(kernel))  # read three times by the form written: reported

layer = paddle.nn.Linear(10, 10)
paddle.nn.initializer.XavierUniform()(layer.weight)
paddle.nn.initializer.XavierNormal(gain=2.0)(layer.weight)
paddle.nn.initializer.KaimingUniform(negative_slope=0.1, nonlinearity="leaky_relu")(layer.weight)
paddle.nn.initializer.KaimingNormal(negative_slope=0.0, nonlinearity="relu")(layer.weight)
paddle.nn.initializer.Normal(mean=0.0, std=0.02)(layer.weight)
paddle.nn.initializer.Uniform(low=0.0, high=1.0)(layer.bias)
paddle.nn.initializer.TruncatedNormal(mean=0.0, std=0.02, a=-2.0, b=2.0)(layer.weight)
paddle.nn.initializer.Constant(0.1)(layer.bias)
paddle.nn.initializer.Constant(1.0)(layer.bias)
paddle.nn.initializer.Constant(0.0)(layer.bias)
paddle.nn.initializer.Orthogonal()(layer.weight)
sub = dict(paddle.nn.Sequential(layer).named_sublayers(include_self=True))["0"]
w = dict(layer.named_parameters())["weight"]
net = paddle.nn.BatchNorm1D(10)
mean = dict(net.named_buffers())["_mean"]

use_cuda = paddle.device.cuda.device_count() >= 1
if paddle.device.cuda.device_count() >= 1:
    paddle.device.set_device("gpu:" + str(0))
    paddle.seed(7)
paddle.device.set_device(str("cuda:1").replace("cuda", "gpu"))


@paddle.no_grad()
def predict(x):
    return layer(x)
close = logits.allclose(other, atol=1e-5).item()


def count(t: paddle.Tensor) -> int:
    # torch.Tensor as a type stays a type: paddle.Tensor
    assert isinstance(t, paddle.Tensor)
    return t.size
