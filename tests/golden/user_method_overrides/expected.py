# A class that defines a method itself calls its own method, not the library's: such calls stay
# as written, whatever the base class (a torch Module, a transformers model).
import paddle
import paddlenlp


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(2, 2)

    def zero_grad(self, set_to_none=True):  # the user's own
        for p in self.parameters():
            p.clear_grad()

    def step(self):
        self.zero_grad()  # the user's method: unchanged
        return self.state_dict(keep_vars=False)  # the library's: converted


class Child(Net):
    def reset(self):
        self.zero_grad()  # inherited from Net, the user's: unchanged


class Model(paddlenlp.transformers.PretrainedModel):
    def __init__(self, config):
        super().__init__(config)
        self.post_init()  # the user's method below: unchanged

    def post_init(self):
        self.ready = True


net = Net()
net.zero_grad()  # unchanged
net.eval()
