# Names of the module looked up by a string (getattr(sys.modules[__name__], name), globals()):
# the torch imports only such a lookup can reach stay, and the lookup is reported. vars(obj)
# reads an object's attributes, not the module's.
import sys

import torch
from torch.optim.lr_scheduler import ExponentialLR, StepLR
from torch.optim.lr_scheduler import LambdaLR


class LRScheduler:
    def __init__(self, policy="StepLR"):
        self.policy = policy

    def policy_class(self):
        if isinstance(self.policy, str):
            return getattr(sys.modules[__name__], self.policy)
        return self.policy

    def simulate(self, opt):
        return LambdaLR(opt, lambda epoch: 0.9 ** epoch)


def options(args):
    return vars(args)
