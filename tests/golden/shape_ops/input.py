import torch

a = torch.randn(2, 3)
b = torch.randn(2, 3)
seq = torch.randn(8, 16, 32)

# joining
cat0 = torch.cat([a, b], dim=0)
cat1 = torch.cat((a, b), 1)
concat = torch.concat([a, b], dim=-1)
stk = torch.stack([a, b])
stk1 = torch.stack([a, b], dim=1)
hs = torch.hstack([a, b])
vs = torch.vstack([a, b])

# splitting
parts = torch.split(seq, 4, dim=2)
uneven = torch.split(seq, [10, 22], dim=-1)
chunks = torch.chunk(seq, 2, dim=0)
rows = torch.unbind(a, dim=0)

# adding and removing axes
sq = torch.squeeze(torch.zeros(1, 3, 1))
sq1 = torch.squeeze(seq, dim=0)
us = torch.unsqueeze(a, 0)
us2 = torch.unsqueeze(a, dim=-1)
flat = torch.flatten(seq)
flat1 = torch.flatten(seq, start_dim=1)
rs = torch.reshape(seq, (8, -1))
rs2 = torch.reshape(a, [3, 2])

# axis order
tp = torch.transpose(seq, 1, 2)
tp2 = torch.transpose(seq, 0, 1)
pm = torch.permute(seq, (2, 0, 1))
mt = torch.t(a)

# repetition and reordering
rp = torch.tile(a, (2, 1))
ri = torch.repeat_interleave(a, 2, dim=0)
fp = torch.flip(a, dims=[1])
rl = torch.roll(a, shifts=1, dims=1)
bc = torch.broadcast_to(a[:1], (4, 3))
mg_x, mg_y = torch.meshgrid(torch.arange(3), torch.arange(4), indexing="ij")

# gathering
idx = torch.tensor([[0, 1, 2], [2, 1, 0]])
gt = torch.gather(a, 1, idx)
gt2 = torch.gather(a, dim=1, index=idx)
tri = torch.tril(torch.ones(4, 4))
triu = torch.triu(torch.ones(4, 4), diagonal=1)


def expand_to(weight, new_size, input_size):
    # A lone `*_size` name of unknown kind is a shape as often as a count: listed only when it is
    # not a list or tuple already.
    weight = weight.expand(new_size)
    return weight.new_empty(1).expand(input_size), weight.view(-1)
