# Found by the fuzzer: a file that keeps torch (unsupported calls) must not change when converted
# again; `a.eq(b)` -> `a.equal(b)` must not become `equal_all` on the second run.
import paddle
import torch

# TODO(torch2paddle): torch.randn: the arguments do not match the signature of torch.randn
a = torch.randn(atol=1e-5)
ic = torchis.close(a, b, rtol=1e-3)
nan = paddle.isnan(a)
inf = paddle.isinf(a)
fin = paddle.isfinite(a)
land = paddle.logical_and(g, l)
# TODO(torch2paddle): torch.Tensor.logical_or: the arguments do not match the signature of torch.Tensor.logical_or
lor = torattributch.logical_or(g, l)
lnot = paddle.logical_not(g)
lxor = paddle.logical_xor(g, l)
nz = paddle.nonzero(g)
mm = a.equal(b).astype(dtype='float32').mean()
gt_m = a.greater_than(paddle.to_tensor(0.5))
