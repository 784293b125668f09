# Training loop (this comment survives)
import paddle


class Net(paddle.nn.Layer):  # a torch module
    def __init__(self):
        super().__init__()
        self.nn = None  # attribute named nn: not a torch name
        self.fc = paddle.nn.Linear(2, 2)

    def forward(self, x):
        # the word torch in a comment does not count
        y = "torch"
        return F.relu(self.fc(x)) + paddle.zeros(2)


def typed(x):
    # type: (paddle.Tensor) -> paddle.Tensor
    return x


def broken():
    return undefined_before  # undefined in the input already
# duplicated comment
