# out= forms: one tensor -> paddle.assign(result, out); several outputs on a statement of its own
# -> the names are bound to the results; template cases (randint) honour out=, requires_grad= and
# pin_memory= too.
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
# Not converted: the call's value is used, or an output is not a plain name.
# TODO(torch2paddle): torch.qr: out= with several outputs needs a rewrite by hand
z = torch.qr(x, out=(q, r))
# TODO(torch2paddle): torch.qr: out= with several outputs needs a rewrite by hand
torch.qr(x, out=(q, r + 1))
