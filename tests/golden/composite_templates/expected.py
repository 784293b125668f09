# Composite APIs that Paddle spells as an expression (rules/composite.jsonl).
import math
import paddle
import torch

x = paddle.randn([3, 4])
t1 = paddle.randn([3, 4])
t2 = paddle.randn([3, 4]) + 1
m = paddle.randn([3, 3])
v = paddle.randn([3])
b1 = paddle.randn([2, 3, 4])
b2 = paddle.randn([2, 4, 3])

a = x + 0.5 * t1 * t2
a = x + t1 / t2
a = x + t1 * t2
x.add_(2 * t1 / t2)
y = v + paddle.mm(m, v)
y = 0.5 * v + 2 * paddle.mm(m, v)
y = m + paddle.sum(paddle.bmm(b1, b2), axis=0)
y = (b1 @ b2) + paddle.bmm(b1, b2)
y = m + paddle.outer(v, v)
y = m + paddle.outer(v, v)
e = (1 - paddle.erf(x)) + (1 - paddle.erf(x)) + (1 - paddle.erf(x))
e = (2 ** (x - 1)) + (2 ** x)
p = paddle.pow(x.astype('float64'), 2)
p = paddle.pow(x.astype('float64'), 2)
l = paddle.logaddexp(x, t1) + paddle.logaddexp(x, t1)
l = (paddle.logaddexp(x * math.log(2), t1 * math.log(2)) / math.log(2)) + (paddle.logaddexp(x * math.log(2), t1 * math.log(2)) / math.log(2))
l = (x * 2 ** t1) + (x * 2 ** t1)
d = paddle.log(paddle.linalg.det(m)) + paddle.log(paddle.linalg.det(m))
s = x + x
r = paddle.rand(x.shape, dtype=x.dtype) + paddle.randn(x.shape, dtype=paddle.float64)
shape = list([3, 4])
dd = x.detach()
row = paddle.index_select(x, index=paddle.to_tensor([1]), axis=0).squeeze(0)
row = paddle.index_select(x, index=paddle.to_tensor([2]), axis=1).squeeze(1)
z = x.reshape(t1.shape)
std, mean = (paddle.std(x), paddle.mean(x))
var, mean = (paddle.var(x, axis=1, keepdim=True), paddle.mean(x, axis=1, keepdim=True))
lo, hi = (paddle.amin(x), paddle.amax(x))
lo, hi = (paddle.amin(x, axis=0), paddle.amax(x, axis=0))
with paddle.no_grad():
    q = x.detach()
sm = paddle.nn.functional.softmax(-x, axis=1)
sg = paddle.nn.functional.sigmoid(x) + ((1 + paddle.erf(x / 2 ** 0.5)) / 2) + (2 ** 0.5 * paddle.erfinv(2 * paddle.rand([3]) - 1))
chain = paddle.linalg.multi_dot([m, m, m])
ok = paddle.ones([1]).astype('bool').item()
# TODO(torch2paddle): torch.polar: argument 'abs' of torch.polar must be a name or a value without calls: the Paddle form writes it twice
c = torch.polar(paddle.ones([2]), paddle.zeros([2]))
inv = paddle.linalg.inv(paddle.matmul(m, m, transpose_y=True))
paddle.assign(paddle.bernoulli(paddle.full_like(x, 0.3)), x)
srt = paddle.sort(x, axis=0)
n = paddle.assign(paddle.slice(x, [0], [1], [1 + 2])) + paddle.assign(paddle.slice(x, [1], [0], [0 + 2]))[:2]
state = paddle.load(paddle.utils.download.get_weights_path_from_url("https://example.com/w.pth"))
size_in_bytes = x.size * x.element_size()
# method and in-place forms
a = x + 0.1 * t1 / t2
x.add_(t1 * t2)
y = v + paddle.mm(m, v)
# The vector is the receiver too: the product is computed before beta scales it in place.
paddle.assign(2 * v + paddle.mm(m, v), v)
w.multiply_(paddle.to_tensor(2, dtype=w.dtype)).add_(paddle.mm(m, u))
paddle.assign(2 * v + 3 * paddle.mm(m, v[0] * u), v)
y = m + paddle.sum(paddle.bmm(b1, b2), axis=0)
m.add_(paddle.sum(paddle.bmm(b1, b2), axis=0))
y = (b1 @ b2) + paddle.bmm(b1, b2)
bb = b1 @ b2
bb.add_(0.5 * paddle.bmm(b1, b2))
m.add_(paddle.outer(v, v))
paddle.assign(1 - paddle.erf(x), x)
