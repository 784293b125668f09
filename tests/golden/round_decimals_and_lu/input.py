# round(decimals=d): scale by 10.0 ** d, round, scale back (PyTorch's own definition).
import torch

x = torch.rand(3)
d = 2
y = torch.round(x, decimals=2)
y = torch.special.round(x + 1, decimals=-1)
y = x.round(decimals=d)
y = (x + 1).round(decimals=3)
y = torch.round(x)
y = x.round()
torch.round(x, decimals=2, out=y)
x.round_(decimals=1)
x.round_()
torch.rand(3).round_(decimals=1)
# torch.linalg.lu returns (P, L, U): Paddle factors, then unpacks.
A = torch.rand(3, 3)
P, L, U = torch.linalg.lu(A)
P, L, U = torch.linalg.lu(A, pivot=False)
lower = torch.linalg.lu(A).L
torch.linalg.lu(A, out=(P, L, U))
factors = [P, L, U]
torch.linalg.lu(A, out=factors)
