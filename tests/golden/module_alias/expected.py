# A module-level name bound once to a torch module reads as an import of that module: each call
# through it converts, and once all have, the name binds Paddle's module of the same role.
import paddle
from torch import nn

F = paddle.nn.functional  # the functional API, as in skorch's tests
optim = paddle.optimizer
T = paddle


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 2)

    def forward(self, x):
        return paddle.nn.functional.softmax(self.fc(x), axis=-1)


def make(net):
    return paddle.optimizer.SGD(parameters=net.parameters(), learning_rate=0.1, weight_decay=0), paddle.zeros([2, 3])


def local_alias(x):
    # Bound in a function: not followed (only module-level names are).
    # TODO(torch2paddle): torch.nn.functional has no Paddle equivalent yet
    G = nn.functional
    # TODO(torch2paddle): torch.nn.functional.relu: called through a name bound to the module torch.nn.functional, which the converter does not follow: import the module under that name instead (`import torch.nn.functional as G`) and convert again
    return G.relu(x)
