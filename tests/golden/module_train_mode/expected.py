import paddle


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 2)


def run(flag):
    model = Net()
    model.train()
    model.eval()
    model.train()
    model.train() if flag else model.eval()  # set the mode from the flag
    # TODO(torch2paddle): torch.nn.Module.train: Module.train(mode) used as a value: Paddle's Layer.train takes no mode; call train() or eval() by the flag, as a statement, then use the layer
    same = model.train(flag)
    return same
