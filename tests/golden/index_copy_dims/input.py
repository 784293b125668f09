# index_copy along any dimension: move it to the front, scatter, move it back (the receiver and dim are written twice).
import torch
x = torch.zeros(5, 3)
index = torch.tensor([0, 4, 2])
source = torch.ones(3, 3)
y = torch.index_copy(x, 0, index, source)
y = torch.index_copy(x, 1, index, source.t())
y = torch.index_copy(x, dim, index, source)
torch.index_copy(x, -1, index, source, out=y)
x.index_copy_(0, index, source)
x.index_copy_(1, index, source)
z = x.index_copy_(dim, index, source)
model(x).index_copy_(1, index, source)
y = torch.index_copy(x, get_dim(), index, source)
