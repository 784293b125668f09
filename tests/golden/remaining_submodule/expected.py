import paddle


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.block = paddle.nn.Sequential(paddle.nn.Linear(2, 2))
        self.register_buffer("mean", paddle.zeros([2]))


net = Net()
# Dotted targets reach into sublayers: looked up by their full names.
layer = dict(net.named_sublayers(include_self=True))["block.0"]
weight = dict(net.named_parameters())["block.0.weight"]
mean = dict(net.named_buffers())["mean"]
# get_submodule("") is the module itself.
root = dict(net.named_sublayers(include_self=True))[""]
