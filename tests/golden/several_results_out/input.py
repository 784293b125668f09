# out= of APIs with several results, as a statement of its own: the results go to fresh names,
# then paddle.assign writes each into its output tensor (out=(a, b), or out=y with y[0], y[1]).
import torch

x = torch.rand(3, 4)
values = torch.zeros(3)
indices = torch.zeros(3, dtype=torch.int64)
outs = (values, indices)
torch.mode(x, 1, False, out=(values, indices))
torch.kthvalue(x, 2, 1, out=outs)
torch.frexp(x, out=outs)
torch.topk(x, 2, out=[values, indices])
torch.cummax(x, 0, out=(self_values, self.indices))
if x.sum() > 0: torch.cummin(x, 0, out=(values, indices))
# reported: the value is used, the outputs are calls, the results cannot be counted
r = torch.mode(x, 1, out=outs)
torch.frexp(x, out=make_outputs())
torch.lu(x, out=outs)
# max / min: the dimension form writes values and indices, the two-tensor form one tensor
other = torch.ones(3, 4)
torch.max(x, 1, out=(values, indices))
torch.min(x, dim=0, keepdim=True, out=outs)
torch.max(x, other, out=values)
torch.min(x, other=other, out=values)
torch.max(x, 1, out=(values, indices)) if x else None
# one output tensor means the two-tensor form: the dimension form writes a (values, indices) pair
torch.max(x, other_of_unknown_kind, out=values)
torch.min(x, other_of_unknown_kind, out=self.smallest)
torch.max(x, dim_or_other, out=(values, indices))
# outputs that are items of a buffer: an item assignment writes into the buffer
buf = [torch.zeros(3), torch.zeros(3, dtype=torch.int64)]
torch.mode(x, 1, out=(buf[0], buf[1]))
