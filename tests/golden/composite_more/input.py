import torch


def linear_algebra(x, a, b):
    # `x` and `args` are of unknown kind: attributes only tensors have convert, shared ones do not
    # (`H`, `is_cuda`, `device` are common on configuration objects too: a TODO when Paddle spells a
    # tensor's otherwise), unless the scope calls a tensor-only method on the name (classifier:usage).
    h = x.H
    on_gpu = args.is_cuda
    mt = (a @ b).mT
    mh = x.mH
    adj = x.adjoint()
    adj2 = torch.adjoint(a)
    dev = args.device
    g = args.grad
    return h, on_gpu, mt, mh, adj, adj2, dev, g


def known(x: torch.Tensor):
    return x.H, x.is_cuda


def in_place(x: torch.Tensor, index, source, out):
    x.float_power_(2)
    x.index_copy_(0, index, source)
    x.index_copy_(dim, index, source)
    y = torch.index_copy(x, 0, index, source)
    z = torch.narrow_copy(x, 0, 1, 2)
    w = x.narrow_copy(1, 1, 4)
    torch.float_power(x, 2, out=out)
    return y, z, w


def special(x):
    return torch.special.erfcx(x), torch.special.ndtri(x)


seed = torch.initial_seed()
seed2 = torch.random.initial_seed()
cuda_seed = torch.cuda.initial_seed()
has_cudnn = torch.backends.cudnn.is_available()
gen = torch.Generator()
cpu_gen = torch.Generator(device='cpu')
cuda_gen = torch.Generator(device='cuda')
cpu = torch.device('cpu')
gpu = torch.device("cuda")
# torch.Tensor(...) is float32 whatever the data; integer arguments are sizes.
t_data = torch.Tensor([1, 2, 3])
t_size = torch.Tensor(5)
t_sizes = torch.Tensor(2, 3)
t_empty = torch.Tensor()
# A composite without a template stays reported.
seed = torch.seed()


def checks(actual, expected, x: torch.Tensor, sp):
    # Statements become `assert`; tolerances must be given (PyTorch picks them by dtype).
    torch._assert(x.numel() > 0, "empty input")
    torch.testing.assert_close(actual, expected, rtol=1e-5, atol=1e-8, msg="mismatch")
    torch.testing.assert_close(actual, expected, rtol=1e-5, atol=1e-8, equal_nan=True)
    torch.testing.assert_allclose(actual, expected, rtol=1e-4, atol=1e-6)
    torch.testing.assert_close(actual, expected)
    ok = torch._assert(x.numel() > 0, "empty input")
    order = x.dim_order()
    signed = x.is_signed()
    total = torch.sparse.sum(sp)
    cuda_gen = torch.Generator(device="cuda")
    return ok, order, signed, total, cuda_gen


def sample(x: torch.Tensor, probs: torch.Tensor):
    x.bernoulli_(probs)
    x.bernoulli_(0.3)
    x.bernoulli_()

# copy_ into a subscript writes through PyTorch's view: a statement becomes an assignment to the
# subscript; a result that is used is reported.
grid = torch.empty(1, 4, 5, 2)
grid[..., 0].copy_(torch.linspace(0, 1, 5))
grid[..., 1].copy_(torch.linspace(0, 1, 4).unsqueeze(-1))
first = grid[0].copy_(grid[0] * 2)
# fill_ and zero_ on a subscript write through the view too; elsewhere they stay Paddle's.
grid[..., 1].fill_(1)
grid[0, :2].zero_()
ones = grid[1].fill_(1.0)
filled = torch.empty(3).fill_(2.0)

# One index of a value of unknown kind may pick a tensor out of a dict: copied into as before.
for name, value in new_state.items():
    state[name].copy_(value)

# copy_ into the result of a call (a narrow, a view) fills PyTorch's view of the tensor; Paddle's
# result is a new tensor: reported. Into a tensor variable it is paddle.assign; non_blocking goes.
canvas = torch.zeros(3, 8, 8)
canvas.narrow(1, 2, 4).narrow(2, 2, 4).copy_(torch.ones(3, 4, 4))
staging = torch.empty(3, 8, 8)
staging.copy_(canvas, non_blocking=True)


# Helpers of PyTorch's own modules with a Python equivalent: _ntuple's parser (n read once, as
# its closure does), the legacy reduction number, and the casting rule between dtype kinds.
_quadruple = torch.nn.modules.utils._ntuple(4, name="_quadruple")


def legacy_reduction(reduction, x, rank):
    number = torch.nn.functional._Reduction.get_enum(reduction)
    castable = torch.can_cast(x.dtype, torch.int32), torch.can_cast(rank, torch.float32)
    return number, castable
