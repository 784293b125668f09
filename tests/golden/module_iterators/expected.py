# Module.parameters / buffers / modules: PyTorch returns a generator, Paddle a list.
import paddle


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 2)

    def device(self):
        # next() of a list raises TypeError: the list is wrapped in iter().
        return next(iter(self.parameters())).place


model = Net()
first = next(iter(model.parameters()))
dtype = next(iter(model.parameters(include_sublayers=False))).dtype
dev = (next((iter(model.parameters())))).place
buf = next(iter(model.buffers()), None)
top = next(iter(model.sublayers(include_self=True)))
# Already an iterator: left as it is.
again = next(iter(model.parameters())).place
named = next(model.named_parameters())
child = next(model.children(), None)
# A list works where the code loops over the result or makes a list of it.
params = list(model.parameters())
for p in model.parameters():
    p.stop_gradient = True
count = sum(p.size for p in model.parameters())
opt = paddle.optimizer.SGD(parameters=model.parameters(), learning_rate=0.1, weight_decay=0)
x = paddle.zeros([2]).to(dev)


def device_of(net):
    # A receiver of unknown kind: parameters() is a method only modules have among torch objects.
    return next(iter(net.parameters())).place


def first_two(net):
    # A generator bound to a name and given to next: PyTorch's one iterator, which iter() is too.
    it = iter(net.parameters())
    a = next(it)
    b = next(it, None)
    return a, b
