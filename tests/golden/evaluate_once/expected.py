# Templates that write an argument twice: a call there would run twice (the model, a random draw),
# so such calls are reported; names, attributes, literals, subscripts and operators are fine.
import paddle
import torch

model = paddle.nn.Linear(4, 3)
x = paddle.zeros([2, 4])
# TODO(torch2paddle): torch.max: argument 'input' of torch.max must be a name or a value without calls: the Paddle form writes it twice
values, indices = torch.max(model(x), 1)
values, indices = (paddle.max(x, axis=1), paddle.argmax(x, axis=1))
values, indices = (paddle.max(x.data, axis=1, keepdim=True), paddle.argmax(x.data, axis=1, keepdim=True))
# TODO(torch2paddle): torch.min: argument 'input' of torch.min must be a name or a value without calls: the Paddle form writes it twice
values, indices = torch.min(model(x), dim=1)
values, indices = (paddle.min(x[0] + 1, axis=0), paddle.argmin(x[0] + 1, axis=0))
# TODO(torch2paddle): torch.sort: argument 'input' of torch.sort must be a name or a value without calls: the Paddle form writes it twice
ordered, order = torch.sort(model(x), dim=1, descending=True)
ordered, order = (paddle.sort(x, axis=1, descending=True), paddle.argsort(x, axis=1, descending=True))
# TODO(torch2paddle): torch.Tensor.sort: the receiver of torch.Tensor.sort must be a name or a value without calls: the Paddle form writes it twice
ordered, order = model(x).sort(1)
# TODO(torch2paddle): torch.Tensor.max: the receiver of torch.Tensor.max must be a name or a value without calls: the Paddle form writes it twice
best = paddle.nn.functional.softmax(model(x), axis=1).max(1)
best = (paddle.max(x, axis=1), paddle.argmax(x, axis=1))
# TODO(torch2paddle): torch.aminmax: argument 'input' of torch.aminmax must be a name or a value without calls: the Paddle form writes it twice
low, high = torch.aminmax(paddle.rand([3]))
low, high = (paddle.amin(x * 2), paddle.amax(x * 2))
paddle.assign(paddle.sort(x, axis=1), ordered); paddle.assign(paddle.argsort(x, axis=1), order)
# TODO(torch2paddle): torch.sort: argument 'input' of torch.sort must be a name or a value without calls: the Paddle form writes it twice
torch.sort(model(x), dim=1, out=(ordered, order))
# TODO(torch2paddle): torch.optim.Adam: argument 'betas' of torch.optim.Adam must be a literal, a name or a value without calls: the Paddle form writes it 2 times
opt = torch.optim.Adam(model.parameters(), betas=make_betas())
opt = paddle.optimizer.Adam(parameters=model.parameters(), beta1=betas[0], beta2=betas[1], weight_decay=0)
opt = paddle.optimizer.Adam(parameters=model.parameters(), beta1=0.8, beta2=0.9, weight_decay=0)
# Two-argument templates: plain arguments convert, calls are reported.
magnitude = paddle.ones([2])
angle = paddle.zeros([2])
c = paddle.complex(magnitude * paddle.cos(angle), magnitude * paddle.sin(angle))
# TODO(torch2paddle): torch.polar: argument 'abs' of torch.polar must be a name or a value without calls: the Paddle form writes it twice
c = torch.polar(paddle.ones([2]), angle)
A = paddle.eye(3)
b = paddle.ones([3, 1])
sol, coeff = (paddle.linalg.triangular_solve(A, b, upper=False), A.clone())
sol, coeff = (paddle.linalg.triangular_solve(A, b), A.clone())
# TODO(torch2paddle): torch.Tensor.triangular_solve: argument 'A' of torch.Tensor.triangular_solve must be a name or a value without calls: the Paddle form writes it twice
sol, coeff = b.triangular_solve(paddle.eye(3))
# TODO(torch2paddle): torch.xlogy: argument 'other' of torch.xlogy must be a name or a value without calls: the Paddle form writes it twice
r = torch.xlogy(x, x.abs()) + paddle.where(x == 0, paddle.zeros_like(x * angle), x * paddle.log(angle)) + paddle.where(x == 0, paddle.zeros_like(x * angle), x * paddle.log(angle)) + paddle.where(x == 0, paddle.zeros_like(x * angle), x * paddle.log1p(angle))
# One result read right on the call (`[i]`, a result field): that element alone, evaluated once.
pred = paddle.argmax(paddle.nn.functional.softmax(x, axis=1), axis=1)
pred = paddle.argmax(paddle.nn.functional.softmax(x, axis=1), axis=1)
conf = paddle.max(paddle.nn.functional.softmax(x, axis=1), axis=1, keepdim=True)
pred = paddle.argmax(paddle.nn.functional.softmax(x, axis=1), axis=1)
ordered = paddle.sort(model(x), descending=True)
pred = paddle.argmax(model(x), axis=1) + 1
pred = (paddle.max(x, axis=1), paddle.argmax(x, axis=1))[1]
# TODO(torch2paddle): torch.max: argument 'input' of torch.max must be a name or a value without calls: the Paddle form writes it twice
bad = torch.max(model(x), 1)[2]
# Attribute templates too: a receiver that is a call would be evaluated once per `{receiver}`.
size_in_bytes = x.numel() * x.element_size()
# TODO(torch2paddle): torch.Tensor.nbytes: the receiver of torch.Tensor.nbytes must be a name or a value without calls: the Paddle form writes it twice
size_in_bytes = paddle.rand([2, 2]).nbytes
swapped = x.transpose(perm=list(range(x.ndim - 2)) + [x.ndim - 1, x.ndim - 2])
# TODO(torch2paddle): torch.Tensor.mT: the receiver of torch.Tensor.mT must be a name or a value without calls: the Paddle form writes it twice
swapped = paddle.rand([2, 2]).mT
conjugate = paddle.rand([2, 2]).transpose(perm=[1, 0]).conj()
