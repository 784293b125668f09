# out= forms: one tensor -> paddle.assign(result, out); several outputs on a statement of its own
# -> the names are bound to the results (for APIs whose Paddle form returns the same results);
# template cases (randint) honour out=, requires_grad= and pin_memory= too.
import paddle
import torch

x = paddle.randn([4, 4])
y = paddle.empty([4, 4])
paddle.assign(paddle.abs(x), y)
L, V = paddle.linalg.eig(x)
q, r = paddle.linalg.qr(x)
values, indices = paddle.cummax(x, 1)
r = paddle.randint(10, shape=(2, 2))
paddle.assign(paddle.randint(10, shape=(2, 2)), r)
g = paddle.randint(10, shape=(2, 2))
p = paddle.randint(3, 10, (2, 2)).pin_memory()
a = paddle.randn([4, 4])
k = paddle.randn([5])
cv, ci = paddle.cummin(k, 0)
mant, expo = paddle.frexp(k)
kval, kidx = paddle.kthvalue(k, 2)
LU, piv = paddle.linalg.lu(a)
LU, piv, linfo = paddle.linalg.lu(a, get_infos=True)
U, S, Vh = paddle.linalg.svd(a)
mv, mi = paddle.mode(k, 0)
A_LU, pivots, infos = paddle.linalg.lu(a, get_infos=True)
u, s, v = paddle.linalg.svd(a)
t1 = paddle.randn([4, 4])
paddle.assign(x + 0.5 * t1 * t1, y)
paddle.assign(paddle.floor_divide(x, t1), y)
paddle.assign(paddle.where(x == 0, paddle.zeros_like(x * t1), x * paddle.log(t1)), y)
g2 = paddle.randn(x.shape, dtype=x.dtype)
g2.stop_gradient = False
paddle.assign(paddle.all(x > 0, axis=1), flags)
paddle.assign(paddle.any(x > 0, 0), flags)
paddle.assign(paddle.linalg.cholesky_solve(x, a), y)
paddle.assign(paddle.dstack([x, x]), y)
paddle.assign(paddle.hstack((x, x)), y)
paddle.assign(paddle.row_stack([x, x]), y)
paddle.assign(paddle.vstack([x, x]), y)
# Not converted: the call's value is used, an output is not a plain name, or Paddle returns other results.
# TODO(torch2paddle): torch.qr: out= of torch.qr, which has several results, needs a rewrite by hand where its value is used
z = torch.qr(x, out=(q, r))
# TODO(torch2paddle): torch.qr: out= of torch.qr, which has several results, needs a rewrite by hand
torch.qr(x, out=(q, r + 1))
out0, out1 = paddle.kthvalue(k, 2, 0)
paddle.assign(out0, kv[0]), paddle.assign(out1, kv[1])
paddle.assign(paddle.sort(k), sv); paddle.assign(paddle.argsort(k), si)
(paddle.assign(paddle.linalg.inv(a), (inv, iinfo)[0]), paddle.assign(paddle.zeros(a.shape[:-2], dtype='int32'), (inv, iinfo)[1]))
