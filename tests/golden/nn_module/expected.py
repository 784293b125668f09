import paddle


class Net(paddle.nn.Layer):
    """A small MLP classifier."""

    def __init__(self, in_features=784, hidden=256, num_classes=10):
        super().__init__()
        self.fc1 = paddle.nn.Linear(in_features, hidden)
        self.bn = paddle.nn.BatchNorm1D(hidden)
        self.fc2 = paddle.nn.Linear(hidden, num_classes)
        self.scale = paddle.base.framework.EagerParamBase.from_tensor(paddle.ones([1]))
        self.register_buffer("running", paddle.zeros([num_classes]))

    def forward(self, x):
        x = x.view([x.shape[0], -1])
        x = paddle.nn.functional.relu(self.bn(self.fc1(x)))
        return self.fc2(x) * self.scale


class Wrapper(paddle.nn.Layer):
    def __init__(self, backbone):
        super(Wrapper, self).__init__()
        self.backbone = backbone

    def forward(self, x):
        return self.backbone(x)


model = Net()
model.to("gpu")
model.to('gpu')
model.train()
optimizer = paddle.optimizer.SGD(parameters=model.parameters(), learning_rate=0.1, weight_decay=0)
n_trainable = 0
for p in model.parameters():
    if (not p.stop_gradient):
        n_trainable += 1
for name, param in model.named_parameters():
    print(name, param.shape)
for child in model.children():
    print(child)
for name, module in model.named_sublayers(include_self=True):
    pass

model.eval()
state = model.state_dict(keep_vars=False)
model.set_state_dict(state)
model.clear_gradients()
model.apply(lambda m: None)
wrapped = Wrapper(model)
out = wrapped(paddle.randn([2, 784]))


def get_parameter(module: paddle.nn.Layer, name: str) -> paddle.base.framework.EagerParamBase:
    # Named as a type (isinstance, an annotation), a Parameter is Paddle's parameter class.
    param = getattr(module, name)
    if not isinstance(param, paddle.base.framework.EagerParamBase):
        raise AttributeError(f"{name} is not a parameter")
    return param
