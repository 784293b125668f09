# torch.sparse_coo_tensor(indices, values, size): Paddle's takes the same entries and calls the
# size `shape`; PyTorch's other overload, an empty tensor of a size, has no Paddle counterpart.
import paddle
import torch

i = paddle.to_tensor([[0, 1, 1], [2, 0, 2]])
v = paddle.to_tensor([3.0, 4.0, 5.0])
s = paddle.sparse.sparse_coo_tensor(i, v, shape=(2, 3))
t = paddle.sparse.sparse_coo_tensor(i, v, shape=(2, 3), dtype=paddle.float64)
# TODO(torch2paddle): torch.sparse_coo_tensor: an empty sparse tensor of a given size (sparse_coo_tensor(size=...), another overload) has no Paddle counterpart: paddle.sparse.sparse_coo_tensor takes the indices and values of the entries
empty = torch.sparse_coo_tensor(size=(5, 3))


def sparse_step(grad):
    # A sparse gradient's stored values and indices (the optimizers' sparse branches).
    values, indices = grad.values(), grad.indices()
    return s.values() * 2, values, indices
