import torch
import torch.nn.functional as F


def factor(a: torch.Tensor, out_pair):
    L, info = torch.linalg.cholesky_ex(a)
    U, info = torch.linalg.cholesky_ex(a, upper=True)
    torch.linalg.cholesky_ex(a, out=out_pair)
    inv, info = torch.linalg.inv_ex(a)
    torch.linalg.inv_ex(a, out=out_pair)
    return L, U, inv


def peaks(a: torch.Tensor, y: torch.Tensor):
    torch.max(a, out=y)
    torch.min(a, out=y)


def encode(labels: torch.Tensor):
    a = F.one_hot(labels)
    b = F.one_hot(labels, -1)
    c = F.one_hot(labels, num_classes=10)
    return a, b, c


# RNG states round-trip through the same library's setter.
state = torch.get_rng_state()
torch.set_rng_state(state)
cuda_states = torch.cuda.get_rng_state_all()
torch.cuda.set_rng_state_all(cuda_states)
r = torch.random.get_rng_state()


def outputs(x: torch.Tensor, A: torch.Tensor, b: torch.Tensor, y, idx, pair):
    # out= with two tensors: two assignments, only where the call is a statement.
    torch.sort(x, -1, True, out=(y, idx))
    torch.sort(x, dim=0, out=pair)
    torch.triangular_solve(b, A, upper=False, out=(y, idx))
    s = torch.sort(x, out=(y, idx))
    return s
torch.random.set_rng_state(r)
