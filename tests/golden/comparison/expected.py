import paddle
import torch

a = paddle.randn([3, 3])
b = paddle.randn([3, 3])

e = paddle.equal(a, b)
ne = paddle.not_equal(a, b)
g = paddle.greater_than(a, b)
ge = paddle.greater_equal(a, b)
l = paddle.less_than(a, b)
# TODO(torch2paddle): torch.le: argument 'other' of torch.le needs a rewrite by hand
le = torch.le(a, b)
same = bool(paddle.equal_all(a, b))
close = paddle.allclose(a, b, atol=1e-5)
ic = paddle.isclose(a, b, rtol=1e-3)
nan = paddle.isnan(a)
inf = paddle.isinf(a)
fin = paddle.isfinite(a)
land = paddle.logical_and(g, l)
lor = paddle.logical_or(g, l)
lnot = paddle.logical_not(g)
lxor = paddle.logical_xor(g, l)
nz = paddle.nonzero(g)
mm = a.equal(b).astype(dtype='float32').mean()
# TODO(torch2paddle): torch.Tensor.gt: argument 'other' of torch.Tensor.gt needs a rewrite by hand
gt_m = a.gt(0.5)
