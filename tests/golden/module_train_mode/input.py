import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)


def run(flag):
    model = Net()
    model.train()
    model.train(False)
    model.train(mode=True)
    model.train(flag)  # set the mode from the flag
    same = model.train(flag)
    return same
