# Positional and dropped-argument forms: positional keepdim, the data of nn.Parameter created
# with requires_grad=True, a dropped method call with its default arguments, a scheduler's verbose.
import paddle
import torch


class Net(paddle.nn.Layer):
    def __init__(self, n):
        super().__init__()
        self.scale = paddle.base.framework.EagerParamBase.from_tensor(paddle.ones([n]))
        self.shift = paddle.base.framework.EagerParamBase.from_tensor(tensor=paddle.zeros([n]))
        # negative: the parameter does not require grad, the data's flag is not ours to drop
        # TODO(torch2paddle): torch.zeros: requires_grad=True outside a simple assignment needs a rewrite by hand
        self.frozen = paddle.base.framework.EagerParamBase.from_tensor(torch.zeros(n, requires_grad=True), trainable=False)


def stats(x, opt, shape):
    t = paddle.zeros([2, 3])
    total = paddle.sum(t, 0, keepdim=True)
    mean = paddle.mean(t, 1, True)
    c = t
    sched = paddle.optimizer.lr.StepDecay(learning_rate=opt.get_lr(), step_size=10, verbose=False)
    opt.set_lr_scheduler(sched)
    # negative: requires_grad=True on a value that is not assigned to a name
    # `*shape` of torch.Tensor holds sizes: the legacy-constructor template writes paddle.empty, never paddle.to_tensor(*shape)
    # TODO(torch2paddle): torch.ones: requires_grad=True outside a simple assignment needs a rewrite by hand
    return total, mean, c, sched, torch.ones(2, requires_grad=True), paddle.empty(shape, dtype='float32')
