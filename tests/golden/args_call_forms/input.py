# Positional and dropped-argument forms: positional keepdim, the data of nn.Parameter created
# with requires_grad=True, a dropped method call with its default arguments, a scheduler's verbose.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(n, requires_grad=True))
        self.shift = nn.Parameter(data=torch.zeros(n, requires_grad=True))
        # negative: the parameter does not require grad, the data's flag is not ours to drop
        self.frozen = nn.Parameter(torch.zeros(n, requires_grad=True), requires_grad=False)


def stats(x, opt, shape):
    t = torch.zeros(2, 3)
    total = torch.sum(t, 0, True)
    mean = torch.mean(t, 1, True)
    c = t.contiguous(memory_format=torch.contiguous_format)
    sched = torch.optim.lr_scheduler.StepLR(opt, 10, verbose=False)
    # negative: requires_grad=True on a value that is not assigned to a name
    # `*shape` of torch.Tensor holds sizes: the legacy-constructor template writes paddle.empty, never paddle.to_tensor(*shape)
    return total, mean, c, sched, torch.ones(2, requires_grad=True), torch.Tensor(*shape)
