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
            # TODO(torch2paddle): dynamic lookup of module names: this module's names are looked up by a string here, and the torch imports that bind ExponentialLR, StepLR stay for it: bind the Paddle counterparts a string may ask for to those names instead
            return getattr(sys.modules[__name__], self.policy)
        return self.policy

    def simulate(self, opt):
        # TODO(torch2paddle): torch.optim.lr_scheduler.LambdaLR: torch.optim.lr_scheduler.LambdaLR needs its result assigned to a name (`x = torch.optim.lr_scheduler.LambdaLR(...)`)
        return LambdaLR(opt, lambda epoch: 0.9 ** epoch)


def options(args):
    return vars(args)
