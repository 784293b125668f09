# torch.sparse_coo_tensor(indices, values, size): Paddle's takes the same entries and calls the
# size `shape`; PyTorch's other overload, an empty tensor of a size, has no Paddle counterpart.
import torch

i = torch.tensor([[0, 1, 1], [2, 0, 2]])
v = torch.tensor([3.0, 4.0, 5.0])
s = torch.sparse_coo_tensor(i, v, (2, 3))
t = torch.sparse_coo_tensor(i, v, size=(2, 3), dtype=torch.float64, check_invariants=True)
empty = torch.sparse_coo_tensor(size=(5, 3))


def sparse_step(grad):
    # A sparse gradient's stored values and indices (the optimizers' sparse branches).
    values, indices = grad._values(), grad._indices()
    return s._values() * 2, values, indices
