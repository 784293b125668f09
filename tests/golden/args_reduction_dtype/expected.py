# dtype= on reductions and norms casts the input first (Paddle's have no dtype); svdvals is the
# second result of svd.
import paddle
import torch

x = paddle.randn([3, 4])
out = paddle.empty([3])
m = paddle.mean(x.astype(paddle.float64))
m2 = paddle.mean(x.astype(paddle.float64), axis=1, keepdim=True)
n = paddle.assign(paddle.nanmean(x.astype(paddle.float32), axis=-1), out)
a = paddle.linalg.norm((x + 1).astype(paddle.float64))
b = paddle.linalg.norm(x.astype(paddle.float64), p=2, axis=1)
c = paddle.linalg.vector_norm(x.astype(paddle.float64), p=3)
d = paddle.linalg.matrix_norm(x.astype(paddle.float64), p='fro')
s = paddle.linalg.svd(x)[1]
paddle.assign(paddle.linalg.svd(x)[1], out)
g = x.astype(paddle.float64).mean(axis=1, keepdim=True)
h = x.astype(paddle.float64).nanmean()
# Not converted: ord of linalg.norm differs in meaning.
# TODO(torch2paddle): torch.linalg.norm: argument 'ord' of torch.linalg.norm cannot be converted (semantics_differ)
f = torch.linalg.norm(x, ord=2, dtype=paddle.float64)
