# A class or function imported from the module that defines it (`torch.nn.modules.container`)
# is the public one (`torch.nn.ModuleList`): PyTorch's package __init__ files re-export it.
import paddle


class Head(paddle.nn.Layer):
    def __init__(self, sizes):
        super().__init__()
        self.layers = paddle.nn.LayerList([paddle.nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])])
        self.act = paddle.nn.ReLU()
        self.body = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.Tanh())


def first_half(dataset):
    return paddle.io.Subset(dataset, list(range(len(dataset) // 2)))
