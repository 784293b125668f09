# Named-tuple fields read on the result: PyTorch returns torch.return_types, Paddle a plain tuple.
import paddle

x = paddle.rand([4, 3])
a = paddle.max(x, axis=1)
b = paddle.argmax(x, axis=1)
c = paddle.max(x, axis=1)
d = paddle.min(x, axis=0)
e = paddle.argmin(x, axis=1, keepdim=True)
f = paddle.sort(x, axis=1)
g = paddle.argsort(x, descending=True)
h = paddle.topk(x, 2)[0]
i = x.topk(2, axis=0)[1]
j = paddle.kthvalue(x, 2, 1)[0]
k = paddle.mode(x, 1)[0]
l = paddle.median(x, 1, mode='min')[0]
m = paddle.cummax(x, 0)[0]
n = paddle.cummin(x, 0)[1]
o = tuple(paddle.linalg.slogdet(x))[1]
p = paddle.linalg.qr(x)[0]
q = paddle.linalg.eigh(x)[1]
r = paddle.linalg.svd(x, full_matrices=True)[1]
s = paddle.frexp(x)[0]
t = paddle.amax(x)
u = paddle.linalg.eig(x)[0]
w = (paddle.max(x, axis=1), paddle.argmax(x, axis=1))
vals, idx = (paddle.max(x, axis=1), paddle.argmax(x, axis=1))
m2 = x.cummax(0)[0]
n2 = x.cummin(1)[1]
s2 = x.frexp()[1]
j2 = x.kthvalue(2, 1)[1]
l2 = x.median(1, mode='min')[0]
k2 = x.mode(1)[1]
t2 = paddle.amin(x)
o2 = tuple(paddle.linalg.slogdet(x))[0]

# torch.linalg.lstsq returns (solution, residuals, rank, singular_values) as a named tuple.
m = paddle.randn([4, 3])
rhs = paddle.randn([4, 2])
coeffs = paddle.linalg.lstsq(m, rhs, driver="gels")[0]
