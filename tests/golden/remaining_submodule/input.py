import torch


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.block = torch.nn.Sequential(torch.nn.Linear(2, 2))
        self.register_buffer("mean", torch.zeros(2))


net = Net()
# Dotted targets reach into sublayers: looked up by their full names.
layer = net.get_submodule("block.0")
weight = net.get_parameter("block.0.weight")
mean = net.get_buffer("mean")
# get_submodule("") is the module itself.
root = net.get_submodule(target="")
