# dtype= on reductions and norms casts the input first (Paddle's have no dtype); svdvals is the
# second result of svd.
import torch

x = torch.randn(3, 4)
out = torch.empty(3)
m = torch.mean(x, dtype=torch.float64)
m2 = torch.mean(x, 1, True, dtype=torch.float64)
n = torch.nanmean(x, dim=-1, dtype=torch.float32, out=out)
a = torch.linalg.norm(x + 1, dtype=torch.float64)
b = torch.norm(x, p=2, dim=1, dtype=torch.float64)
c = torch.linalg.vector_norm(x, 3, dtype=torch.float64)
d = torch.linalg.matrix_norm(x, ord='fro', dtype=torch.float64)
s = torch.linalg.svdvals(x)
torch.linalg.svdvals(x, out=out)
g = x.mean(1, keepdim=True, dtype=torch.float64)
h = x.nanmean(dtype=torch.float64)
# Not converted: ord of linalg.norm differs in meaning.
f = torch.linalg.norm(x, ord=2, dtype=torch.float64)
