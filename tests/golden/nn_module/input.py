import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    """A small MLP classifier."""

    def __init__(self, in_features=784, hidden=256, num_classes=10):
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden)
        self.bn = nn.BatchNorm1d(hidden)
        self.fc2 = nn.Linear(hidden, num_classes)
        self.scale = nn.Parameter(torch.ones(1))
        self.register_buffer("running", torch.zeros(num_classes))

    def forward(self, x):
        x = x.view(x.size(0), -1)
        x = F.relu(self.bn(self.fc1(x)))
        return self.fc2(x) * self.scale


class Wrapper(nn.Module):
    def __init__(self, backbone):
        super(Wrapper, self).__init__()
        self.backbone = backbone

    def forward(self, x):
        return self.backbone(x)


model = Net()
model.cuda()
model.to(torch.device("cuda"))
model.train()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
n_trainable = 0
for p in model.parameters():
    if p.requires_grad:
        n_trainable += 1
for name, param in model.named_parameters():
    print(name, param.shape)
for child in model.children():
    print(child)
for name, module in model.named_modules():
    pass

model.eval()
state = model.state_dict()
model.load_state_dict(state)
model.zero_grad()
model.apply(lambda m: None)
wrapped = Wrapper(model)
out = wrapped(torch.randn(2, 784))


def get_parameter(module: nn.Module, name: str) -> nn.Parameter:
    # Named as a type (isinstance, an annotation), a Parameter is Paddle's parameter class.
    param = getattr(module, name)
    if not isinstance(param, torch.nn.Parameter):
        raise AttributeError(f"{name} is not a parameter")
    return param
