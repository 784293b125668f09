# torch.autograd.Variable(data, requires_grad=...) returns a new detached tensor with that flag:
# data.detach(), and with requires_grad=True stop_gradient = False on the result.
import paddle
from torch.autograd import Variable
d = paddle.ones([2])
v = d.detach()
v = d.detach()
v = d.detach()
v.stop_gradient = False
v = (d + 1).detach()
v.stop_gradient = False
# TODO(torch2paddle): torch.autograd.Variable: requires_grad=flag needs a rewrite by hand
v = Variable(d, requires_grad=flag)
# TODO(torch2paddle): torch.autograd.Variable: requires_grad=True outside a simple assignment needs a rewrite by hand
Variable(d, requires_grad=True)
