import collections.abc
import paddle
import torch


def linear_algebra(x, a, b):
    # `x` and `args` are of unknown kind: attributes only tensors have convert, shared ones do not
    # (`H`, `is_cuda`, `device` are common on configuration objects too: a TODO when Paddle spells a
    # tensor's otherwise), unless the scope calls a tensor-only method on the name (classifier:usage).
    h = x.transpose(perm=[1, 0]).conj()
    # TODO(torch2paddle): torch.Tensor.is_cuda: receiver of unknown kind; `is_cuda` is also an attribute of non-torch objects: left as written, a tensor's is written otherwise in Paddle
    on_gpu = args.is_cuda
    mt = (a @ b).transpose(perm=list(range((a @ b).ndim - 2)) + [(a @ b).ndim - 1, (a @ b).ndim - 2])
    mh = x.transpose(perm=list(range(x.ndim - 2)) + [x.ndim - 1, x.ndim - 2]).conj()
    adj = x.transpose(perm=list(range(x.ndim - 2)) + [x.ndim - 1, x.ndim - 2]).conj()
    adj2 = a.transpose(perm=list(range(a.ndim - 2)) + [a.ndim - 1, a.ndim - 2]).conj()
    # TODO(torch2paddle): torch.Tensor.device: receiver of unknown kind; `device` is also an attribute of non-torch objects: left as written, a tensor's is `place` in Paddle
    dev = args.device
    g = args.grad
    return h, on_gpu, mt, mh, adj, adj2, dev, g


def known(x: paddle.Tensor):
    return x.transpose(perm=[1, 0]).conj(), x.place.is_gpu_place()


def in_place(x: paddle.Tensor, index, source, out):
    x.cast_(paddle.float64).pow_(2)
    x.scatter_(index, source)
    paddle.assign(paddle.moveaxis(paddle.scatter(paddle.moveaxis(x, dim, 0), index, paddle.moveaxis(source, dim, 0)), 0, dim), x)
    y = paddle.scatter(x, index, source)
    z = paddle.assign(paddle.slice(x, [0], [1], [1 + 2]))
    w = paddle.assign(paddle.slice(x, [1], [1], [1 + 4]))
    paddle.assign(paddle.pow(x.astype('float64'), 2), out)
    return y, z, w


def special(x):
    return paddle.exp(x ** 2) * (1.0 - paddle.erf(x)), 2 ** 0.5 * paddle.erfinv(2 * x - 1)


seed = paddle.get_rng_state()[0].current_seed()
seed2 = paddle.get_rng_state()[0].current_seed()
cuda_seed = paddle.get_cuda_rng_state()[0].current_seed()
has_cudnn = bool(paddle.device.get_cudnn_version())
gen = paddle.framework.core.default_cpu_generator()
cpu_gen = paddle.framework.core.default_cpu_generator()
cuda_gen = paddle.framework.core.default_cuda_generator(int(paddle.device.get_device()[-1]))
cpu = 'cpu'
gpu = 'gpu'
# torch.Tensor(...) is float32 whatever the data; integer arguments are sizes.
t_data = paddle.to_tensor([1, 2, 3], place='cpu', dtype='float32')
t_size = paddle.empty([5], dtype='float32')
t_sizes = paddle.empty([2, 3], dtype='float32')
t_empty = paddle.empty([0], dtype='float32')
# A composite without a template stays reported.
# TODO(torch2paddle): torch.seed: needs a composite rewrite by hand
seed = torch.seed()


def checks(actual, expected, x: paddle.Tensor, sp):
    # Statements become `assert`; tolerances must be given (PyTorch picks them by dtype).
    assert x.size > 0, "empty input"
    assert paddle.allclose(actual, expected, rtol=1e-5, atol=1e-8).item(), "mismatch"
    assert paddle.allclose(actual, expected, rtol=1e-5, atol=1e-8, equal_nan=True).item()
    assert paddle.allclose(actual, expected, rtol=1e-4, atol=1e-6, equal_nan=True).item()
    # TODO(torch2paddle): torch.testing.assert_close: without rtol= and atol= PyTorch picks tolerances by dtype; pass them to convert
    torch.testing.assert_close(actual, expected)
    # TODO(torch2paddle): torch._assert: torch._assert used as a value has no Paddle counterpart
    ok = torch._assert(x.size > 0, "empty input")
    order = tuple([i for i in range(len(x.shape))])
    signed = x.dtype not in [paddle.uint8, paddle.bool]
    total = paddle.sparse.sum(sp).values()
    cuda_gen = paddle.framework.core.default_cuda_generator(int(paddle.device.get_device()[-1]))
    return ok, order, signed, total, cuda_gen


def sample(x: paddle.Tensor, probs: paddle.Tensor):
    paddle.assign(paddle.bernoulli(paddle.broadcast_to(probs, x.shape)), x)
    paddle.assign(paddle.bernoulli(paddle.full_like(x, 0.3)), x)
    paddle.assign(paddle.bernoulli(paddle.full_like(x, 0.5)), x)

# copy_ into a subscript writes through PyTorch's view: a statement becomes an assignment to the
# subscript; a result that is used is reported.
grid = paddle.empty([1, 4, 5, 2])
grid[..., 0] = paddle.linspace(0, 1, 5)
grid[..., 1] = paddle.linspace(0, 1, 4).unsqueeze(-1)
# TODO(torch2paddle): torch.Tensor.copy_: copy_ into a subscript writes through PyTorch's view; in Paddle assign to the subscript instead (x[idx] = src) as a statement of its own
first = grid[0].copy_(grid[0] * 2)
# fill_ and zero_ on a subscript write through the view too; elsewhere they stay Paddle's.
grid[..., 1] = 1
grid[0, :2] = 0
# TODO(torch2paddle): torch.Tensor.fill_: fill_ into a subscript writes through PyTorch's view; in Paddle assign to the subscript instead (x[idx] = value) as a statement of its own
ones = grid[1].fill_(1.0)
filled = paddle.empty([3]).fill_(2.0)

# One index of a value of unknown kind may pick a tensor out of a dict: copied into as before.
for name, value in new_state.items():
    paddle.assign(value, state[name])

# copy_ into the result of a call (a narrow, a view) fills PyTorch's view of the tensor; Paddle's
# result is a new tensor: reported. Into a tensor variable it is paddle.assign; non_blocking goes.
canvas = paddle.zeros([3, 8, 8])
# TODO(torch2paddle): torch.Tensor.copy_: copy_ into the result of a call (x.narrow(...), x.select(...), x.view(...)) writes through PyTorch's view into x; Paddle's result is a new tensor, which paddle.assign would fill instead: assign to a subscript of x (x[:, a:b] = src)
paddle.slice(paddle.slice(canvas, [1], [2], [2 + 4]), [2], [2], [2 + 4]).copy_(paddle.ones([3, 4, 4]))
staging = paddle.empty([3, 8, 8])
paddle.assign(canvas, staging)


# Helpers of PyTorch's own modules with a Python equivalent: _ntuple's parser (n read once, as
# its closure does), the legacy reduction number, and the casting rule between dtype kinds.
_quadruple = (lambda x, n=4: tuple(x) if isinstance(x, collections.abc.Iterable) else tuple([x] * n))


def legacy_reduction(reduction, x, rank):
    number = dict(none=0, mean=1, elementwise_mean=1, sum=2)[reduction]
    castable = (lambda from_, to, kinds=((paddle.bool,), (paddle.uint8, paddle.int8, paddle.int16, paddle.int32, paddle.int64), (paddle.float16, paddle.bfloat16, paddle.float32, paddle.float64), (paddle.complex64, paddle.complex128)): [from_ in k for k in kinds].index(True) <= [to in k for k in kinds].index(True))(x.dtype, paddle.int32), (lambda from_, to, kinds=((paddle.bool,), (paddle.uint8, paddle.int8, paddle.int16, paddle.int32, paddle.int64), (paddle.float16, paddle.bfloat16, paddle.float32, paddle.float64), (paddle.complex64, paddle.complex128)): [from_ in k for k in kinds].index(True) <= [to in k for k in kinds].index(True))(rank, paddle.float32)
    return number, castable
