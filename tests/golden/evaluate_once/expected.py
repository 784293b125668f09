# Templates that write an argument twice: a call there would run twice (the model, a random draw).
# Names, attributes, literals, subscripts and operators are written as they are; a call that the
# statement evaluates first (the receiver, else the first argument) is computed once, into a fresh
# name, by a statement before; anything else is reported.
import paddle
import torch

model = paddle.nn.Linear(4, 3)
x = paddle.zeros([2, 4])
t2p_input = model(x)
values, indices = (paddle.max(t2p_input, axis=1), paddle.argmax(t2p_input, axis=1))
values, indices = (paddle.max(x, axis=1), paddle.argmax(x, axis=1))
values, indices = (paddle.max(x.data, axis=1, keepdim=True), paddle.argmax(x.data, axis=1, keepdim=True))
t2p_input = model(x)
values, indices = (paddle.min(t2p_input, axis=1), paddle.argmin(t2p_input, axis=1))
values, indices = (paddle.min(x[0] + 1, axis=0), paddle.argmin(x[0] + 1, axis=0))
t2p_input = model(x)
ordered, order = (paddle.sort(t2p_input, axis=1, descending=True), paddle.argsort(t2p_input, axis=1, descending=True))
ordered, order = (paddle.sort(x, axis=1, descending=True), paddle.argsort(x, axis=1, descending=True))
t2p_receiver = model(x)
ordered, order = (paddle.sort(t2p_receiver, axis=1), paddle.argsort(t2p_receiver, axis=1))
t2p_receiver = paddle.nn.functional.softmax(model(x), axis=1)
best = (paddle.max(t2p_receiver, axis=1), paddle.argmax(t2p_receiver, axis=1))
best = (paddle.max(x, axis=1), paddle.argmax(x, axis=1))
t2p_input = paddle.rand([3])
low, high = (paddle.amin(t2p_input), paddle.amax(t2p_input))
low, high = (paddle.amin(x * 2), paddle.amax(x * 2))
paddle.assign(paddle.sort(x, axis=1), ordered); paddle.assign(paddle.argsort(x, axis=1), order)
t2p_input = model(x)
paddle.assign(paddle.sort(t2p_input, axis=1), ordered); paddle.assign(paddle.argsort(t2p_input, axis=1), order)
# TODO(torch2paddle): torch.optim.Adam: argument 'betas' of torch.optim.Adam must be a literal, a name or a value without calls: the Paddle form writes it 2 times
opt = torch.optim.Adam(model.parameters(), betas=make_betas())
opt = paddle.optimizer.Adam(parameters=model.parameters(), beta1=betas[0], beta2=betas[1], weight_decay=0)
opt = paddle.optimizer.Adam(parameters=model.parameters(), beta1=0.8, beta2=0.9, weight_decay=0)
# Two-argument templates: plain arguments convert, calls are reported.
magnitude = paddle.ones([2])
angle = paddle.zeros([2])
c = paddle.complex(magnitude * paddle.cos(angle), magnitude * paddle.sin(angle))
t2p_abs = paddle.ones([2])
c = paddle.complex(t2p_abs * paddle.cos(angle), t2p_abs * paddle.sin(angle))
A = paddle.eye(3)
b = paddle.ones([3, 1])
sol, coeff = (paddle.linalg.triangular_solve(A, b, upper=False), A.clone())
sol, coeff = (paddle.linalg.triangular_solve(A, b), A.clone())
t2p_A = paddle.eye(3)
sol, coeff = (paddle.linalg.triangular_solve(t2p_A, b), t2p_A.clone())
# TODO(torch2paddle): torch.xlogy: argument 'other' of torch.xlogy must be a name or a value without calls: the Paddle form writes it twice
r = torch.xlogy(x, x.abs()) + paddle.where(x == 0, paddle.zeros_like(x * angle), x * paddle.log(angle)) + paddle.where(x == 0, paddle.zeros_like(x * angle), x * paddle.log(angle)) + paddle.where(x == 0, paddle.zeros_like(x * angle), x * paddle.log1p(angle))
# One result read right on the call (`[i]`, a result field): that element alone, evaluated once.
pred = paddle.argmax(paddle.nn.functional.softmax(x, axis=1), axis=1)
pred = paddle.argmax(paddle.nn.functional.softmax(x, axis=1), axis=1)
conf = paddle.max(paddle.nn.functional.softmax(x, axis=1), axis=1, keepdim=True)
pred = paddle.argmax(paddle.nn.functional.softmax(x, axis=1), axis=1)
ordered = paddle.sort(model(x), descending=True)
pred = paddle.argmax(model(x), axis=1) + 1
pred = paddle.argmax(x, axis=1)
# TODO(torch2paddle): torch.max: argument 'input' of torch.max must be a name or a value without calls: the Paddle form writes it twice
bad = torch.max(model(x), 1)[2]
# Attribute templates too: a receiver that is a call would be evaluated once per `{receiver}`.
size_in_bytes = x.size * x.element_size()
# TODO(torch2paddle): torch.Tensor.nbytes: the receiver of torch.Tensor.nbytes must be a name or a value without calls: the Paddle form writes it twice
size_in_bytes = paddle.rand([2, 2]).nbytes
swapped = x.transpose(perm=list(range(x.ndim - 2)) + [x.ndim - 1, x.ndim - 2])
# TODO(torch2paddle): torch.Tensor.mT: the receiver of torch.Tensor.mT must be a name or a value without calls: the Paddle form writes it twice
swapped = paddle.rand([2, 2]).mT
conjugate = paddle.rand([2, 2]).transpose(perm=[1, 0]).conj()
