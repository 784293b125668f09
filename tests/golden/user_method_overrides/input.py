# A class that defines a method itself calls its own method, not the library's: such calls stay
# as written, whatever the base class (a torch Module, a transformers model).
import torch
import torch.nn as nn
from transformers import PreTrainedModel


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)

    def zero_grad(self, set_to_none=True):  # the user's own
        for p in self.parameters():
            p.clear_grad()

    def step(self):
        self.zero_grad()  # the user's method: unchanged
        return self.state_dict()  # the library's: converted


class Child(Net):
    def reset(self):
        self.zero_grad()  # inherited from Net, the user's: unchanged


class Model(PreTrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.post_init()  # the user's method below: unchanged

    def post_init(self):
        self.ready = True


net = Net()
net.zero_grad()  # unchanged
net.eval()


class WarmupScheduler:
    def __init__(self, schedulers):
        self._schedulers = schedulers
        self._last_lr = None

    def get_last_lr(self):
        return self._last_lr

    def step(self):
        # The receivers are of unknown kind, and this file's own class defines get_last_lr: they
        # may be its objects, so the call is reported rather than renamed to Paddle's.
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = self._schedulers[0].get_last_lr()


class Trainer:
    def train(self, mode=True):
        self.training = mode


def set_mode(make_model, flag):
    # Reported, and the TODO quotes the torch form on one comment line though it takes two
    # statements (the receiver, a call, is evaluated once into a temporary).
    make_model().train(flag)


class Holder:
    def parameters(self):
        return iter([1])


# A class of the file: its own parameters(), not converted, even given to next.
h = Holder()
y = next(h.parameters())
