"""Tensor creation functions as they appear in data pipelines and model code."""
import numpy as np
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# *size varargs and shape tuples
a = torch.zeros(2, 3)
b = torch.zeros((4, 5), dtype=torch.float32)
c = torch.ones(3, 4, device="cuda")
d = torch.ones([2, 2], dtype=torch.int64)
e = torch.empty(8, 16)
f = torch.full((2, 3), 7.0)
g = torch.full([4], -1, dtype=torch.long)

# ranges
idx = torch.arange(10)
steps = torch.arange(0, 1, 0.1)
pos = torch.arange(0, 128, dtype=torch.long)
grid = torch.linspace(0, 1, steps=50)
ident = torch.eye(4)

# random tensors
noise = torch.rand(2, 3)
weights = torch.randn(16, 32, device=device)
labels = torch.randint(0, 10, (32,))
perm = torch.randperm(100)

# from data
t = torch.tensor([1.0, 2.0, 3.0])
mask = torch.tensor([[1, 0], [0, 1]], dtype=torch.bool)
arr = np.arange(6, dtype=np.float32)
from_np = torch.from_numpy(arr)
as_t = torch.as_tensor(arr)

# *_like variants
z = torch.zeros_like(t)
o = torch.ones_like(weights)
fl = torch.full_like(t, 0.5)
rl = torch.rand_like(noise)
nl = torch.randn_like(noise)
el = torch.empty_like(t)

# gradient tracking at creation
w = torch.zeros(3, 3, requires_grad=True)
bias = torch.randn(10, requires_grad=True)

# out= argument
buf = torch.empty(2, 3)
torch.zeros(2, 3, out=buf)
