# Module.parameters / buffers / modules: PyTorch returns a generator, Paddle a list.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def device(self):
        # next() of a list raises TypeError: the list is wrapped in iter().
        return next(self.parameters()).device


model = Net()
first = next(model.parameters())
dtype = next(model.parameters(recurse=False)).dtype
dev = (next((model.parameters()))).device
buf = next(model.buffers(), None)
top = next(model.modules())
# Already an iterator: left as it is.
again = next(iter(model.parameters())).device
named = next(model.named_parameters())
child = next(model.children(), None)
# A list works where the code loops over the result or makes a list of it.
params = list(model.parameters())
for p in model.parameters():
    p.requires_grad = False
count = sum(p.numel() for p in model.parameters())
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.zeros(2).to(dev)


def device_of(net):
    # A receiver of unknown kind: parameters() is a method only modules have among torch objects.
    return next(net.parameters()).device


def first_two(net):
    # A generator bound to a name and given to next: PyTorch's one iterator, which iter() is too.
    it = net.parameters()
    a = next(it)
    b = next(it, None)
    return a, b
