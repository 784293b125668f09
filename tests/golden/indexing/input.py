import torch

x = torch.randn(5, 4)
idx = torch.tensor([0, 2, 4])
mask = x > 0

sel = torch.index_select(x, 0, idx)
sel2 = x.index_select(1, torch.tensor([1, 3]))
ms = torch.masked_select(x, mask)
mf = x.masked_fill(~mask, 0.0)
mf2 = x.masked_fill(mask, float("-inf"))
sc = torch.zeros(5, 4).scatter(1, torch.zeros(5, 1, dtype=torch.long), 1.0)
sa = torch.zeros(3, 4).scatter_add(0, torch.tensor([[0, 1, 2, 0]]), torch.ones(1, 4))
ia = torch.zeros(5).index_add(0, idx, torch.ones(3))
g = x.gather(1, torch.zeros(5, 1, dtype=torch.long))
tk = torch.take(x, torch.tensor([0, 5, 10]))
diag = torch.diag(torch.ones(3))
nz = mask.nonzero()
b = torch.bucketize(torch.tensor([0.1, 0.7]), torch.tensor([0.0, 0.5, 1.0]))
ss = torch.searchsorted(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([2.5]))
