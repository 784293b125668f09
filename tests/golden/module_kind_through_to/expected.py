# A module keeps its kind through the methods that return it (`to`, `cuda`, `cpu`, `train`,
# `eval`, `float`, `half`, `double`, `type`, `apply`): its methods are converted afterwards.
import paddle


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


def init_weights(m):
    pass


def restore(path, device):
    model = Net()
    model = model.to(device)
    model.set_state_dict(paddle.load(path))
    net = Net().to("gpu").eval()
    net.set_state_dict(model.state_dict())
    half = paddle.nn.Linear(4, 4).to(dtype='float16').apply(init_weights)
    half.set_state_dict(net.state_dict(keep_vars=False))
    other = model.to(dtype='float32').train()
    other.clear_gradients()
    return model, net, half, other
