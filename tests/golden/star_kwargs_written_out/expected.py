import paddle


class Projection(paddle.nn.Layer):
    def __init__(self, d_in, d_out, device=None, dtype=None):
        super().__init__()
        factory_kwargs = {"device": device, "dtype": dtype}
        # the dict's keys are visible: device goes as a device= keyword would, dtype is kept
        self.weight = paddle.base.framework.EagerParamBase.from_tensor(paddle.empty((d_out, d_in), dtype=factory_kwargs['dtype']))
        self.bias = paddle.base.framework.EagerParamBase.from_tensor(paddle.zeros([d_out], dtype=factory_kwargs['dtype']))
        self.scale = paddle.ones([1])


def grid(n, where):
    options = dict(device=where, dtype=paddle.float64)
    return paddle.zeros([n, n], dtype=options['dtype'])


def opaque(n, **kwargs):
    # keys not visible: passed as written, for review
    # TODO(torch2paddle): review: torch.empty: **kwargs is passed as written: check that it holds none of out (converted), layout (not passed to Paddle), device (not passed to Paddle), requires_grad (converted), pin_memory (converted), memory_format (not passed to Paddle)
    return paddle.empty([n], **kwargs)
