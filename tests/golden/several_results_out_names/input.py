# The fresh names of out= with several results avoid every name the file spells (out0 here).
import torch

x = torch.rand(3, 4)
outs = (torch.zeros(3), torch.zeros(3, dtype=torch.int64))
torch.kthvalue(x, 2, 1, out=outs)
out0 = 1
