# some=True (PyTorch's default) is Paddle's full_matrices=False (Paddle's default).
import torch
u, s, v = torch.svd(x, some=True)
u, s, v = torch.svd(x, False)
r = torch.svd(x, some=flag)
y = a.svd(some=False)
t = torch.randn(3, 3)
w = t.svd(True)
# torch.svd returns V where paddle.linalg.svd returns its conjugate transpose VH (torch.linalg.svd's
# Vh): the third result is transposed back, over the last two axes, so a batch keeps its shape.
U, S, V = torch.svd(torch.rand(4, 3, 2))
