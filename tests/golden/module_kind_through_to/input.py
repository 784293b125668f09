# A module keeps its kind through the methods that return it (`to`, `cuda`, `cpu`, `train`,
# `eval`, `float`, `half`, `double`, `type`, `apply`): its methods are converted afterwards.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


def init_weights(m):
    pass


def restore(path, device):
    model = Net()
    model = model.to(device)
    model.load_state_dict(torch.load(path))
    net = Net().cuda().eval()
    net.load_state_dict(model.state_dict())
    half = nn.Linear(4, 4).half().apply(init_weights)
    half.load_state_dict(net.state_dict(), strict=False)
    other = model.float().train()
    other.zero_grad()
    return model, net, half, other
