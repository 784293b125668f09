# out= of APIs with several results, as a statement of its own: the results go to fresh names,
# then paddle.assign writes each into its output tensor (out=(a, b), or out=y with y[0], y[1]).
import paddle
import torch

x = paddle.rand([3, 4])
values = paddle.zeros([3])
indices = paddle.zeros([3], dtype=paddle.int64)
outs = (values, indices)
out0, out1 = paddle.mode(x, 1, False)
paddle.assign(out0, values), paddle.assign(out1, indices)
out0, out1 = paddle.kthvalue(x, 2, 1)
paddle.assign(out0, outs[0]), paddle.assign(out1, outs[1])
out0, out1 = paddle.frexp(x)
paddle.assign(out0, outs[0]), paddle.assign(out1, outs[1])
out0, out1 = paddle.topk(x, 2)
paddle.assign(out0, values), paddle.assign(out1, indices)
out0, out1 = paddle.cummax(x, 0)
paddle.assign(out0, self_values), paddle.assign(out1, self.indices)
if x.sum() > 0: out0, out1 = paddle.cummin(x, 0); paddle.assign(out0, values), paddle.assign(out1, indices)
# reported: the value is used, the outputs are calls, the results cannot be counted
# TODO(torch2paddle): torch.mode: out= of torch.mode, which has several results, needs a rewrite by hand where its value is used
r = torch.mode(x, 1, out=outs)
# TODO(torch2paddle): torch.frexp: out= of torch.frexp, which has several results, needs a rewrite by hand
torch.frexp(x, out=make_outputs())
# TODO(torch2paddle): torch.lu: out= of torch.lu, which has several results, needs a rewrite by hand
torch.lu(x, out=outs)
# max / min: the dimension form writes values and indices, the two-tensor form one tensor
other = paddle.ones([3, 4])
paddle.assign(paddle.max(x, axis=1), values), paddle.assign(paddle.argmax(x, axis=1), indices)
paddle.assign(paddle.min(x, axis=0, keepdim=True), outs[0]), paddle.assign(paddle.argmin(x, axis=0, keepdim=True), outs[1])
paddle.assign(paddle.maximum(x, other), values)
paddle.assign(paddle.minimum(x, other), values)
# TODO(torch2paddle): torch.max: out=(values, indices) of the dimension form is written with paddle.assign into each output, which needs the call as a statement of its own and a dimension the converter knows as an integer
torch.max(x, 1, out=(values, indices)) if x else None
# one output tensor means the two-tensor form: the dimension form writes a (values, indices) pair
paddle.assign(paddle.maximum(x, other_of_unknown_kind), values)
paddle.assign(paddle.minimum(x, other_of_unknown_kind), self.smallest)
# TODO(torch2paddle): torch.max: out=(values, indices) of the dimension form is written with paddle.assign into each output, which needs the call as a statement of its own and a dimension the converter knows as an integer
torch.max(x, dim_or_other, out=(values, indices))
# outputs that are items of a buffer: an item assignment writes into the buffer
buf = [paddle.zeros([3]), paddle.zeros([3], dtype=paddle.int64)]
buf[0], buf[1] = paddle.mode(x, 1)
