# A name bound to a torch module (`F = nn.functional`) is not followed: its calls are reported
# with what to write, never converted as tensor methods of the module.
import paddle
from torch import nn


class Head(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.output = paddle.nn.Linear(4, 2)

    def forward(self, x):
        # TODO(torch2paddle): torch.nn.functional has no Paddle equivalent yet
        F = nn.functional
        # TODO(torch2paddle): torch.nn.functional.softmax: called through a name bound to the module torch.nn.functional, which the converter does not follow: import the module under that name instead (`import torch.nn.functional as F`) and convert again
        return F.softmax(self.output(x), dim=-1)


def act(x):
    # Through an import it converts.
    return paddle.nn.functional.relu(x)
