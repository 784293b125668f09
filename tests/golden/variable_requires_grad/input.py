# torch.autograd.Variable(data, requires_grad=...) returns a new detached tensor with that flag:
# data.detach(), and with requires_grad=True stop_gradient = False on the result.
import torch
from torch.autograd import Variable
d = torch.ones(2)
v = Variable(d)
v = Variable(d, requires_grad=False)
v = Variable(d, requires_grad=True)
v = torch.autograd.Variable(d + 1, requires_grad=True)
v = Variable(d, requires_grad=flag)
Variable(d, requires_grad=True)
