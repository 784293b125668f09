# out= of APIs with several results, as a statement of its own: the results go to fresh names,
# then paddle.assign writes each into its output tensor (out=(a, b), or out=y with y[0], y[1]).
import paddle
import torch

x = paddle.rand([3, 4])
values = paddle.zeros([3])
indices = paddle.zeros([3], dtype=paddle.int64)
outs = (values, indices)
values, indices = paddle.mode(x, 1, False)
out0, out1 = paddle.kthvalue(x, 2, 1)
paddle.assign(out0, outs[0]), paddle.assign(out1, outs[1])
out0, out1 = paddle.frexp(x)
paddle.assign(out0, outs[0]), paddle.assign(out1, outs[1])
values, indices = paddle.topk(x, 2)
self_values, self.indices = paddle.cummax(x, 0)
if x.sum() > 0: values, indices = paddle.cummin(x, 0)
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
# TODO(torch2paddle): torch.max: no case of rule torch.max fits this call
torch.max(x, 1, out=(values, indices)) if x else None
