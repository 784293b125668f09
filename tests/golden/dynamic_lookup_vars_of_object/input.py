# vars(args) reads an object's attributes, not the module's names: the torch imports go as usual.
import torch
from torch.optim import SGD

def options(args):
    return vars(args)

opt = SGD([], lr=0.1)
